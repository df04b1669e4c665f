"""Provides DiffTitle: the line above a page's diff, whose facts stay whole and whose name gives way.

"~ A very long page title · added · +5 −0": in a narrow pane the facts (what happened, the
counts of lines, the open threads) are what the reviewer reads, so the page's name is the part
cut, with an ellipsis; only facts wider than the pane itself wrap.
"""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static

__all__ = ["DiffTitle"]

NAME_MIN = 12
"""Cells the name keeps however long the facts are (else the facts wrap below it)."""

_SEPARATOR = Content(" · ")


class DiffTitle(Static):
    """A page's name and its facts on one line, the name cut first."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._page_name = Content("")
        self._facts: list[Content] = []

    def show(self, name: Content, facts: list[Content]) -> None:
        self._page_name, self._facts = name, [fact for fact in facts if fact.plain]
        self.update(self._fitted())

    def clear(self) -> None:
        self.show(Content(""), [])

    def on_resize(self) -> None:
        if self._page_name.plain or self._facts:
            self.update(self._fitted())

    def _fitted(self) -> Content:
        facts = Content("").join(Content.assemble(_SEPARATOR, fact) for fact in self._facts)
        width = self.content_region.width or self.size.width
        name = self._page_name
        if width > 0 and name.cell_length + facts.cell_length > width:
            room = max(NAME_MIN, width - facts.cell_length)
            if name.cell_length > room:
                name = name.truncate(room, ellipsis=True)
        return Content.assemble(name, facts)
