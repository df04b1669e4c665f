"""Provides SearchPicker[T]: a search field above what the service found, to choose one or several.

Typing asks the service (one request per pause in the typing); space marks items when several
may be chosen, Enter ends the choice. It closes with the items chosen, or None. A picker says
how to search and show its items:

    class TeamPicker(SearchPicker[Team]):
        PLACEHOLDER, LIST_ID, WHAT = "Team title…", "picker-teams", ("team", "No team matches.")

        async def fetch(self, query: str) -> Page[Team]: ...
        def key_of(self, team: Team) -> str: ...
        def label_of(self, team: Team) -> tuple[Content, str]: ...
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import ClassVar, Generic, TypeVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.timer import Timer
from textual.widgets import Input, OptionList, Static

from tui.core.humanize import plural
from tui.dialogs.fitting import FittedDialog

from ..api.errors import ApiError
from ..api.models import Page
from ..shell.failures import GuardedWork
from ..shell.host import Hosted
from ..widgets import ItemList, ListEntry

__all__ = ["SEARCH_SETTLE", "SHOWN", "SearchPicker"]

T = TypeVar("T")

SEARCH_SETTLE = 0.2
"""Seconds typing rests before the search is sent."""
SHOWN = 50
"""How many items a search shows (the service's first page of them)."""


class SearchPicker(FittedDialog, GuardedWork, Hosted, ModalScreen[list[T] | None], Generic[T]):
    """A search field above the items found; with ``several``, space marks, Enter ends."""

    CSS_PATH = ["../styles/dialogs.tcss", "../styles/admin_dialogs.tcss"]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close", id="dialog.close", tooltip="Close without choosing"),
        Binding("space", "mark", "Select", id="picker.mark", show=False, tooltip="Select or unselect"),
        Binding("down", "to_list", "To the list", id="picker.down", show=False),
    ]  # fmt: skip

    PLACEHOLDER: ClassVar[str] = "Search…"
    LIST_ID: ClassVar[str] = "picker-items"
    WHAT: ClassVar[str] = "item"
    """The word the summary counts: ``3 members found``."""
    EMPTY: ClassVar[str] = "Nothing matches."

    def __init__(
        self,
        title: str,
        organization_id: str,
        *,
        several: bool = False,
        chosen: Sequence[T] = (),
    ) -> None:
        super().__init__()
        self.title_text = title
        self.organization_id = organization_id
        self.several = several
        self.chosen: dict[str, T] = {self.key_of(item): item for item in chosen}
        self._timer: Timer | None = None
        self._query = ""
        self._found = ""

    # -- what a picker says ----------------------------------------------------------------

    async def fetch(self, query: str) -> Page[T]:
        raise NotImplementedError

    def key_of(self, item: T) -> str:
        raise NotImplementedError

    def label_of(self, item: T) -> tuple[Content, str]:
        """The item's row (after the mark) and the text a filter matches."""
        raise NotImplementedError

    def offered(self, item: T) -> bool:
        """Whether the item is offered at all."""
        return True

    # -- the dialog ------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog list-dialog picker"):
            yield Static(Content(self.title_text), classes="dialog-title")
            yield Input(placeholder=self.PLACEHOLDER, id="picker-search", compact=True)
            yield Static(id="picker-summary", classes="impact")
            with VerticalScroll(classes="dialog-body"):
                yield ItemList(id=self.LIST_ID)
            hint = (
                "Type to search · ↓ to the list · space selects · Enter ends · Esc closes"
                if self.several
                else "Type to search · ↓ to the list · Enter chooses · Esc closes"
            )
            yield Static(Content.styled(hint, "$text-muted"), classes="dialog-footer")

    @property
    def listing(self) -> ItemList:
        return self.query_one(f"#{self.LIST_ID}", ItemList)

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
        listing = self.listing
        try:
            page = await self.fetch(query)
        except ApiError as error:
            listing.set_entries([], empty=f"{error.title}: {error.message}")
            return
        if query != self._query:
            return
        found = [item for item in page.items if self.offered(item)]
        listing.set_entries([self._entry(item) for item in found], empty=self.EMPTY)
        total = page.count if page.count is not None else len(page.items)
        more = f" (the first {len(page.items)})" if total > len(page.items) else ""
        self._summary(f"{plural(total, self.WHAT)} found{more}")
        self.call_after_refresh(self.fit_body)

    def _entry(self, item: T) -> ListEntry:
        mark = "✓ " if self.key_of(item) in self.chosen else "  "
        label, searched = self.label_of(item)
        return ListEntry(
            self.key_of(item), Content.assemble(Content.styled(mark, "bold"), label), searched, item
        )

    def _summary(self, found: str) -> None:
        self._found = found
        chosen = f" · {len(self.chosen)} selected" if self.several and self.chosen else ""
        self.query_one("#picker-summary", Static).update(Content(found + chosen))

    # -- choosing --------------------------------------------------------------------------

    def action_to_list(self) -> None:
        self.listing.focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "mark":
            return self.several and isinstance(self.focused, ItemList)
        if action == "to_list":
            return isinstance(self.focused, Input)
        return True

    def action_mark(self) -> None:
        listing = self.listing
        entry = listing.highlighted_entry
        if entry is None:
            return
        item: T = entry.value
        key = self.key_of(item)
        if key in self.chosen:
            del self.chosen[key]
        else:
            self.chosen[key] = item
        listing.set_entries([self._entry(e.value) for e in listing.entries], empty=self.EMPTY)
        listing.select_key(entry.key)
        listing.action_cursor_down()
        self._summary(self._found)

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == self.LIST_ID:
            self._finish()

    def _finish(self) -> None:
        if self.several and self.chosen:
            self.dismiss(list(self.chosen.values()))
            return
        entry = self.listing.highlighted_entry
        if entry is not None:
            self.dismiss([entry.value])

    def action_close(self) -> None:
        self.dismiss(None)
