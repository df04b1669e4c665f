"""Snapshots of the docs sites' screens at 80×24 and 120×40: the sites list, a site's structure
(as it is, and as an anonymous visitor sees it), its settings, its audience and its published
view, against the demo service with a frozen clock.

Update them after a deliberate change of the look with
``pytest tests/sites/test_site_snapshots.py --snapshot-update`` and review the SVGs.
"""

from __future__ import annotations

import pytest

from tests.pilot.fixtures import settle
from tui.sites.locations import site_location, sites_location

from ..conftest import ORG

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


async def _open_docs(pilot, *keys: str) -> None:
    await settle(pilot)
    page = await pilot.app.client.sites.list_sites(ORG, title="Northwind Docs")
    pilot.app.open_location(site_location(page.items[0], ORG))
    await settle(pilot)
    for key in keys:
        await pilot.press(key)
        await settle(pilot)


@pytest.mark.parametrize("size", SIZES)
def test_sites_list(snap_compare, make_app, size):
    async def run_before(pilot) -> None:
        await settle(pilot)
        await pilot.press("enter")  # Northwind Labs
        await settle(pilot)
        pilot.app.open_location(sites_location(ORG))
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_site_structure(snap_compare, make_app, size):
    async def run_before(pilot) -> None:
        await _open_docs(pilot, "down", "down", "down", "down", "down", "down")  # JavaScript SDK

    assert snap_compare(make_app(), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_site_structure_as_an_anonymous_visitor(snap_compare, make_app, size):
    async def run_before(pilot) -> None:
        await _open_docs(pilot, *["down"] * 6, "v", "a")

    assert snap_compare(make_app(), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_site_settings(snap_compare, make_app, size):
    async def run_before(pilot) -> None:
        await _open_docs(pilot, "2")

    assert snap_compare(make_app(), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_site_audience(snap_compare, make_app, size):
    async def run_before(pilot) -> None:
        await _open_docs(pilot, "3")

    assert snap_compare(make_app(), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_site_published(snap_compare, make_app, size):
    async def run_before(pilot) -> None:
        await _open_docs(pilot, "4")

    assert snap_compare(make_app(), terminal_size=size, run_before=run_before)
