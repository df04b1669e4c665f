"""The diff widget: lines fold at their column's width, and server text is never markup."""

from __future__ import annotations

from textual.app import App, ComposeResult

from tests.pilot.fixtures import screen_text
from tui.review.diff_view import DiffView, fold_cells, line_breaks
from tui.review.logic.diff import MarkdownDiff


def test_a_long_line_breaks_after_a_space_near_the_edge_else_where_it_is_full():
    assert line_breaks("short", 10) == []
    assert line_breaks("the quick brown fox", 10) == [10]  # "the quick |brown fox"
    assert line_breaks("abcdefghijklmnop", 5) == [5, 10, 15]
    assert line_breaks("日本語のテキスト", 5) == [2, 4, 6]  # wide characters never straddle


def test_folding_keeps_each_pieces_style():
    lines = fold_cells([("the quick ", "a"), ("brown fox", "b")], 10)
    assert lines == [[("the quick ", "a")], [("brown fox", "b")]]


class DiffApp(App[None]):
    def __init__(self, diff: MarkdownDiff, mode: str) -> None:
        super().__init__()
        self.diff = diff
        self.mode = mode

    def compose(self) -> ComposeResult:
        yield DiffView()

    def on_mount(self) -> None:
        self.query_one(DiffView).show(self.diff, mode=self.mode)  # type: ignore[arg-type]


async def test_a_diff_of_markup_shows_it_as_written_in_both_layouts():
    diff = MarkdownDiff("[/]\nkeep\n", "[b]bold[/b] \x1b[31m\nkeep\n")
    for mode in ("unified", "split"):
        app = DiffApp(diff, mode)
        async with app.run_test(size=(60, 6)) as pilot:
            await pilot.pause()
            shown = screen_text(app)
            assert "[/]" in shown and "[b]bold[/b]" in shown
            assert "␛[31m" in shown  # the escape is shown, never obeyed
