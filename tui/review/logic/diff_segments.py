"""Provides the rendering of diff rows as (text, style name) segments, never as markup.

The screen assembles segments with ``Content`` (``Content.assemble(*segments)`` after mapping
each style name to a style of its theme), so a line of server text such as ``[/]`` shows as
written. Each piece of text goes through ``clean`` (pass ``tui.core.text.safe``), piece by piece,
so a removed control character never shifts the word highlights.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import StrEnum

from .diff import Line, RowKind, SideBySideRow, Span, UnifiedRow

__all__ = ["Clean", "DiffStyle", "Segment", "side_by_side_segments", "unified_segments"]

Segment = tuple[str, str]
"""A piece of a rendered row: its text and the name of its style (a ``DiffStyle``)."""
Clean = Callable[[str], str]
"""What neutralises control characters in server text: ``tui.core.text.safe``."""


class DiffStyle(StrEnum):
    """The style names segments carry; the screen maps them to its theme."""

    LINE_NUMBER = "diff-line-number"
    CONTEXT = "diff-context"
    REMOVED = "diff-removed"
    REMOVED_WORD = "diff-removed-word"
    ADDED = "diff-added"
    ADDED_WORD = "diff-added-word"
    FOLD = "diff-fold"
    EMPTY = "diff-empty"


def _text_segments(
    text: str, spans: Sequence[Span], style: DiffStyle, word_style: DiffStyle, clean: Clean
) -> list[Segment]:
    segments: list[Segment] = []
    at = 0
    for start, end in spans:
        if start > at:
            segments.append((clean(text[at:start]), style))
        segments.append((clean(text[start:end]), word_style))
        at = end
    if at < len(text) or not segments:
        segments.append((clean(text[at:]), style))
    return segments


_STYLES = {
    RowKind.CONTEXT: (DiffStyle.CONTEXT, DiffStyle.CONTEXT, " "),
    RowKind.REMOVED: (DiffStyle.REMOVED, DiffStyle.REMOVED_WORD, "-"),
    RowKind.ADDED: (DiffStyle.ADDED, DiffStyle.ADDED_WORD, "+"),
}


def _number(number: int | None, width: int) -> str:
    return (str(number) if number is not None else "").rjust(width)


def unified_segments(row: UnifiedRow, *, clean: Clean, number_width: int = 4) -> list[Segment]:
    """A unified row as segments: old and new line numbers, a +/- mark, then the text.

    ``clean`` neutralises control characters in server text (pass ``tui.core.text.safe``); it is
    applied to each piece of the text, never to the whole line, so spans stay in place.
    """
    if row.fold is not None:
        blank = " " * (2 * number_width + 3)
        return [(blank, DiffStyle.LINE_NUMBER), (row.fold.label, DiffStyle.FOLD)]
    style, word_style, mark = _STYLES[row.kind]
    numbers = f"{_number(row.old_number, number_width)} {_number(row.new_number, number_width)} "
    return [
        (numbers, DiffStyle.LINE_NUMBER),
        (f"{mark} ", style),
        *_text_segments(row.text, row.spans, style, word_style, clean),
    ]


def _cell(line: Line | None, kind: RowKind, clean: Clean, width: int) -> list[Segment]:
    if line is None:
        return [(" " * (width + 2), DiffStyle.LINE_NUMBER), ("", DiffStyle.EMPTY)]
    style, word_style, mark = _STYLES[kind]
    return [
        # The mark too, as in the unified view: without colour, + and - still tell the halves.
        (f"{_number(line.number, width)}{mark} ", DiffStyle.LINE_NUMBER),
        *_text_segments(line.text, line.spans, style, word_style, clean),
    ]


def side_by_side_segments(
    row: SideBySideRow, *, clean: Clean, number_width: int = 4
) -> tuple[list[Segment], list[Segment]]:
    """A side-by-side row as the segments of its old half and of its new half."""
    if row.fold is not None:
        fold: list[Segment] = [
            (" " * (number_width + 2), DiffStyle.LINE_NUMBER),
            (row.fold.label, DiffStyle.FOLD),
        ]
        return fold, list(fold)
    old_kind = RowKind.REMOVED if row.is_change else RowKind.CONTEXT
    new_kind = RowKind.ADDED if row.is_change else RowKind.CONTEXT
    return (
        _cell(row.old, old_kind, clean, number_width),
        _cell(row.new, new_kind, clean, number_width),
    )
