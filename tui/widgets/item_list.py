"""Provides ItemList: a list of server items with headings, a filter and a stable highlight."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar, NamedTuple

from textual.binding import Binding, BindingType
from textual.content import Content
from textual.visual import Visual
from textual.widgets import OptionList
from textual.widgets.option_list import Option, OptionDoesNotExist

from .hanging import Hanging

__all__ = ["ItemList", "ListEntry"]


# A NamedTuple, not a dataclass: a twelfth of the cost to define, before the first frame.
class ListEntry(NamedTuple):
    """One row: its prompt (already safe Content), the text the filter looks at, its model."""

    key: str
    prompt: Content
    search_text: str
    value: Any = None
    heading: bool = False
    """A heading groups the rows after it; it cannot be highlighted."""


class ItemList(OptionList):
    """An OptionList of entries that can be filtered; the highlight stays on the same entry."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("j", "cursor_down", "Down", show=False, id="list.down"),
        Binding("k", "cursor_up", "Up", show=False, id="list.up"),
    ]

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._entries: list[ListEntry] = []
        self._by_key: dict[str, ListEntry] = {}
        self._filter = ""
        self._empty = "Nothing here"

    def _get_visual(self, option: Option) -> Visual:
        # A row wider than the list wraps under its own text, not at the edge (Hanging).
        if option._visual is None and isinstance(option.prompt, Content):
            option._visual = Hanging(option.prompt)
        return super()._get_visual(option)

    def set_entries(self, entries: Iterable[ListEntry], *, empty: str = "Nothing here") -> None:
        self._entries = list(entries)
        self._by_key = {entry.key: entry for entry in self._entries}
        self._empty = empty
        self._redraw()

    @property
    def entries(self) -> list[ListEntry]:
        return list(self._entries)

    @property
    def highlighted_entry(self) -> ListEntry | None:
        option = self.highlighted_option
        if option is None or option.id is None:
            return None
        return self._by_key.get(option.id)

    def select_key(self, key: str) -> bool:
        try:
            self.highlighted = self.get_option_index(key)
        except OptionDoesNotExist:
            return False
        return True

    def set_filter(self, value: str) -> None:
        value = value.strip()
        if value != self._filter:
            self._filter = value
            self._redraw()

    def visible_count(self) -> int:
        return sum(1 for entry in self._shown() if not entry.heading)

    def _matches(self, entry: ListEntry) -> bool:
        return self._filter.casefold() in entry.search_text.casefold()

    def _shown(self) -> list[ListEntry]:
        if not self._filter:
            return self._entries
        shown: list[ListEntry] = []
        heading: ListEntry | None = None
        for entry in self._entries:
            if entry.heading:
                heading = entry
            elif self._matches(entry):
                if heading is not None:
                    shown.append(heading)
                    heading = None
                shown.append(entry)
        return shown

    def _redraw(self) -> None:
        current = self.highlighted_entry
        shown = self._shown()
        options: list[Option | None] = []
        for entry in shown:
            options.append(Option(entry.prompt, id=entry.key, disabled=entry.heading))
        if not any(not entry.heading for entry in shown):
            message = "No match" if self._filter else self._empty
            options = [Option(Content.styled(message, "$text-muted"), id="-empty", disabled=True)]
        self.set_options(options)
        if current is not None and any(entry.key == current.key for entry in shown):
            self.select_key(current.key)
        else:
            for index, entry in enumerate(shown):
                if not entry.heading:
                    self.highlighted = index
                    break
