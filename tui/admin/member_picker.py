"""Provides MemberPicker: find organisation members by name or e-mail and choose one or several.

Typing asks the service (its member search, one request per pause in the typing); space marks
members when several may be chosen, Enter ends the choice. It closes with the members chosen.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.timer import Timer
from textual.widgets import Input, OptionList, Static

from tui.core import text
from tui.core.humanize import plural
from tui.dialogs.fitting import FittedDialog

from ..api import UNSET
from ..api.errors import ApiError
from ..api.models import Member
from ..shell.failures import GuardedWork
from ..shell.host import Hosted
from ..widgets import ItemList, ListEntry
from .member_dialogs import member_name, role_label

__all__ = ["MemberPicker"]

SEARCH_SETTLE = 0.2
SHOWN = 50
"""How many members a search shows (the service's first page of them)."""


class MemberPicker(FittedDialog, GuardedWork, Hosted, ModalScreen[list[Member] | None]):
    """A search field above the members found; with ``several``, space marks, Enter ends."""

    CSS_PATH = ["../styles/dialogs.tcss", "../styles/admin_dialogs.tcss"]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close", id="dialog.close", tooltip="Close without choosing"),
        Binding("space", "mark", "Select", id="picker.mark", show=False, tooltip="Select or unselect"),
        Binding("down", "to_list", "To the list", id="picker.down", show=False),
    ]  # fmt: skip

    def __init__(
        self,
        title: str,
        organization_id: str,
        *,
        several: bool = False,
        exclude: Sequence[str] = (),
        chosen: Sequence[Member] = (),
    ) -> None:
        super().__init__()
        self.title_text = title
        self.organization_id = organization_id
        self.several = several
        self.exclude = set(exclude)
        """User ids not offered (already in the team)."""
        self.chosen: dict[str, Member] = {m.user.id: m for m in chosen}
        self._timer: Timer | None = None
        self._query = ""
        self._found = ""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog list-dialog picker"):
            yield Static(Content(self.title_text), classes="dialog-title")
            yield Input(placeholder="Name or e-mail…", id="picker-search", compact=True)
            yield Static(id="picker-summary", classes="impact")
            with VerticalScroll(classes="dialog-body"):
                yield ItemList(id="picker-members")
            hint = (
                "Type to search · ↓ to the list · space selects · Enter ends · Esc closes"
                if self.several
                else "Type to search · ↓ to the list · Enter chooses · Esc closes"
            )
            yield Static(Content.styled(hint, "$text-muted"), classes="dialog-footer")

    def on_mount(self) -> None:
        self.query_one("#picker-search", Input).focus()
        self._search("")

    @on(Input.Changed, "#picker-search")
    def _typed(self, event: Input.Changed) -> None:
        if self._timer is not None:
            self._timer.stop()
        self._timer = self.set_timer(SEARCH_SETTLE, partial(self._search, event.value.strip()))

    @on(Input.Submitted, "#picker-search")
    def _submitted(self) -> None:
        self._finish()

    def _search(self, query: str) -> None:
        self._query = query
        self.run_guarded(partial(self._load, query), group="search")

    async def _load(self, query: str) -> None:
        members = self.client.organization_members
        listing = self.query_one("#picker-members", ItemList)
        try:
            page = await members.list_members_in_organization_by_id(
                self.organization_id, search=query or UNSET, limit=SHOWN
            )
        except ApiError as error:
            listing.set_entries([], empty=f"{error.title}: {error.message}")
            return
        if query != self._query:
            return
        found = [m for m in page.items if m.user.id not in self.exclude]
        listing.set_entries([self._entry(m) for m in found], empty="Nobody matches.")
        total = page.count if page.count is not None else len(page.items)
        more = f" (the first {len(page.items)})" if total > len(page.items) else ""
        self._summary(f"{plural(total, 'member')} found{more}")
        self.call_after_refresh(self.fit_body)

    def _entry(self, member: Member) -> ListEntry:
        mark = "✓ " if member.user.id in self.chosen else "  "
        email = member.user.email or ""
        prompt = Content.assemble(
            Content.styled(mark, "bold"),
            text.content(member_name(member)),
            Content.styled(f"  {text.one_line(email)}  {role_label(member.role)}", "$text-muted"),
        )
        return ListEntry(member.user.id, prompt, f"{member_name(member)} {email}", member)

    def _summary(self, found: str) -> None:
        self._found = found
        chosen = f" · {len(self.chosen)} selected" if self.several and self.chosen else ""
        self.query_one("#picker-summary", Static).update(Content(found + chosen))

    # -- choosing --------------------------------------------------------------------------

    def action_to_list(self) -> None:
        self.query_one("#picker-members", ItemList).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "mark":
            return self.several and isinstance(self.focused, ItemList)
        if action == "to_list":
            return isinstance(self.focused, Input)
        return True

    def action_mark(self) -> None:
        listing = self.query_one("#picker-members", ItemList)
        entry = listing.highlighted_entry
        if entry is None:
            return
        member: Member = entry.value
        if member.user.id in self.chosen:
            del self.chosen[member.user.id]
        else:
            self.chosen[member.user.id] = member
        listing.set_entries(
            [self._entry(e.value) for e in listing.entries], empty="Nobody matches."
        )
        listing.select_key(entry.key)
        listing.action_cursor_down()
        self._summary(self._found)

    @on(OptionList.OptionSelected, "#picker-members")
    def _chosen(self) -> None:
        self._finish()

    def _finish(self) -> None:
        if self.several and self.chosen:
            self.dismiss(list(self.chosen.values()))
            return
        entry = self.query_one("#picker-members", ItemList).highlighted_entry
        if entry is not None:
            self.dismiss([entry.value])

    def action_close(self) -> None:
        self.dismiss(None)
