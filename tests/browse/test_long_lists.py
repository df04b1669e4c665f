"""Long lists load page by page: what a page appended in place keeps, and End loading the rest."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from textual.app import App, ComposeResult

from tests.conftest import fresh_service
from tests.pilot.fixtures import GatedTransport, settle
from tui.widgets import ItemTree, TreeItem

from .test_large_organisation import details_title, open_globex


@pytest.fixture(scope="module")
def large_service() -> Any:
    """The large dataset, served once for this module's tests, which only read it."""
    return fresh_service("large")


@pytest.fixture
def large_transport(large_service: Any) -> httpx.AsyncBaseTransport:
    # Not the recording transport: checking 5,000 spaces against the OpenAPI schema would
    # take the test's whole time, and the contract tests check these answers already.
    return httpx.ASGITransport(app=large_service)


def space(index: int) -> TreeItem[int]:
    return TreeItem(f"space:{index}", f"Space {index:04d}", "space", value=index)


def folder(name: str) -> TreeItem[int]:
    return TreeItem(f"folder:{name}", name, "collection", value=-1, expandable=True)


class TreeApp(App[None]):
    """An ItemTree alone: a folder whose spaces come page by page, and a list after it."""

    def compose(self) -> ComposeResult:
        yield ItemTree[int](id="tree")

    @property
    def tree(self) -> ItemTree[int]:
        return self.query_one(ItemTree)


def lines_of(tree: ItemTree[Any]) -> list[tuple[list[str], bool, int]]:
    return [
        ([str(node.label) for node in line.path], line.last, line.path[-1].line)
        for line in tree._tree_lines
    ]


async def test_a_page_appended_in_place_draws_the_lines_a_full_redraw_would():
    app = TreeApp()
    async with app.run_test(size=(60, 20)) as pilot:
        tree = app.tree
        tree.set_children(None, [folder("Crowded"), folder("After")], more=True)
        tree.expand_key("folder:Crowded")
        tree.set_children("folder:Crowded", [space(i) for i in range(50)], more=True)
        await pilot.pause()
        for start in (50, 100):
            tree.append_children(
                "folder:Crowded", [space(i) for i in range(start, start + 50)], more=True
            )
        tree.append_children("folder:Crowded", [space(i) for i in range(150, 170)], more=False)
        tree.append_children(None, [folder("Last")], more=False)
        patched = lines_of(tree)
        tree._tree_lines_cached = None  # what Textual's own full build makes of the same nodes
        assert lines_of(tree) == patched
        assert patched[1] == (["Crowded", "Space 0000"], False, 1)
        assert [labels[-1] for labels, _, _ in patched[-3:]] == ["Space 0169", "After", "Last"]
        assert "Load more…" not in {labels[-1] for labels, _, _ in patched}


async def test_an_appended_page_keeps_the_cursor_on_its_item_and_the_filter():
    app = TreeApp()
    async with app.run_test(size=(60, 20)) as pilot:
        tree = app.tree
        tree.focus()
        tree.set_children(None, [space(i) for i in range(50)], more=True)
        await pilot.pause()
        tree.select_key("space:7")
        await pilot.pause()
        tree.append_children(None, [space(i) for i in range(50, 100)], more=True)
        await pilot.pause()
        assert tree.highlighted is not None and tree.highlighted.key == "space:7"
        tree.set_filter("Space 009")
        await pilot.pause()
        tree.append_children(None, [space(i) for i in range(100, 150)], more=False)
        await pilot.pause()
        assert tree.filter == "Space 009"
        shown = [str(tree.get_node_at_line(line).label) for line in range(tree.last_line + 1)]
        assert shown == [f"Space {i:04d}" for i in range(90, 100)]
        assert tree.highlighted is not None and tree.highlighted.key == "space:90"


async def test_an_appended_page_keeps_the_highlighted_space_and_its_details(
    make_app, large_transport
):
    # The crowded collection's next page waits until the cursor rests on one of its spaces.
    gated = GatedTransport(large_transport, hold=lambda request: False)
    app = make_app(transport_override=gated)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_globex(pilot)
        tree = screen.content_tree
        gated.hold = lambda request: (
            "/collections/" in request.url.path and "page" in str(request.url)
        )
        # Into the crowded collection, past its three collections, to its second space.
        await pilot.press("right", *["down"] * 5)
        for _ in range(3):  # not settle(): it would wait for the held page
            await pilot.pause()
        assert gated.held == 1  # asked for ahead of the cursor, before its "load more" row
        chosen = tree.highlighted
        assert chosen is not None and chosen.kind == "space"
        before = tree.filtered_count()
        gated.gate.set()
        await settle(pilot)
        assert tree.filtered_count() == before + 50
        assert tree.highlighted == chosen
        assert details_title(screen).endswith(chosen.title)


async def test_end_loads_the_rest_of_the_list_and_lands_on_its_last_space(
    make_app, large_transport
):
    app = make_app(transport_override=large_transport, page_size=1000)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_globex(pilot)
        tree = screen.content_tree
        await pilot.press("right", "down")  # into the crowded collection: 5,003 rows
        await settle(pilot)
        first = tree.highlighted
        assert first is not None
        holder = tree.item("collection:" + first.value.parent)
        assert holder is not None and tree.has_more(holder.key)
        await pilot.press("end")
        for _ in range(8):  # a page of 1,000 at a time, each asked for once the last is shown
            await settle(pilot, rounds=1)
            if not tree.has_more(holder.key):
                break
        await settle(pilot)
        assert not tree.has_more(holder.key)
        last = tree.highlighted
        assert last is not None and last.title.endswith("notes 04999")
        assert details_title(screen).endswith(last.title)
        assert len(tree._children[holder.key]) == 5003


class _ListRequests(httpx.AsyncBaseTransport):
    """Passes requests on, keeping the query of each listing of ``path``."""

    def __init__(self, inner: httpx.AsyncBaseTransport, path: str) -> None:
        self.inner, self.path = inner, path
        self.queries: list[dict[str, str]] = []

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        if request.url.path == self.path:
            self.queries.append(dict(request.url.params))
        return await self.inner.handle_async_request(request)


async def test_end_in_the_two_thousand_members_of_globex_reaches_the_last_at_the_largest_page(
    make_app, large_transport
):
    from ..pilot.admin_acting import open_admin

    listing = _ListRequests(large_transport, "/v1/orgs/org-globex/members")
    app = make_app(transport_override=listing)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_admin(pilot, "members", organization="org-globex")
        table = screen.table
        assert len(table.records) == 50 and table.more
        first_pages = len(listing.queries)
        await pilot.press("end")
        await settle(pilot)
        assert len(table.records) == screen.total == 2000
        assert not table.more
        assert table.cursor_row == 1999
        assert table.highlighted_record is table.records[-1]
        # The rest came at the API's largest page: 1,950 members in two requests.
        assert [q["limit"] for q in listing.queries[first_pages:]] == ["1000", "1000"]


async def test_a_key_after_end_keeps_the_cursor_where_it_goes_and_the_rest_still_loads(
    make_app, large_transport
):
    from ..pilot.admin_acting import open_admin

    gated = GatedTransport(large_transport, hold=lambda request: False)
    app = make_app(transport_override=gated)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_admin(pilot, "members", organization="org-globex")
        table = screen.table
        gated.hold = lambda request: "page" in request.url.params
        await pilot.press("end")
        await pilot.pause()
        assert table.cursor_row == 49 and gated.held == 1
        await pilot.press("k", "k")
        gated.gate.set()
        await settle(pilot)
        assert len(table.records) == 2000
        assert table.cursor_row == 47


async def test_end_in_the_threads_of_a_change_request_reaches_the_last_thread(
    make_app, large_transport
):
    from tui.review.locations import change_request_location
    from tui.shell.navigation import space_location

    threads = _ListRequests(large_transport, "")
    app = make_app(transport_override=threads)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        client = app.client
        spaces = client.spaces.list_spaces_in_organization_by_id
        async for found in client.paginate(spaces, "org-globex", limit=1000):
            if found.title == "Release train":
                break
        change_request = await client.change_requests.get_change_request_by_id(
            found.id, "cr-globex-001"
        )
        threads.path = f"/v1/spaces/{found.id}/change-requests/cr-globex-001/comments"
        app.session.places.see(space_location(found))
        app.open_location(change_request_location(found, change_request))
        await settle(pilot)
        screen: Any = app.screen
        await screen.show_threads()
        await settle(pilot)
        listing = screen.thread_list.list
        listing.focus()
        asked = len(threads.queries)
        await pilot.press("end")
        await settle(pilot)
        assert not screen.thread_list.more
        assert listing.highlighted == listing.option_count - 1 == len(screen._threads) - 1 > 500
        assert listing.highlighted_entry is not None
        assert listing.highlighted_entry.key == screen._threads[-1].id
        assert {q["limit"] for q in threads.queries[asked:]} == {"1000"}
