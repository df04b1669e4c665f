"""Opening a change request: what is painted first (the first diff, the first screenful of a
large tree, the footer's keys once), and what follows."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest

from tests.pilot.fixtures import settle
from tests.pilot.reviewing import (
    diff_rows,
    drafts_home,
    find_change_request,
    open_change_request,
    tree_titles,
)
from tui.review.change_request import FIRST_FRAME_WAIT, ChangeRequestScreen
from tui.review.diff_view import DiffView
from tui.review.locations import change_request_location
from tui.shell.navigation import space_location
from tui.widgets import TreeItem
from tui.widgets.key_footer import FooterKey, KeyFooter
from tui.widgets.tree_levels import first_screenful

from ..conftest import RecordingTransport, fresh_service

__all__ = ["drafts_home"]


@pytest.fixture
def large_transport() -> RecordingTransport:
    return RecordingTransport(httpx.ASGITransport(app=fresh_service("large")))


async def _open(pilot: Any, transport: RecordingTransport, subject: str) -> None:
    app = pilot.app
    await settle(pilot)
    # Found in the service's store: listing 10,000 spaces is not what this test is about.
    store = transport.inner.app.state.emulator.store
    found = next(cr for cr in store.list("change-request") if cr["subject"] == subject)
    space = await app.client.spaces.get_space_by_id(found["space"])
    change_request = await app.client.change_requests.get_change_request_by_id(
        space.id, found["id"]
    )
    app.session.places.see(space_location(space))
    app.open_location(change_request_location(space, change_request))


async def test_the_first_diff_of_a_thousand_pages_shows_before_the_whole_tree(
    make_app, large_transport, monkeypatch
):
    # What the tree holds at the moment the first diff is shown.
    rows_when_shown: list[int] = []
    show = DiffView.show

    def shown(view: DiffView, *args: Any, **kwargs: Any) -> None:
        if not rows_when_shown:
            screen = view.screen
            assert isinstance(screen, ChangeRequestScreen)
            rows_when_shown.append(len(tree_titles(screen)))
        show(view, *args, **kwargs)

    monkeypatch.setattr(DiffView, "show", shown)
    app = make_app(transport_override=large_transport)
    async with app.run_test(size=(120, 40)) as pilot:
        await _open(pilot, large_transport, "Refresh every topic page")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ChangeRequestScreen)
        titles = tree_titles(screen)
        # The whole tree in the end: 100 chapters open on their 19 topics (and 1 moved in).
        assert sum(1 for title in titles if "Chapter" in title) == 100
        assert len(titles) > 1000
        # The first screenful was all there was when the first diff showed.
        assert 0 < rows_when_shown[0] < 200
        # The cursor stayed on the first page, whose diff is shown.
        highlighted = screen.change_tree.highlighted
        assert highlighted is not None and highlighted.title == "Topic 000.00"
        assert screen.change_tree.cursor_line == titles.index(f"~ {highlighted.title}")
        assert any("Topic 0.0" in row for row in diff_rows(screen))


def _item(key: str, *, expandable: bool = False) -> TreeItem[None]:
    return TreeItem(key, key, "page", None, expandable=expandable)


def test_the_first_screenful_holds_the_first_top_items_and_what_is_open_below_them():
    levels: dict[str | None, list[TreeItem[None]]] = {
        None: [_item(f"c{c}", expandable=True) for c in range(10)],
        **{f"c{c}": [_item(f"c{c}.{p}") for p in range(9)] for c in range(10)},
    }
    opened = {f"c{c}" for c in range(10)}
    first = first_screenful(levels, opened, rows=25)
    assert first is not None
    # Three chapters of ten rows each fill 25 rows; their levels come with them.
    assert [item.key for item in first[None]] == ["c0", "c1", "c2"]
    assert set(first) == {None, "c0", "c1", "c2"}
    # Closed chapters take one row each.
    first = first_screenful(levels, set(), rows=5)
    assert first is not None and len(first[None]) == 5
    # A tree not much larger than the screenful is drawn whole; so is one whose item to show
    # is further down.
    assert first_screenful(levels, opened, rows=100) is None
    assert first_screenful(levels, opened, rows=25, holding="c7.3") is None
    assert first_screenful(levels, opened, rows=25, holding="c1.3") is not None


async def test_the_footer_of_a_change_request_is_composed_once_with_its_keys(make_app, monkeypatch):
    # Its bindings are checked many times while it loads (focus, status, tabs); each check
    # asked for the footer's keys to be built anew, though they stayed the same.
    composed: list[int] = []
    compose = KeyFooter.compose

    def counted(footer: KeyFooter) -> Any:
        if footer.screen is footer.app.screen and isinstance(footer.screen, ChangeRequestScreen):
            composed.append(len(footer.screen.active_bindings))
        return compose(footer)

    monkeypatch.setattr(KeyFooter, "compose", counted)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_change_request(pilot, "Restructure the Python SDK guide")
        keys = [key.description for key in screen.query_one(KeyFooter).query(FooterKey)]
        assert "Next page" in keys and "Approve" in keys
        # Once before its bindings are known (empty), once with them.
        assert len(composed) <= 2, composed


def _first_layouts(monkeypatch: pytest.MonkeyPatch) -> dict[int, tuple[str, int]]:
    """What each diff pane holds when its screen is first laid out (its first frame): the
    message it shows and its rows, by the pane's id."""
    first_layout: dict[int, tuple[str, int]] = {}
    on_resize = DiffView.on_resize

    def resized(view: DiffView) -> None:
        first_layout.setdefault(id(view), (view.message, view.row_count))
        on_resize(view)

    monkeypatch.setattr(DiffView, "on_resize", resized)
    return first_layout


async def test_the_first_frame_of_a_change_request_is_its_diff_opened_or_opened_again(
    make_app, monkeypatch
):
    first_layout = _first_layouts(monkeypatch)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        first = await open_change_request(pilot, "Restructure the Python SDK guide")
        rows = diff_rows(first)
        # The service answered within the first frame's wait: no frame of "Loading…" first.
        assert first_layout[id(first.diff_view)] == ("", len(rows))
        await pilot.press("escape")
        await settle(pilot)
        again = await open_change_request(pilot, "Restructure the Python SDK guide")
        assert again is not first
        # From the cache, before its first frame.
        assert first_layout[id(again.diff_view)] == ("", len(rows))
        assert diff_rows(again) == rows
        # The service was still asked, and its answer kept what was shown.
        assert not again.showing_cached and again.updated_at is not None


class SlowContent(httpx.AsyncBaseTransport):
    """The service, with the change request's content answered late."""

    def __init__(self, inner: httpx.AsyncBaseTransport, delay: float) -> None:
        self.inner = inner
        self.delay = delay

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        if request.url.path.endswith("/content"):
            await asyncio.sleep(self.delay)
        return await self.inner.handle_async_request(request)


async def test_a_change_request_slow_to_answer_shows_loading_first_then_its_diff(
    make_app, transport, monkeypatch
):
    first_layout = _first_layouts(monkeypatch)
    slow = SlowContent(transport, FIRST_FRAME_WAIT + 0.5)
    app = make_app(transport_override=slow)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_change_request(pilot, "Restructure the Python SDK guide")
        # The first frame waited for the view a while, then showed what there was.
        assert first_layout[id(screen.diff_view)] == ("Loading…", 0)
        assert diff_rows(screen)


async def test_the_footer_of_a_screen_under_a_change_request_composes_no_keys(
    make_app, monkeypatch
):
    # Covered, its screen's focus goes and its bindings change: composing its keys then
    # was work for a footer nobody sees, while the change request loaded.
    composed: list[str] = []
    compose = KeyFooter.compose

    def counted(footer: KeyFooter) -> Any:
        composed.append(type(footer.screen).__name__)
        return compose(footer)

    monkeypatch.setattr(KeyFooter, "compose", counted)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        below = app.screen
        keys_below = [key.description for key in below.query_one(KeyFooter).query(FooterKey)]
        composed.clear()
        screen = await open_change_request(pilot, "Restructure the Python SDK guide")
        assert "Next page" in [k.description for k in screen.query_one(KeyFooter).query(FooterKey)]
        assert type(below).__name__ not in composed
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is below
        # Shown again, it shows the keys it showed.
        assert [k.description for k in below.query_one(KeyFooter).query(FooterKey)] == keys_below


async def test_a_change_request_that_cannot_be_loaded_still_shows_its_keys(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        space, found = await find_change_request(app.client, "Restructure the Python SDK guide")
        missing = found.model_copy(update={"id": "cr-no-such-thing"})
        app.session.places.see(space_location(space))
        app.open_location(change_request_location(space, missing))
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ChangeRequestScreen) and screen.view is None
        # No diff will be drawn: what waited for it (the keys, the filter bar) is there.
        keys = [key.description for key in screen.query_one(KeyFooter).query(FooterKey)]
        assert "Next page" in keys
        await pilot.press("slash")
        await settle(pilot)
        assert screen.filter_bar.is_open
