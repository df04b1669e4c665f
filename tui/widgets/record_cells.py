"""Provides the cells of a RecordTable: server text made one line when drawn, drawn straight.

A record's cell is server text or a rich ``Text``, shown literally on one line and cut with an
ellipsis; ``LazyCell`` makes it into that text only when it is first drawn, and
``OneLineCells`` draws such a cell straight into its segments.
"""

from __future__ import annotations

from typing import Any

from rich.segment import Segment
from rich.style import Style
from rich.text import Text

from tui.core import text

from .appending_table import AppendingTable

__all__ = ["LazyCell", "OneLineCells", "cell_text", "plain"]

_LINES = Text("\n")
"""What Rich joins the lines of a cell with."""


def plain(cell: object) -> str:
    """A cell's text without styles (what the local filter looks in)."""
    return cell.plain if isinstance(cell, Text) else text.one_line(cell)


def cell_text(cell: object) -> Text:
    """A cell as it is shown: its text safe, on one line."""
    # One line, ended by an ellipsis where the column cuts it, rather than cut mid-word.
    shown = cell.copy() if isinstance(cell, Text) else text.text("" if cell is None else cell)
    shown.no_wrap = True
    shown.overflow = "ellipsis"
    return shown


class LazyCell:
    """A cell made into text when it is first drawn: a page of 1,000 rows holds 8,000 cells,
    most of them never on screen (making each at once held the keys a fifth of a second)."""

    __slots__ = ("value",)

    def __init__(self, value: object) -> None:
        self.value = value

    def __rich__(self) -> Text:
        return cell_text(self.value)


class OneLineCells(AppendingTable):
    """A table whose ``LazyCell`` cells of one line are drawn without Rich's layout."""

    def _draw_cell(
        self,
        row_index: int,
        column_index: int,
        base_style: Style,
        width: int,
        cursor: bool,
        hover: bool,
    ) -> Any:
        # A cell of one line made by ``cell_text`` is drawn straight into its segments: what
        # Textual draws through Rich's padding and line splitting, four times slower (a
        # screen of new rows, after End, held the keys 50 ms). The rest goes Textual's way;
        # tests/shell/test_record_table_cells.py proves both draw the same.
        shown = self._one_line_cell(row_index, column_index)
        if shown is None:
            return super()._draw_cell(row_index, column_index, base_style, width, cursor, hover)
        component_style, post_style = self._get_styles_to_render_cell(
            False,
            False,
            False,
            hover,
            cursor,
            self.show_cursor,
            self._show_hover_cursor,
            self.cursor_foreground_priority == "css",
            self.cursor_background_priority == "css",
        )
        padding = Segment(" " * self.cell_padding)
        inner = max(0, width - 2 * self.cell_padding)
        shown.truncate(inner, overflow="ellipsis")
        # The room left is blank, not in the text's style (a struck name is not struck on);
        # joined as Rich joins a cell's lines, the text's style becomes a span under the others.
        rest = Segment(" " * (inner - shown.cell_len))
        segments = [padding, *_LINES.join([shown]).render(self.app.console), rest, padding]
        pre_style = base_style + Style.from_meta({"row": row_index, "column": column_index})
        return [list(Segment.apply_style(segments, pre_style + component_style, post_style))]

    def _one_line_cell(self, row_index: int, column_index: int) -> Text | None:
        """The text of a cell that ``_draw_cell`` may draw itself, else None."""
        if row_index < max(0, self.fixed_rows) or column_index < max(0, self.fixed_columns):
            return None
        row_key = self._row_locations.get_key(row_index)
        column_key = self._column_locations.get_key(column_index)
        if row_key is None or column_key is None:
            return None
        row = self.rows[row_key]
        if row.height != 1 or row.label is not None:
            return None
        value = self._data[row_key].get(column_key)
        shown = cell_text(value.value) if isinstance(value, LazyCell) else None
        if shown is None or shown.justify not in (None, "default") or "\t" in shown.plain:
            return None
        if "\n" in shown.plain:
            return None
        return shown
