"""Provides ThreadList: comment threads with filters by status, page and author, loaded as it scrolls."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.message import Message
from textual.widgets import OptionList, Select, Static
from textual.widgets.option_list import Option

from tui.widgets.item_list import ItemList, ListEntry
from tui.widgets.list_end import ListEnd

__all__ = ["STATUS_CHOICES", "ThreadList"]

STATUS_CHOICES: list[tuple[str, str]] = [("Open", "open"), ("Resolved", "resolved"), ("All", "all")]
ANY = "-any-"
"""The value of "any page" and "anyone" (a Select cannot hold an empty string as a value)."""
MORE_AHEAD = 5
"""The next page is asked for when the cursor comes this close to the last loaded thread."""


class ThreadItems(ItemList):
    """The threads; a page loaded further down is added below, not redrawn with the rest."""

    end: ListEnd | None = None
    """What End started (set by the ThreadList): the rest loading, the cursor following."""

    def action_last(self) -> None:
        if self.end is not None:
            self.end.go()
        else:
            self.to_last()

    def to_last(self) -> None:
        super().action_last()

    def on_key(self, event: events.Key) -> None:
        # Any other key leaves the cursor where the user puts it (the rest still loads).
        if self.end is not None and event.key != "end":
            self.end.cursor_moved()

    def append_entries(self, entries: Iterable[ListEntry]) -> None:
        new = [entry for entry in entries if entry.key not in self._by_key]
        if not new:
            return
        self._entries.extend(new)
        self._by_key.update((entry.key, entry) for entry in new)
        first = self.get_option_at_index(0) if self.option_count else None
        if self._filter or first is None or first.id == "-empty":
            self._redraw()
            return
        self.add_options([Option(entry.prompt, id=entry.key) for entry in new])


class ThreadList(Vertical):
    """Filters on one line, a line saying what is shown, then the threads.

    The owner fills it (``set_threads``), and hears of a change of filter (``FiltersChanged``),
    of the end of the list coming near (``MoreWanted``) and of Enter on a thread (``Chosen``).
    """

    DEFAULT_CSS = """
    ThreadList {
        height: 1fr;
    }
    ThreadList > .thread-filters {
        height: 1;
        margin: 0 1;
    }
    ThreadList > .thread-filters > Select {
        width: 1fr;
        margin-right: 1;
    }
    ThreadList > #thread-summary {
        height: 1;
        padding: 0 1;
        color: $text-muted;
    }
    ThreadList > ItemList, ThreadList > ItemList:focus {
        height: 1fr;
        border: none;
    }
    """

    class FiltersChanged(Message):
        def __init__(self, threads: ThreadList, status: str, page: str, author: str) -> None:
            super().__init__()
            self.threads = threads
            self.status = status
            self.page = page
            """A page id, or "" for any page."""
            self.author = author
            """A user id, or "" for anyone."""

        @property
        def control(self) -> ThreadList:
            return self.threads

    class MoreWanted(Message):
        def __init__(self, threads: ThreadList, *, rest: bool = False) -> None:
            super().__init__()
            self.threads = threads
            self.rest = rest
            """Whether End asked for the rest: the page to ask for is the largest."""

        @property
        def control(self) -> ThreadList:
            return self.threads

    class Chosen(Message):
        def __init__(self, threads: ThreadList, value: Any) -> None:
            super().__init__()
            self.threads = threads
            self.value = value

        @property
        def control(self) -> ThreadList:
            return self.threads

    COMPONENT_CLASSES: ClassVar[set[str]] = set()

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.more = False
        self._asked_more = False
        self._muted = False
        self.end = ListEnd(
            has_more=lambda: self.more, ask_rest=self._ask_more, to_last=self._to_last
        )
        """What End started: the rest of the threads loading, the cursor following it."""

    def compose(self) -> ComposeResult:
        with Horizontal(classes="thread-filters"):
            yield Select(
                [(Text(label), value) for label, value in STATUS_CHOICES],
                value="open",
                allow_blank=False,
                compact=True,
                id="thread-status",
            )
            yield Select(
                [(Text("Any page"), ANY)],
                value=ANY,
                allow_blank=False,
                compact=True,
                id="thread-page",
            )
            yield Select(
                [(Text("Anyone"), ANY)],
                value=ANY,
                allow_blank=False,
                compact=True,
                id="thread-author",
            )
        yield Static(Content("Loading…"), id="thread-summary")
        items = ThreadItems(id="threads")
        items.end = self.end
        yield items

    @property
    def list(self) -> ThreadItems:
        return self.query_one("#threads", ThreadItems)

    def focus_list(self) -> None:
        self.list.focus()

    # -- filters ---------------------------------------------------------------------------

    @property
    def status(self) -> str:
        return str(self.query_one("#thread-status", Select).value)

    def _value(self, selector: str) -> str:
        found = self.query(selector)
        if not found:
            return ""  # not composed yet
        value = found.first(Select).value
        return "" if value == ANY or not isinstance(value, str) else value

    @property
    def page(self) -> str:
        return self._value("#thread-page")

    @property
    def author(self) -> str:
        return self._value("#thread-author")

    def _options(
        self, selector: str, first: str, options: Sequence[tuple[str, str]], value: str
    ) -> None:
        select: Select[str] = self.query_one(selector, Select)
        choices = [(Text(first), ANY), *((Text(label), key) for label, key in options)]
        self._muted = True
        try:
            select.set_options(choices)
            select.value = value if any(key == value for _, key in options) else ANY
        finally:
            self.call_after_refresh(self._unmute)

    def _unmute(self) -> None:
        self._muted = False

    def set_pages(self, options: Sequence[tuple[str, str]]) -> None:
        """(title, page id) of the pages a filter can choose; the choice is kept if still there."""
        self._options("#thread-page", "Any page", options, self.page)

    def set_authors(self, options: Sequence[tuple[str, str]]) -> None:
        """(name, user id) of the people who commented."""
        self._options("#thread-author", "Anyone", options, self.author)

    def choose(self, *, status: str | None = None, page: str | None = None) -> bool:
        """Set filters from the keys (the threads of a page); True when something changed."""
        changed = False
        self._muted = True
        try:
            if status is not None and status != self.status:
                self.query_one("#thread-status", Select).value = status
                changed = True
            if page is not None and page != self.page:
                select: Select[str] = self.query_one("#thread-page", Select)
                known = any(value == page for _, value in select._options)
                select.value = page if page and known else ANY
                changed = True
        finally:
            self.call_after_refresh(self._unmute)
        return changed

    @on(Select.Changed)
    def _filter_changed(self, event: Select.Changed) -> None:
        event.stop()
        if not self._muted:
            self.post_message(self.FiltersChanged(self, self.status, self.page, self.author))

    def set_text_filter(self, value: str) -> None:
        self.list.set_filter(value)

    # -- rows ------------------------------------------------------------------------------

    def set_threads(
        self, entries: Iterable[ListEntry], *, more: bool, summary: Content, empty: str
    ) -> None:
        """Show these threads (the first page, or every page loaded so far)."""
        self.more = more
        self._asked_more = False
        self.end.stop()
        self.list.set_entries(entries, empty=empty)
        self.query_one("#thread-summary", Static).update(summary)
        self.call_after_refresh(self._check_more)

    def append_threads(self, entries: Iterable[ListEntry], *, more: bool, summary: Content) -> None:
        """Add the next page of threads below those shown."""
        self.more = more
        self._asked_more = False
        self.list.append_entries(entries)
        self.end.rows_added()
        self.query_one("#thread-summary", Static).update(summary)
        self.call_after_refresh(self._check_more)

    def highlighted_value(self) -> Any:
        entry = self.list.highlighted_entry
        return entry.value if entry is not None else None

    @on(OptionList.OptionHighlighted, "#threads")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self._check_more()

    def _check_more(self) -> None:
        listing = self.list
        if not self.more or self._asked_more:
            return
        highlighted = listing.highlighted or 0
        if listing.option_count - highlighted <= MORE_AHEAD or listing.option_count < 20:
            self._ask_more()

    def _ask_more(self) -> None:
        if self.more and not self._asked_more:
            self._asked_more = True
            self.post_message(self.MoreWanted(self, rest=self.end.loading_rest))

    def _to_last(self) -> None:
        self.list.to_last()

    @on(OptionList.OptionSelected, "#threads")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        value = self.highlighted_value()
        if value is not None:
            self.post_message(self.Chosen(self, value))
