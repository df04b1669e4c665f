"""Provides AccessLink: the key that leads from a space or a collection to who has access to it.

``P`` on the space screen, and on the organisation's tree for the highlighted space or
collection, opens ``ContentAccessScreen`` (its place: ``content_access_location``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.binding import Binding

from tui.admin.locations import content_access_location

from ..shell.navigation import collection_location, space_location
from ..shell.screen import DocdeckScreen

if TYPE_CHECKING:
    from ..api.models import Collection, Space

    _Screen = DocdeckScreen
else:
    _Screen = object

__all__ = ["ACCESS_BINDING", "AccessLink"]

# Not in the footers (which are full): ? and the palette list it.
ACCESS_BINDING = Binding(
    "P",
    "content_access",
    "Access",
    show=False,
    id="content.access",
    tooltip="Who has access to the space or collection, and through what; give, change, remove",
)


class AccessLink(_Screen):
    """Mixin of the space and organisation screens: ``P`` opens the access of what is in view."""

    def access_target(self) -> Space | Collection | None:
        """The space or collection whose access ``P`` shows (None: nothing highlighted)."""
        raise NotImplementedError

    def action_content_access(self) -> None:
        from ..api.models import Space  # loaded by then: a target came from the service

        target = self.access_target()
        if target is None:
            self.notify("Highlight a space or a collection first.", severity="warning")
            return
        holder = (
            space_location(target) if isinstance(target, Space) else collection_location(target)
        )
        self.docdeck.open_location(content_access_location(holder))
