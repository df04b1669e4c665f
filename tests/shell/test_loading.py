"""How views load: from the cache at once, then from the service; late answers lose."""

from __future__ import annotations

from tests.browse.test_browsing import open_northwind, tree_rows
from tests.pilot.fixtures import GatedTransport, settle
from tui.api import ResponseCache
from tui.browse.organization import OrganizationScreen
from tui.browse.search import SearchScreen
from tui.widgets import ItemList, StatusLine


def status_of(app) -> str:
    return str(app.screen.query_one(StatusLine).render())


async def test_a_view_seen_before_paints_from_the_cache_while_the_service_answers(
    make_app, transport
):
    gated = GatedTransport(transport, hold=lambda request: False)
    # Entries go stale at once, so every visit asks the service again.
    app = make_app(transport_override=gated, client_options={"cache": ResponseCache(ttl=0)})
    app.kept_screens.max_screens = 0  # a new screen each visit (kept ones: test_revisits.py)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_northwind(pilot)
        await pilot.press("escape")
        await settle(pilot)
        gated.hold = lambda request: request.url.path.startswith("/v1/orgs/org-northwind")
        await pilot.press("enter")
        await pilot.pause(0.2)
        assert isinstance(app.screen, OrganizationScreen)
        assert gated.held >= 1
        assert tree_rows(app.screen.content_tree)[:2] == ["Product", "Internal"]
        assert "from cache" in status_of(app) and "loading…" in status_of(app)
        gated.gate.set()
        await settle(pilot)
        assert "updated just now" in status_of(app) and "loading" not in status_of(app)


async def test_updated_n_minutes_ago_follows_the_apps_clock(make_app):
    now = [1_000_000.0]
    app = make_app(clock=lambda: now[0])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "updated just now" in status_of(app)
        now[0] += 7 * 60
        app.screen.query_one(StatusLine).refresh()
        assert "updated 7 min ago" in status_of(app)


async def test_r_asks_the_service_again_even_when_the_cache_is_fresh(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_northwind(pilot)
        before = transport.count("GET", "/v1/orgs/org-northwind/collections")
        await pilot.press("r")
        await settle(pilot)
        assert transport.count("GET", "/v1/orgs/org-northwind/collections") == before + 1


async def test_a_slow_search_answered_late_never_replaces_a_newer_one(make_app, transport):
    gated = GatedTransport(
        transport, hold=lambda request: request.url.params.get("query") == "tokens"
    )
    app = make_app(transport_override=gated)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_northwind(pilot)
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, SearchScreen)
        await pilot.press(*"tokens", "enter")
        await pilot.pause(0.1)
        assert gated.held == 1
        await pilot.press("s")
        app.screen.query_one("#query").value = "colour"
        await pilot.press("enter")
        await settle(pilot)
        gated.gate.set()  # the old answer arrives now
        await settle(pilot)
        titles = [e.search_text for e in app.screen.query_one(ItemList).entries if e.heading]
        assert titles == ["Design system"]


async def test_long_lists_load_more_when_their_end_is_reached(make_app, transport):
    app = make_app(page_size=1)
    async with app.run_test(size=(80, 8)) as pilot:
        screen = await open_northwind(pilot)
        tree = screen.content_tree
        assert "Load more…" in tree_rows(tree)
        pages_before = transport.count("GET", "/v1/orgs/org-northwind/spaces")
        await pilot.press("end")
        await settle(pilot)
        for _ in range(10):  # each page brings the end into view again until none is left
            await pilot.press("end")
            await settle(pilot)
        rows = tree_rows(tree)
        assert "Load more…" not in rows
        assert "🎨 Design system" in rows and "📓 Team handbook" in rows
        assert transport.count("GET", "/v1/orgs/org-northwind/spaces") > pages_before
        assert all(
            s.params.get("limit") == ["1"]
            for s in transport.sent
            if s.path == "/v1/orgs/org-northwind/spaces"
        )
