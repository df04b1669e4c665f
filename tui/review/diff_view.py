"""Provides DiffView: a markdown diff, unified or side by side, drawn line by line as it scrolls.

The rows come from ``tui.review.logic.diff`` and are drawn through
``tui.review.logic.diff_segments``, so a line of server text is never read as markup (a diff of
``[/]`` shows ``[/]``). Only the lines in view are drawn (Textual's line API), so a 200 KB page
scrolls as fast as a short one; long lines fold at the width of their column, under their own line
number. Word highlights are worked out when a line is first drawn.

A cursor row (its line numbers highlighted) is what the keys act on: Enter on a fold shows the
unchanged lines it hides, and the screen moves the cursor from change to change.

When the screen tells it which block of the page each new line belongs to (``set_blocks``), a
block with threads carries a mark in a column of its own at the left (``●2`` open threads,
``✓1`` resolved ones, dimmed), and a block can be highlighted (``┃`` beside its lines).
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping, Sequence
from typing import ClassVar, Literal

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding, BindingType
from textual.cache import LRUCache
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from tui.core import text
from tui.review.logic.diff import (
    MarkdownDiff,
    SideBySideRow,
    UnifiedRow,
    next_change,
    previous_change,
)
from tui.review.logic.diff_segments import DiffStyle, side_by_side_segments, unified_segments
from tui.review.logic.page_blocks import BlockMark

__all__ = ["DiffMode", "DiffView", "fold_cells", "line_breaks"]

DiffMode = Literal["unified", "split"]
"""``split`` is side by side: the base on the left, the change request on the right."""

Row = UnifiedRow | SideBySideRow
Piece = tuple[str, Style]

CONTEXT_LINES = 3
"""Unchanged lines shown around each change; longer runs fold behind one row."""
TAB = "    "
MARK_CELLS = 4
"""The column of threads' marks, when the page has any: ``●12 ``."""

_COMPONENTS = {
    DiffStyle.LINE_NUMBER: "diff-view--line-number",
    DiffStyle.CONTEXT: "diff-view--context",
    DiffStyle.REMOVED: "diff-view--removed",
    DiffStyle.REMOVED_WORD: "diff-view--removed-word",
    DiffStyle.ADDED: "diff-view--added",
    DiffStyle.ADDED_WORD: "diff-view--added-word",
    DiffStyle.FOLD: "diff-view--fold",
    DiffStyle.EMPTY: "diff-view--empty",
}


def _clean(value: str) -> str:
    return text.safe(value).replace("\t", TAB).replace("\n", " ")


def _cells(value: str) -> int:
    return len(value) if value.isascii() else cell_len(value)


def line_breaks(value: str, width: int) -> list[int]:
    """Where a line of text breaks to fit ``width`` cells: the offsets that start a new line.

    A line breaks after a space when one is near the edge, else where the line is full; a wide
    character that would straddle the edge goes to the next line.
    """
    width = max(1, width)
    breaks: list[int] = []
    at = 0
    ascii_text = value.isascii()
    while _cells(value[at:]) > width:
        if ascii_text:
            cut = at + width
        else:
            cut, used = at, 0
            while cut < len(value) and used + cell_len(value[cut]) <= width:
                used += cell_len(value[cut])
                cut += 1
            cut = max(cut, at + 1)
        space = value.rfind(" ", at, cut)
        if space >= at + width // 2:
            cut = space + 1
        breaks.append(cut)
        at = cut
    return breaks


def fold_cells(pieces: Sequence[Piece], width: int) -> list[list[Piece]]:
    """The pieces of a line in lines of at most ``width`` cells, broken as ``line_breaks`` says."""
    breaks = line_breaks("".join(value for value, _ in pieces), width)
    lines: list[list[Piece]] = [[]]
    at = 0
    for value, style in pieces:
        while value:
            if breaks and at + len(value) > breaks[0]:
                split = breaks.pop(0) - at
                if split:
                    lines[-1].append((value[:split], style))
                lines.append([])
                value = value[split:]
                at += split
                continue
            lines[-1].append((value, style))
            at += len(value)
            break
    return lines


class DiffView(ScrollView, can_focus=True):
    """The diff of one page's markdown; ``show`` gives it a diff, ``set_mode`` its layout."""

    DEFAULT_CSS = """
    DiffView {
        background: $surface;
        scrollbar-size-horizontal: 0;
    }
    DiffView:focus {
        background-tint: $foreground 2%;
    }
    DiffView > .diff-view--line-number { color: $text-muted; }
    DiffView > .diff-view--context { }
    DiffView > .diff-view--removed { background: $error 18%; }
    DiffView > .diff-view--removed-word { background: $error 45%; text-style: bold; }
    DiffView > .diff-view--added { background: $success 18%; }
    DiffView > .diff-view--added-word { background: $success 45%; text-style: bold; }
    DiffView > .diff-view--fold { color: $text-accent; background: $boost; }
    DiffView > .diff-view--empty { background: $panel; }
    DiffView > .diff-view--cursor { background: $accent 50%; color: $text; }
    DiffView > .diff-view--separator { color: $border-blurred; }
    DiffView > .diff-view--message { color: $text-muted; }
    DiffView > .diff-view--thread-mark { color: $text-warning; text-style: bold; }
    DiffView > .diff-view--resolved-mark { color: $text-muted; text-style: dim; }
    DiffView > .diff-view--block { color: $text-accent; background: $accent 25%; }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        *_COMPONENTS.values(),
        "diff-view--cursor",
        "diff-view--separator",
        "diff-view--message",
        "diff-view--thread-mark",
        "diff-view--resolved-mark",
        "diff-view--block",
    }

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("j,down", "cursor(1)", "Down", show=False, id="diff.down"),
        Binding("k,up", "cursor(-1)", "Up", show=False, id="diff.up"),
        Binding("pagedown,space", "page(1)", "Page down", show=False, id="diff.page_down"),
        Binding("pageup", "page(-1)", "Page up", show=False, id="diff.page_up"),
        Binding("home,g", "ends(-1)", "Top", show=False, id="diff.top"),
        Binding("end,G", "ends(1)", "Bottom", show=False, id="diff.bottom"),
        Binding(
            "enter",
            "expand",
            "Expand",
            show=False,
            id="diff.expand",
            tooltip="Show the unchanged lines behind the fold under the cursor, or the threads "
            "of the block under it",
        ),
    ]

    class CursorMoved(Message):
        """The cursor moved to another row (the screen may say where it is)."""

        def __init__(self, view: DiffView, row: int) -> None:
            super().__init__()
            self.view = view
            self.row = row

        @property
        def control(self) -> DiffView:
            return self.view

    class ThreadsWanted(Message):
        """Enter on a block that has threads: the screen shows them."""

        def __init__(self, view: DiffView, block: str, mark: BlockMark) -> None:
            super().__init__()
            self.view = view
            self.block = block
            self.mark = mark

        @property
        def control(self) -> DiffView:
            return self.view

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.mode: DiffMode = "split"
        self.diff: MarkdownDiff | None = None
        self.rows: list[Row] = []
        self.cursor = 0
        self.expanded: set[int] = set()
        self.everything = False
        """Whether every unchanged line is shown (no folds)."""
        self._message = ""
        self.drawn = False
        """Whether a frame has drawn what was last shown (a diff or a message)."""
        self._owners: Sequence[str | None] = ()
        self._marks: Mapping[str, BlockMark] = {}
        self.highlighted_block: str | None = None
        """The block the screen pointed at (from a thread): its lines carry a bar."""
        self._starts: list[int] = [0]
        self._cache: LRUCache[tuple[int, int, bool], list[Strip]] = LRUCache(512)

    # -- what the screen calls -------------------------------------------------------------

    def show(self, diff: MarkdownDiff, *, mode: DiffMode | None = None) -> None:
        """Show a diff from its first change (folds closed)."""
        self.diff = diff
        self._message = ""
        self._owners, self._marks, self.highlighted_block = (), {}, None
        if mode is not None:
            self.mode = mode
        self.expanded = set()
        self.everything = False
        self._rebuild()
        first = next_change(self.rows, -1)
        self._move_to(first if first is not None else 0, top=True)

    def show_message(self, message: str) -> None:
        """A line of text instead of a diff (loading, nothing changed, a failure)."""
        self.diff = None
        self._owners, self._marks, self.highlighted_block = (), {}, None
        self.rows = []
        self._message = message
        self.cursor = 0
        self._relayout()
        self.scroll_to(0, 0, animate=False)

    @property
    def message(self) -> str:
        return self._message

    def set_mode(self, mode: DiffMode) -> None:
        """Unified or side by side, keeping the cursor on the same line of the text."""
        if mode == self.mode:
            return
        anchor = self._line_numbers(self.cursor)
        self.mode = mode
        self._rebuild()
        self._move_to(self._row_of_lines(anchor), top=False)

    def next_change(self) -> bool:
        """Move to the next run of changes; False after the last one."""
        found = next_change(self.rows, self.cursor)
        if found is None:
            return False
        self._move_to(found, top=True)
        return True

    def last_change(self) -> bool:
        """Move to the last run of changes; False when the diff has none."""
        found = previous_change(self.rows, len(self.rows))
        if found is None:
            return False
        self._move_to(found, top=True)
        return True

    def previous_change(self) -> bool:
        found = previous_change(self.rows, self.cursor)
        if found is None:
            return False
        self._move_to(found, top=True)
        return True

    def toggle_everything(self) -> None:
        """Show every unchanged line, or fold the long runs again."""
        anchor = self._line_numbers(self.cursor)
        self.everything = not self.everything
        self.expanded = set()
        self._rebuild()
        self._move_to(self._row_of_lines(anchor), top=False)

    def expand_at_cursor(self) -> bool:
        """Open the fold under the cursor; False when the cursor is not on a fold."""
        if not self.rows or self.cursor >= len(self.rows):
            return False
        fold = self.rows[self.cursor].fold
        if fold is None:
            return False
        self.expanded.add(fold.index)
        at = self.cursor
        self._rebuild()
        self._move_to(min(at, len(self.rows) - 1), top=False)
        return True

    # -- blocks and their threads ----------------------------------------------------------

    def set_blocks(self, owners: Sequence[str | None], marks: Mapping[str, BlockMark]) -> None:
        """Which block each new line (0-based) belongs to, and the threads on blocks."""
        self._owners, self._marks = owners, marks
        self._relayout()

    @property
    def has_blocks(self) -> bool:
        return bool(self._owners)

    def block_at(self, index: int) -> str | None:
        """The block the row shows a line of (its new side); None: of no block, or removed."""
        if not self._owners or not 0 <= index < len(self.rows):
            return None
        row = self.rows[index]
        if isinstance(row, UnifiedRow):
            number = row.new_number
        else:
            number = row.new.number if row.new is not None else None
        if number is None or not 0 < number <= len(self._owners):
            return None
        return self._owners[number - 1]

    def block_at_cursor(self) -> str | None:
        return self.block_at(self.cursor)

    def mark_of(self, key: str | None) -> BlockMark | None:
        return self._marks.get(key) if key is not None else None

    def highlight_block(self, key: str) -> bool:
        """Point at a block: its folded lines shown, the cursor on its first line, a bar beside
        its lines. False when no line of the new side belongs to it."""
        lines = [number for number, owner in enumerate(self._owners, 1) if owner == key]
        if not lines or self.diff is None:
            return False
        self.highlighted_block = key
        if not self.everything:
            self.expanded |= self._folds_over(lines)
        self._rebuild()
        row = next((i for i in range(len(self.rows)) if self.block_at(i) == key), 0)
        self._move_to(row, top=True)
        return True

    def _folds_over(self, lines: Sequence[int]) -> set[int]:
        """The folds that hide any of these new lines."""
        assert self.diff is not None
        folds = set()
        for row in self.diff.unified(context=CONTEXT_LINES, expanded=self.expanded):
            fold = row.fold
            if fold is not None and any(
                fold.new_start <= line < fold.new_start + fold.count for line in lines
            ):
                folds.add(fold.index)
        return folds

    @property
    def _mark_cells(self) -> int:
        return MARK_CELLS if self._marks or self.highlighted_block else 0

    def _mark_column(self, index: int) -> tuple[str, str]:
        """The text of a row's mark column and its style."""
        key = self.block_at(index)
        first = key is not None and (index == 0 or self.block_at(index - 1) != key)
        mark = self._marks.get(key) if key is not None and first else None
        highlighted = key is not None and key == self.highlighted_block
        if mark is not None:
            style = "diff-view--thread-mark" if mark.open else "diff-view--resolved-mark"
            if highlighted:
                style = "diff-view--block"
            return f"{mark.label[: MARK_CELLS - 1]:<{MARK_CELLS - 1}} ", style
        if highlighted:
            return "┃" + " " * (MARK_CELLS - 1), "diff-view--block"
        return " " * MARK_CELLS, DiffStyle.LINE_NUMBER

    @property
    def row_count(self) -> int:
        return len(self.rows)

    def row_text(self, index: int) -> str:
        """A row as plain text, as it reads on screen (for tests and for copying)."""
        row = self.rows[index]
        mark = self._mark_column(index)[0] if self._mark_cells else ""
        if isinstance(row, UnifiedRow):
            return mark + "".join(t for t, _ in unified_segments(row, clean=_clean, number_width=1))
        old, new = side_by_side_segments(row, clean=_clean, number_width=1)
        return mark + "".join(t for t, _ in old) + " │ " + "".join(t for t, _ in new)

    # -- rows and layout -------------------------------------------------------------------

    def _rebuild(self) -> None:
        diff = self.diff
        if diff is None:
            self.rows = []
        else:
            context = None if self.everything else CONTEXT_LINES
            if self.mode == "unified":
                self.rows = list(diff.unified(context=context, expanded=self.expanded))
            else:
                self.rows = list(diff.side_by_side(context=context, expanded=self.expanded))
        self._relayout()

    @property
    def _number_width(self) -> int:
        return self.diff.number_width if self.diff is not None else 1

    def _text_widths(self, width: int) -> tuple[int, int]:
        """Cells for the text of a unified row, and for the text of each half of a split row."""
        number = self._number_width
        unified = width - (2 * number + 2) - 2
        half = (width - 1) // 2
        return max(8, unified), max(4, half - number - 2)

    def _row_height(self, row: Row, width: int) -> int:
        if row.fold is not None:
            return 1
        width -= self._mark_cells
        unified_width, half_width = self._text_widths(width)
        if isinstance(row, UnifiedRow):
            return 1 + len(line_breaks(_clean(row.text), unified_width))
        heights = [
            1 + len(line_breaks(_clean(line.text), half_width))
            for line in (row.old, row.new)
            if line
        ]
        return max(heights, default=1)

    def _relayout(self) -> None:
        width = max(20, self.scrollable_content_region.width or self.size.width or 80)
        starts = [0]
        for row in self.rows:
            starts.append(starts[-1] + self._row_height(row, width))
        self._starts = starts
        self._cache.clear()
        total = starts[-1] if self.rows else len(self._message_lines(width))
        self.virtual_size = Size(width, total)
        self.drawn = False
        self.refresh()

    def on_resize(self) -> None:
        self._relayout()

    def _message_lines(self, width: int) -> list[str]:
        """The message broken into lines of the view's width (a narrow pane wraps it whole)."""
        if not self._message:
            return []
        message = _clean(self._message)
        starts = [0, *line_breaks(message, width)]
        ends = [*starts[1:], len(message)]
        return [message[start:end].rstrip() for start, end in zip(starts, ends, strict=True)]

    def _line_numbers(self, index: int) -> tuple[int | None, int | None]:
        if not self.rows:
            return (None, None)
        row = self.rows[min(index, len(self.rows) - 1)]
        if isinstance(row, UnifiedRow):
            return (row.old_number, row.new_number)
        return (
            row.old.number if row.old else None,
            row.new.number if row.new else None,
        )

    def _row_of_lines(self, numbers: tuple[int | None, int | None]) -> int:
        """The row showing the same old or new line (after a change of layout)."""
        old, new = numbers
        for index in range(len(self.rows)):
            here_old, here_new = self._line_numbers(index)
            if (new is not None and here_new == new) or (old is not None and here_old == old):
                return index
        return 0

    # -- the cursor ------------------------------------------------------------------------

    def _move_to(self, index: int, *, top: bool) -> None:
        if not self.rows:
            return
        index = max(0, min(index, len(self.rows) - 1))
        if index != self.cursor:
            self._cache.clear()
        self.cursor = index
        start, end = self._starts[index], self._starts[index + 1]
        height = max(1, self.scrollable_content_region.height)
        scroll_y = round(self.scroll_y)
        if top and (start < scroll_y or end > scroll_y + height or start > scroll_y + height // 2):
            # A change comes into view with a few lines of its context above it.
            self.scroll_to(y=max(0, start - min(2, height // 4)), animate=False)
        elif start < scroll_y:
            self.scroll_to(y=start, animate=False)
        elif end > scroll_y + height:
            self.scroll_to(y=end - height, animate=False)
        self.refresh()
        self.post_message(self.CursorMoved(self, index))

    def action_cursor(self, step: int) -> None:
        self._move_to(self.cursor + step, top=False)

    def action_page(self, step: int) -> None:
        height = max(1, self.scrollable_content_region.height)
        target_line = self._starts[min(self.cursor, len(self._starts) - 1)] + step * height
        row = bisect.bisect_right(self._starts, max(0, target_line)) - 1
        self._move_to(row, top=False)

    def action_ends(self, direction: int) -> None:
        self._move_to(0 if direction < 0 else len(self.rows) - 1, top=False)

    def action_expand(self) -> None:
        if self.expand_at_cursor():
            return
        key = self.block_at_cursor()
        mark = self.mark_of(key)
        if key is not None and mark is not None:
            self.post_message(self.ThreadsWanted(self, key, mark))

    # -- drawing ---------------------------------------------------------------------------

    def _style(self, name: str) -> Style:
        return self.get_component_rich_style(_COMPONENTS.get(name, name))  # type: ignore[call-overload]

    def render_line(self, y: int) -> Strip:
        self.drawn = True
        width = self.scrollable_content_region.width
        line = y + round(self.scroll_y)
        if not self.rows:
            lines = self._message_lines(width)
            if line < len(lines):
                return Strip(
                    [Segment(lines[line], self._style("diff-view--message"))]
                ).adjust_cell_length(width, self.rich_style)
            return Strip.blank(width, self.rich_style)
        if line >= self._starts[-1]:
            return Strip.blank(width, self.rich_style)
        index = bisect.bisect_right(self._starts, line) - 1
        strips = self._row_strips(index, width)
        offset = line - self._starts[index]
        return strips[offset] if offset < len(strips) else Strip.blank(width, self.rich_style)

    def _row_strips(self, index: int, width: int) -> list[Strip]:
        key = (index, width, index == self.cursor)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        row = self.rows[index]
        marks = self._mark_cells
        inner = width - marks
        if isinstance(row, UnifiedRow):
            strips = self._unified_strips(row, inner, index == self.cursor)
        else:
            strips = self._split_strips(row, inner, index == self.cursor)
        if marks:
            label, style = self._mark_column(index)
            rest = "┃" + " " * (marks - 1) if style == "diff-view--block" else " " * marks
            strips = [
                Strip.join([Strip([Segment(label if n == 0 else rest, self._style(style))]), s])
                for n, s in enumerate(strips)
            ]
        height = self._starts[index + 1] - self._starts[index]
        strips = (strips + [Strip.blank(width, self.rich_style)] * height)[:height]
        self._cache[key] = strips
        return strips

    def _pieces(self, segments: list[tuple[str, str]]) -> list[Piece]:
        return [(value, self._style(style)) for value, style in segments if value]

    def _gutter_style(self, cursor: bool) -> Style:
        if cursor:
            return self._style(DiffStyle.LINE_NUMBER) + self._style("diff-view--cursor")
        return self._style(DiffStyle.LINE_NUMBER)

    def _unified_strips(self, row: UnifiedRow, width: int, cursor: bool) -> list[Strip]:
        number_width = self._number_width
        segments = unified_segments(row, clean=_clean, number_width=number_width)
        gutter = segments[0][0]
        fill = self._style(segments[-1][1]) if row.fold is None else self._style(DiffStyle.FOLD)
        if row.fold is not None:
            body = self._pieces(segments[1:])
            pieces = [(gutter, self._gutter_style(cursor)), *body]
            return [Strip(Segment(t, s) for t, s in pieces).adjust_cell_length(width, fill)]
        mark = segments[1]
        text_width = width - _cells(gutter) - _cells(mark[0])
        lines = fold_cells(self._pieces(segments[2:]), text_width)
        mark_style = self._style(mark[1])
        strips = []
        for number, pieces in enumerate(lines):
            first = number == 0
            head = [
                Segment(gutter if first else " " * _cells(gutter), self._gutter_style(cursor)),
                Segment(mark[0] if first else "  ", mark_style),
            ]
            strip = Strip([*head, *(Segment(t, s) for t, s in pieces)])
            strips.append(strip.adjust_cell_length(width, fill))
        return strips

    def _half(self, segments: list[tuple[str, str]], width: int, cursor: bool) -> list[Strip]:
        gutter = segments[0][0]
        body = self._pieces(segments[1:])
        fill = self._style(segments[-1][1])
        lines = fold_cells(body, width - _cells(gutter))
        strips = []
        for number, pieces in enumerate(lines):
            head = Segment(
                gutter if number == 0 else " " * _cells(gutter), self._gutter_style(cursor)
            )
            strip = Strip([head, *(Segment(t, s) for t, s in pieces)])
            strips.append(strip.adjust_cell_length(width, fill))
        return strips

    def _split_strips(self, row: SideBySideRow, width: int, cursor: bool) -> list[Strip]:
        left_width = (width - 1) // 2
        right_width = width - 1 - left_width
        old, new = side_by_side_segments(row, clean=_clean, number_width=self._number_width)
        left = self._half(old, left_width, cursor)
        right = self._half(new, right_width, cursor)
        height = max(len(left), len(right))
        separator = Segment("│", self._style("diff-view--separator"))
        strips = []
        for number in range(height):
            left_strip = (
                left[number]
                if number < len(left)
                else Strip.blank(left_width, self._style(old[-1][1]))
            )
            right_strip = (
                right[number]
                if number < len(right)
                else Strip.blank(right_width, self._style(new[-1][1]))
            )
            strips.append(Strip.join([left_strip, Strip([separator], 1), right_strip]))
        return strips
