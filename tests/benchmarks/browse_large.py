"""One process browsing the large dataset as a person would, for bench_app.py: times and RSS.

Run by the benchmark as ``python -m tests.benchmarks.browse_large BASE_URL RESULT.json``
against ``docdeck serve --dataset large`` on loopback, so that this process holds the app
alone (the service's memory is its own). The app runs headless at 80×24. Steps:

1. the organisations; 2. Globex opened; 3. its crowded collection expanded and End pressed:
every one of its 5,003 rows loaded, page after page (50 a page); 4. the 2,000-page space
opened; 5. back, and the same space opened again (a revisit: its paint time and requests).

``--trace`` adds where the memory of step 2 went (tracemalloc, by file), ``--minimal`` runs
a bare Textual app (a Static and a Footer) through the same start, for the RSS reference.
"""

from __future__ import annotations

import asyncio
import gc
import json
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

import httpx

TOKEN = "demo-admin"


def rss_mib() -> float:
    """The resident size of this process now, in MiB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


class CountingTransport(httpx.AsyncHTTPTransport):
    """Counts the requests that reach the service."""

    sent = 0

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        CountingTransport.sent += 1
        return await super().handle_async_request(request)


async def settle(pilot: Any, rounds: int = 3) -> None:
    from textual.worker import WorkerCancelled

    for _ in range(rounds):
        await pilot.pause()
        try:
            await pilot.app.workers.wait_for_complete()
        except WorkerCancelled:  # a load replaced by a newer one of its group
            pass


async def rest(pilot: Any) -> None:
    """The user looks at the screen for a second: what the app does once a load settles."""
    await pilot.pause(1.0)
    gc.collect()


async def until(pilot: Any, done: Any, limit: float = 600) -> float:
    """Seconds until ``done()`` holds, the app running meanwhile."""
    started = time.perf_counter()
    while not done():
        if time.perf_counter() - started > limit:
            raise TimeoutError("the app never got there")
        await pilot.pause(0.005)
    return time.perf_counter() - started


def where_memory_went(figures: dict[str, Any], step: str, before: Any) -> Any:
    """The memory a step kept, by file and by allocating line (tracemalloc); the new base."""
    after = tracemalloc.take_snapshot()
    for key in ("filename", "lineno"):
        figures[f"{step}_by_{key}"] = [
            (str(stat.traceback[0]), round(stat.size_diff / 1024 / 1024, 2))
            for stat in after.compare_to(before, key)[:12]
        ]
    return after


async def minimal() -> dict[str, float]:
    from textual.app import App, ComposeResult
    from textual.widgets import Footer, Static

    class Minimal(App[None]):
        def compose(self) -> ComposeResult:
            yield Static("minimal app ready")
            yield Footer()

    async with Minimal().run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        gc.collect()
        return {"rss_start": rss_mib()}


async def browse(base_url: str, trace: bool) -> dict[str, Any]:
    from tui.api import Client, RetryPolicy
    from tui.app import ConnectionLabel, DocdeckApp
    from tui.screens.space import SpaceScreen
    from tui.shell.navigation import space_location

    client = Client(
        TOKEN, base_url=base_url, transport=CountingTransport(), retry=RetryPolicy(attempts=1)
    )
    app = DocdeckApp(client, ConnectionLabel("bench", "loopback"), clock=time.time)
    figures: dict[str, Any] = {}
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.started()  # what the app does once connected (a test app starts connected)
        gc.collect()
        figures["rss_start"] = rss_mib()
        if trace:
            tracemalloc.start(1)
            before = tracemalloc.take_snapshot()
        sent = CountingTransport.sent
        await pilot.press("down", "down", "enter")  # Globex
        await settle(pilot)
        figures["globex_requests"] = CountingTransport.sent - sent
        figures["globex_rows"] = app.screen.content_tree.last_line + 1  # type: ignore[attr-defined]
        await rest(pilot)
        figures["rss_globex"] = rss_mib()
        if trace:
            before = where_memory_went(figures, "globex", before)
        tree = app.screen.content_tree  # type: ignore[attr-defined]
        await pilot.press("right", "down")  # into the crowded collection
        await settle(pilot)
        crowded = tree.highlighted.value.parent
        key = f"collection:{crowded}"
        started = time.perf_counter()
        await pilot.press("end")
        await until(pilot, lambda: not tree.has_more(key) and len(tree._children[key]) >= 5003)
        figures["all_5003_seconds"] = time.perf_counter() - started
        figures["rows_loaded"] = len(tree._children[key])
        await settle(pilot)
        await rest(pilot)
        figures["rss_5000"] = rss_mib()
        if trace:
            before = where_memory_went(figures, "5000", before)
        encyclopedia = None
        with client.uncached():  # the benchmark's own look-up: kept out of the app's memory
            async for space in client.paginate(
                client.spaces.list_spaces_in_organization_by_id, "org-globex", limit=1000
            ):
                if space.title == "Platform encyclopedia":
                    encyclopedia = space
        assert encyclopedia is not None
        place = space_location(encyclopedia)
        started = time.perf_counter()
        app.open_location(place)
        await until(
            pilot,
            lambda: isinstance(app.screen, SpaceScreen) and app.screen.location is not None,
        )
        await settle(pilot)
        figures["open_2000_seconds"] = time.perf_counter() - started
        await rest(pilot)
        figures["rss_2000"] = rss_mib()
        if trace:
            before = where_memory_went(figures, "2000", before)
        space_screen = app.screen
        await pilot.press("escape")
        await settle(pilot)
        sent = CountingTransport.sent
        started = time.perf_counter()
        app.open_location(place)
        await until(
            pilot, lambda: app.screen is space_screen or isinstance(app.screen, SpaceScreen)
        )
        await pilot.pause()
        figures["revisit_seconds"] = time.perf_counter() - started
        figures["revisit_requests"] = CountingTransport.sent - sent
        await settle(pilot)
        await rest(pilot)
        figures["rss_end"] = rss_mib()
    return figures


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if "--minimal" in sys.argv:
        figures = asyncio.run(minimal())
    else:
        figures = asyncio.run(browse(args[0], "--trace" in sys.argv))
    Path(args[-1]).write_text(json.dumps(figures))


if __name__ == "__main__":
    main()
