"""Browsing a big organisation (the large dataset): long lists, deep trails."""

from __future__ import annotations

import pytest

from tests.pilot.fixtures import GatedTransport, settle
from tui.widgets import Breadcrumbs, DetailPane

from ..conftest import RecordingTransport, fresh_service


@pytest.fixture
def large_transport():
    import httpx

    return RecordingTransport(httpx.ASGITransport(app=fresh_service("large")))


async def open_globex(pilot):
    await settle(pilot)
    await pilot.press("down", "down", "enter")  # Northwind Labs, Northwind Community, Globex
    await settle(pilot)
    return pilot.app.screen


def details_title(screen) -> str:
    return str(screen.query_one("#details", DetailPane).render()).splitlines()[0].strip()


async def test_leaving_a_long_expanded_collection_keeps_the_cursor_in_view(
    make_app, large_transport
):
    # The next page of the collection's spaces is held until the cursor has left it.
    gated = GatedTransport(large_transport, hold=lambda request: False)
    app = make_app(transport_override=gated)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_globex(pilot)
        tree = screen.content_tree
        await pilot.press("right")  # Billing 00, with its 50 spaces and more to load
        await settle(pilot)
        # The collection's pages (the top level's own "load more" may be fetched ahead too).
        gated.hold = lambda request: (
            "page" in request.url.params and "/collections/" in request.url.path
        )
        await pilot.press(*["down"] * 70)  # past its "load more" row, down to Billing 1x
        for _ in range(3):  # not settle(): it would wait for the held request
            await pilot.pause()
        assert gated.held == 1, [str(r.url) for r in gated.held_requests]
        gated.gate.set()  # the page arrives: 50 more rows above the cursor
        await settle(pilot)
        highlighted = tree.highlighted
        assert highlighted is not None
        assert tree.scroll_y <= tree.cursor_line < tree.scroll_y + tree.size.height
        assert details_title(screen).endswith(highlighted.title)


async def test_a_page_of_a_two_thousand_page_space_keeps_its_whole_trail(make_app, large_transport):
    from tests.pilot.fixtures import BASE_URL, screen_text
    from tui.api import Client, RetryPolicy
    from tui.shell.navigation import space_location

    async with Client(
        "demo-admin", base_url=BASE_URL, transport=large_transport, retry=RetryPolicy(attempts=1)
    ) as client:
        # Found in the service's store: listing 10,000 spaces is not what this test is about.
        store = large_transport.inner.app.state.emulator.store
        found = next(
            space
            for space in store.list("space", scope="org-globex")
            if space["title"] == "Platform encyclopedia"
        )
        encyclopedia = await client.spaces.get_space_by_id(found["id"])
        assert encyclopedia.parent
        holders = []
        parent = encyclopedia.parent
        while parent:
            collection = await client.collections.get_collection_by_id(parent)
            holders.insert(0, collection.title)
            parent = collection.parent

    app = make_app(transport_override=large_transport)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_globex(pilot)
        app.open_location(space_location(encyclopedia))
        await settle(pilot)
        crumbs = [c.title for c in app.screen.query_one(Breadcrumbs).crumbs]
        assert crumbs == ["Globex Corporation", *holders, "📚 Platform encyclopedia", "Chapter 000"]
        await pilot.resize_terminal(60, 24)
        await settle(pilot)
        top = screen_text(app).splitlines()[0]
        # Too long for 60 columns: it shortens from the middle, keeping both ends.
        assert top.strip().startswith("Globex Corporation › …") and top.rstrip().endswith(
            "Chapter 000"
        )
