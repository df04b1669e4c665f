"""When things go wrong: errors as notifications, a rejected token, an unreachable service."""

from __future__ import annotations

import httpx

from tests.pilot.fixtures import FailingTransport, screen_text, settle
from tui.browse.organization import OrganizationScreen
from tui.browse.organizations import OrganizationsScreen
from tui.browse.welcome import WelcomeScreen
from tui.dialogs import ErrorDetailsScreen
from tui.widgets import StatusLine


def fail_spaces_of_northwind(request: httpx.Request) -> httpx.Response | None:
    if request.url.path == "/v1/orgs/org-northwind/spaces":
        return httpx.Response(
            500, json={"error": {"code": 500, "message": "The database is on fire."}}
        )
    return None


async def test_a_failing_service_is_told_with_the_errors_title_and_hint(make_app, transport):
    app = make_app(transport_override=FailingTransport(transport, fail=fail_spaces_of_northwind))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        [notification] = list(app._notifications)
        assert notification.title == "Service error"
        assert notification.severity == "error"
        assert "The database is on fire." in notification.message
        assert "try again later" in notification.message
        assert not notification.markup  # server text is never read as markup


async def test_the_details_of_the_last_error_open_and_copy(make_app, transport):
    app = make_app(transport_override=FailingTransport(transport, fail=fail_spaces_of_northwind))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("exclamation_mark")
        await settle(pilot)
        assert isinstance(app.screen, ErrorDetailsScreen)
        assert "GET /v1/orgs/org-northwind/spaces" in screen_text(app)
        await pilot.press("y")
        assert "HTTP status: 500" in app.clipboard
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, OrganizationScreen)


async def test_a_rejected_token_leads_to_the_connect_screen(make_app):
    app = make_app("not-a-token")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, WelcomeScreen)
        assert "not valid" in screen_text(app)
        await pilot.press("escape")  # no way around it but connecting
        assert isinstance(app.screen, WelcomeScreen)
        await pilot.click("#token")
        await pilot.press(*"demo-editor", "enter")
        await settle(pilot)
        assert isinstance(app.screen, OrganizationsScreen)
        assert len(app.screen_stack) == 1  # the connect screen is gone: nothing to go back to
        await pilot.press("escape")
        assert isinstance(app.screen, OrganizationsScreen)


async def test_an_unreachable_service_shows_offline_and_a_notification(make_app):
    def refuse(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("connection refused", request=request)

    app = make_app(transport_override=httpx.MockTransport(refuse))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.offline
        assert "offline" in str(app.screen.query_one(StatusLine).render())
        assert [n.title for n in app._notifications] == ["Service unreachable"]


async def test_offline_keeps_what_was_shown_and_recovers_on_refresh(make_app, transport):
    down = {"now": False}

    def maybe_refuse(request: httpx.Request) -> httpx.Response | None:
        if down["now"]:
            raise httpx.ConnectError("connection refused", request=request)
        return None

    app = make_app(transport_override=FailingTransport(transport, fail=maybe_refuse))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        down["now"] = True
        await pilot.press("r")
        await settle(pilot)
        status = str(app.screen.query_one(StatusLine).render())
        assert "offline" in status and "Northwind Labs" in screen_text(app)
        down["now"] = False
        await pilot.press("r")
        await settle(pilot)
        assert not app.offline
        assert "offline" not in str(app.screen.query_one(StatusLine).render())
