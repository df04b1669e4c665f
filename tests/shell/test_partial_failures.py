"""What the status line and the review queue say when a refresh, or one request of many, fails."""

from __future__ import annotations

import httpx

from tests.pilot.fixtures import settle
from tui.review.review_queue import ReviewQueueScreen
from tui.widgets import StatusLine


class Breakable(httpx.AsyncBaseTransport):
    """Passes requests on, except those ``broken`` picks: their connection drops."""

    def __init__(self, inner: httpx.AsyncBaseTransport) -> None:
        self.inner = inner
        self.broken = lambda request: False
        self.dropped = 0

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        if self.broken(request):
            self.dropped += 1
            raise httpx.ReadError("connection reset by peer")
        return await self.inner.handle_async_request(request)


def status(app) -> str:
    return str(app.screen.query_one(StatusLine).render())


async def test_a_failed_refresh_does_not_say_updated_just_now(make_app, transport):
    breakable = Breakable(transport)
    app = make_app(transport_override=breakable)
    async with app.run_test(size=(100, 24)) as pilot:
        await settle(pilot)
        assert "updated just now" in status(app)
        breakable.broken = lambda request: request.url.path == "/v1/orgs"
        await pilot.press("r")
        await settle(pilot)
        assert breakable.dropped == 1
        assert "updated just now" not in status(app)
        assert "not refreshed · last answer just now" in status(app)
        breakable.broken = lambda request: False
        await pilot.press("r")
        await settle(pilot)
        assert "updated just now" in status(app) and "not refreshed" not in status(app)


async def test_one_failed_request_of_the_queue_is_said_and_is_not_offline(make_app, transport):
    breakable = Breakable(transport)
    app = make_app(transport_override=breakable)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        first: list[str] = []

        def the_first_space(request: httpx.Request) -> bool:
            # The queue reads the spaces its list of change requests names: break the first.
            if not (
                request.url.path.startswith("/v1/spaces/") and request.url.path.count("/") == 3
            ):
                return False
            first.append(first[0] if first else request.url.path)
            return request.url.path == first[0]

        breakable.broken = the_first_space
        await pilot.press("R")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ReviewQueueScreen) and breakable.dropped == 1
        summary = str(screen.query_one("#queue-summary").render())
        assert "Listing the open change requests" not in summary
        assert "listed; the rest could not be read (Service unreachable) · r tries again" in (
            summary
        )
        assert "offline" not in status(app)
