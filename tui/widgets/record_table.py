"""Provides RecordTable: server items as table rows, loaded page by page, marked with space.

Every cell is server text or a rich ``Text``: strings are shown literally (a name ``[b]x`` reads
``[b]x``), never as the markup DataTable would otherwise make of them.
"""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.message import Message
from textual.widgets import DataTable
from textual.widgets.data_table import CellDoesNotExist, RowDoesNotExist

from .appending_table import BREATH
from .list_end import ListEnd
from .record_cells import LazyCell, OneLineCells, cell_text, plain

__all__ = ["Column", "Record", "RecordTable"]

MARK = "✓"
# One text for every mark (the table only reads its cells): not three objects per row.
_MARKED = Text(MARK, style="bold")
_UNMARKED = Text(" ")
LOOKAHEAD = 8
"""Rows before the end of what is loaded at which the next page is asked for."""
SLICE = 100
"""Rows of a long page added at a time (``add_page``): the keys answer between two slices."""
YOUNG = 1
"""The collector's generations that ``add_page`` collects after each slice (the young ones)."""


@dataclass(frozen=True)
class Column:
    """A column: its key, its heading and its width in cells (None: as wide as its content)."""

    key: str
    label: str
    width: int | None = None
    flex: bool = False
    """Whether the column takes the width the table has left (``width`` is then its least)."""
    drop: int = 0
    """When the table is too narrow, columns with a ``drop`` are hidden, the highest first."""


@dataclass(frozen=True)
class Record:
    """A row: its key, its cells (server text or rich Text) and the model it stands for."""

    key: str
    cells: tuple[object, ...]
    value: Any = None
    search_text: str = ""
    """What the local filter looks in; by default the text of the cells."""

    def matches(self, needle: str) -> bool:
        haystack = self.search_text or " ".join(plain(cell) for cell in self.cells)
        return needle.casefold() in haystack.casefold()


def fit_columns(
    columns: Sequence[Column], width: int, padding: int = 1
) -> list[tuple[Column, int | None]]:
    """The columns shown in ``width`` cells with their widths: dropped ones left out, the
    flexible ones sharing what is left."""
    shown = list(columns)

    def needed() -> int:
        return sum((c.width or 0) + 2 * padding for c in shown)

    while needed() > width and any(c.drop for c in shown):
        shown.remove(max((c for c in shown if c.drop), key=lambda c: c.drop))
    flexible = [c for c in shown if c.flex]
    spare = max(0, width - needed())
    widths: list[tuple[Column, int | None]] = []
    for column in shown:
        extra = 0
        if column in flexible:
            share, rest = divmod(spare, len(flexible))
            extra = share + (1 if flexible.index(column) < rest else 0)
        widths.append((column, (column.width or 0) + extra if column.flex else column.width))
    return widths


class RecordTable(OneLineCells):
    """A table of records; near the end of what is loaded it asks for more (``MoreWanted``).

    With ``markable``, space marks the highlighted row (for a bulk action) and moves on.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("j", "cursor_down", "Down", show=False, id="table.down"),
        Binding("k", "cursor_up", "Up", show=False, id="table.up"),
        Binding(
            "end,ctrl+end",
            "last_row",
            "Last row",
            show=False,
            id="table.end",
            tooltip="The last row, loading the rest of the list",
        ),
        Binding("home,ctrl+home", "first_row", "First row", show=False, id="table.home"),
        Binding(
            "space",
            "toggle_mark",
            "Select several",
            show=False,
            id="table.mark",
            tooltip="Select or unselect the highlighted row for an action on several",
        ),
    ]

    class MoreWanted(Message):
        """The cursor nears the end of the loaded rows and the service has more."""

        def __init__(self, table: RecordTable, *, rest: bool = False) -> None:
            super().__init__()
            self.table = table
            self.rest = rest
            """Whether End asked for the rest: the page to ask for is the largest."""

        @property
        def control(self) -> RecordTable:
            return self.table

    class RecordHighlighted(Message):
        """The cursor rests on another record (None: the table is empty)."""

        def __init__(self, table: RecordTable, record: Record | None) -> None:
            super().__init__()
            self.table = table
            self.record = record

        @property
        def control(self) -> RecordTable:
            return self.table

    class RecordChosen(Message):
        """Enter on a record."""

        def __init__(self, table: RecordTable, record: Record) -> None:
            super().__init__()
            self.table = table
            self.record = record

        @property
        def control(self) -> RecordTable:
            return self.table

    class MarksChanged(Message):
        """Rows were marked or unmarked."""

        def __init__(self, table: RecordTable) -> None:
            super().__init__()
            self.table = table

        @property
        def control(self) -> RecordTable:
            return self.table

    def __init__(
        self,
        columns: Sequence[Column],
        *,
        markable: bool = False,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes, cursor_type="row", zebra_stripes=False)
        self.record_columns = list(columns)
        self.markable = markable
        self._records: list[Record] = []
        self._by_key: dict[str, Record] = {}
        self._shown: list[Record] = []
        self._marked: dict[str, Record] = {}
        self._filter = ""
        self.more = False
        """Whether the service has more rows than those loaded."""
        self._asked_more = False
        self._contents = 0
        """Counts the lists shown (``set_records``): a page being added to an older one stops."""
        self.end = ListEnd(
            has_more=lambda: self.more, ask_rest=self._ask_more, to_last=self._cursor_to_last
        )
        """What End started: the rest of the list loading, the cursor following it."""
        self._layout: list[tuple[Column, int | None]] = [(c, c.width) for c in columns]
        """The columns shown and their widths, fitted to the table's width."""

    def on_mount(self) -> None:
        self._add_columns()

    def _add_columns(self) -> None:
        if self.markable:
            self.add_column(" ", width=1, key="-mark")
        for column, width in self._layout:
            self.add_column(column.label, width=width, key=column.key)

    def on_resize(self) -> None:
        # Fit the columns to the width: the flexible ones grow into it, the droppable ones
        # make room at narrow widths, so no column is cut at the edge.
        room = self.size.width - self.styles.scrollbar_size_vertical
        if self.markable:
            room -= 1 + 2 * self.cell_padding
        layout = fit_columns(self.record_columns, room, self.cell_padding)
        if layout == self._layout:
            return
        self._layout = layout
        current = self.highlighted_record
        self.clear(columns=True)
        self._add_columns()
        self._redraw(keep=current.key if current else None)

    def _update_dimensions(self, new_rows: Iterable[Any]) -> None:
        # DataTable measures every cell of every new row, to size the columns as wide as
        # their content: a third of the cost of a page of 1,000 rows. Columns of a set width
        # (every one of ours but a few) and rows of one line need no measure: the size only.
        if any(column.auto_width for column in self.columns.values()) or any(
            self.rows[key].label is not None or self.rows[key].auto_height
            for key in new_rows
            if key in self.rows
        ):
            super()._update_dimensions(new_rows)
            return
        width = sum(column.get_render_width(self) for column in self.columns.values())
        header = self.header_height if self.show_header else 0
        self.virtual_size = Size(
            width + self._row_label_column_width, self._total_row_height + header
        )

    # -- contents --------------------------------------------------------------------------

    @property
    def records(self) -> list[Record]:
        """Every record loaded, filtered or not."""
        return list(self._records)

    @property
    def shown(self) -> list[Record]:
        """The records shown (those the filter lets through), in order."""
        return list(self._shown)

    def record(self, key: str) -> Record | None:
        return self._by_key.get(key)

    def set_records(self, records: Iterable[Record], *, more: bool = False) -> None:
        """Show these records instead of those loaded; the cursor stays on the same one."""
        current = self.highlighted_record
        self._contents += 1
        self._records = list(records)
        self._by_key = {record.key: record for record in self._records}
        self._marked = {k: self._by_key[k] for k in self._marked if k in self._by_key}
        self.more = more
        self._asked_more = False
        self.end.stop()
        self._redraw(keep=current.key if current else None)

    def append_records(self, records: Iterable[Record], *, more: bool = False) -> None:
        """Add the next page's records below those loaded."""
        self._add_records(records)
        self._page_added(more)

    async def add_page(self, records: Iterable[Record], *, more: bool = False) -> None:
        """Add the next page's records below those loaded, ``SLICE`` rows at a time.

        Between two slices the keys and the frames have their turn: a page of 1,000 rows
        added at once held them a tenth of a second. ``records`` is read a slice at a time
        too (it may be a generator making each row). The next page is asked for, and End's
        cursor follows, once the whole page is in; a new list shown meanwhile stops it.
        """
        contents = self._contents
        pending = iter(records)
        while True:
            # First the turn of what waited while the page was read (its answer, its models),
            # then of what came during each slice.
            await asyncio.sleep(BREATH)
            if contents != self._contents:
                return
            piece = list(islice(pending, SLICE))
            if not piece:
                break
            self._add_records(piece)
            # The collector's young generations, while they hold one slice: left to itself it
            # walked up to ten slices at once (30,000 objects, 50 to 100 ms on a busy machine).
            gc.collect(YOUNG)
        if self.end.following:
            # The cursor jumps to the new last row once the page is in: a screen of rows
            # never drawn, drawn in one frame, held the keys 30 to 60 ms.
            await self.draw_ahead(
                self.row_count - 1, lambda: contents == self._contents and self.end.following
            )
        self._page_added(more)

    def _add_records(self, records: Iterable[Record]) -> None:
        new = [r for r in records if r.key not in self._by_key]
        self._records.extend(new)
        self._by_key.update((record.key, record) for record in new)
        shown = [r for r in new if self._passes(r)]
        self._shown.extend(shown)
        for record in shown:
            self.add_row(*self._row(record), key=record.key)

    def _page_added(self, more: bool) -> None:
        self.more = more
        self._asked_more = False
        self.end.rows_added()
        self._check_more()

    def replace_record(self, record: Record) -> None:
        """Show a changed record in place (after a write)."""
        if record.key not in self._by_key:
            return
        self._by_key[record.key] = record
        self._records = [record if r.key == record.key else r for r in self._records]
        self._shown = [record if r.key == record.key else r for r in self._shown]
        if record.key in self._marked:
            self._marked[record.key] = record
        try:
            shown = {column.key for column, _ in self._layout}
            for column, cell in zip(self.record_columns, record.cells, strict=False):
                if column.key in shown:
                    self.update_cell(record.key, column.key, cell_text(cell), update_width=False)
        except (RowDoesNotExist, CellDoesNotExist):
            pass

    def _row(self, record: Record) -> list[Text | LazyCell]:
        shown = {column.key for column, _ in self._layout}
        cells: list[Text | LazyCell] = [
            LazyCell(cell)
            for column, cell in zip(self.record_columns, record.cells, strict=False)
            if column.key in shown
        ]
        if self.markable:
            mark = _MARKED if record.key in self._marked else _UNMARKED
            cells.insert(0, mark)
        return cells

    def _passes(self, record: Record) -> bool:
        return not self._filter or record.matches(self._filter)

    def _redraw(self, *, keep: str | None = None) -> None:
        self._shown = [r for r in self._records if self._passes(r)]
        self.clear()
        for record in self._shown:
            self.add_row(*self._row(record), key=record.key)
        if keep is not None and keep in self._row_locations:
            self.move_cursor(row=self.get_row_index(keep), animate=False)
        self.post_message(self.RecordHighlighted(self, self.highlighted_record))
        self._check_more()

    # -- the local filter ------------------------------------------------------------------

    @property
    def filter(self) -> str:
        return self._filter

    def set_filter(self, value: str) -> None:
        """Show only the loaded records whose text holds ``value`` (case ignored)."""
        value = value.strip()
        if value != self._filter:
            current = self.highlighted_record
            self._filter = value
            self._redraw(keep=current.key if current else None)

    # -- the cursor ------------------------------------------------------------------------

    @property
    def highlighted_record(self) -> Record | None:
        if not self._shown or not self.row_count:
            return None
        row = min(self.cursor_row, len(self._shown) - 1)
        return self._shown[row] if row >= 0 else None

    def select_key(self, key: str) -> bool:
        if key not in self._row_locations:
            return False
        self.move_cursor(row=self.get_row_index(key), animate=False)
        return True

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        self.post_message(self.RecordHighlighted(self, self.highlighted_record))
        self._check_more()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        record = self.highlighted_record
        if record is not None:
            self.post_message(self.RecordChosen(self, record))

    def watch_scroll_y(self, old: float, new: float) -> None:
        super().watch_scroll_y(old, new)
        if self.more and new >= self.max_scroll_y - LOOKAHEAD:
            self._ask_more()

    def _check_more(self) -> None:
        if self.more and self.cursor_row >= len(self._shown) - LOOKAHEAD:
            self._ask_more()

    def _ask_more(self) -> None:
        if not self._asked_more:
            self._asked_more = True
            self.post_message(self.MoreWanted(self, rest=self.end.loading_rest))

    def _cursor_to_last(self) -> None:
        if self.row_count:
            self.move_cursor(row=self.row_count - 1, animate=False)

    def action_last_row(self) -> None:
        self.end.go()

    def action_first_row(self) -> None:
        self.move_cursor(row=0, animate=False)

    def on_key(self, event: events.Key) -> None:
        # Any other key leaves the cursor where the user puts it (the rest still loads).
        if event.key not in ("end", "ctrl+end"):
            self.end.cursor_moved()

    # -- marks -----------------------------------------------------------------------------

    @property
    def marked(self) -> list[Record]:
        """The marked records, in the order they were loaded."""
        return [r for r in self._records if r.key in self._marked]

    def clear_marks(self) -> None:
        keys = list(self._marked)
        self._marked.clear()
        for key in keys:
            self._show_mark(key)
        if keys:
            self.post_message(self.MarksChanged(self))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "toggle_mark":
            return self.markable
        return True

    def action_toggle_mark(self) -> None:
        record = self.highlighted_record
        if record is None:
            return
        if record.key in self._marked:
            del self._marked[record.key]
        else:
            self._marked[record.key] = record
        self._show_mark(record.key)
        self.post_message(self.MarksChanged(self))
        self.action_cursor_down()

    def _show_mark(self, key: str) -> None:
        if not self.markable or key not in self._row_locations:
            return
        mark = _MARKED if key in self._marked else _UNMARKED
        self.update_cell(key, "-mark", mark)
