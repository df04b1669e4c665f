"""Snapshots of every screen at 80×24 and 120×40, against the demo service with a frozen clock.

Update them after a deliberate change of the look (or of the demo data) with
``pytest tests/browse/test_snapshots.py --snapshot-update`` and review the SVGs.
"""

from __future__ import annotations

import pytest

from tests.pilot.fixtures import settle

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


async def _open_northwind(pilot) -> None:
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)


@pytest.mark.parametrize("size", SIZES)
def test_welcome(snap_compare, make_app, size):
    app = make_app(None, open_demo=lambda: None)
    assert snap_compare(app, terminal_size=size, run_before=settle)


@pytest.mark.parametrize("size", SIZES)
def test_organizations(snap_compare, make_app, size):
    assert snap_compare(make_app(), terminal_size=size, run_before=settle)


@pytest.mark.parametrize("size", SIZES)
def test_organization_with_a_collection_expanded(snap_compare, make_app, size):
    async def run_before(pilot) -> None:
        await _open_northwind(pilot)
        await pilot.press("right")
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_space_with_a_page(snap_compare, make_app, size):
    async def run_before(pilot) -> None:
        await _open_northwind(pilot)
        await pilot.press("right", "down", "down", "enter")
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_space_files(snap_compare, make_app, size):
    async def run_before(pilot) -> None:
        await _open_northwind(pilot)
        await pilot.press("right", "down", "down", "enter")
        await settle(pilot)
        await pilot.press("f")
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_search_results(snap_compare, make_app, size):
    async def run_before(pilot) -> None:
        await _open_northwind(pilot)
        await pilot.press("s")
        await settle(pilot)
        await pilot.press(*"colour", "enter")
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_keys_dialog(snap_compare, make_app, size):
    async def run_before(pilot) -> None:
        await _open_northwind(pilot)
        await pilot.press("question_mark")
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=size, run_before=run_before)
