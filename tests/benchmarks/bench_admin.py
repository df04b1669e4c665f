"""Benchmarks of the administration (not part of the default run).

Run: ``python -m pytest tests/benchmarks/bench_admin.py -s -n 0``. Figures are printed; the
assertions only check that each run did what it measures.

- The members list of the ``large`` dataset (Globex, 2,000 members), in-process at 80×24: the
  time from opening the view to the first repaint showing a row; then keypress to repaint while
  scrolling down 400 rows one key at a time (pages of 50 load as the cursor nears the end), timed
  as ``bench_app.py`` does: the key goes to the driver and the screen's refresh is hooked; then
  a search, which must be one request.
- The access view: on the demo, the time to build it and the requests it made; on ``large``, the
  time and requests until it says what building would take, and a build for 20 members timed,
  from which the whole organisation's cost is extrapolated (each of its members reaches 10,001
  spaces: 11 pages of 1,000).
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import httpx
from textual import events

from tests.benchmarks.bench_app import _figures, _settle
from tui.admin.admin_access import AccessScreen, AccessView
from tui.admin.admin_members import MembersScreen
from tui.admin.locations import admin_view_location
from tui.api import Client, RetryPolicy
from tui.api.in_process import ServiceThread
from tui.app import ConnectionLabel, DocdeckApp
from tui.service import create_app

GLOBEX = "org-globex"
NORTHWIND = "org-northwind"


class CountingTransport(httpx.AsyncBaseTransport):
    """Counts the requests that reach the service."""

    def __init__(self, inner: httpx.AsyncBaseTransport) -> None:
        self.inner = inner
        self.requests = 0

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        self.requests += 1
        return await self.inner.handle_async_request(request)


def _app(dataset: str) -> tuple[DocdeckApp, CountingTransport]:
    """The app on ``dataset``, served in-process as the demo serves it (its own thread)."""
    transport = CountingTransport(ServiceThread(create_app(dataset)))
    client = Client(
        "demo-admin",
        base_url="http://bench.test/v1",
        transport=transport,
        retry=RetryPolicy(attempts=1),
    )
    return DocdeckApp(client, ConnectionLabel("bench", "in-process"), clock=lambda: 0.0), transport


def _send_key(app: DocdeckApp, name: str) -> None:
    key = events.Key(name, None)
    key.set_sender(app)
    assert app._driver is not None
    app._driver.send_message(key)


async def _until(condition: Any, timeout: float = 30) -> None:
    started = time.perf_counter()
    while not condition():
        await asyncio.sleep(0.0005)
        if time.perf_counter() - started > timeout:
            raise TimeoutError("never happened")


async def test_the_members_of_a_large_organisation() -> None:
    app, transport = _app("large")
    keys = 400
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        repaints: list[tuple[float, int]] = []
        started = time.perf_counter()
        app.open_location(admin_view_location(GLOBEX, "members"))
        screen: Any = app.screen
        assert isinstance(screen, MembersScreen)
        repaint = screen._compositor_refresh

        def recorded() -> None:
            repaint()
            table = screen.query_one("#records")
            repaints.append((time.perf_counter(), table.row_count))

        screen._compositor_refresh = recorded
        await _until(lambda: any(rows for _, rows in repaints))
        first_row = next(at for at, rows in repaints if rows) - started
        await _settle(pilot)
        table = screen.table
        timings: list[float] = []
        appending: list[float] = []
        hooked: list[tuple[float, int]] = []

        def cursor_recorded() -> None:
            repaint()
            hooked.append((time.perf_counter(), table.cursor_row))

        screen._compositor_refresh = cursor_recorded
        for _ in range(keys):
            loaded = table.row_count
            target = table.cursor_row + 1
            began = time.perf_counter()
            _send_key(app, "down")
            await _until(
                lambda began=began, target=target: any(
                    at >= began and row >= target for at, row in hooked[-4:]
                ),
                10,
            )
            shown = next(at for at, row in hooked if at >= began and row >= target)
            timings.append(shown - began)
            if table.row_count != loaded:
                appending.append(shown - began)
        screen._compositor_refresh = repaint
        await _settle(pilot)
        row = table.cursor_row
        loaded = table.row_count
        # A search: typed at once, answered by the service in one request.
        before = transport.requests
        began = time.perf_counter()
        screen.query_one("FilterBar").open()
        screen.query_one("FilterBar").value = "0042"
        await _until(lambda: screen.search == "0042" and table.row_count == 1)
        searched = time.perf_counter() - began
        await _settle(pilot)
        search_requests = transport.requests - before
    print(
        f"\nMembers of Globex (2,000), in-process at 80x24:\n"
        f"  first row painted {first_row * 1000:.0f} ms after opening the view\n"
        f"  keypress to repaint over {keys} keys ({len(appending)} appended a page): "
        f"{_figures(timings)}\n"
        f"  keys that appended a page of 50: {_figures(appending)}\n"
        f"  cursor on row {row}, {loaded} rows loaded\n"
        f"  search “0042”: {searched * 1000:.0f} ms to the row (after the 200 ms typing pause), "
        f"{search_requests} request(s)"
    )
    assert row >= keys - 1
    assert search_requests == 1


async def _access(dataset: str, organization: str) -> tuple[AccessScreen, float, int, Any]:
    app, transport = _app(dataset)
    pilot_context = app.run_test(size=(120, 40))
    pilot = await pilot_context.__aenter__()
    await _settle(pilot)
    before = transport.requests
    started = time.perf_counter()
    app.open_location(admin_view_location(organization, "access"))
    screen: Any = app.screen
    await _until(
        lambda: (
            screen.matrix is not None
            or (
                screen.view is not None
                and "build anyway" in str(screen.query_one("#progress").render())
            )
        ),
        600,
    )
    elapsed = time.perf_counter() - started
    return screen, elapsed, transport.requests - before, (pilot_context, pilot, transport)


async def test_the_access_view_on_the_demo_and_on_large() -> None:
    screen, elapsed, requests, (context, _pilot, _) = await _access("demo", NORTHWIND)
    assert screen.matrix is not None
    demo = (elapsed, requests, len(screen.matrix), len(screen.matrix.members))
    await context.__aexit__(None, None, None)

    screen, elapsed, requests, (context, _pilot, transport) = await _access("large", GLOBEX)
    assert screen.matrix is None and screen.view is not None
    estimate = (elapsed, requests, screen.view.estimate, len(screen.view.members))
    sample = 20
    view = screen.view
    screen.view = AccessView(view.members[:sample], view.pages_per_member)
    before = transport.requests
    started = time.perf_counter()
    screen.action_build()
    await _until(lambda: screen.matrix is not None, 600)
    built = time.perf_counter() - started
    built_requests = transport.requests - before
    rows = len(screen.matrix)
    await context.__aexit__(None, None, None)
    per_request = built / max(1, built_requests)
    print(
        f"\nAccess view:\n"
        f"  demo (Northwind): built in {demo[0] * 1000:.0f} ms from {demo[1]} requests "
        f"({demo[3]} members reaching spaces, {demo[2]} rows)\n"
        f"  large (Globex): says what building takes in {estimate[0] * 1000:.0f} ms from "
        f"{estimate[1]} requests ({estimate[3]} members, about {estimate[2]:,} requests to build)\n"
        f"  large, {sample} members built in {built:.1f} s from {built_requests} requests "
        f"({rows:,} rows; {per_request * 1000:.0f} ms a request): the whole organisation "
        f"would take about {estimate[2] * per_request / 60:.0f} min"
    )
    assert rows > 0
