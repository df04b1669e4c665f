"""Provides SitesLink: the key that leads from an organisation or a space to its docs sites.

From the organisation, ``S`` lists its sites; from a space, the sites that show it ("on which
sites is this published"), through the service's ``space`` filter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.binding import Binding

from tui.sites.locations import SitesFocus, sites_location

from ..shell.screen import DocdeckScreen

if TYPE_CHECKING:
    _Screen = DocdeckScreen
else:
    _Screen = object

__all__ = ["ORGANIZATION_SITES_BINDING", "SPACE_SITES_BINDING", "SitesLink"]

ORGANIZATION_SITES_BINDING = Binding(
    "S",
    "show_sites",
    "Sites",
    id="organization.sites",
    tooltip="The organisation's docs sites",
)
# Not in the space's footer (which is full): ? and the palette list it.
SPACE_SITES_BINDING = Binding(
    "S",
    "show_sites",
    "Sites",
    show=False,
    id="space.sites",
    tooltip="The docs sites this space is published on",
)


class SitesLink(_Screen):
    """Mixin of the organisation and space screens: ``S`` opens the sites."""

    def sites_scope(self) -> tuple[str, str] | None:
        """(organisation id, space id or "") of the sites to list; None while loading."""
        raise NotImplementedError

    def action_show_sites(self) -> None:
        scope = self.sites_scope()
        if scope is None:
            self.notify("Still loading.", severity="warning")
            return
        organization_id, space_id = scope
        self.docdeck.open_location(sites_location(organization_id), SitesFocus(space=space_id))
