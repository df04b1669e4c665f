"""Benchmarks of review (not part of the default run).

Run: ``python -m pytest tests/benchmarks/bench_review.py -s -n 0``. Figures are printed; the
assertions only check that each run did what it measures. The app runs in-process at 120×40
against the in-process local service, so the times include the service's work and the client's
parsing, as ``docdeck --demo`` has them.

- First painted diff: from asking for a change request's screen until its diff view draws its
  first line of a diff, for the demo's biggest change request (the Python SDK restructuring), and
  on ``large`` for the 200 KB page ("Correct the 2025 release notes") and for the 1,000 pages
  changed ("Refresh every topic page"), the last also over loopback HTTP (uvicorn in a thread,
  as ``docdeck serve``). Cold: in a fresh app and service; warm: the same change request
  opened again in the same app. Five fresh apps each; min, median and worst.
- The review queue on ``large`` (Globex, 10,000 spaces): time to its first row and until every
  review state is read (five fresh apps), and the requests it made by kind: those that list it
  (the organisation's open change requests, the spaces they name) apart from those that read
  the review states.
- The threads of the change request with 1,000 comments: each ``down`` in the list timed from
  the key to the repaint that shows the cursor moved, as pages of threads load on the way.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import statistics
import time
from collections.abc import Iterator
from typing import Any

import httpx

from tui.api import Client, RetryPolicy
from tui.app import ConnectionLabel, DocdeckApp
from tui.review.diff_view import DiffView
from tui.review.locations import change_request_location
from tui.review.review_queue import ReviewQueueScreen
from tui.service import create_app
from tui.shell.navigation import space_location

from ..pilot.loopback import ServedService
from .bench_app import key_to_repaint, recorded_repaints

GC_DEFAULTS = gc.get_threshold()


class CountingTransport(httpx.AsyncBaseTransport):
    def __init__(self, inner: httpx.AsyncBaseTransport) -> None:
        self.inner = inner
        self.paths: list[str] = []

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        self.paths.append(request.url.raw_path.decode("ascii").split("/v1", 1)[1])
        return await self.inner.handle_async_request(request)


def _app(service: Any) -> tuple[DocdeckApp, CountingTransport]:
    transport = CountingTransport(httpx.ASGITransport(app=service))
    client = Client(
        "demo-admin",
        base_url="http://bench.test/v1",
        transport=transport,
        retry=RetryPolicy(attempts=1),
    )
    return DocdeckApp(client, ConnectionLabel("bench", "in-process"), clock=time.time), transport


async def _settle(pilot: Any) -> None:
    for _ in range(3):
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()


def _ms(seconds: list[float]) -> str:
    ordered = sorted(seconds)
    return (
        f"min {ordered[0] * 1000:.0f} ms, median {statistics.median(ordered) * 1000:.0f} ms, "
        f"worst {ordered[-1] * 1000:.0f} ms"
    )


async def _find(client: Client, organization: str, subject: str) -> tuple[Any, Any]:
    async for space in client.paginate(
        client.spaces.list_spaces_in_organization_by_id, organization, limit=1000
    ):
        if not space.change_requests_open:
            continue
        page = await client.change_requests.list_change_requests_for_space(space.id, limit=1000)
        for change_request in page.items:
            if change_request.subject == subject:
                return space, change_request
    raise AssertionError(subject)


def _painted_diffs() -> tuple[list[float], Any]:
    """Record when a diff view first draws a line of a diff; returns the times and an undo."""
    painted: list[float] = []
    original = DiffView.render_line

    def render_line(view: DiffView, y: int) -> Any:
        if view.rows and not painted:
            painted.append(time.perf_counter())
        return original(view, y)

    DiffView.render_line = render_line  # type: ignore[method-assign]

    def undo() -> None:
        DiffView.render_line = original  # type: ignore[method-assign]

    return painted, undo


async def _open_until_painted(
    app: DocdeckApp, space: Any, change_request: Any, painted: list[float]
) -> float:
    painted.clear()
    started = time.perf_counter()
    app.open_location(change_request_location(space, change_request))
    while not painted:
        await asyncio.sleep(0.001)
        if time.perf_counter() - started > 60:
            raise TimeoutError("no diff was painted")
    return painted[0] - started


@contextlib.contextmanager
def _served(service: Any, over: str) -> Iterator[tuple[DocdeckApp, CountingTransport]]:
    """An app of ``service`` in-process, or over loopback HTTP (uvicorn in a thread of this
    process, as ``docdeck serve`` serves)."""
    if over == "in-process":
        yield _app(service)
        return
    served = ServedService(service)
    served.start()
    try:
        transport = CountingTransport(httpx.AsyncHTTPTransport())
        client = Client(
            "demo-admin",
            base_url=f"http://127.0.0.1:{served.port}/v1",
            transport=transport,
            retry=RetryPolicy(attempts=1),
        )
        yield DocdeckApp(client, ConnectionLabel("bench", over), clock=time.time), transport
    finally:
        served.stop()


async def _first_diff(
    dataset: str, organization: str, subject: str, *, over: str = "in-process"
) -> tuple[float, float, int, int]:
    """Seconds to the first painted line of a diff in a fresh app (cold) and when the same
    change request is opened again in it (warm), requests made cold, and the diff's rows."""
    service = create_app(dataset)
    painted, undo = _painted_diffs()
    gc.collect()
    try:
        with _served(service, over) as (app, transport):
            async with app.run_test(size=(120, 40)) as pilot:
                await _settle(pilot)
                app.started()  # as the app does once connected: the collector frozen, rarer
                assert app.client is not None
                space, change_request = await _find(app.client, organization, subject)
                app.session.places.see(space_location(space))
                before = len(transport.paths)
                cold = await _open_until_painted(app, space, change_request, painted)
                requests = len(transport.paths) - before
                rows = app.screen.query_one(DiffView).row_count
                await _settle(pilot)
                await pilot.press("escape")
                await _settle(pilot)
                warm = await _open_until_painted(app, space, change_request, painted)
                await _settle(pilot)
    finally:
        undo()
        gc.unfreeze()
        gc.set_threshold(*GC_DEFAULTS)
    return cold, warm, requests, rows


async def test_time_to_the_first_painted_diff() -> None:
    cases = [
        ("demo", "org-northwind", "Restructure the Python SDK guide", "in-process"),
        ("large", "org-globex", "Correct the 2025 release notes", "in-process"),
        ("large", "org-globex", "Refresh every topic page", "in-process"),
        ("large", "org-globex", "Refresh every topic page", "loopback HTTP"),
    ]
    lines = []
    for dataset, organization, subject, over in cases:
        colds, warms, requests, rows = [], [], 0, 0
        for _ in range(5):
            cold, warm, requests, rows = await _first_diff(
                dataset, organization, subject, over=over
            )
            colds.append(cold)
            warms.append(warm)
        lines.append(
            f"  {subject} ({dataset}, {over}): cold {_ms(colds)}; {requests} requests; "
            f"{rows} rows\n    warm (opened again in the same app): {_ms(warms)}"
        )
        print(lines[-1])
        assert rows > 0
    print("\nFirst painted diff at 120x40, five fresh apps each:\n" + "\n".join(lines))


LISTING = {
    "pages of spaces",
    "lists of the organisation's change requests",
    "lists of a space's change requests",
    "spaces read",
}
"""The kinds of request that list the queue (the rest read review states)."""


def _kind(path: str) -> str:
    """What a request of the queue is, by its path."""
    bare = path.split("?")[0]
    if bare.endswith("/spaces"):
        return "pages of spaces"
    if bare.startswith("/orgs/") and bare.endswith("/change-requests"):
        return "lists of the organisation's change requests"
    if bare.endswith("/change-requests"):
        return "lists of a space's change requests"
    if bare.startswith("/spaces/") and bare.count("/") == 2:
        return "spaces read"
    if bare.endswith("/reviews"):
        return "lists of reviews"
    if bare.endswith("/requested-reviewers"):
        return "lists of requested reviewers"
    if bare.endswith("/comments"):
        return "lists of threads"
    if "/comments/" in bare:
        return "a thread read"
    if "/change-requests/" in bare and bare.count("/") == 4:
        return "a change request read"
    return "other"


def _by_kind(paths: list[str]) -> dict[str, int]:
    kinds: dict[str, int] = {}
    for path in paths:
        kinds[_kind(path)] = kinds.get(_kind(path), 0) + 1
    return kinds


async def _open_the_globex_queue(
    app: DocdeckApp, transport: CountingTransport, pilot: Any
) -> tuple[ReviewQueueScreen, float, float, list[str]]:
    """Open Globex's queue with ``R``: the screen, seconds to its first row and until every
    review state is read, and the queue's requests."""
    await _settle(pilot)
    await pilot.press("down", "down", "enter")  # Globex Corporation
    await _settle(pilot)
    before = len(transport.paths)
    started = time.perf_counter()
    await pilot.press("R")
    screen = app.screen
    assert isinstance(screen, ReviewQueueScreen)
    while screen.done_at is None:
        await asyncio.sleep(0.005)
        if time.perf_counter() - started > 120:
            raise TimeoutError("the queue never finished")
    paths = transport.paths[before:]
    await _settle(pilot)
    # The organisation's tree, under the queue, may still be loading its pages of 50 spaces:
    # those are not the queue's (it asks for 1,000 at a time).
    paths = [p for p in paths if not (p.split("?")[0].endswith("/spaces") and "limit=50" in p)]
    return screen, (screen.first_row_at or 0) - started, screen.done_at - started, paths


async def test_the_review_queue_on_large() -> None:
    firsts, alls, rows, kinds = [], [], 0, {}
    for _ in range(5):
        app, transport = _app(create_app("large"))
        async with app.run_test(size=(120, 40)) as pilot:
            screen, first_row, everything, paths = await _open_the_globex_queue(
                app, transport, pilot
            )
            rows = len(screen.listing.entries)
        firsts.append(first_row)
        alls.append(everything)
        kinds = _by_kind(paths)
        print(f"  first row after {first_row * 1000:.0f} ms; all states {everything * 1000:.0f} ms")
    listing = sum(n for kind, n in kinds.items() if kind in LISTING)
    print(
        f"\nReview queue of Globex (10,001 spaces, {rows} open change requests), in-process, "
        f"five fresh apps:\n"
        f"  first row: {_ms(firsts)}\n  every review state read: {_ms(alls)}\n"
        f"  requests: {kinds}; listing {listing}, total {sum(kinds.values())}"
    )
    assert rows == 202 and listing <= 4


async def test_keypress_to_repaint_in_the_threads_of_a_change_request_with_1000_comments() -> None:
    service = create_app("large")
    app, transport = _app(service)
    keys = 300
    timings: list[float] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await _settle(pilot)
        assert app.client is not None
        found = None
        async for candidate in app.client.paginate(
            app.client.spaces.list_spaces_in_organization_by_id, "org-globex", limit=1000
        ):
            if candidate.title == "Release train":
                found = candidate
        assert found is not None
        change_request = await app.client.change_requests.get_change_request_by_id(
            found.id, "cr-globex-001"
        )
        app.session.places.see(space_location(found))
        app.open_location(change_request_location(found, change_request))
        await _settle(pilot)
        screen: Any = app.screen
        await screen.show_threads()
        await _settle(pilot)
        await _settle(pilot)
        listing = screen.thread_list.list
        listing.focus()
        await _settle(pilot)
        with recorded_repaints(screen, lambda: listing.highlighted or 0) as repaints:
            for _ in range(keys):
                past = listing.highlighted or 0
                shown = await key_to_repaint(app, "down", repaints, past=past)
                timings.append(shown)
        await _settle(pilot)
        loaded = listing.option_count
        pages = sum(1 for p in transport.paths if p.split("?")[0].endswith("/comments"))
    ordered = sorted(timings)
    p95 = ordered[int(len(ordered) * 0.95)]
    print(
        f"\nKeypress to repaint in the threads of a change request with 1,000 comments "
        f"({keys} keys; {loaded} threads loaded by then, {pages} list requests):\n"
        f"  median {statistics.median(ordered) * 1000:.1f} ms, 95th percentile "
        f"{p95 * 1000:.1f} ms, worst {ordered[-1] * 1000:.1f} ms"
    )
    assert loaded > keys
