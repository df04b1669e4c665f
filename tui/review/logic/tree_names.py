"""Provides fit_names: the names of a tree's rows cut to their room, each still telling itself apart.

A name wider than its row is cut with an ellipsis ("Configuring the cl…"), never silently. Two
rows whose shown names would read alike ("Imported from https://exa…" twice, or, cut to rooms
of different widths, "Imported from…" and "Imported from http…") show what tells
them apart instead: the distinguishing end of their titles ("Imported…/docs/setup",
"Imported…/docs/install"), or, for titles that are the same, the end of their paths
("Notes · guides/notes", "Notes · api/notes").

    fit_names([TreeName("Imported from https://example.com/docs/setup", "imported-…", 24), …])
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["ELLIPSIS", "TreeName", "cells", "cut", "fit_names"]

ELLIPSIS = "…"
_SEPARATORS = " /-_.·:?#&="
_PATH_SEPARATOR = " · "


@dataclass(frozen=True, slots=True)
class TreeName:
    """A row's title, its path (what tells same titles apart), and the cells it may take."""

    title: str
    path: str | None
    room: int


def cells(value: str) -> int:
    """The cells a terminal draws ``value`` in: 2 for wide characters, none for marks."""
    width = 0
    for char in value:
        if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
            continue
        width += 2 if unicodedata.east_asian_width(char) in "WF" else 1
    return width


def _head(value: str, room: int) -> str:
    """The longest start of ``value`` within ``room`` cells."""
    used = 0
    for index, char in enumerate(value):
        used += cells(char)
        if used > room:
            return value[:index]
    return value


def _tail(value: str, room: int) -> str:
    """The longest end of ``value`` within ``room`` cells."""
    reverse = _head(value[::-1], room)
    return reverse[::-1]


def cut(value: str, room: int) -> str:
    """``value`` within ``room`` cells, ending in … when it had to be cut."""
    if cells(value) <= room:
        return value
    if room <= 0:
        return ""
    return _head(value, room - 1).rstrip() + ELLIPSIS


def _keep_end(start: str, end: str, room: int) -> str:
    """``start`` then ``end`` within ``room``: ``start`` is cut first (with …), then ``end``
    loses its beginning."""
    if cells(start + end) <= room:
        return start + end
    left = room - cells(end) - 1
    if left >= 1:
        return _head(start, left).rstrip() + ELLIPSIS + end
    return ELLIPSIS + _tail(end, room - 1)


def _common_prefix(values: Sequence[str]) -> int:
    # The prefix the first and the last in order share is the one they all share.
    low, high = min(values), max(values)
    for index, char in enumerate(low):
        if index >= len(high) or high[index] != char:
            return index
    return len(low)


def _distinct_end(value: str, prefix: int) -> str:
    """The end of ``value`` from the start of the part where it differs from the others (the
    separator before that part included: "/setup", not "etup")."""
    start = prefix
    while start > 0 and value[start - 1] not in _SEPARATORS:
        start -= 1
    if start > 0 and value[start - 1] != " ":
        start -= 1
    return value[start:]


def _read_alike(shown: Sequence[str]) -> list[list[int]]:
    """Groups of rows whose shown names a reader cannot tell apart: the same name, or a cut
    one ("Imported from…") whose visible start begins another's ("Imported from http…"), as
    happens when rows have different rooms (a thread mark takes some of one)."""
    # Sorted, every name that begins with a given start follows it: one pass finds the groups.
    visible = sorted(
        (value[: -len(ELLIPSIS)].rstrip() if value.endswith(ELLIPSIS) else value, index)
        for index, value in enumerate(value.casefold() for value in shown)
    )
    groups: list[list[int]] = []
    root = ""
    root_cut = False
    for text, index in visible:
        if groups and (text == root or (root_cut and root and text.startswith(root))):
            groups[-1].append(index)
            continue
        groups.append([index])
        root, root_cut = text, shown[index].endswith(ELLIPSIS)
    return [sorted(group) for group in groups if len(group) > 1]


def fit_names(names: Sequence[TreeName]) -> list[str]:
    """What each row shows: its title cut to its room, or, where two rows would read alike,
    what tells them apart (see the module's docstring)."""
    shown = [cut(name.title, name.room) for name in names]
    for group in _read_alike(shown):
        if len(group) < 2:
            continue
        titles = [names[index].title for index in group]
        if len(set(titles)) == len(titles):
            # Titles that differ: their ends say how.
            prefix = _common_prefix(titles)
            for index in group:
                name = names[index]
                end = _distinct_end(name.title, prefix)
                shown[index] = _keep_end(name.title[: len(name.title) - len(end)], end, name.room)
            continue
        paths = [names[index].path or "" for index in group]
        if len(set(paths)) < 2:
            continue  # nothing tells them apart
        prefix = _common_prefix(paths)
        for index in group:
            name = names[index]
            end = _distinct_end(name.path or "", prefix).lstrip("/")
            shown[index] = _keep_end(name.title, _PATH_SEPARATOR + end, name.room)
    return shown
