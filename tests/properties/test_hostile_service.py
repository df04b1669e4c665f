"""The app connected to a hostile server on loopback: long waits are said and Esc stops them,
a huge title is cut before layout, and unencodable text is drawn as the replacement character."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator

import pytest

from tests.pilot.fixtures import settle
from tests.pilot.loopback import ToLoopback
from tests.properties.hostile_server import Answer, HostileServer, hostile_server, json_answer
from tui.api import RetryPolicy
from tui.core import text
from tui.widgets import ItemList, StatusLine


def org(title: str, id: str = "o1") -> dict[str, str]:
    return {"object": "organization", "id": id, "title": title}


def orgs(*items: dict[str, str]) -> Answer:
    return json_answer(json.dumps({"items": list(items)}))


@pytest.fixture
async def server() -> AsyncIterator[HostileServer]:
    async with hostile_server() as running:
        yield running


def status(app) -> str:
    return str(app.screen.query_one(StatusLine).render())


def rows(app) -> list[str]:
    listing = app.screen.query_one(ItemList)
    return [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]


async def until(pilot, said, limit: int = 300) -> None:
    """Pause until ``said()`` holds (a bound on tries, not a timing: a loaded machine is slow)."""
    for _ in range(limit):
        if said():
            return
        await pilot.pause(0.02)
    raise AssertionError("never came")


async def test_a_trickled_answer_is_said_with_its_wait_and_esc_stops_it(make_app, server):
    body = json.dumps({"items": [org("Acme")]}).encode()
    server.answer("/v1/orgs", Answer(body=body, mode="trickle", pause=1.0))
    app = make_app(transport_override=ToLoopback(server.port))
    async with app.run_test(size=(100, 24)) as pilot:
        await until(pilot, lambda: "waiting for the service (" in status(app))
        assert "s) · Esc stops" in status(app) and "loading…" not in status(app)
        await pilot.press("escape")
        await until(pilot, lambda: "waiting" not in status(app))
        assert "Stopped waiting for the service" in list(app._notifications)[-1].message
        assert app.screen.is_attached  # still there: Esc stopped the wait, not the screen


async def test_a_rate_limit_wait_is_said_then_the_list_comes(make_app, server):
    server.answer(
        "/v1/orgs",
        json_answer("{}", 429, **{"Retry-After": "1"}),
        orgs(org("Acme")),
    )
    app = make_app(
        transport_override=ToLoopback(server.port),
        client_options={"retry": RetryPolicy(attempts=2)},
    )
    async with app.run_test(size=(100, 24)) as pilot:
        await until(pilot, lambda: "rate limited: trying again in 1 s · Esc stops" in status(app))
        await until(pilot, lambda: rows(app) == ["Acme"])
        await settle(pilot)
        assert "rate limited" not in status(app)


async def test_a_huge_title_is_cut_before_it_reaches_the_list(make_app, server):
    server.answer("/v1/orgs", orgs(org("A" * 2_000_000), org("Beta", "o2")))
    app = make_app(transport_override=ToLoopback(server.port))
    async with app.run_test(size=(100, 24)) as pilot:
        await until(pilot, lambda: len(rows(app)) == 2)
        first = rows(app)[0]
        assert len(first) == text.ONE_LINE_MAX and first.endswith("A…")


def test_one_line_cuts_a_long_field_and_says_so():
    assert len(text.one_line("x" * 10_000_000)) == text.ONE_LINE_MAX
    assert text.one_line("y" * 2000).endswith("…")
    assert text.one_line("short") == "short"


async def test_lone_surrogates_from_the_service_are_drawn_as_replacement_characters(
    make_app, server
):
    body = '{"items": [{"object": "organization", "id": "o1", "title": "Mallory \\ud800 Ltd"}]}'
    server.answer("/v1/orgs", json_answer(body))
    app = make_app(transport_override=ToLoopback(server.port))
    async with app.run_test(size=(100, 24)) as pilot:
        await until(pilot, lambda: len(rows(app)) == 1)
        assert rows(app) == ["Mallory \ufffd Ltd"]
        assert rows(app)[0].encode("utf-8")  # every file and width computation can take it
