"""Provides first_screenful: the first rows of a large tree's levels, to draw before the rest.

An ``ItemTree`` draws a row for each item of an expanded level: a tree of a thousand changed
pages is a thousand rows, about a tenth of a second of drawing before anything shows. Its
first screenful is drawn first (the first items of the top level and what is open below
them) and the whole after, when what the user waits for is painted.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from .item_tree import TreeItem

__all__ = ["Levels", "first_screenful"]

Levels = dict[str | None, list[TreeItem[Any]]]


def _rows(levels: Levels, expanded: Collection[str], item: TreeItem[Any]) -> int:
    """How many rows ``item`` takes: itself and what is open below it."""
    rows = 0
    stack = [item]
    while stack:
        current = stack.pop()
        rows += 1
        if current.expandable and current.key in expanded:
            stack.extend(levels.get(current.key, ()))
    return rows


def first_screenful(
    levels: Levels, expanded: Collection[str], *, rows: int, holding: str | None = None
) -> Levels | None:
    """The levels of the first top-level items that fill ``rows`` rows (and hold the item
    ``holding``, if it is in the tree), with every level below them; None when the tree is
    not much larger than that (it is drawn whole at once)."""
    top = levels.get(None, [])
    counted = cut = 0
    while cut < len(top) and counted < rows:
        counted += _rows(levels, expanded, top[cut])
        cut += 1
    if cut >= len(top):
        return None
    first: Levels = {None: top[:cut]}
    stack = [item.key for item in top[:cut]]
    while stack:
        key = stack.pop()
        if key in levels:
            first[key] = levels[key]
            stack.extend(child.key for child in levels[key])
    if holding is not None and not _holds(first, holding) and _holds(levels, holding):
        return None  # the item to show is further down: drawn whole, it is there at once
    return first


def _holds(levels: Levels, key: str) -> bool:
    return any(item.key == key for items in levels.values() for item in items)
