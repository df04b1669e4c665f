"""Keys while the app is busy, each figure beside its reference measured in the same run.

Run: ``python -m tests.benchmarks.bench_speed --only typeahead,typing,end`` (the rows join the
table of ``bench_speed``), or ``python -m tests.benchmarks.bench_keys`` for these alone.

typeahead  Five ``j`` sent as a terminal would, 30 ms apart, starting 30 ms after a screen is
           asked for (Enter on Globex in the organisations of ``large``; a change request of the
           demo opened from its space), in fresh apps, in-process and with 100 ms before each
           answer (a service far away): how many of them the cursor shows once the screen is
           loaded. Reference: the same keys once the screen is shown.
typing     Keys typed at the end of a comment box (``BodyField``) holding 100 KB, as one
           paragraph and as paragraphs of 1 KB, and in the middle of the paragraph; each timed
           from the key to the repaint showing it. Reference: the same box holding 1 KB, and
           Textual's own TextArea holding the 100 KB paragraph.
end        End in the 2,000 members of Globex: the time until the last member is on screen and
           the requests it took; meanwhile ``k`` and ``j`` in turn, each timed to its repaint.
           Reference: the same keys once every member is loaded.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import time
from typing import Any

import httpx
from textual import events

from .bench_app import key_to_repaint, recorded_repaints

Row = tuple[str, str, str, str, str]

KEYS_AHEAD = 5
KEY_GAP = 0.03


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:,.0f} ms" if seconds >= 0.0995 else f"{seconds * 1000:.1f} ms"


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]


class _Slow(httpx.AsyncBaseTransport):
    """A link that takes ``delay`` seconds before each answer (a service far away)."""

    def __init__(self, inner: httpx.AsyncBaseTransport, delay: float) -> None:
        self.inner, self.delay = inner, delay

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        await asyncio.sleep(self.delay)
        return await self.inner.handle_async_request(request)


def _app(service: Any, transport: httpx.AsyncBaseTransport | None = None) -> Any:
    from tui.api import Client, RetryPolicy
    from tui.app import ConnectionLabel, DocdeckApp

    client = Client(
        "demo-admin",
        base_url="http://bench.test/v1",
        transport=transport or httpx.ASGITransport(app=service),
        retry=RetryPolicy(attempts=1),
    )
    return DocdeckApp(client, ConnectionLabel("bench", "in-process"), clock=time.time)


async def _settle(pilot: Any) -> None:
    for _ in range(3):
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
    await pilot.pause(0.05)


def _send(app: Any, name: str, character: str | None = None) -> None:
    key = events.Key(name, character)
    key.set_sender(app)
    app._driver.send_message(key)


# -- typeahead ---------------------------------------------------------------------------------


async def _keys_ahead(
    service: Any, open_screen: Any, cursor: Any, *, ahead: bool, delay: float = 0.0
) -> int:
    """How many of five ``j`` the cursor shows, sent while the screen loads (``ahead``) or
    once it is shown."""
    app = _app(service, _Slow(httpx.ASGITransport(app=service), delay) if delay else None)
    async with app.run_test(size=(100, 30)) as pilot:
        await _settle(pilot)
        await open_screen(app, pilot)
        start = 0
        if not ahead:
            await _settle(pilot)
            start = cursor(app)
        for _ in range(KEYS_AHEAD):
            await asyncio.sleep(KEY_GAP)
            _send(app, "j", "j")
        await _settle(pilot)
        await _settle(pilot)
        # Where the screen puts the cursor by itself, when the keys went before it was shown.
        landed = cursor(app)
    return landed - start if not ahead else landed


async def _typeahead_case(
    service: Any, open_screen: Any, cursor: Any, rounds: int, delay: float
) -> Row:
    # The cursor's own place once loaded (no key): the keys should move it five lines from it.
    app = _app(service)
    async with app.run_test(size=(100, 30)) as pilot:
        await _settle(pilot)
        await open_screen(app, pilot)
        await _settle(pilot)
        await _settle(pilot)
        home = cursor(app)
    lost, reference = 0, 0
    for _ in range(rounds):
        landed = await _keys_ahead(service, open_screen, cursor, ahead=True, delay=delay)
        lost += KEYS_AHEAD - (landed - home)
        moved = await _keys_ahead(service, open_screen, cursor, ahead=False, delay=delay)
        reference += KEYS_AHEAD - moved
    return (
        "",
        f"{lost} of {KEYS_AHEAD * rounds} lost",
        f"{reference} of {KEYS_AHEAD * rounds} lost once shown",
        "",
        "0 lost",
    )


async def _typeahead(rounds: int) -> list[Row]:
    from tui.review.locations import change_request_location
    from tui.service import create_app
    from tui.shell.navigation import space_location

    large, demo = create_app("large"), create_app("demo")

    async def globex(app: Any, pilot: Any) -> None:
        await pilot.press("down", "down")
        _send(app, "enter")

    def tree_line(app: Any) -> int:
        return int(app.screen.focused.cursor_line)

    found: dict[str, Any] = {}

    async def change_request(app: Any, pilot: Any) -> None:
        if not found:
            client = app.client
            spaces = await client.spaces.list_spaces_in_organization_by_id("org-northwind")
            for space in spaces.items:
                listed = await client.change_requests.list_change_requests_for_space(space.id)
                for candidate in listed.items:
                    if candidate.subject == "Restructure the Python SDK guide":
                        found.update(space=space, change_request=candidate)
        app.session.places.see(space_location(found["space"]))
        app.open_location(change_request_location(found["space"], found["change_request"]))

    def change_line(app: Any) -> int:
        return int(app.screen.change_tree.cursor_line)

    rows = []
    for label, service, open_screen, cursor, delay in (
        ("keys typed as Globex loads (large)", large, globex, tree_line, 0.0),
        ("  the same, 100 ms a request", large, globex, tree_line, 0.1),
        ("keys typed as a change request loads", demo, change_request, change_line, 0.0),
        ("  the same, 100 ms a request", demo, change_request, change_line, 0.1),
    ):
        row = await _typeahead_case(service, open_screen, cursor, rounds, delay)
        rows.append((f"{label}: 5 j, 30 ms apart", *row[1:]))
    return rows


def typeahead(rounds: int) -> list[Row]:
    return asyncio.run(_typeahead(max(3, rounds // 2)))


# -- typing ------------------------------------------------------------------------------------

PARAGRAPH_100_KB = " ".join(f"word{i % 1000:03d}" for i in range(12_500))
PARAGRAPHS_100_KB = "\n\n".join(PARAGRAPH_100_KB[i : i + 1000] for i in range(0, 100_000, 1000))
ONE_KB = PARAGRAPH_100_KB[:1000]


async def _typing(
    text: str, keys: int, *, textual: bool = False, middle: bool = False
) -> list[float]:
    """Seconds from each key to the repaint showing it, typed into a comment box."""
    from textual.app import App, ComposeResult
    from textual.widgets import TextArea

    from tui.widgets import BodyField

    class Box(App[None]):
        def compose(self) -> ComposeResult:
            if textual:
                yield TextArea(text, soft_wrap=True, show_line_numbers=False, tab_behavior="focus")
            else:
                yield BodyField("Comment", text)

    app = Box()
    timings: list[float] = []
    async with app.run_test(size=(100, 30)) as pilot:
        area = app.query_one(TextArea)
        area.focus()
        area.move_cursor((0, len(text) // 2) if middle else area.document.end)
        await pilot.pause()
        typed = len(area.text)
        with recorded_repaints(
            app.screen, lambda: len(area.document.get_line(area.cursor_location[0]))
        ) as repaints:
            for _ in range(keys):
                past = len(area.document.get_line(area.cursor_location[0]))
                timings.append(await key_to_repaint(app, "x", repaints, past=past))
        assert len(area.text) == typed + keys, "the keys did not all reach the box"
    return timings


def typing(rounds: int) -> list[Row]:
    keys = max(60, rounds * 15)
    small = asyncio.run(_typing(ONE_KB, keys))
    rows: list[Row] = []
    for label, text, options in (
        ("a key at the end of a 100 KB paragraph", PARAGRAPH_100_KB, {}),
        ("a key in the middle of it", PARAGRAPH_100_KB, {"middle": True}),
        ("a key at the end of 100 KB in paragraphs of 1 KB", PARAGRAPHS_100_KB, {}),
        ("  Textual's TextArea, end of the 100 KB paragraph", PARAGRAPH_100_KB, {"textual": True}),
    ):
        timings = asyncio.run(_typing(text, keys, **options))
        rows.append(
            (
                f"{label}, p95 (median)",
                f"{_ms(_p95(timings))} ({_ms(statistics.median(timings))})",
                f"{_ms(_p95(small))} ({_ms(statistics.median(small))}) box of 1 KB",
                f"{_p95(timings) / _p95(small):.2f}×",
                "< 50 ms" if "Textual" not in label else "",
            )
        )
    return rows


# -- end ---------------------------------------------------------------------------------------


class _Listings(httpx.AsyncBaseTransport):
    def __init__(self, inner: httpx.AsyncBaseTransport) -> None:
        self.inner = inner
        self.limits: list[str] = []

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        if request.url.path.endswith("/members"):
            self.limits.append(request.url.params.get("limit", ""))
        return await self.inner.handle_async_request(request)


async def _keys_meanwhile(app: Any, table: Any, keys: int, done: Any) -> list[float]:
    """k and j in turn, each timed to the repaint that shows the cursor moved, until
    ``done()`` (and at least ``keys`` of them)."""
    moves = [0]

    def moved(_: object) -> None:
        moves[0] += 1

    app.watch(table, "cursor_coordinate", moved, init=False)
    timings: list[float] = []
    with recorded_repaints(app.screen, lambda: moves[0]) as repaints:
        while len(timings) < keys or not done():
            name = "k" if len(timings) % 2 == 0 else "j"
            timings.append(await key_to_repaint(app, name, repaints, past=moves[0]))
            await asyncio.sleep(0.01)
            if len(timings) > 2000:
                raise TimeoutError("the list never finished loading")
    return timings


async def _end(keys: int) -> tuple[float, list[str], list[float], list[float], int]:
    from tui.admin.locations import admin_view_location
    from tui.service import create_app

    service = create_app("large")
    listings = _Listings(httpx.ASGITransport(app=service))
    app = _app(service, listings)
    async with app.run_test(size=(100, 30)) as pilot:
        await _settle(pilot)
        app.started()  # what the app does once connected (a test app starts connected)
        app.open_location(admin_view_location("org-globex", "members"))
        await _settle(pilot)
        table: Any = app.screen.table
        asked = len(listings.limits)
        started = time.perf_counter()
        _send(app, "end")
        while len(table.records) < 2000 or table.cursor_row != 1999:
            await asyncio.sleep(0.001)
            if time.perf_counter() - started > 120:
                raise TimeoutError("End never reached the last member")
        reached = time.perf_counter() - started
        limits = listings.limits[asked:]
        await _settle(pilot)
        # Again, with k and j sent all along.
        app.screen.refresh_view()
        await _settle(pilot)
        _send(app, "end")
        meanwhile = await _keys_meanwhile(app, table, keys, lambda: not table.more)
        loaded = len(table.records)
        await _settle(pilot)
        after = await _keys_meanwhile(app, table, keys, lambda: True)
    return reached, limits, meanwhile, after, loaded


def end(rounds: int) -> list[Row]:
    reached, limits, meanwhile, after, loaded = asyncio.run(_end(max(40, rounds * 5)))
    return [
        (
            "End in Globex's 2,000 members: the last on screen",
            _ms(reached),
            "",
            "",
            "",
        ),
        ("  its requests (limit of each)", f"{len(limits)} ({', '.join(limits)})", "", "", "1000"),
        (
            f"  k/j meanwhile ({len(meanwhile)}), p95 (median)",
            f"{_ms(_p95(meanwhile))} ({_ms(statistics.median(meanwhile))})",
            f"{_ms(_p95(after))} ({_ms(statistics.median(after))}) all loaded",
            f"{_p95(meanwhile) / _p95(after):.2f}×",
            "< 50 ms",
        ),
        ("  members loaded by then", str(loaded), "", "", "2000"),
    ]


PARTS = {"typeahead": typeahead, "typing": typing, "end": end}


def main() -> None:
    from .bench_speed import print_table

    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 6
    rows: list[Row] = []
    for part in PARTS.values():
        rows += part(rounds)
    print_table(rows)


if __name__ == "__main__":
    main()
