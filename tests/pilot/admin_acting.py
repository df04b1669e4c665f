"""Helpers of the administration's tests: open a view, read its rows, pick in a dialog."""

from __future__ import annotations

from typing import Any

from tests.pilot.fixtures import settle
from tui.admin.locations import admin_location, admin_view_location
from tui.widgets import ChoiceField, ItemList
from tui.widgets.record_table import RecordTable

from ..conftest import ORG


async def open_admin(pilot: Any, view: str | None = None, organization: str = ORG) -> Any:
    """Open the administration (or one of its views) as the palette would."""
    await settle(pilot)
    app = pilot.app
    app.open_location(
        admin_view_location(organization, view) if view else admin_location(organization)
    )
    await settle(pilot)
    return app.screen


def rows(screen: Any, table: str = "#records") -> list[str]:
    """The first cell of every row shown."""
    return [_plain(record.cells[0]) for record in screen.query_one(table, RecordTable).shown]


def cells(screen: Any, key: str, table: str = "#records") -> list[str]:
    record = screen.query_one(table, RecordTable).record(key)
    assert record is not None, f"no row {key!r}"
    return [_plain(cell) for cell in record.cells]


def _plain(cell: object) -> str:
    return getattr(cell, "plain", str(cell))


async def highlight_row(pilot: Any, screen: Any, first_cell: str, table: str = "#records") -> None:
    """Put the cursor on the row whose first cell reads ``first_cell``."""
    records = screen.query_one(table, RecordTable)
    for index, record in enumerate(records.shown):
        if _plain(record.cells[0]) == first_cell:
            records.move_cursor(row=index)
            await settle(pilot)
            return
    raise AssertionError(f"no row {first_cell!r} in {rows(screen, table)}")


async def choose(pilot: Any, field: str, value: str) -> None:
    """Choose a value of a drop-down field with the keys: open it, move to it, Enter."""
    choice = pilot.app.screen.query_one(field, ChoiceField)
    options = [v for _, v in choice.select._options]
    choice.select.focus()
    await pilot.press("enter")
    await pilot.pause()
    steps = options.index(value) - options.index(choice.value)
    await pilot.press(*(["down"] * steps if steps > 0 else ["up"] * -steps), "enter")
    await pilot.pause()
    assert choice.value == value


async def pick(pilot: Any, label_start: str) -> None:
    """In a PickDialog or ListDialog, move to the entry starting with ``label_start``, Enter."""
    listing = pilot.app.screen.query_one(ItemList)
    for index, entry in enumerate(listing.entries):
        if entry.prompt.plain.lstrip().startswith(label_start):
            listing.highlighted = index
            await pilot.press("enter")
            await settle(pilot)
            return
    raise AssertionError(f"no entry {label_start!r}")
