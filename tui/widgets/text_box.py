"""Provides TextBox: a TextArea whose keys cost the same in a 100 KB comment as in a short one.

Textual's TextArea draws each row of a wrapped line by styling the whole line and cutting it at
every wrap point, then keeping one piece (its own ``TODO: cache``); and it sums the wrapped
height of every line for each row it draws. In a box holding a 100 KB paragraph, a key redrew
40 rows × 100 KB: 200 ms a key, and typing froze the app. TextBox draws a row from the piece of
the line that row shows, and reads the height the wrapping already holds: the cost of a key
follows the rows on screen, not the size of the text.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.expand_tabs import expand_text_tabs_from_widths
from textual.strip import Strip
from textual.widgets import TextArea

from .long_lines import LongLineWrapping

__all__ = ["TextBox"]


class TextBox(TextArea):
    """A soft-wrapped text box for prose (comments, replies): draws only the rows it shows.

    Boxes with line numbers, syntax highlighting or suggestions are drawn by TextArea itself.
    """

    def _set_document(self, text: str, language: str | None) -> None:
        super()._set_document(text, language)
        # The same object, which the navigator shares, re-wrapped near each edit from now on.
        self.wrapped_document.__class__ = LongLineWrapping

    def _render_line(self, y: int) -> Strip:
        if not self.soft_wrap or self.show_line_numbers or self._highlights or self.suggestion:
            return super()._render_line(y)
        theme = self._theme
        base_style = theme.base_style if theme and theme.base_style is not None else self.rich_style
        wrapped = self.wrapped_document
        rows = wrapped._offset_to_line_info  # one per wrapped row: its length is the height
        y_offset = y + self.scroll_offset.y
        if y_offset >= len(rows):
            return Strip.blank(self.size.width, base_style)
        line_index, section = rows[y_offset]
        whole = self.document.get_line(line_index)
        offsets = wrapped.get_offsets(line_index)
        start = offsets[section - 1] if section else 0
        last = section == len(offsets)
        end = len(whole) if last else offsets[section]
        line = Text(whole[start:end], end="", no_wrap=True)
        line.tab_size = self.indent_width
        if last:
            line.set_length(end - start + 1)  # the cell after the text, for the cursor

        def stylize(style: Style | None, begin: int, stop: int) -> None:
            # Columns of the whole line, drawn on this row's piece of it.
            begin, stop = max(begin - start, 0), min(stop - start, len(line))
            if style is not None and begin < stop:
                line.stylize(style, begin, stop)

        selection_start, selection_end = self.selection
        cursor_row, cursor_column = selection_end
        has_cursor = self._has_cursor
        highlight_cursor_line = self.highlight_cursor_line and has_cursor
        cursor_line_style = theme.cursor_line_style if theme and highlight_cursor_line else None
        if has_cursor and cursor_line_style and cursor_row == line_index:
            line.stylize(cursor_line_style)
        top, bottom = sorted(self.selection)
        if selection_start != selection_end and top[0] <= line_index <= bottom[0]:
            selection_style = theme.selection_style if theme else None
            if selection_style and not whole and line_index != cursor_row:
                # An empty line inside the selection shows a mark, as TextArea draws it.
                line.plain = "▌"
                line.stylize(Style(color=selection_style.bgcolor))
            else:
                begin = top[1] if line_index == top[0] else 0
                stop = bottom[1] if line_index == bottom[0] else len(whole)
                stylize(selection_style, begin, stop)
        bracket = self._matching_bracket_location
        draw_brackets = (
            has_cursor
            and self.match_cursor_bracket
            and bracket is not None
            and selection_start == selection_end
        )
        bracket_style = theme.bracket_matching_style if theme else None
        if cursor_row == line_index:
            if draw_brackets:
                stylize(bracket_style, cursor_column, cursor_column + 1)
            if self._draw_cursor:
                stylize(theme.cursor_style if theme else None, cursor_column, cursor_column + 1)
        if draw_brackets and bracket is not None and bracket[0] == line_index:
            stylize(bracket_style, bracket[1], bracket[1] + 1)
        if offsets:
            tab_widths = wrapped.get_tab_widths(line_index)
            before = whole.count("\t", 0, start)
            line = expand_text_tabs_from_widths(
                line, tab_widths[before : before + whole.count("\t", start, end)]
            )
        else:
            line.expand_tabs(self.indent_width)
        strip = Strip(line.render(self.app.console), cell_length=line.cell_len)
        if cursor_row == line_index and self.highlight_cursor_line:
            line_style = cursor_line_style
        else:
            line_style = theme.base_style if theme else None
        width = self.scrollable_content_region.size.width - self.gutter_width
        return strip.extend_cell_length(width, line_style).apply_style(base_style)
