"""Helpers of the review tests: open a change request or a thread as the app would, read a diff."""

from __future__ import annotations

from typing import Any

import pytest

from tests.pilot.fixtures import settle
from tui.review.change_request import ChangeRequestScreen
from tui.review.diff_view import DiffView
from tui.review.locations import change_request_location
from tui.shell.navigation import space_location

from ..conftest import ORG


@pytest.fixture(autouse=True)
def drafts_home(tmp_path, monkeypatch):
    """Drafts go to a folder of the test's own, never to the user's data directory."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path / "data"


async def find_change_request(client: Any, subject: str) -> tuple[Any, Any]:
    """(space, change request) of the demo by subject, whatever its status."""
    spaces = await client.spaces.list_spaces_in_organization_by_id(ORG, limit=100)
    for space in spaces.items:
        for status in ("open", "draft", "merged", "archived"):
            page = await client.change_requests.list_change_requests_for_space(
                space.id, status=status
            )
            for change_request in page.items:
                if change_request.subject == subject:
                    return space, change_request
    raise AssertionError(f"no change request {subject!r}")


async def open_change_request(pilot: Any, subject: str) -> ChangeRequestScreen:
    """Open a change request's screen as the space's list would (Enter on its row)."""
    app = pilot.app
    await settle(pilot)
    space, change_request = await find_change_request(app.client, subject)
    app.session.places.see(space_location(space))
    app.open_location(change_request_location(space, change_request))
    await settle(pilot)
    screen = app.screen
    assert isinstance(screen, ChangeRequestScreen)
    return screen


def diff_rows(screen: ChangeRequestScreen) -> list[str]:
    view = screen.query_one(DiffView)
    return [view.row_text(index) for index in range(view.row_count)]


def tree_titles(screen: ChangeRequestScreen) -> list[str]:
    tree = screen.change_tree
    rows = []
    for line in range(tree.last_line + 1):
        node = tree.get_node_at_line(line)
        if node is not None:
            rows.append(node.label.plain)
    return rows


async def type_text(pilot: Any, value: str) -> None:
    """Paste into the focused box as a terminal does: the app forwards it to the focus.

    (A Paste posted straight to a TextArea would bubble back to the app and arrive twice.)
    """
    from textual import events

    pilot.app.post_message(events.Paste(value))
    await pilot.pause()
