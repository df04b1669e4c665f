"""The app through a faulty loopback proxy in front of the served local service: it stays alive,
says what failed and how to recover, keeps what was typed, and recovers on r."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.pilot.acting import highlight, on_screen, open_northwind, tree_rows
from tests.pilot.fixtures import settle
from tests.pilot.loopback import Fault, FaultProxy, ServedService, ToLoopback, answer
from tui.browse.organization import OrganizationScreen
from tui.browse.space_form import SpaceForm
from tui.widgets import StatusLine, TextField

SPACES = "/v1/orgs/org-northwind/spaces"


@pytest.fixture
async def proxy(service) -> AsyncIterator[FaultProxy]:
    served = ServedService(service)
    served.start()
    proxy = FaultProxy(served.port)
    await proxy.start()
    yield proxy
    await proxy.close()
    served.stop()


def last_notice(app) -> tuple[str, str]:
    notification = list(app._notifications)[-1]
    return notification.title, notification.message


def offline(app) -> bool:
    return "offline" in str(app.screen.query_one(StatusLine).render())


async def test_slow_answers_html_errors_and_dropped_connections_are_told_and_r_recovers(
    make_app, proxy
):
    proxy.inject(Fault("latency", delay=0.2), "GET", "/v1/orgs")
    app = make_app(transport_override=ToLoopback(proxy.port))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)  # slow, but answered
        assert "Northwind Labs" in on_screen(app) and not app._notifications
        for fault, title, said in [
            (answer(502), "Service error", "Bad Gateway"),
            (answer(503), "Service error", "Service Unavailable"),
            (answer(429, **{"Retry-After": "120"}), "Rate limited", "try again in 120 s"),
            (Fault("drop-before"), "Service unreachable", "dropped before the whole answer"),
        ]:
            proxy.inject(fault, "GET", SPACES)
            if isinstance(app.screen, OrganizationScreen):
                await pilot.press("r")
            else:
                await pilot.press("enter")
            await settle(pilot)
            shown_title, message = last_notice(app)
            assert (shown_title, said in message) == (title, True), message
            assert "<html" not in message and "[b]" not in message  # no page, no markup
        assert offline(app)
        proxy.heal()
        await pilot.press("r")
        await settle(pilot)
        assert not offline(app)
        assert "📓 Team handbook" in tree_rows(app.screen.content_tree)


async def test_answers_cut_short_or_garbled_are_told_and_the_app_stays_alive(make_app, proxy):
    app = make_app(transport_override=ToLoopback(proxy.port))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_northwind(pilot)
        proxy.inject(Fault("truncate"), "GET", SPACES)
        await pilot.press("r")
        await settle(pilot)
        assert last_notice(app)[0] == "Service unreachable"
        assert "dropped before the whole answer came" in last_notice(app)[1]
        proxy.inject(Fault("garbage"), "GET", SPACES)
        await pilot.press("r")
        await settle(pilot)
        assert last_notice(app)[0] == "Unexpected response"
        assert "the answer is not JSON" in last_notice(app)[1]
        proxy.heal()
        await pilot.press("r")
        await settle(pilot)
        assert app.is_running and "📓 Team handbook" in tree_rows(screen.content_tree)


async def test_a_form_keeps_its_text_through_every_fault_and_saves_once_healed(make_app, proxy):
    app = make_app(transport_override=ToLoopback(proxy.port))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_northwind(pilot)
        await highlight(pilot, screen, "Team handbook")
        await pilot.press("e", *"Handbook")
        for fault, said in [
            (answer(429, **{"Retry-After": "120"}), "try again in 120 s"),
            (answer(500), "Service error: Internal Server Error"),
            (Fault("drop-before"), "it was not applied: send again?"),
        ]:
            proxy.inject(fault, "PATCH")
            await pilot.press("enter")
            await settle(pilot)
            assert isinstance(app.screen, SpaceForm), said
            assert said in on_screen(app)
            assert app.screen.query_one("#title", TextField).value == "Handbook"
        assert proxy.passed("PATCH") == 0
        proxy.heal()
        await pilot.press("enter")
        await settle(pilot)
        assert proxy.passed("PATCH") == 1
        assert "📓 Handbook" in tree_rows(screen.content_tree)


async def test_a_write_whose_answer_is_cut_mid_way_is_found_applied_once(make_app, proxy):
    app = make_app(transport_override=ToLoopback(proxy.port))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_northwind(pilot)
        await highlight(pilot, screen, "Team handbook")
        proxy.inject(Fault("drop-during"), "PATCH")
        await pilot.press("e", *"Handbook", "enter")
        await settle(pilot)
        assert not isinstance(app.screen, SpaceForm)
        assert proxy.passed("PATCH") == 1
        assert "It was applied" in [n.title for n in app._notifications]
        assert "📓 Handbook" in tree_rows(screen.content_tree)
