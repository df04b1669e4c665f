"""The record tables draw what Textual's DataTable draws: cells drawn straight, rows added later.

RecordTable draws its one-line cells itself and keeps what it drew when rows are added below
(tui/widgets/record_table.py, tui/widgets/appending_table.py): both are compared here with
Textual's own drawing, for cells of every kind, the cursor on them or not.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import App, ComposeResult
from textual.geometry import Region

from tui.widgets.record_table import Column, Record, RecordTable

COLUMNS = (
    Column("name", "Name", 12),
    Column("role", "Role", 6),
    Column("note", "Note", 1),
    Column("email", "E-mail", 10, flex=True),
)

VALUES: list[object] = [
    "Ada Lovelace",
    "a name far too long for its column",
    "[b]not bold[/b]",
    "漢字の名前がとても長い",
    "👩‍💻 developer",
    "e\u0301te\u0301",
    "",
    None,
    "tab\there",
    "bell\x07 and \x1b[31m escape",
    Text("struck out", style="dim strike"),
    Text("two styles", spans=[]).append(" bold", style="bold"),
    Text("line\nbreak"),
    42,
]


def _records(count: int, start: int = 0) -> list[Record]:
    records = []
    for n in range(start, start + count):
        value = VALUES[n % len(VALUES)]
        cells = (value, Text("admin", style="italic"), VALUES[(n * 7) % len(VALUES)], f"{n}@x.test")
        records.append(Record(f"r{n}", cells))
    return records


class TextualCells(RecordTable):
    """A record table that leaves every cell to Textual's drawing."""

    def _one_line_cell(self, row_index: int, column_index: int) -> Text | None:
        return None


class Tables(App[None]):
    CSS = "RecordTable { height: 20; width: 60; }"

    def __init__(self, kind: type[RecordTable]) -> None:
        super().__init__()
        self.kind = kind

    def compose(self) -> ComposeResult:
        yield self.kind(COLUMNS, markable=True)


def _drawn(table: RecordTable) -> list[Any]:
    # render_lines, as a frame draws it (the tests draw no frames).
    strips = table.render_lines(Region(0, 0, *table.outer_size))
    return [[(segment.text, segment.style) for segment in strip] for strip in strips]


async def _draw(kind: type[RecordTable], act: Any) -> list[list[Any]]:
    """What the table draws after each step of ``act`` (an async generator of steps)."""
    app = Tables(kind)
    frames = []
    async with app.run_test(size=(70, 24)) as pilot:
        table = app.query_one(RecordTable)
        table.focus()
        await pilot.pause()
        async for _ in act(table, pilot):
            await pilot.pause()
            frames.append(_drawn(table))
    return frames


async def test_cells_drawn_straight_are_the_cells_textual_draws():
    async def act(table: RecordTable, pilot: Any) -> Any:
        table.set_records(_records(40))
        yield
        for _ in range(3):
            await pilot.press("down")
            yield
        await pilot.press("space", "space")  # marked rows
        yield
        await pilot.press("pagedown")
        yield

    ours = await _draw(RecordTable, act)
    assert ours == await _draw(TextualCells, act)
    assert any("…" in text for row in ours[0] for text, _ in row)  # cells were cut


async def test_rows_added_below_leave_what_is_shown_as_a_table_drawn_whole_shows_it():
    async def added(table: RecordTable, pilot: Any) -> Any:
        table.set_records(_records(30), more=True)
        await pilot.press("down", "down")
        yield
        await table.add_page(_records(450, start=30), more=False)
        yield
        await pilot.press("end")
        yield

    async def whole(table: RecordTable, pilot: Any) -> Any:
        table.set_records(_records(30), more=True)
        await pilot.press("down", "down")
        yield
        table.set_records(_records(480))
        yield
        await pilot.press("end")
        yield

    assert await _draw(RecordTable, added) == await _draw(TextualCells, whole)


async def test_a_cell_changed_after_rows_were_added_shows_its_change():
    async def act(table: RecordTable, pilot: Any) -> Any:
        table.set_records(_records(30), more=True)
        await pilot.pause()
        await table.add_page(_records(300, start=30))
        table.replace_record(Record("r1", ("Grace Hopper", Text("owner"), "", "g@x.test")))
        await pilot.press("down", "space")  # marks r1
        yield

    async def whole(table: RecordTable, pilot: Any) -> Any:
        records = _records(330)
        records[1] = Record("r1", ("Grace Hopper", Text("owner"), "", "g@x.test"))
        table.set_records(records)
        await pilot.press("down", "space")
        yield

    (ours,) = await _draw(RecordTable, act)
    assert ours == (await _draw(TextualCells, whole))[0]
    row = "".join(text for text, _ in ours[2])
    assert "Grace Hopper" in row and "✓" in row


async def test_the_screen_end_lands_on_after_a_page_is_drawn_as_textual_draws_it():
    async def followed(table: RecordTable, pilot: Any) -> Any:
        table.set_records(_records(30), more=True)
        await pilot.press("end")  # the cursor follows the rows End asked for
        await table.add_page(_records(450, start=30), more=False)
        yield

    async def whole(table: RecordTable, pilot: Any) -> Any:
        table.set_records(_records(480))
        await pilot.press("end")
        yield

    (ours,) = await _draw(RecordTable, followed)
    assert ours == (await _draw(TextualCells, whole))[0]
    assert "479@x.test" in "".join(text for text, _ in ours[-1])
