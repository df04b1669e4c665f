"""Provides AppendingTable: a DataTable whose drawn cells outlive the rows added below them.

Textual's DataTable keys every cell and line it has drawn on a count of its changes, and
adding a row is a change: after each page (or each slice of one) every cell on screen was
drawn again from its renderable, 25 to 50 ms for a screen of members on a busy machine, and a
key pressed meanwhile waited for it. A row added at the bottom changes no cell or line drawn
above it (nor its index; a column's width is in the key), so this table keys what it drew on
the changes other than those additions; any other change (a cell updated, rows cleared,
sorted or removed, a column added, a resize) still draws them anew.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, cast

from rich.style import Style
from textual.cache import LRUCache
from textual.coordinate import Coordinate
from textual.geometry import Region
from textual.strip import Strip
from textual.widgets import DataTable
from textual.widgets.data_table import RowKey

__all__ = ["BREATH", "AppendingTable"]

DRAWN_KEPT = 2000
"""Cells and lines drawn kept for reuse: a few screens of rows, at any width."""
BREATH = 0.004
"""Seconds left to the rest of the app between two steps of a long job (a slice of rows, a
few rows drawn ahead): enough for a key to reach the table (it goes through three message
queues) and for the frame that shows it; with no pause the next step came first."""
DRAWN_AHEAD = 6
"""Rows drawn at a time by ``draw_ahead``, the keys and frames having their turn between."""


class AppendingTable(DataTable[Any]):
    """A DataTable that keeps the cells and lines it drew when rows are added at its bottom."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._rows_added = 0
        """How many of the table's changes were rows added (each counts one)."""
        self._drawn: LRUCache[tuple[object, ...], Any] = LRUCache(DRAWN_KEPT)
        """Cells, rows' lines and lines drawn, by what they were drawn from."""
        self._style_now: Style | None = None
        """The table's style while it draws (``rich_style``), or None."""

    @property
    def rich_style(self) -> Style:
        # DataTable asks for it at each line and row it draws, and Textual works it out
        # from every ancestor each time (a third of a millisecond): once per drawing here.
        if self._style_now is not None:
            return self._style_now
        return super().rich_style

    def render_lines(self, crop: Region) -> list[Strip]:
        self._style_now = self.rich_style
        try:
            return super().render_lines(crop)
        finally:
            self._style_now = None

    @property
    def _drawn_version(self) -> int:
        # Changes with every change of the table but rows added at its bottom.
        return self._update_count - self._rows_added

    def add_row(self, *cells: Any, **kwargs: Any) -> RowKey:
        key = super().add_row(*cells, **kwargs)
        self._rows_added += 1
        return key

    def _clear_caches(self) -> None:
        super()._clear_caches()
        self._drawn.clear()

    def _common(self) -> tuple[object, ...]:
        return (
            self._drawn_version,
            self._pseudo_class_state,
            self._show_hover_cursor,
            self.cursor_type,
            self.show_cursor,
            self.size.width,
        )

    def _render_cell(
        self,
        row_index: int,
        column_index: int,
        base_style: Style,
        width: int,
        cursor: bool = False,
        hover: bool = False,
    ) -> Any:
        key = ("cell", row_index, column_index, base_style, width, cursor, hover, *self._common())
        drawn = self._drawn.get(key)
        if drawn is None:
            drawn = self._draw_cell(row_index, column_index, base_style, width, cursor, hover)
            self._drawn[key] = drawn
        return drawn

    def _draw_cell(
        self,
        row_index: int,
        column_index: int,
        base_style: Style,
        width: int,
        cursor: bool,
        hover: bool,
    ) -> Any:
        """Draw a cell not drawn yet (a subclass may draw the cells it knows faster)."""
        return super()._render_cell(row_index, column_index, base_style, width, cursor, hover)

    def _render_line_in_row(
        self,
        row_key: RowKey,
        line_no: int,
        base_style: Style,
        cursor_location: Coordinate,
        hover_location: Coordinate,
    ) -> Any:
        key = (
            "row",
            row_key,
            line_no,
            base_style,
            cursor_location,
            hover_location,
            *self._common(),
        )
        drawn = self._drawn.get(key)
        if drawn is None:
            drawn = super()._render_line_in_row(
                row_key, line_no, base_style, cursor_location, hover_location
            )
            self._drawn[key] = drawn
        return drawn

    def _render_line(self, y: int, x1: int, x2: int, base_style: Style) -> Strip:
        if y - (self.header_height if self.show_header else 0) >= self._total_row_height:
            return super()._render_line(y, x1, x2, base_style)  # below the rows: blank
        cursor, hover = self.cursor_coordinate, self.hover_coordinate
        key = ("line", y, x1, x2, base_style, cursor, hover, *self._common())
        drawn = self._drawn.get(key)
        if drawn is None:
            drawn = super()._render_line(y, x1, x2, base_style)
            self._drawn[key] = drawn
        return cast(Strip, drawn)

    async def draw_ahead(self, cursor_row: int, wanted: Callable[[], bool]) -> None:
        """Draw the cells of the screen that ends at ``cursor_row``, the cursor on it, a few
        rows at a time, while ``wanted()``: the frame that shows them finds them drawn.

        Drawn as that frame will (``render_line``: the table's style, each row's style and
        the cursor's), so that the keys match; a row drawn differently is drawn again then.
        """
        first = max(0, cursor_row - self.size.height)
        widths = [column.get_render_width(self) for column in self.ordered_columns]
        for row in range(first, cursor_row + 1):
            if (row - first) % DRAWN_AHEAD == 0:
                await asyncio.sleep(BREATH)
                if not wanted():
                    return
                style = self.rich_style
            row_style = self._get_row_style(row, style)
            hover = row == self.hover_coordinate.row
            for column, width in enumerate(widths):
                self._render_cell(row, column, row_style, width, row == cursor_row, hover)
