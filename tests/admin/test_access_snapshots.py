"""Snapshots of a space's access, a change to it, the invites view and the invitation form,
at 80×24 (update with ``--snapshot-update`` after a deliberate change, and review the SVGs)."""

from __future__ import annotations

import pytest

from tests.pilot.fixtures import settle
from tui.admin.locations import admin_view_location
from tui.shell.navigation import Location

from ..conftest import ORG

NORTHWIND = Location("organization", ORG, "Northwind Labs", ORG)
# From the tree: Product, opened; API Reference, its second row; then the access key.
API_REFERENCE_ACCESS = ("right", "down", "down", "P")


def opening(place, *keys: str):
    async def run_before(pilot) -> None:
        await settle(pilot)
        pilot.app.open_location(place)
        await settle(pilot)
        for key in keys:
            await pilot.press(key)
            await settle(pilot)
        # A dialog's scrollbars settle a frame after its fields (seen under load): wait them out.
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()
        await settle(pilot)

    return run_before


CASES = {
    "space_access": (NORTHWIND, API_REFERENCE_ACCESS),
    "remove_team_access": (NORTHWIND, (*API_REFERENCE_ACCESS, "d")),
    "invites": (admin_view_location(ORG, "invites"), ()),
    "invite_by_email": (admin_view_location(ORG, "invites"), ("i",)),
}


@pytest.mark.parametrize("case", list(CASES))
def test_access_at_80x24(snap_compare, make_app, case):
    place, keys = CASES[case]
    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=opening(place, *keys))
