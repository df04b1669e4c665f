"""Snapshots of review at 80×24 and 120×40: the queue, a change request (its tree of changes and
its diff, unified and side by side), a thread and the merge confirmation.

Update them after a deliberate change of the look with
``pytest tests/review/test_review_snapshots.py --snapshot-update`` and review the SVGs.
"""

from __future__ import annotations

import pytest

from tests.pilot.fixtures import settle
from tests.pilot.reviewing import drafts_home, open_change_request

__all__ = ["drafts_home"]

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


@pytest.mark.parametrize("size", SIZES)
def test_review_queue(snap_compare, make_app, size):
    async def run_before(pilot) -> None:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("R")
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_change_request_in_its_default_layout(snap_compare, make_app, size):
    """Unified at 80 columns, side by side at 120."""

    async def run_before(pilot) -> None:
        await open_change_request(pilot, "Restructure the Python SDK guide")

    assert snap_compare(make_app(), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_change_request_in_the_other_layout(snap_compare, make_app, size):
    """v: side by side at 80 columns, unified at 120."""

    async def run_before(pilot) -> None:
        await open_change_request(pilot, "Document the new rate limits")
        await pilot.press("v")
        await settle(pilot)
        # Its toast lasts 1.5 s, which a loaded machine may or may not outlast: without it.
        pilot.app.clear_notifications()
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_a_thread(snap_compare, make_app, size):
    async def run_before(pilot) -> None:
        await open_change_request(pilot, "Explain when tokens expire")
        await pilot.press("t")
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_the_merge_confirmation(snap_compare, make_app, size):
    async def run_before(pilot) -> None:
        await open_change_request(pilot, "Explain when tokens expire")
        await pilot.press("m")
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=size, run_before=run_before)
