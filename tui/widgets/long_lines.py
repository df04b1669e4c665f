"""Provides LongLineWrapping: the wrapping of a text box, kept up per key at the cost of the key.

Textual's WrappedDocument wraps again the whole document line an edit touches: in a paragraph
of 100 KB (a comment typed without a blank line), every key re-wrapped 100 KB. Greedy wrapping
is the same before the edit (a line break depends only on the words up to it) and, once a
break after the edit falls where an old one did (shifted by what the edit added), the same
after it: LongLineWrapping wraps again from two rows above the edit until that happens, a row
or two in practice, and keeps the rest. Lines with tabs (whose widths depend on the column)
are wrapped whole, as before.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from itertools import pairwise

from textual._wrap import compute_wrap_offsets
from textual.document._document import Location
from textual.document._wrapped_document import WrappedDocument

__all__ = ["LongLineWrapping"]

LONG_LINE_ROWS = 8
"""From this many wrapped rows, a line edited is wrapped again from near the edit only."""
WINDOW_ROWS = 3
"""How far past the edit (in widths) the first attempt to meet the old breaks looks."""

_WORD_START = re.compile(r"\s\S")


class LongLineWrapping(WrappedDocument):
    """A WrappedDocument that wraps again only the rows an edit within one line changes."""

    def wrap_range(self, start: Location, old_end: Location, new_end: Location) -> None:
        line_index = start[0]
        if not (
            line_index == old_end[0] == new_end[0]
            and 0 <= line_index < len(self._wrap_offsets)
            and self._rewrap_near(line_index, start[1], old_end[1], new_end[1])
        ):
            super().wrap_range(start, old_end, new_end)

    def _rewrap_near(self, line_index: int, edit_start: int, old_end: int, new_end: int) -> bool:
        """Wrap line ``line_index`` again near an edit of it; False to wrap it whole."""
        width = self._width
        old = self._wrap_offsets[line_index]
        line = self.document.get_line(line_index)
        if not width or len(old) < LONG_LINE_ROWS or "\t" in line:
            return False
        delta = new_end - old_end
        # The breaks up to two rows above the edit stand: each depends on the word after it.
        kept = old[: max(bisect_right(old, edit_start) - 2, 0)]
        restart = kept[-1] if kept else 0
        window_end = len(line)
        found = _WORD_START.search(line, max(restart, new_end + WINDOW_ROWS * width))
        if found is not None:
            window_end = found.start() + 1  # a word starts there: wrapping up to it is exact
        breaks = compute_wrap_offsets(line[restart:window_end], width, self._tab_width)
        new = [*kept]
        for offset in breaks:
            offset += restart
            new.append(offset)
            if offset < new_end:
                continue
            # The same text follows a break here and the old one at offset - delta.
            index = bisect_left(old, offset - delta)
            if index < len(old) and old[index] == offset - delta:
                new.extend(o + delta for o in old[index + 1 :])
                break
        else:
            if window_end < len(line):
                return False  # no meeting within the window: wrap it whole (rare)
        self._replace_breaks(line_index, new)
        return True

    def _replace_breaks(self, line_index: int, breaks: list[int]) -> None:
        """Set the breaks of one line (without tabs), and the rows of those below it."""
        rows_before = len(self._wrap_offsets[line_index]) + 1
        rows = len(breaks) + 1
        top = self._line_index_to_offsets[line_index][0]
        self._wrap_offsets[line_index] = breaks
        self._line_index_to_offsets[line_index] = list(range(top, top + rows))
        self._offset_to_line_info[top : top + rows_before] = [
            (line_index, section) for section in range(rows)
        ]
        shift = rows - rows_before
        if shift:
            below = self._line_index_to_offsets
            for index in range(line_index + 1, len(below)):
                below[index] = [offset + shift for offset in below[index]]

    def get_sections(self, line_index: int) -> list[str]:
        # Slices, not a rich Text cut into pieces: a hundredth of the cost on a long line.
        line = self.document.get_line(line_index)
        bounds = [0, *self._wrap_offsets[line_index], len(line)]
        return [line[a:b] for a, b in pairwise(bounds)]
