"""Helpers of the tests that act on the service through the app's dialogs."""

from __future__ import annotations

from typing import Any

import httpx
from textual.widgets import OptionList

from tests.pilot.fixtures import screen_text, settle
from tui.browse.organization import OrganizationScreen
from tui.widgets import ItemTree

from ..conftest import ORG, RecordingTransport, Sent


def tree_rows(tree: ItemTree) -> list[str]:
    rows = []
    for line in range(tree.last_line + 1):
        node = tree.get_node_at_line(line)
        if node is not None:
            rows.append(node.label.plain)
    return rows


async def open_northwind(pilot: Any) -> OrganizationScreen:
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)
    assert isinstance(pilot.app.screen, OrganizationScreen)
    return pilot.app.screen


async def highlight(pilot: Any, screen: OrganizationScreen, title: str) -> None:
    """Move the cursor onto the loaded row of that title, as the arrows would."""
    tree = screen.content_tree
    for line in range(tree.last_line + 1):
        node = tree.get_node_at_line(line)
        if node is not None and node.data is not None and node.data.title == title:
            tree.move_cursor(node)
            await settle(pilot)
            return
    raise AssertionError(f"no row {title!r} in {tree_rows(tree)}")


async def collection_id(client: Any, title: str) -> str:
    page = await client.collections.list_collections_in_organization_by_id(ORG)
    return next(c.id for c in page.items if c.title == title)


async def space_id(client: Any, title: str) -> str:
    page = await client.spaces.list_spaces_in_organization_by_id(ORG)
    return next(s.id for s in page.items if s.title == title)


def on_screen(app: Any) -> str:
    """What the dialog on top shows, its lines joined so that a wrapped message reads as one.

    A dialog's thick border draws █ on both sides of each of its lines: what lies between is
    the dialog's, what lies outside is the dimmed screen behind it. Without a dialog, the
    whole screen.
    """
    lines = screen_text(app).splitlines()
    inside = [line[line.index("█") + 1 : line.rindex("█")] for line in lines if line.count("█") > 1]
    kept = [line.strip(" ▀▄▔▁") for line in (inside or lines)]
    return " ".join(" ".join(kept).split())


def notifications(app: Any) -> list[str]:
    return [n.message for n in app._notifications]


def sent(transport: RecordingTransport, method: str) -> list[Sent]:
    """The requests of one method that reached the service, in order."""
    return [s for s in transport.sent if s.method == method]


def option_labels(dialog: Any, selector: str) -> list[str]:
    listing = dialog.query_one(selector, OptionList)
    return [listing.get_option_at_index(i).prompt.plain for i in range(listing.option_count)]


def refuse(method: str, path_end: str, status: int, message: str) -> Any:
    """A service that refuses one kind of request with its own message."""

    def fail(request: httpx.Request) -> httpx.Response | None:
        if request.method == method and request.url.path.endswith(path_end):
            return httpx.Response(status, json={"error": {"code": status, "message": message}})
        return None

    return fail
