"""Snapshots of the forms and confirmations at 80×24 and 120×40, against the demo service.

Update them after a deliberate change of the look with
``pytest tests/browse/test_dialog_snapshots.py --snapshot-update`` and review the SVGs.
"""

from __future__ import annotations

import pytest

from tests.pilot.acting import highlight, open_northwind, refuse
from tests.pilot.fixtures import FailingTransport, paste, settle

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


async def _quiet(pilot) -> None:
    """Settle, and drop the notifications, whose lifetime is measured in real seconds."""
    await settle(pilot)
    pilot.app.clear_notifications()
    await settle(pilot)


@pytest.mark.parametrize("size", SIZES)
def test_new_space_form(snap_compare, make_app, size):
    async def run_before(pilot) -> None:
        await open_northwind(pilot)
        await pilot.press("n", *"Changelog")
        await _quiet(pilot)

    assert snap_compare(make_app(), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_rename_form_with_a_title_over_the_limit(snap_compare, make_app, size):
    async def run_before(pilot) -> None:
        await open_northwind(pilot)
        await pilot.press("e", "ctrl+u")  # the field starts with the title: clear it first
        await paste(pilot, "Product catalogue and everything customers read first")
        await pilot.press("enter")
        await _quiet(pilot)

    assert snap_compare(make_app(), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_rename_form_refused_by_the_service(snap_compare, make_app, transport, size):
    fail = refuse("PATCH", "", 409, "Another change to this space was saved first.")
    app = make_app(transport_override=FailingTransport(transport, fail=fail))

    async def run_before(pilot) -> None:
        screen = await open_northwind(pilot)
        await highlight(pilot, screen, "Team handbook")
        await pilot.press("e", *"Handbook", "enter")
        await _quiet(pilot)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_delete_collection_confirmation(snap_compare, make_app, size):
    async def run_before(pilot) -> None:
        await open_northwind(pilot)
        await pilot.press("d", *"Prod")
        await _quiet(pilot)

    assert snap_compare(make_app(), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_transfer_dialog(snap_compare, make_app, size):
    async def run_before(pilot) -> None:
        screen = await open_northwind(pilot)
        await highlight(pilot, screen, "Internal")
        await pilot.press("t")
        await _quiet(pilot)

    assert snap_compare(make_app(), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_move_dialog(snap_compare, make_app, size):
    async def run_before(pilot) -> None:
        screen = await open_northwind(pilot)
        await highlight(pilot, screen, "Team handbook")
        await pilot.press("m")
        await _quiet(pilot)

    assert snap_compare(make_app(), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_deleted_spaces_list(snap_compare, make_app, size):
    async def run_before(pilot) -> None:
        screen = await open_northwind(pilot)
        await highlight(pilot, screen, "Release notes")
        await pilot.press("d", *"Release notes", "enter")
        await _quiet(pilot)  # the toast of the deletion would stay behind the dialog
        await pilot.press("u")
        await _quiet(pilot)

    assert snap_compare(make_app(), terminal_size=size, run_before=run_before)
