"""The line matching finds what stayed, so the diff shows only what changed."""

from __future__ import annotations

import difflib
import random

import pytest

from tui.review.logic.diff_lines import line_opcodes


def check(old: list[str], new: list[str]) -> list[tuple[str, int, int, int, int]]:
    opcodes = line_opcodes(old, new)
    i = j = 0
    for tag, i1, i2, j1, j2 in opcodes:
        assert (i1, j1) == (i, j), "opcodes cover both sides without gaps"
        if tag == "equal":
            assert old[i1:i2] == new[j1:j2]
        i, j = i2, j2
    assert (i, j) == (len(old), len(new))
    return opcodes


def kept(opcodes: list[tuple[str, int, int, int, int]]) -> int:
    return sum(i2 - i1 for tag, i1, i2, _, _ in opcodes if tag == "equal")


@pytest.mark.parametrize("seed", range(20))
def test_random_edits_are_covered_exactly_and_keep_as_much_as_difflib(seed):
    rng = random.Random(seed)
    old = [f"line {rng.randrange(60)}" for _ in range(rng.randrange(0, 120))]
    new = list(old)
    for _ in range(rng.randrange(0, 15)):
        at = rng.randrange(len(new) + 1)
        if rng.random() < 0.5 and at < len(new):
            del new[at]
        else:
            new.insert(at, f"line {rng.randrange(60)}")
    ours = check(old, new)
    exact = difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes()
    # Patience anchors can keep fewer lines than difflib's exact match (88% at worst over a
    # thousand such seeds), in exchange for never going quadratic on repeated lines.
    assert kept(ours) >= 0.85 * kept(exact)


def test_empty_sides():
    assert check([], []) == []
    assert check([], ["a"]) == [("insert", 0, 0, 0, 1)]
    assert check(["a"], []) == [("delete", 0, 1, 0, 0)]


def test_identical_sides_are_one_equal_run():
    assert check(["a", "b", "a"], ["a", "b", "a"]) == [("equal", 0, 3, 0, 3)]


def test_unique_lines_anchor_a_swap_of_two_paragraphs():
    old = ["# A", "", "alpha", "", "# B", "", "beta", ""]
    new = ["# B", "", "beta", "", "# A", "", "alpha", ""]
    opcodes = check(old, new)
    assert kept(opcodes) == 4


def test_a_thousand_nested_regions_need_no_recursion():
    old = [f"u{n}" for n in range(3000)]
    new = [f"u{n}" if n % 2 else f"v{n}" for n in range(3000)]
    opcodes = check(old, new)
    assert kept(opcodes) == 1500
