"""Snapshots of every view of the administration and its main dialogs, at 80×24 and 120×40.

Update them after a deliberate change of the look with
``pytest tests/admin/test_admin_snapshots.py --snapshot-update`` and review the SVGs.
"""

from __future__ import annotations

import pytest

from tests.pilot.fixtures import settle
from tui.admin.locations import admin_location, admin_view_location, openapi_spec_location

from ..conftest import ORG

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


def opening(place, *keys: str):
    async def run_before(pilot) -> None:
        await settle(pilot)
        pilot.app.open_location(place)
        await settle(pilot)
        if keys:
            await pilot.press(*keys)
            await settle(pilot)

    return run_before


VIEWS = {
    "administration": (admin_location(ORG), ()),
    "organisation": (admin_view_location(ORG, "organization"), ()),
    "members": (admin_view_location(ORG, "members"), ("down", "space", "down", "space")),
    "member": (admin_view_location(ORG, "members"), ("down", "down", "enter")),
    "teams": (admin_view_location(ORG, "teams"), ()),
    "team": (admin_view_location(ORG, "teams"), ("enter",)),
    "sso": (admin_view_location(ORG, "sso"), ()),
    "openapi": (admin_view_location(ORG, "openapi"), ()),
    "openapi_spec": (openapi_spec_location(ORG, "northwind-api"), ()),
    "translations": (admin_view_location(ORG, "translations"), ()),
    "git": (admin_view_location(ORG, "git"), ("down", "down", "down")),
    "access": (admin_view_location(ORG, "access"), ()),
}

DIALOGS = {
    "member_role": (admin_view_location(ORG, "members"), ("e",)),
    "bulk_role": (admin_view_location(ORG, "members"), ("space", "space", "e")),
    "remove_member": (admin_view_location(ORG, "members"), ("d",)),
    "new_team": (admin_view_location(ORG, "teams"), ("n",)),
    "saml_provider": (admin_view_location(ORG, "sso"), ("e",)),
    "new_openapi_spec": (admin_view_location(ORG, "openapi"), ("n",)),
    "git_export": (admin_view_location(ORG, "git"), ("down", "down", "down", "x")),
    "who_can": (admin_view_location(ORG, "access"), ("w",)),
}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("view", list(VIEWS))
def test_view(snap_compare, make_app, view, size):
    place, keys = VIEWS[view]
    assert snap_compare(make_app(), terminal_size=size, run_before=opening(place, *keys))


# The main dialogs at both sizes; the simpler forms at 80×24, where room is scarce.
BOTH_SIZES = ("bulk_role", "remove_member", "saml_provider", "git_export")
DIALOG_CASES = [
    pytest.param(dialog, size.values[0], id=f"{dialog}-{size.id}")
    for dialog in DIALOGS
    for size in SIZES
    if dialog in BOTH_SIZES or size.id == "80x24"
]


@pytest.mark.parametrize(("dialog", "size"), DIALOG_CASES)
def test_dialog(snap_compare, make_app, dialog, size):
    place, keys = DIALOGS[dialog]
    assert snap_compare(make_app(), terminal_size=size, run_before=opening(place, *keys))
