"""A place seen this session opens again at once: its screen is kept whole, within a budget."""

from __future__ import annotations

from tests.pilot.acting import open_northwind
from tests.pilot.fixtures import settle
from tui.api import ResponseCache
from tui.browse.space import SpaceScreen


async def open_first_space(pilot) -> SpaceScreen:
    await open_northwind(pilot)
    await pilot.press("right", "down", "down", "enter")  # Product › API Reference
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, SpaceScreen)
    return screen


async def test_a_space_seen_this_session_comes_back_whole_without_a_request(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        space = await open_first_space(pilot)
        await pilot.press("escape")
        await settle(pilot)
        sent = len(transport.sent)
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is space  # the very screen, its page already drawn
        assert len(transport.sent) == sent


async def test_a_kept_screen_gone_stale_asks_the_service_again(make_app, transport):
    now = [1_000_000.0]
    cache = ResponseCache(ttl=30, clock=lambda: now[0])
    app = make_app(clock=lambda: now[0], client_options={"cache": cache})
    async with app.run_test(size=(80, 24)) as pilot:
        space = await open_first_space(pilot)
        await pilot.press("escape")
        await settle(pilot)
        now[0] += 31
        sent = len(transport.sent)
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is space
        assert any(s.path == f"/v1/spaces/{space.space_id}" for s in transport.sent[sent:])


async def test_screens_beyond_the_budget_are_let_go_oldest_first(make_app):
    app = make_app()
    app.kept_screens.max_screens = 1
    async with app.run_test(size=(80, 24)) as pilot:
        space = await open_first_space(pilot)
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("down", "down", "enter")  # Team handbook
        await settle(pilot)
        assert isinstance(app.screen, SpaceScreen) and app.screen is not space
        await pilot.press("escape", "escape")  # back to the organisations: two screens left
        await settle(pilot)
        assert len(app.kept_screens) == 1
        assert not app.is_screen_installed(space) and space._closed  # the oldest one went
