"""The first screen painted from the last session's view, before the app connects."""

from __future__ import annotations

import stat
import threading

from tests.pilot.fixtures import BASE_URL, FROZEN_NOW, settle
from tui.api import Client, RetryPolicy
from tui.app import ConnectionLabel, DocdeckApp
from tui.first_screen import FirstScreen, FirstScreenCache, OrganizationSummary
from tui.widgets import ItemList, StatusLine

LABEL = ConnectionLabel("demo", "docdeck.test")


def first_screen_app(tmp_path, transport, *, token: str = "demo-admin"):
    """An app whose first screen is in the cache, and whose connection waits for a signal."""
    cache = FirstScreenCache(tmp_path)
    cache.save(
        "demo",
        BASE_URL,
        [
            OrganizationSummary("org-northwind", "Northwind (as last seen)", plan="free"),
            OrganizationSummary("org-left", "An organisation left since"),
        ],
    )
    connected = threading.Event()

    def connect():
        connected.wait(10)
        client = Client(
            token, base_url=BASE_URL, transport=transport, retry=RetryPolicy(attempts=1)
        )
        return client, LABEL

    first = FirstScreen(cache, "demo", BASE_URL, cache.load("demo", BASE_URL), connect)
    app = DocdeckApp(None, LABEL, first_screen=first, clock=lambda: FROZEN_NOW)
    return app, cache, connected


def shown(app) -> list[str]:
    return [entry.search_text for entry in app.screen.query_one(ItemList).entries]


def status_of(app) -> str:
    return str(app.screen.query_one(StatusLine).render())


async def test_the_cached_first_screen_is_replaced_by_the_services_answer(tmp_path, transport):
    app, cache, connected = first_screen_app(tmp_path, transport)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert shown(app) == ["Northwind (as last seen)", "An organisation left since"]
        assert "from cache" in status_of(app) and "loading…" in status_of(app)
        assert transport.sent == []  # nothing asked yet: the client is not even made
        connected.set()
        await settle(pilot)
        assert shown(app) == ["Northwind Labs", "Northwind Community"]
        assert "updated just now" in status_of(app)
    kept = cache.load("demo", BASE_URL)
    assert kept is not None and [o.title for o in kept] == ["Northwind Labs", "Northwind Community"]


async def test_an_organisation_opened_from_the_cached_screen_opens_once_connected(
    tmp_path, transport
):
    app, _, connected = first_screen_app(tmp_path, transport)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # Northwind, as last seen
        connected.set()
        await settle(pilot)
        assert app.screen.location is not None
        assert app.screen.location.title == "Northwind Labs"


async def test_the_token_never_reaches_the_first_screen_cache(tmp_path, transport):
    app, cache, connected = first_screen_app(tmp_path, transport)
    async with app.run_test(size=(80, 24)) as pilot:
        connected.set()
        await settle(pilot)
    files = [path for path in tmp_path.rglob("*") if path.is_file()]
    assert files == [cache.path("demo", BASE_URL)]
    assert b"demo-admin" not in files[0].read_bytes()
    assert stat.S_IMODE(files[0].stat().st_mode) == 0o600  # organisations are private too


def test_a_damaged_or_foreign_cache_file_paints_nothing(tmp_path):
    cache = FirstScreenCache(tmp_path)
    cache.save("work", "https://a.example/v1", [OrganizationSummary("o", "Ours")])
    assert cache.load("work", "https://b.example/v1") is None  # another service
    cache.path("work", "https://a.example/v1").write_text('{"format": 1, "organizations": 3}')
    assert cache.load("work", "https://a.example/v1") is None


def test_server_text_comes_back_from_the_cache_as_it_was_shown(tmp_path):
    cache = FirstScreenCache(tmp_path)
    odd = OrganizationSummary("o", "[/] \x1b[31m \ud800 é 🏛️", hostname="docs.example")
    cache.save("work", "https://a.example/v1", [odd])
    assert cache.load("work", "https://a.example/v1") == [odd]


def test_a_cache_file_of_the_first_format_or_of_nothing_is_ignored(tmp_path):
    cache = FirstScreenCache(tmp_path)
    cache.save("work", "https://a.example/v1", [OrganizationSummary("o", "Ours")])
    path = cache.path("work", "https://a.example/v1")
    for content in (b"", b"\x00", b'{"format": 1, "profile": "work"}', b"\xff" * 64):
        path.write_bytes(content)
        assert cache.load("work", "https://a.example/v1") is None


def test_saving_drops_the_file_the_first_format_kept(tmp_path):
    cache = FirstScreenCache(tmp_path)
    old = cache.path("work", "https://a.example/v1").with_suffix(".json")
    old.parent.mkdir(parents=True)
    old.write_text('{"format": 1}')
    cache.save("work", "https://a.example/v1", [OrganizationSummary("o", "Ours")])
    assert not old.exists()
    assert cache.load("work", "https://a.example/v1") == [OrganizationSummary("o", "Ours")]
