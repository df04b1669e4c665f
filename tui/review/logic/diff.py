"""Provides markdown diffs as plain rows: unified and side by side, word spans, folds, navigation.

Built on the standard library's ``difflib`` (``textual-diff-view`` is AGPL and is not used),
with patience anchors for the lines (``diff_lines``).
Rows are plain data; ``diff_segments`` turns a row into ``(text, style name)`` pairs that the
screen assembles with ``Content``, so server text is never read as markup.

    diff = MarkdownDiff(old_markdown, new_markdown)     # the line diff, computed once
    diff.unified(context=3, expanded={0})              # rows, folds of unchanged runs
    diff.side_by_side(context=3)                       # rows with an old and a new cell
    diff.hunks(context=3)                              # "@@ -12,7 +12,9 @@" ranges
    next_change(rows, index) / previous_change(rows, index)
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property

from .diff_lines import Opcode, line_opcodes

__all__ = [
    "Fold",
    "Hunk",
    "Line",
    "MarkdownDiff",
    "RowKind",
    "SideBySideRow",
    "UnifiedRow",
    "next_change",
    "previous_change",
    "split_lines",
    "word_spans",
]

Span = tuple[int, int]
"""A changed stretch of a line's text: ``text[start:end]``."""

# Word diffs of lines longer than this are skipped: the line is marked as a whole instead.
WORD_DIFF_MAX_CHARS = 4000
# Below this share of equal tokens, two lines are different lines, not one line edited, and
# word highlights would only be noise.
WORD_DIFF_MIN_RATIO = 0.4
_TOKEN = re.compile(r"\w+|\s+|[^\w\s]")
_LINE_BREAK = re.compile(r"\r\n?")


class RowKind(StrEnum):
    CONTEXT = "context"
    REMOVED = "removed"
    ADDED = "added"
    CHANGED = "changed"
    """Side by side only: an old line and the new line it became, on one row."""
    FOLD = "fold"
    """A run of unchanged lines hidden behind one row; expand it by its ``fold.index``."""


@dataclass(frozen=True, slots=True)
class Fold:
    """Unchanged lines hidden behind one row. ``index`` is stable whatever else is expanded."""

    index: int
    old_start: int
    new_start: int
    count: int

    @property
    def label(self) -> str:
        return f"⋯ {self.count} unchanged line{'s' if self.count != 1 else ''}"


def _no_words() -> tuple[Span, ...]:
    return ()


@dataclass(frozen=True, slots=True)
class Line:
    """One side of a side-by-side row: a line number (from 1), its text and changed words."""

    number: int
    text: str
    words: Callable[[], tuple[Span, ...]] = field(default=_no_words, compare=False, repr=False)

    @property
    def spans(self) -> tuple[Span, ...]:
        """The changed words of the line, worked out when first asked (rows off screen never are)."""
        return self.words()


@dataclass(frozen=True, slots=True)
class UnifiedRow:
    kind: RowKind
    old_number: int | None
    new_number: int | None
    text: str
    fold: Fold | None = None
    words: Callable[[], tuple[Span, ...]] = field(default=_no_words, compare=False, repr=False)

    @property
    def spans(self) -> tuple[Span, ...]:
        """The changed words of the line, worked out when first asked (rows off screen never are)."""
        return self.words()

    @property
    def is_change(self) -> bool:
        return self.kind in _CHANGE_KINDS


@dataclass(frozen=True, slots=True)
class SideBySideRow:
    kind: RowKind
    old: Line | None
    new: Line | None
    fold: Fold | None = None

    @property
    def is_change(self) -> bool:
        return self.kind in _CHANGE_KINDS


@dataclass(frozen=True, slots=True)
class Hunk:
    """A run of changes with their context; line numbers start at 1 as in ``diff -u``."""

    old_start: int
    old_count: int
    new_start: int
    new_count: int

    @property
    def header(self) -> str:
        """The hunk's header as ``diff -u`` (and ``difflib.unified_diff``) writes it."""
        return f"@@ -{_range(self.old_start, self.old_count)} +{_range(self.new_start, self.new_count)} @@"


def _range(start: int, count: int) -> str:
    return str(start) if count == 1 else f"{start},{count}"


_CHANGE_KINDS = frozenset({RowKind.REMOVED, RowKind.ADDED, RowKind.CHANGED})


def split_lines(text: str | None) -> list[str]:
    """The lines of a text as an editor numbers them (any line break; no final empty line)."""
    if not text:
        return []
    lines = _LINE_BREAK.sub("\n", text).split("\n")
    if lines[-1] == "":
        lines.pop()
    return lines


def _token_spans(tokens: list[str]) -> list[Span]:
    spans, at = [], 0
    for token in tokens:
        spans.append((at, at + len(token)))
        at += len(token)
    return spans


def _merge(spans: list[Span]) -> tuple[Span, ...]:
    merged: list[Span] = []
    for start, end in spans:
        if merged and merged[-1][1] == start:
            merged[-1] = (merged[-1][0], end)
        else:
            merged.append((start, end))
    return tuple(merged)


def word_spans(old: str, new: str) -> tuple[tuple[Span, ...], tuple[Span, ...]]:
    """The changed words of a line and the line it became, as spans of each.

    Two empty tuples mean "mark the whole line": the lines are too long or too different for
    word highlights to help.
    """
    if old == new or len(old) > WORD_DIFF_MAX_CHARS or len(new) > WORD_DIFF_MAX_CHARS:
        return (), ()
    old_tokens, new_tokens = _TOKEN.findall(old), _TOKEN.findall(new)
    matcher = difflib.SequenceMatcher(None, old_tokens, new_tokens, autojunk=False)
    # quick_ratio is a cheap upper bound of ratio: most unrelated lines stop there.
    if matcher.quick_ratio() < WORD_DIFF_MIN_RATIO or matcher.ratio() < WORD_DIFF_MIN_RATIO:
        return (), ()
    old_at, new_at = _token_spans(old_tokens), _token_spans(new_tokens)
    old_spans: list[Span] = []
    new_spans: list[Span] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        if i2 > i1:
            old_spans.append((old_at[i1][0], old_at[i2 - 1][1]))
        if j2 > j1:
            new_spans.append((new_at[j1][0], new_at[j2 - 1][1]))
    return _merge(old_spans), _merge(new_spans)


class MarkdownDiff:
    """The line diff of two markdown texts, and the rows to show it."""

    def __init__(self, old: str | None, new: str | None) -> None:
        self.old_lines = split_lines(old)
        self.new_lines = split_lines(new)
        self.opcodes: tuple[Opcode, ...] = tuple(line_opcodes(self.old_lines, self.new_lines))
        self._word_cache: dict[tuple[int, int], tuple[tuple[Span, ...], tuple[Span, ...]]] = {}

    @cached_property
    def added(self) -> int:
        """Lines added (a replaced line counts as one removed and one added)."""
        return sum(j2 - j1 for tag, _, _, j1, j2 in self.opcodes if tag != "equal")

    @cached_property
    def removed(self) -> int:
        return sum(i2 - i1 for tag, i1, i2, _, _ in self.opcodes if tag != "equal")

    @property
    def has_changes(self) -> bool:
        return any(tag != "equal" for tag, *_ in self.opcodes)

    @property
    def number_width(self) -> int:
        """Columns the largest line number takes (at least 1): the segments' ``number_width``."""
        return len(str(max(len(self.old_lines), len(self.new_lines), 1)))

    @property
    def fold_count(self) -> int:
        """How many runs of unchanged lines there are: the range of ``Fold.index``."""
        return sum(1 for tag, *_ in self.opcodes if tag == "equal")

    def words(self, old_index: int, new_index: int) -> tuple[tuple[Span, ...], tuple[Span, ...]]:
        """The word spans of a paired old and new line (0-based indices), computed once."""
        key = (old_index, new_index)
        if key not in self._word_cache:
            self._word_cache[key] = word_spans(self.old_lines[old_index], self.new_lines[new_index])
        return self._word_cache[key]

    def _old_words(self, old_index: int, new_index: int) -> Callable[[], tuple[Span, ...]]:
        return lambda: self.words(old_index, new_index)[0]

    def _new_words(self, old_index: int, new_index: int) -> Callable[[], tuple[Span, ...]]:
        return lambda: self.words(old_index, new_index)[1]

    def _plan(
        self, context: int | None, expanded: Collection[int], min_fold: int = 2
    ) -> Iterator[Opcode | Fold]:
        """The opcodes to show, with unchanged runs cut down to ``context`` lines and folds.

        ``context=None`` shows every line. A fold of rows hides at least two lines: hiding
        one line behind a row would save nothing (hunks split at one, as ``diff -u`` does).
        """
        if context is not None and context < 0:
            raise ValueError(f"context is a number of lines, 0 or more (got {context})")
        last = len(self.opcodes) - 1
        fold_index = -1
        for position, (tag, i1, i2, j1, j2) in enumerate(self.opcodes):
            if tag != "equal":
                yield (tag, i1, i2, j1, j2)
                continue
            fold_index += 1
            size = i2 - i1
            before = 0 if position == 0 else min(context or 0, size)
            after = 0 if position == last else min(context or 0, size - before)
            hidden = size - before - after
            if context is None or fold_index in expanded or hidden < min_fold:
                yield (tag, i1, i2, j1, j2)
                continue
            if before:
                yield (tag, i1, i1 + before, j1, j1 + before)
            yield Fold(fold_index, i1 + before + 1, j1 + before + 1, hidden)
            if after:
                yield (tag, i2 - after, i2, j2 - after, j2)

    def hunks(self, context: int = 3) -> list[Hunk]:
        """The runs of changes with ``context`` lines around them, as ``diff -u`` groups them."""
        hunks: list[Hunk] = []
        group: list[Opcode] = []
        for item in [*self._plan(context, (), min_fold=1), None]:
            if isinstance(item, tuple):
                group.append(item)
                continue
            if any(op[0] != "equal" for op in group):
                _, i1, _, j1, _ = group[0]
                _, _, i2, _, j2 = group[-1]
                # diff -u numbers an empty side by the line before it.
                hunks.append(
                    Hunk(i1 + 1 if i2 > i1 else i1, i2 - i1, j1 + 1 if j2 > j1 else j1, j2 - j1)
                )
            group = []
        return hunks

    def unified(self, context: int | None = 3, expanded: Collection[int] = ()) -> list[UnifiedRow]:
        """Rows of the unified view: removed lines before the added lines that replace them."""
        rows: list[UnifiedRow] = []
        old, new = self.old_lines, self.new_lines
        R, A = RowKind.REMOVED, RowKind.ADDED
        for item in self._plan(context, expanded):
            if isinstance(item, Fold):
                rows.append(UnifiedRow(RowKind.FOLD, None, None, item.label, fold=item))
                continue
            tag, i1, i2, j1, j2 = item
            if tag == "equal":
                rows.extend(
                    UnifiedRow(RowKind.CONTEXT, i1 + k + 1, j1 + k + 1, old[i1 + k])
                    for k in range(i2 - i1)
                )
                continue
            paired = min(i2 - i1, j2 - j1) if tag == "replace" else 0
            for k in range(i2 - i1):
                words = self._old_words(i1 + k, j1 + k) if k < paired else _no_words
                rows.append(UnifiedRow(R, i1 + k + 1, None, old[i1 + k], words=words))
            for k in range(j2 - j1):
                words = self._new_words(i1 + k, j1 + k) if k < paired else _no_words
                rows.append(UnifiedRow(A, None, j1 + k + 1, new[j1 + k], words=words))
        return rows

    def side_by_side(
        self, context: int | None = 3, expanded: Collection[int] = ()
    ) -> list[SideBySideRow]:
        """Rows of the side-by-side view: a replaced line beside the line it became."""
        rows: list[SideBySideRow] = []
        old, new = self.old_lines, self.new_lines
        for item in self._plan(context, expanded):
            if isinstance(item, Fold):
                rows.append(SideBySideRow(RowKind.FOLD, None, None, fold=item))
                continue
            tag, i1, i2, j1, j2 = item
            if tag == "equal":
                rows.extend(
                    SideBySideRow(
                        RowKind.CONTEXT,
                        Line(i1 + k + 1, old[i1 + k]),
                        Line(j1 + k + 1, new[j1 + k]),
                    )
                    for k in range(i2 - i1)
                )
                continue
            for k in range(max(i2 - i1, j2 - j1)):
                i, j = i1 + k, j1 + k
                if i < i2 and j < j2:
                    rows.append(
                        SideBySideRow(
                            RowKind.CHANGED,
                            Line(i + 1, old[i], self._old_words(i, j)),
                            Line(j + 1, new[j], self._new_words(i, j)),
                        )
                    )
                elif i < i2:
                    rows.append(SideBySideRow(RowKind.REMOVED, Line(i + 1, old[i]), None))
                else:
                    rows.append(SideBySideRow(RowKind.ADDED, None, Line(j + 1, new[j])))
        return rows


def _change_starts(rows: Sequence[UnifiedRow | SideBySideRow]) -> list[int]:
    return [
        index
        for index, row in enumerate(rows)
        if row.is_change and (index == 0 or not rows[index - 1].is_change)
    ]


def next_change(rows: Sequence[UnifiedRow | SideBySideRow], index: int) -> int | None:
    """The first row of the next run of changes after row ``index``; None after the last."""
    return next((start for start in _change_starts(rows) if start > index), None)


def previous_change(rows: Sequence[UnifiedRow | SideBySideRow], index: int) -> int | None:
    """The first row of the run of changes before row ``index``; None before the first."""
    return next((start for start in reversed(_change_starts(rows)) if start < index), None)
