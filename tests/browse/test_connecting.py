"""Starting without a token: the welcome screen, the demo, connecting; and the app's settings."""

from __future__ import annotations

import httpx

from tests.pilot.fixtures import BASE_URL, screen_text, settle
from tui.api import Client, RetryPolicy
from tui.app import ConnectionLabel
from tui.browse.organizations import OrganizationsScreen
from tui.browse.welcome import WelcomeScreen
from tui.config import Config


async def test_without_a_token_the_welcome_screen_offers_the_demo_and_a_connect_form(make_app):
    app = make_app(None, open_demo=lambda: None)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, WelcomeScreen)
        shown = screen_text(app)
        assert "Open the demo" in shown and "Connect" in shown
        assert app.screen.query_one("#token").password


async def test_open_the_demo_calls_the_apps_callback_and_browses_it(make_app, service):
    calls = []

    def open_demo():
        calls.append(True)
        client = Client(
            "demo-admin",
            base_url=BASE_URL,
            transport=httpx.ASGITransport(app=service),
            retry=RetryPolicy(attempts=1),
        )
        return client, ConnectionLabel("demo", "local demo")

    app = make_app(None, open_demo=open_demo)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # the demo button has the focus
        await settle(pilot)
        assert calls == [True]
        assert isinstance(app.screen, OrganizationsScreen)
        assert "demo @ local demo" in screen_text(app)


async def test_a_good_token_connects_and_is_handed_to_the_callback(make_app, transport):
    connected = []
    app = make_app(None, on_connect=connected.append)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.query_one("#base-url").value = BASE_URL
        await pilot.press(*"demo-reader", "enter")
        await settle(pilot)
        assert isinstance(app.screen, OrganizationsScreen)
        [connection] = connected
        assert (connection.token, connection.base_url, connection.profile) == (
            "demo-reader",
            BASE_URL,
            "default",
        )
        assert transport.sent[0].path == "/v1/user"


async def test_a_bad_token_is_refused_next_to_the_form(make_app):
    app = make_app(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.query_one("#base-url").value = BASE_URL
        await pilot.press(*"wrong", "enter")
        await settle(pilot)
        assert isinstance(app.screen, WelcomeScreen)
        assert "The token was not accepted" in screen_text(app)
        assert not app._notifications


async def test_keys_are_remapped_by_binding_id_from_the_config(make_app, transport):
    app = make_app(config=Config(keys={"view.refresh": "f5"}))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        before = transport.count("GET", "/v1/orgs")
        await pilot.press("r")
        await settle(pilot)
        assert transport.count("GET", "/v1/orgs") == before
        await pilot.press("f5")
        await settle(pilot)
        assert transport.count("GET", "/v1/orgs") == before + 1


async def test_the_theme_comes_from_the_config_and_changes_are_remembered(make_app):
    remembered = []
    app = make_app(config=Config(theme="nord"), on_theme_change=remembered.append)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.theme == "nord"
        app.theme = "gruvbox"
        await settle(pilot)
        assert remembered == ["gruvbox"]


async def test_no_color_in_the_environment_turns_colours_off(make_app, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    assert make_app().no_color
    monkeypatch.delenv("NO_COLOR")
    assert not make_app().no_color


async def test_a_base_url_httpx_cannot_parse_is_told_next_to_the_form(make_app, transport):
    app = make_app(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.query_one("#base-url").value = "http://[::1"
        await pilot.press(*"demo-reader", "enter")
        await settle(pilot)
        assert isinstance(app.screen, WelcomeScreen)
        assert "The base URL 'http://[::1' is not valid" in screen_text(app)
        assert app.focused is app.screen.query_one("#base-url")
        assert transport.sent == [] and app.last_error is None  # nothing sent, no bug
