"""Provides ChangeRequestList: a space's change requests, filtered by status and "only mine"."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.message import Message
from textual.widgets import Checkbox, OptionList, Select, Static

from tui.widgets.item_list import ItemList, ListEntry
from tui.widgets.tick_box import TickBox

__all__ = ["STATUS_FILTERS", "ChangeRequestList"]

STATUS_FILTERS: list[tuple[str, str]] = [
    ("Open", "open"),
    ("Draft", "draft"),
    ("Merged", "merged"),
    ("Archived", "archived"),
    ("All", "all"),
]


class ChangeRequestList(Vertical):
    """The filters, a line saying what is shown, and the change requests (newest first)."""

    DEFAULT_CSS = """
    ChangeRequestList {
        height: 1fr;
    }
    ChangeRequestList > .cr-filters {
        height: 1;
        margin: 0 1;
    }
    ChangeRequestList > .cr-filters > Select {
        width: 24;
        margin-right: 2;
    }
    ChangeRequestList > .cr-filters > Checkbox {
        border: none;
        padding: 0;
        height: 1;
        background: transparent;
    }
    ChangeRequestList > #cr-summary {
        height: 1;
        padding: 0 1;
        color: $text-muted;
    }
    ChangeRequestList > ItemList, ChangeRequestList > ItemList:focus {
        height: 1fr;
        border: none;
    }
    """

    class FiltersChanged(Message):
        def __init__(self, listing: ChangeRequestList, status: str, mine: bool) -> None:
            super().__init__()
            self.listing = listing
            self.status = status
            self.mine = mine

        @property
        def control(self) -> ChangeRequestList:
            return self.listing

    class Chosen(Message):
        def __init__(self, listing: ChangeRequestList, value: Any) -> None:
            super().__init__()
            self.listing = listing
            self.value = value

        @property
        def control(self) -> ChangeRequestList:
            return self.listing

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.loaded = False

    def compose(self) -> ComposeResult:
        with Horizontal(classes="cr-filters"):
            yield Select(
                [(Text(label), value) for label, value in STATUS_FILTERS],
                value="open",
                allow_blank=False,
                compact=True,
                id="cr-status",
            )
            yield TickBox("Only mine", False, compact=True, id="cr-mine")
        yield Static(Content("Loading…"), id="cr-summary")
        yield ItemList(id="change-requests")

    @property
    def list(self) -> ItemList:
        return self.query_one("#change-requests", ItemList)

    @property
    def status(self) -> str:
        return str(self.query_one("#cr-status", Select).value)

    @property
    def mine(self) -> bool:
        return self.query_one("#cr-mine", Checkbox).value

    def focus_list(self) -> None:
        self.list.focus()

    @on(Select.Changed, "#cr-status")
    @on(Checkbox.Changed, "#cr-mine")
    def _filters_changed(self, event: Message) -> None:
        event.stop()
        self.post_message(self.FiltersChanged(self, self.status, self.mine))

    def show(self, entries: Iterable[ListEntry], *, summary: Content, empty: str) -> None:
        self.loaded = True
        self.list.set_entries(entries, empty=empty)
        self.query_one("#cr-summary", Static).update(summary)

    def set_text_filter(self, value: str) -> None:
        self.list.set_filter(value)

    @on(OptionList.OptionSelected, "#change-requests")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        entry = self.list.highlighted_entry
        if entry is not None and entry.value is not None:
            self.post_message(self.Chosen(self, entry.value))
