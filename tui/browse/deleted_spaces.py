"""Provides DeletedSpacesDialog: the spaces deleted in this session, to restore one.

The service has no list of deleted spaces: the session remembers those the app deleted itself
(``trash.py``, in the session), and the service restores one within 7 days.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui.core import text
from tui.core.humanize import describe_age
from tui.dialogs.base import ActionDialog, heading

from ..api.errors import NotFoundError
from ..api.models import Space
from .trash import DeletedSpace, session_trash

__all__ = ["DeletedSpacesDialog"]


class DeletedSpacesDialog(ActionDialog[Space]):
    """The spaces of one organisation deleted in this session; Enter restores the highlighted one."""

    sending_note = "Restoring…"

    def __init__(self, organization_id: str, organization_title: str) -> None:
        super().__init__(
            heading("Spaces deleted in this session from ", organization_title or "here"),
            confirm_label="Restore",
        )
        self.organization_id = organization_id
        self._sent_for = ""

    def compose_body(self) -> ComposeResult:
        yield Static(
            Content("A deleted space can be restored for 7 days, then it is removed for good."),
            classes="impact",
        )
        yield OptionList(id="deleted", compact=True)

    def on_mount(self) -> None:
        listing = self.query_one("#deleted", OptionList)
        now = self.docdeck.clock()
        deleted = session_trash(self.session).items(self.organization_id)
        for item in deleted:
            space = item.space
            name = f"{space.emoji} {space.title}" if space.emoji else space.title
            listing.add_option(
                Option(
                    Content.assemble(
                        text.content(name),
                        Content.styled(
                            f"  from {text.one_line(item.where)}, deleted "
                            f"{describe_age(max(0.0, now - item.deleted_at))}",
                            "$text-muted",
                        ),
                    ),
                    id=space.id,
                )
            )
        if not deleted:
            listing.add_option(
                Option(
                    Content.styled("No space was deleted here in this session.", "$text-muted"),
                    disabled=True,
                )
            )
        else:
            listing.highlighted = 0
        listing.focus()
        self.refresh_ready()

    @property
    def chosen(self) -> DeletedSpace | None:
        option = self.query_one("#deleted", OptionList).highlighted_option
        if option is None or option.disabled or option.id is None:
            return None
        return next(
            (d for d in session_trash(self.session).items() if d.space.id == option.id), None
        )

    @on(OptionList.OptionHighlighted, "#deleted")
    def _highlighted(self) -> None:
        self.refresh_ready()

    @on(OptionList.OptionSelected, "#deleted")
    def _selected(self) -> None:
        self.submit()

    def is_ready(self) -> bool:
        return self.chosen is not None

    def problems_before_sending(self) -> str | None:
        return None if self.chosen is not None else "Nothing to restore."

    async def send(self) -> Space:
        chosen = self.chosen
        assert chosen is not None
        self._sent_for = chosen.space.id
        restored = await self.client.spaces.restore_space(chosen.space.id)
        session_trash(self.session).remove(restored.id)
        return restored

    async def check_applied(self) -> Space | None:
        # A space in the trash reads as 404: readable again means restored.
        try:
            restored = await self.client.spaces.get_space_by_id(self._sent_for)
        except NotFoundError:
            return None
        session_trash(self.session).remove(restored.id)
        return restored
