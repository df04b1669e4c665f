"""Benchmark of the access view at scale (not part of the default run).

Run: ``python -m pytest tests/benchmarks/bench_access.py -s -n 0``. Figures are printed; the
assertions only check that the run did what it measures.

The ``large`` dataset's Globex (10,001 spaces, 2,000 members), in-process at 80×24: the access
view is built for one permission (admin: the service filters) from the aggregate operation, one
request a space, then written as CSV. Reported: requests, time to build and to write, rows,
the process's peak resident size (the local service's data included: it runs in the same
process) and its resident size sampled during the build, and keypress to repaint while the
build runs (a ``down`` every 50 ms, timed as ``bench_app.py`` does). Targets (issue 17): peak
RSS under 300 MiB, keys at p95 under 50 ms.

``test_keys_during_the_build_with_the_service_in_its_own_process``: the same build against
``docdeck serve --dataset large`` over loopback HTTP, as a user has it, for a minute (then Esc),
beside the in-process service as the demo runs it (its own loop and thread: ``ServiceThread``).
Reported: keypress to repaint during the build in both set-ups, from the same run. Keys come
every 50 ms throughout, so the build gives way to them (a space a frame): its pace while
nobody types is that of the first test.
"""

from __future__ import annotations

import asyncio
import os
import resource
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from tests.benchmarks.bench_admin import GLOBEX, CountingTransport, _app, _until
from tests.benchmarks.bench_app import _figures, _settle, key_to_repaint, recorded_repaints
from tui.admin.access_dialogs import ExportCsvForm
from tui.admin.admin_access import AccessScreen
from tui.admin.locations import admin_view_location
from tui.api import Client, RetryPolicy
from tui.app import ConnectionLabel, DocdeckApp
from tui.widgets import TextField


def _rss_mib() -> float:
    with open("/proc/self/statm") as handle:
        pages = int(handle.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def _peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


async def _access_of_globex(app: DocdeckApp, pilot: Any) -> Any:
    """The access view of Globex, opened and counted (before any build)."""
    await _settle(pilot)
    app.open_location(admin_view_location(GLOBEX, "access"))
    screen: Any = app.screen
    assert isinstance(screen, AccessScreen)
    await _until(lambda: screen.view is not None, 120)
    await _settle(pilot)
    return screen


async def test_the_access_csv_of_one_permission_on_globex() -> None:
    app, transport = _app("large")
    rss: list[float] = []
    keys: list[float] = []
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _access_of_globex(app, pilot)
        before = transport.requests
        started = time.perf_counter()
        screen.role = "admin"
        screen.action_build()
        await _until(lambda: len(screen.table.shown) > 0, 120)
        first_rows = time.perf_counter() - started
        table = screen.table
        with recorded_repaints(screen, lambda: table.cursor_row) as repaints:
            while screen.building:
                rss.append(_rss_mib())
                if table.cursor_row < table.row_count - 1:
                    keys.append(await key_to_repaint(app, "down", repaints, past=table.cursor_row))
                await asyncio.sleep(0.05)
        built = time.perf_counter() - started
        build = screen.build
        assert build is not None and build.finished
        requests = transport.requests - before
        with tempfile.TemporaryDirectory() as folder:
            target = Path(folder) / "globex-admins.csv"
            began = time.perf_counter()
            screen.action_export_csv()
            await _settle(pilot)
            form: Any = app.screen
            assert isinstance(form, ExportCsvForm)
            form.query_one("#path", TextField).input.value = str(target)
            form.submit()
            await _until(lambda: not isinstance(app.screen, ExportCsvForm), 600)
            written = time.perf_counter() - began
            size = target.stat().st_size
            with target.open("rb") as handle:
                lines = sum(1 for _ in handle)
    print(
        f"\nAccess CSV of Globex for one permission (admin), in-process at 80x24:\n"
        f"  {build.spaces_done:,} spaces, {build.rows:,} rows, {requests:,} requests\n"
        f"  first rows drawn {first_rows * 1000:.0f} ms after asking; built in {built:.1f} s\n"
        f"  written as CSV in {written:.1f} s ({size / 2**20:.0f} MiB)\n"
        f"  resident size during the build: max {max(rss):.0f} MiB; peak of the process "
        f"{_peak_mib():.0f} MiB (target: under 300)\n"
        f"  keypress to repaint during the build over {len(keys)} keys: {_figures(keys)} "
        f"(target: p95 under 50 ms)"
    )
    assert lines == build.rows + 1
    assert keys


async def _keys_during_a_build(app: DocdeckApp, seconds: float) -> tuple[list[float], int]:
    """Keypress to repaint (a ``down`` every 50 ms) during ``seconds`` of building the access
    of Globex's admins; the spaces done by then."""
    keys: list[float] = []
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _access_of_globex(app, pilot)
        screen.role = "admin"
        screen.action_build()
        await _until(lambda: len(screen.table.shown) > 0, 120)
        table = screen.table
        started = time.perf_counter()
        with recorded_repaints(screen, lambda: table.cursor_row) as repaints:
            while screen.building and time.perf_counter() - started < seconds:
                if table.cursor_row < table.row_count - 1:
                    keys.append(await key_to_repaint(app, "down", repaints, past=table.cursor_row))
                await asyncio.sleep(0.05)
        done = screen.build.spaces_done
        await pilot.press("escape")
        await _settle(pilot)
    return keys, done


async def test_keys_during_the_build_with_the_service_in_its_own_process() -> None:
    from tests.benchmarks.bench_speed import _served

    seconds = float(os.environ.get("DOCDECK_BENCH_SECONDS", "60"))
    in_process, _transport = _app("large")
    keys_in, done_in = await _keys_during_a_build(in_process, seconds)
    with tempfile.TemporaryDirectory() as folder, _served("large", Path(folder)) as base:
        transport = CountingTransport(httpx.AsyncHTTPTransport())
        client = Client(
            "demo-admin", base_url=base, transport=transport, retry=RetryPolicy(attempts=1)
        )
        served = DocdeckApp(client, ConnectionLabel("bench", "loopback"), clock=lambda: 0.0)
        keys_http, done_http = await _keys_during_a_build(served, seconds)
    print(
        f"\nKeys during {seconds:.0f} s of building Globex's access for one permission (admin),"
        f" 80x24:\n"
        f"  in-process service (its own thread):  {done_in:,} spaces; {_figures(keys_in)}\n"
        f"  docdeck serve over loopback HTTP:    {done_http:,} spaces; {_figures(keys_http)}\n"
        f"  (target: p95 under 50 ms)"
    )
    assert keys_in and keys_http
