"""A reviewer reads a page's markdown diff: unified or side by side, folded, word by word."""

from __future__ import annotations

import difflib
import random

import pytest

from tui.review.logic.diff import (
    Fold,
    Line,
    MarkdownDiff,
    RowKind,
    SideBySideRow,
    UnifiedRow,
    next_change,
    previous_change,
    split_lines,
    word_spans,
)
from tui.review.logic.diff_segments import DiffStyle, side_by_side_segments, unified_segments

C, R, A, X, F = RowKind.CONTEXT, RowKind.REMOVED, RowKind.ADDED, RowKind.CHANGED, RowKind.FOLD


def numbered(count: int, prefix: str = "line") -> list[str]:
    return [f"{prefix} {n}" for n in range(1, count + 1)]


def text(lines: list[str]) -> str:
    return "\n".join(lines) + "\n"


def shape(rows: list[UnifiedRow]) -> list[tuple[str, int | None, int | None, str]]:
    return [(row.kind.value, row.old_number, row.new_number, row.text) for row in rows]


def test_an_edited_line_shows_as_removed_then_added_with_line_numbers():
    diff = MarkdownDiff("# Title\nold words\nend\n", "# Title\nnew words\nend\n")
    assert shape(diff.unified()) == [
        ("context", 1, 1, "# Title"),
        ("removed", 2, None, "old words"),
        ("added", None, 2, "new words"),
        ("context", 3, 3, "end"),
    ]
    assert (diff.added, diff.removed) == (1, 1)


def test_the_changed_word_is_highlighted_inside_the_line():
    diff = MarkdownDiff("Retry three times before failing.\n", "Retry five times before failing.\n")
    removed, added = diff.unified()
    assert removed.text[slice(*removed.spans[0])] == "three"
    assert added.text[slice(*added.spans[0])] == "five"
    assert len(removed.spans) == len(added.spans) == 1


def test_words_inserted_at_the_end_are_one_span():
    old_spans, new_spans = word_spans("Call the API", "Call the API twice, then stop")
    assert old_spans == ()
    assert new_spans == ((12, 29),)


def test_lines_too_different_are_marked_whole_not_word_by_word():
    assert word_spans("The quick brown fox", "1. Install Python 3.11") == ((), ())


def test_a_very_long_line_is_marked_whole():
    assert word_spans("a " * 3000, "b " * 3000) == ((), ())


def test_added_and_removed_pages_are_all_added_or_all_removed():
    added = MarkdownDiff(None, "one\ntwo\n").unified()
    removed = MarkdownDiff("one\ntwo\n", "").unified()
    assert shape(added) == [("added", None, 1, "one"), ("added", None, 2, "two")]
    assert shape(removed) == [("removed", 1, None, "one"), ("removed", 2, None, "two")]


def test_identical_pages_have_no_changes_and_fold_entirely():
    diff = MarkdownDiff(text(numbered(50)), text(numbered(50)))
    assert not diff.has_changes
    (row,) = diff.unified()
    assert row.kind is F and row.fold == Fold(0, 1, 1, 50)
    assert len(diff.unified(expanded={0})) == 50


def test_line_breaks_of_every_kind_number_the_same_lines():
    assert split_lines("a\r\nb\rc\nd") == ["a", "b", "c", "d"]
    assert split_lines("a\n\n") == ["a", ""]
    assert split_lines("") == split_lines(None) == []
    assert not MarkdownDiff("a\r\nb\r\n", "a\nb").has_changes


def test_long_unchanged_runs_fold_to_the_context_around_changes():
    old = numbered(100)
    new = list(old)
    new[49] = "line 50 edited"
    rows = MarkdownDiff(text(old), text(new)).unified(context=3)
    assert [r.kind for r in rows] == [F, C, C, C, R, A, C, C, C, F]
    assert rows[0].fold == Fold(index=0, old_start=1, new_start=1, count=46)
    assert rows[0].text == "⋯ 46 unchanged lines"
    assert (rows[1].old_number, rows[-2].old_number) == (47, 53)
    assert rows[-1].fold == Fold(index=1, old_start=54, new_start=54, count=47)


def test_a_fold_expands_by_its_index_and_the_others_keep_theirs():
    old = numbered(100)
    new = list(old)
    new[49] = "edited"
    diff = MarkdownDiff(text(old), text(new))
    rows = diff.unified(context=3, expanded={1})
    assert [r.fold.index for r in rows if r.fold] == [0]
    assert rows[-1].old_number == 100
    assert len(diff.unified(context=None)) == 101


def test_no_context_shows_only_the_changes_between_folds():
    old = numbered(10)
    new = list(old)
    new[4] = "edited"
    rows = MarkdownDiff(text(old), text(new)).unified(context=0)
    assert [r.kind for r in rows] == [F, R, A, F]
    with pytest.raises(ValueError, match="0 or more"):
        MarkdownDiff("a", "b").unified(context=-1)


def test_a_gap_of_one_line_between_contexts_is_shown_not_folded():
    old = numbered(20)
    new = list(old)
    new[2] = "edited 3"
    new[10] = "edited 11"  # lines 4..10 unchanged: 3 + 1 + 3
    rows = MarkdownDiff(text(old), text(new)).unified(context=3)
    middle = [r for r in rows if r.kind is F and 4 <= (r.fold.old_start if r.fold else 0) <= 10]
    assert middle == []
    assert [r.old_number for r in rows if r.kind is C][:7] == [1, 2, 4, 5, 6, 7, 8]


def test_hunks_match_what_difflib_unified_diff_writes():
    rng = random.Random(7)
    old = numbered(400)
    new = list(old)
    for index in sorted(rng.sample(range(400), 12), reverse=True):
        choice = rng.choice(["edit", "delete", "insert"])
        if choice == "edit":
            new[index] += " edited"
        elif choice == "delete":
            del new[index]
        else:
            new.insert(index, "inserted")
    expected = [
        line.strip()
        for line in difflib.unified_diff(old, new, lineterm="", n=3)
        if line.startswith("@@")
    ]
    assert len(expected) > 5
    assert [h.header for h in MarkdownDiff(text(old), text(new)).hunks(context=3)] == expected


def test_a_hunk_that_only_adds_numbers_the_old_side_by_the_line_before():
    diff = MarkdownDiff("a\nb\n", "a\nnew\nb\n")
    assert [h.header for h in diff.hunks()] == ["@@ -1,2 +1,3 @@"]
    only = MarkdownDiff("", "x\n")
    assert [h.header for h in only.hunks()] == ["@@ -0,0 +1 @@"]


def test_side_by_side_puts_a_replaced_line_beside_what_it_became():
    diff = MarkdownDiff("keep\nold one\nold two\ngone\nend\n", "keep\nnew one\nnew two\nend\n")
    rows = diff.side_by_side()
    assert [r.kind for r in rows] == [C, X, X, R, C]
    assert rows[1].old == Line(2, "old one") and rows[1].old.spans == ((0, 3),)
    assert rows[1].new == Line(2, "new one") and rows[1].new.spans == ((0, 3),)
    assert rows[3].old == Line(4, "gone") and rows[3].new is None
    assert rows[4].old == Line(5, "end") and rows[4].new == Line(4, "end")


def test_side_by_side_shows_an_added_line_alone_on_the_right():
    rows = MarkdownDiff("a\nb\n", "a\nb\nc\n").side_by_side()
    assert rows[-1] == SideBySideRow(A, None, Line(3, "c"))


def test_next_and_previous_change_walk_the_runs_of_changes():
    old = numbered(60)
    new = list(old)
    new[10] = "x"
    new[11] = "y"
    new[40] = "z"
    rows = MarkdownDiff(text(old), text(new)).unified(context=2)
    starts = [i for i, r in enumerate(rows) if r.is_change and not rows[i - 1].is_change]
    assert len(starts) == 2
    assert next_change(rows, -1) == starts[0]
    assert next_change(rows, starts[0]) == starts[1]
    assert next_change(rows, starts[0] + 1) == starts[1]
    assert next_change(rows, starts[1]) is None
    assert previous_change(rows, len(rows)) == starts[1]
    assert previous_change(rows, starts[1]) == starts[0]
    assert previous_change(rows, starts[0]) is None


def test_navigation_works_on_side_by_side_rows_too():
    rows = MarkdownDiff("a\nb\nc\n", "a\nB\nc\n").side_by_side()
    assert next_change(rows, 0) == 1
    assert previous_change(rows, 2) == 1


def test_unified_segments_carry_numbers_marks_and_word_styles():
    removed, added = MarkdownDiff("say [b] to all\n", "say [/] to all\n").unified()
    assert unified_segments(added, clean=str, number_width=3) == [
        ("      1 ", DiffStyle.LINE_NUMBER),
        ("+ ", DiffStyle.ADDED),
        ("say [", DiffStyle.ADDED),
        ("/", DiffStyle.ADDED_WORD),
        ("] to all", DiffStyle.ADDED),
    ]
    assert (
        "".join(t for t, _ in unified_segments(removed, clean=str)) == "   1      - say [b] to all"
    )


def test_segments_pass_every_piece_through_the_cleaner():
    _, added = MarkdownDiff("title one\n", "title \x1b[31mtwo\n").unified()
    pieces = unified_segments(added, clean=lambda s: s.replace("\x1b", "␛"), number_width=1)
    assert "".join(t for t, _ in pieces) == "  1 + title ␛[31mtwo"
    assert all("\x1b" not in t for t, _ in pieces)


def test_an_empty_line_still_gives_a_text_segment():
    (row,) = MarkdownDiff("", "\n").unified()
    assert unified_segments(row, clean=str, number_width=1)[-1] == ("", DiffStyle.ADDED)


def test_fold_segments_say_how_many_lines_are_hidden():
    (row,) = MarkdownDiff(text(numbered(5)), text(numbered(5))).unified()
    assert unified_segments(row, clean=str, number_width=2)[-1] == (
        "⋯ 5 unchanged lines",
        DiffStyle.FOLD,
    )
    (side,) = MarkdownDiff(text(numbered(5)), text(numbered(5))).side_by_side()
    old, new = side_by_side_segments(side, clean=str, number_width=2)
    assert old == new and old[-1][1] is DiffStyle.FOLD


def test_side_by_side_segments_leave_the_missing_half_empty():
    rows = MarkdownDiff("a\n", "a\nb\n").side_by_side()
    old, new = side_by_side_segments(rows[-1], clean=str, number_width=1)
    assert old == [("   ", DiffStyle.LINE_NUMBER), ("", DiffStyle.EMPTY)]
    assert new == [("2+ ", DiffStyle.LINE_NUMBER), ("b", DiffStyle.ADDED)]
    context_old, _ = side_by_side_segments(rows[0], clean=str, number_width=1)
    assert context_old == [("1  ", DiffStyle.LINE_NUMBER), ("a", DiffStyle.CONTEXT)]


def test_the_number_width_fits_the_largest_line_number():
    assert MarkdownDiff("", "").number_width == 1
    assert MarkdownDiff(text(numbered(999)), text(numbered(1200))).number_width == 4


@pytest.mark.parametrize("seed", range(5))
def test_rows_always_rebuild_both_texts(seed):
    rng = random.Random(seed)
    words = ["alpha", "beta", "", "gamma", "# heading", "- item", "delta"]
    old = [rng.choice(words) for _ in range(300)]
    new = [w if rng.random() > 0.1 else rng.choice(words) for w in old]
    new[rng.randrange(300) :] = new[rng.randrange(300) :][:50]
    diff = MarkdownDiff(text(old), text(new))
    unified = diff.unified(context=None)
    assert [r.text for r in unified if r.kind is not A] == old
    assert [r.text for r in unified if r.kind is not R] == new
    side = diff.side_by_side(context=None)
    assert [r.old.text for r in side if r.old] == old
    assert [r.new.text for r in side if r.new] == new
    assert [r.old.number for r in side if r.old] == list(range(1, len(old) + 1))


def test_a_two_hundred_kilobyte_page_with_scattered_edits_diffs_correctly():
    old = [f"Paragraph {n}: the quick brown fox jumps over the lazy dog." for n in range(4000)]
    new = list(old)
    for index in range(0, 4000, 97):
        new[index] = new[index].replace("lazy", "sleepy")
    assert len(text(old)) > 200_000
    diff = MarkdownDiff(text(old), text(new))
    assert diff.added == diff.removed == len(range(0, 4000, 97))
    rows = diff.unified(context=3)
    assert sum(1 for r in rows if r.kind is R) == diff.removed
    first_removed = next(r for r in rows if r.kind is R)
    assert first_removed.text[slice(*first_removed.spans[0])] == "lazy"


def markdown_page(sections: int) -> list[str]:
    lines = []
    for n in range(sections):
        lines += [
            f"## Section {n}",
            "",
            f"Text of section {n}.",
            "",
            "```python",
            "run()",
            "```",
            "",
        ]
    return lines


def test_an_edit_in_a_page_of_blank_lines_and_fences_shows_as_that_edit_only():
    old = markdown_page(600)
    new = list(old)
    new[5] = "run(retries=3)"  # a line that repeats across the page
    new[2002] = "Text of section 250, revised."
    diff = MarkdownDiff(text(old), text(new))
    assert (diff.added, diff.removed) == (2, 2)
    changed = [r for r in diff.unified(context=0) if r.is_change]
    assert [(r.kind, r.old_number or r.new_number) for r in changed] == [
        (R, 6),
        (A, 6),
        (R, 2003),
        (A, 2003),
    ]


def test_a_moved_block_shows_as_removed_there_and_added_here():
    old = markdown_page(20)
    new = old[80:] + old[:80]
    diff = MarkdownDiff(text(old), text(new))
    assert diff.added == diff.removed == 80
    assert sum(j2 - j1 for tag, _, _, j1, j2 in diff.opcodes if tag == "equal") == 80


def test_a_page_of_only_repeated_lines_still_diffs_and_rebuilds_both_sides():
    rng = random.Random(11)
    vocabulary = ["", "| --- |", "- item", "```", "    code()"]
    old = [rng.choice(vocabulary) for _ in range(5000)]
    new = [line if rng.random() > 0.2 else rng.choice(vocabulary) for line in old]
    rows = MarkdownDiff(text(old), text(new)).side_by_side(context=None)
    assert [r.old.text for r in rows if r.old] == old
    assert [r.new.text for r in rows if r.new] == new
