"""The comment and reply box (TextBox) draws what Textual's TextArea draws, whatever it holds."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.widgets import TextArea
from textual.widgets.text_area import Selection

from tui.widgets import BodyField, TextBox

PARAGRAPH = " ".join(
    f"{'abc'[: i % 4]}word{i}\tmore" if i % 97 == 0 else f"word{i}" for i in range(3000)
)
TEXT = f"# A comment\n\n{PARAGRAPH}\n\n\tindented line\n{'x' * 300}\nlast line"

Act = Callable[[TextArea], Awaitable[None] | None]


class Box(App[None]):
    CSS = "TextArea { width: 50; height: 12; }"

    def __init__(self, box: type[TextArea]) -> None:
        super().__init__()
        self.box = box

    def compose(self) -> ComposeResult:
        box = self.box(TEXT, soft_wrap=True, show_line_numbers=False)
        box.cursor_blink = False  # drawn the same at every instant
        yield box


async def _rows(box: type[TextArea], act: Act) -> list[Any]:
    """The rows the box draws after ``act``, as (text, styles) per segment."""
    app = Box(box)
    async with app.run_test(size=(60, 14)) as pilot:
        area = app.query_one(TextArea)
        area.focus()
        await pilot.pause()
        result = act(area)
        if result is not None:
            await result
        await pilot.pause()
        area.scroll_cursor_visible()
        await pilot.pause()
        # render_lines, as a frame draws it: it applies the theme (the tests draw no frames).
        strips = area.render_lines(Region(0, 0, *area.outer_size))
        return [[(segment.text, segment.style) for segment in strip] for strip in strips]


async def _type(area: TextArea, keys: str) -> None:
    for key in keys:
        await area.app._press_keys([key])  # as typed, so the box wraps at each key


def _select(area: TextArea, start: tuple[int, int], end: tuple[int, int]) -> None:
    area.selection = Selection(start, end)


CASES: dict[str, Act] = {
    "the start": lambda area: None,
    "the cursor deep in the paragraph": lambda area: area.move_cursor((2, 20_000)),
    # Selections end where the cursor is, on the last row drawn: they run above it.
    "a selection across rows of it": lambda area: _select(area, (2, 6_000), (2, 9_000)),
    "a selection within a row": lambda area: _select(area, (2, 100), (2, 130)),
    "a selection over an empty line": lambda area: _select(area, (2, len(PARAGRAPH) - 40), (4, 5)),
    "a tab in view": lambda area: area.move_cursor((4, 3)),
    "a tab deep in the paragraph": lambda area: area.move_cursor(
        (2, PARAGRAPH.index("\t", 15_000) + 2)
    ),
    "a word folded over rows": lambda area: area.move_cursor((5, 120)),
    "the end": lambda area: area.move_cursor(area.document.end),
    "a bracket matched": lambda area: (
        area.insert("(a [b] c)", (2, 50)) and area.move_cursor((2, 53))
    ),
}


async def test_the_box_draws_every_case_as_textual_draws_it():
    for name, act in CASES.items():
        assert await _rows(TextBox, act) == await _rows(TextArea, act), name


async def test_keys_typed_in_the_middle_of_a_long_paragraph_draw_as_textual_draws_them():
    async def typed(area: TextArea) -> None:
        area.move_cursor((2, 12_345))
        await _type(area, "new words typed here ")
        area.move_cursor((2, 400))
        await _type(area, "xyz")

    assert await _rows(TextBox, typed) == await _rows(TextArea, typed)


def test_the_comment_box_is_a_text_box():
    assert isinstance(BodyField("Comment").area, TextBox)
