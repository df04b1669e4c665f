"""One path for failures: a bug in a dialog, a screen or a widget is told, never lost nor fatal."""

from __future__ import annotations

from tests.pilot.acting import highlight, notifications, on_screen, open_northwind
from tests.pilot.fixtures import screen_text, settle
from tui.browse.organization import OrganizationScreen
from tui.browse.page_view import PageView
from tui.browse.space import SpaceScreen
from tui.browse.space_form import SpaceForm
from tui.dialogs import ErrorDetailsScreen


def unexpected(app) -> list:
    return [n for n in app._notifications if n.title == "Unexpected error"]


async def open_the_details(pilot) -> str:
    await pilot.press("exclamation_mark")
    await settle(pilot)
    assert isinstance(pilot.app.screen, ErrorDetailsScreen)
    return screen_text(pilot.app)


async def test_a_bug_while_a_dialog_sends_is_told_and_the_form_keeps_what_was_typed(
    make_app, monkeypatch
):
    async def broken_send(self):
        raise RuntimeError("the form fell over")

    monkeypatch.setattr(SpaceForm, "send", broken_send)
    app = make_app(provokes_a_bug=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_northwind(pilot)
        await highlight(pilot, screen, "Team handbook")
        await pilot.press("e", "end", *" 2", "enter")
        await settle(pilot)
        assert isinstance(app.screen, SpaceForm)
        assert "Nothing was sent" in on_screen(app)
        assert "Sending…" not in on_screen(app)
        assert app.screen.query_one("#title").value == "Team handbook 2"
        [told] = unexpected(app)
        assert "RuntimeError: the form fell over" in told.message
        assert not app.screen.query_one("#confirm").disabled  # it can be sent again
        await pilot.press("escape")
        await settle(pilot)
        assert "the form fell over" in await open_the_details(pilot)
        assert "in broken_send" in app.screen.report.details  # where, for the bug report


async def test_a_bug_while_a_screen_loads_is_told_and_the_app_goes_on(make_app, monkeypatch):
    async def broken_fetch(self):
        raise ZeroDivisionError("no collections to divide")

    monkeypatch.setattr(OrganizationScreen, "fetch_view", broken_fetch)
    app = make_app(provokes_a_bug=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert app.is_running and isinstance(app.screen, OrganizationScreen)
        [told] = unexpected(app)
        assert "ZeroDivisionError" in told.message and "Press ! for details" in told.message
        assert "no collections to divide" in await open_the_details(pilot)


async def test_a_bug_in_the_page_views_own_work_is_told_and_does_not_quit(make_app, monkeypatch):
    async def broken_more(self):
        raise ValueError("the rest of the page is unreadable")

    monkeypatch.setattr(PageView, "action_more", broken_more)
    app = make_app(provokes_a_bug=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_northwind(pilot)
        await pilot.press("right", "down", "down", "enter")
        await settle(pilot)
        assert isinstance(app.screen, SpaceScreen)
        view = app.screen.query_one(PageView)
        view._rest = "## Further down\n\nMore words.\n"  # a long page's part not shown yet
        assert view.goto_section(title="Further down")
        await settle(pilot)
        assert app.is_running
        [told] = unexpected(app)
        assert "the rest of the page is unreadable" in told.message
        assert "ValueError" in await open_the_details(pilot)


async def test_a_refused_token_in_a_dialog_leads_to_the_connect_screen_once(make_app, transport):
    from tests.pilot.acting import refuse
    from tests.pilot.fixtures import FailingTransport
    from tui.browse.welcome import WelcomeScreen

    fail = refuse("PATCH", "", 401, "The token is not valid: it is unknown or has been revoked.")
    app = make_app(transport_override=FailingTransport(transport, fail=fail))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_northwind(pilot)
        await highlight(pilot, screen, "Team handbook")
        await pilot.press("e", "end", *" 2", "enter")
        await settle(pilot)
        assert isinstance(app.screen, WelcomeScreen)
        assert "not valid" in screen_text(app)
        assert not notifications(app)
