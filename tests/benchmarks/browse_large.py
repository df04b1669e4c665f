"""One process browsing the large dataset as a person would, for bench_app.py: times and RSS.

Run by the benchmark as ``python -m tests.benchmarks.browse_large BASE_URL SPACE RESULT.json``
against ``docdeck serve --dataset large`` on loopback, so that this process holds the app
alone (the service's memory is its own). The app runs headless at 80×24. Steps:

1. the organisations; 2. Globex opened; 3. its crowded collection expanded and End pressed:
every one of its 5,003 rows loaded, page after page (50 a page); 4. the 2,000-page space
(SPACE) opened; 5. back, and the same space opened again (a revisit: its paint time and requests).

``--by-cursor`` loads the 5,003 rows by putting the cursor on each "load more" row rather
than with End (for versions before End loaded a list), ``--trace`` adds where the memory of step 2 went (tracemalloc, by file), ``--minimal`` runs
a bare Textual app (a Static and a Footer) through the same start, for the RSS reference.
"""

from __future__ import annotations

import asyncio
import gc
import json
import sys
import time
import tracemalloc
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from textual.app import ComposeResult

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


@contextmanager
def frames_of_the_page(app: Any, page_id: str) -> Iterator[list[float]]:
    """When each frame that shows the page ``page_id`` was drawn (any screen's frame)."""
    from textual.screen import Screen

    from tui.browse.page_view import PageView

    painted: list[float] = []
    repaint = Screen._compositor_refresh

    def recorded(screen: Screen[Any]) -> None:
        repaint(screen)
        views = screen.query(PageView) if screen is app.screen else []
        if any(view.page is not None and view.page.id == page_id for view in views):
            painted.append(time.perf_counter())

    Screen._compositor_refresh = recorded  # type: ignore[method-assign]
    try:
        yield painted
    finally:
        Screen._compositor_refresh = repaint  # type: ignore[method-assign]


async def minimal() -> dict[str, float]:
    from textual.app import App
    from textual.widgets import Footer, Static

    class Minimal(App[None]):
        def compose(self) -> ComposeResult:
            yield Static("minimal app ready")
            yield Footer()

    async with Minimal().run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        gc.collect()
        return {"rss_start": rss_mib()}


async def time_a_plain_screen(pilot: Any) -> float:
    """The reference of a revisit: pushing a screen of one Static, to its first frame."""
    from textual.screen import Screen
    from textual.widgets import Static

    class PlainScreen(Screen[None]):
        def compose(self) -> ComposeResult:
            yield Static("a plain screen")

    painted: list[float] = []
    repaint = Screen._compositor_refresh

    def recorded(screen: Screen[Any]) -> None:
        repaint(screen)
        if isinstance(screen, PlainScreen):
            painted.append(time.perf_counter())

    Screen._compositor_refresh = recorded  # type: ignore[method-assign]
    try:
        started = time.perf_counter()
        pilot.app.push_screen(PlainScreen())
        await until(pilot, lambda: bool(painted))
    finally:
        Screen._compositor_refresh = repaint  # type: ignore[method-assign]
    pilot.app.pop_screen()
    return painted[0] - started


LIMIT_BY_CURSOR = 120.0
"""Seconds the cursor driver goes on for (an older version took 22 s for the 5,003 rows)."""


async def load_by_cursor(pilot: Any, tree: Any, key: str, limit: float) -> None:
    """Put the cursor on the list's "load more" row each time one shows, until it ends: a
    person pressing End on a version where End only goes to the last row."""
    started = time.perf_counter()
    while tree.has_more(key) and time.perf_counter() - started < limit:
        rows = len(tree._children[key])
        more = next(
            (c for c in tree._rows[key].children if getattr(c.data, "kind", "") == "more"), None
        )
        if more is not None and tree.cursor_node is not more:
            tree.move_cursor(more)
        try:
            await until(pilot, lambda rows=rows: len(tree._children[key]) > rows, limit=limit)
        except TimeoutError:
            return


async def browse(
    base_url: str, space_id: str, trace: bool, by_cursor: bool = False
) -> dict[str, Any]:
    from tui.api import Client, RetryPolicy
    from tui.app import ConnectionLabel, DocdeckApp
    from tui.browse.page_view import PageView
    from tui.browse.space import SpaceScreen
    from tui.shell.navigation import space_location

    client = Client(
        TOKEN, base_url=base_url, transport=CountingTransport(), retry=RetryPolicy(attempts=1)
    )
    app = DocdeckApp(client, ConnectionLabel("bench", "loopback"), clock=time.time)
    figures: dict[str, Any] = {}
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        if hasattr(app, "started"):  # (the benchmark runs on older versions too)
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
        if by_cursor:
            await load_by_cursor(pilot, tree, key, limit=LIMIT_BY_CURSOR)
        else:
            await pilot.press("end")
            await until(pilot, lambda: not tree.has_more(key) and len(tree._children[key]) >= 5003)
        figures["all_5003_seconds"] = time.perf_counter() - started
        figures["rows_loaded"] = len(tree._children[key])
        figures["loaded_by"] = "cursor on 'load more'" if by_cursor else "End"
        await settle(pilot)
        await rest(pilot)
        figures["rss_5000"] = rss_mib()
        if trace:
            before = where_memory_went(figures, "5000", before)
        with client.revalidating():  # the one space: as the palette or a search result finds it
            place = space_location(await client.spaces.get_space_by_id(space_id))
        started = time.perf_counter()
        app.open_location(place)
        await until(
            pilot,
            lambda: (
                isinstance(app.screen, SpaceScreen)
                and any(view.page is not None for view in app.screen.query(PageView))
            ),
        )
        await settle(pilot)
        figures["open_2000_seconds"] = time.perf_counter() - started
        await rest(pilot)
        figures["rss_2000"] = rss_mib()
        if trace:
            before = where_memory_went(figures, "2000", before)
        space_screen = app.screen
        shown_page = space_screen.query_one(PageView).page
        assert shown_page is not None
        await pilot.press("escape")
        await settle(pilot)
        sent = CountingTransport.sent
        started = time.perf_counter()
        with frames_of_the_page(app, shown_page.id) as painted:
            app.open_location(place)
            await until(pilot, lambda: bool(painted))
        # Shown again: from the call to the first frame that shows the page.
        figures["revisit_seconds"] = painted[0] - started
        figures["revisit_same_screen"] = app.screen is space_screen
        await settle(pilot)
        figures["revisit_requests"] = CountingTransport.sent - sent
        figures["plain_push_seconds"] = await time_a_plain_screen(pilot)
        await settle(pilot)
        await rest(pilot)
        figures["rss_end"] = rss_mib()
    return figures


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if "--minimal" in sys.argv:
        figures = asyncio.run(minimal())
    else:
        figures = asyncio.run(
            browse(args[0], args[1], "--trace" in sys.argv, "--by-cursor" in sys.argv)
        )
    Path(args[-1]).write_text(json.dumps(figures))


if __name__ == "__main__":
    main()
