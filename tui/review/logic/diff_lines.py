"""Provides the line matching under the markdown diff: patience anchors, then ``difflib``.

``difflib.SequenceMatcher`` alone is either slow or wrong on markdown: without its "autojunk"
heuristic a 200 KB page full of blank lines and code fences takes seconds (every repeated line
is tried against every other), and with it those same lines are never matched, so a small edit
can show as a whole page rewritten. So the lines are matched as ``git diff --patience`` does:
lines that occur once on each side anchor the match (their longest common order), the regions
between anchors are matched again the same way, and only a region without such lines is left
to ``SequenceMatcher``: exact when the region is small, with autojunk when it is huge.
"""

from __future__ import annotations

import bisect
import difflib
from collections.abc import Sequence

__all__ = ["Opcode", "line_opcodes"]

Opcode = tuple[str, int, int, int, int]
"""As ``difflib``: (tag, i1, i2, j1, j2) with tag equal, replace, delete or insert."""
Block = tuple[int, int, int]
"""A run of equal lines: (index in old, index in new, length)."""

# Past this many line pairs, a region without unique lines is matched with autojunk: the
# exact match costs up to one step per pair, and a second is not worth a finer fold.
EXACT_MATCH_MAX_PAIRS = 1_000_000


def _unique_common(
    old: Sequence[str], new: Sequence[str], alo: int, ahi: int, blo: int, bhi: int
) -> list[tuple[int, int]]:
    """Pairs (i, j) of lines found exactly once in each region, in the order of ``old``."""
    in_old: dict[str, int] = {}
    for i in range(alo, ahi):
        in_old[old[i]] = -1 if old[i] in in_old else i
    in_new: dict[str, int] = {}
    for j in range(blo, bhi):
        line = new[j]
        if line in in_old and in_old[line] >= 0:
            in_new[line] = -1 if line in in_new else j
    pairs = [(in_old[line], j) for line, j in in_new.items() if j >= 0]
    pairs.sort()
    return pairs


def _longest_order(pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The longest run of pairs increasing in both indices (patience sorting, n log n)."""
    tops: list[int] = []  # smallest j ending an increasing run of each length
    ends: list[int] = []  # index in pairs of that run's last pair
    previous: list[int] = [-1] * len(pairs)
    for index, (_, j) in enumerate(pairs):
        length = bisect.bisect_left(tops, j)
        if length == len(tops):
            tops.append(j)
            ends.append(index)
        else:
            tops[length] = j
            ends[length] = index
        previous[index] = ends[length - 1] if length else -1
    chain: list[tuple[int, int]] = []
    at = ends[-1] if ends else -1
    while at >= 0:
        chain.append(pairs[at])
        at = previous[at]
    chain.reverse()
    return chain


def _fallback(
    old: Sequence[str], new: Sequence[str], alo: int, ahi: int, blo: int, bhi: int
) -> list[Block]:
    exact = (ahi - alo) * (bhi - blo) <= EXACT_MATCH_MAX_PAIRS
    matcher = difflib.SequenceMatcher(None, old[alo:ahi], new[blo:bhi], autojunk=not exact)
    return [(alo + i, blo + j, size) for i, j, size in matcher.get_matching_blocks() if size]


def _matching_blocks(old: Sequence[str], new: Sequence[str]) -> list[Block]:
    blocks: list[Block] = []
    regions = [(0, len(old), 0, len(new))]  # a stack, not recursion: regions can nest deeply
    while regions:
        alo, ahi, blo, bhi = regions.pop()
        head = 0
        while alo + head < ahi and blo + head < bhi and old[alo + head] == new[blo + head]:
            head += 1
        if head:
            blocks.append((alo, blo, head))
            alo, blo = alo + head, blo + head
        tail = 0
        while alo < ahi - tail and blo < bhi - tail and old[ahi - 1 - tail] == new[bhi - 1 - tail]:
            tail += 1
        if tail:
            blocks.append((ahi - tail, bhi - tail, tail))
            ahi, bhi = ahi - tail, bhi - tail
        if alo == ahi or blo == bhi:
            continue
        anchors = _longest_order(_unique_common(old, new, alo, ahi, blo, bhi))
        if not anchors:
            blocks.extend(_fallback(old, new, alo, ahi, blo, bhi))
            continue
        i_from, j_from = alo, blo
        for i, j in anchors:
            blocks.append((i, j, 1))
            regions.append((i_from, i, j_from, j))
            i_from, j_from = i + 1, j + 1
        regions.append((i_from, ahi, j_from, bhi))
    blocks.sort()
    merged: list[Block] = []
    for i, j, size in blocks:
        if merged and merged[-1][0] + merged[-1][2] == i and merged[-1][1] + merged[-1][2] == j:
            merged[-1] = (merged[-1][0], merged[-1][1], merged[-1][2] + size)
        else:
            merged.append((i, j, size))
    return merged


def line_opcodes(old: Sequence[str], new: Sequence[str]) -> list[Opcode]:
    """How to turn the ``old`` lines into the ``new`` ones, as ``SequenceMatcher.get_opcodes``."""
    opcodes: list[Opcode] = []
    i = j = 0
    for ai, bj, size in [*_matching_blocks(old, new), (len(old), len(new), 0)]:
        if i < ai and j < bj:
            opcodes.append(("replace", i, ai, j, bj))
        elif i < ai:
            opcodes.append(("delete", i, ai, j, bj))
        elif j < bj:
            opcodes.append(("insert", i, ai, j, bj))
        i, j = ai + size, bj + size
        if size:
            opcodes.append(("equal", ai, i, bj, j))
    return opcodes
