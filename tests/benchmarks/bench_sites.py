"""Benchmark: opening the structure of a site with 100 sections, cold and warm (not in the default run).

Run: ``python -m pytest tests/benchmarks/bench_sites.py -s -n 0``. Figures are printed; the
assertions only check that each run did what it measures (100 sections shown).

The demo service gets a site of 100 sections (each with a site space) and two groups. Every
request to it waits ``LATENCY`` first, as a network round trip would, so that the figures show
what fetching the lists in parallel saves. Measured:

- the data: ``fetch_site_view`` (the site, its organisation and its three lists) from an empty
  cache: how many requests, how many were in flight at once, how long;
- the app: from ``open_location`` until the structure tree holds the 100 sections, cold (a new
  client, an empty cache) and warm (the site opened a second time in the same session), with
  the requests sent before the tree was painted and in all.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from typing import Any

import httpx

from tui.api import Client, RetryPolicy
from tui.app import ConnectionLabel, DocdeckApp
from tui.service import create_app
from tui.sites.locations import site_location
from tui.sites.logic.site_structure import NodeKind
from tui.sites.site import SiteScreen
from tui.sites.site_base import fetch_site_view

ORG = "org-northwind"
BASE = "http://bench.test/v1"
LATENCY = 0.030
"""Seconds each request waits before the service answers it (a modest network round trip)."""
SECTIONS = 100


class SlowCounting(httpx.AsyncBaseTransport):
    """Waits ``LATENCY`` before each request; counts them, and how many were in flight at once."""

    def __init__(self, inner: httpx.AsyncBaseTransport, latency: float = LATENCY) -> None:
        self.inner = inner
        self.latency = latency
        self.count = 0
        self.in_flight = 0
        self.most_in_flight = 0

    def reset(self) -> None:
        self.count = self.most_in_flight = 0

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        self.count += 1
        self.in_flight += 1
        self.most_in_flight = max(self.most_in_flight, self.in_flight)
        try:
            await asyncio.sleep(self.latency)
            return await self.inner.handle_async_request(request)
        finally:
            self.in_flight -= 1


async def _site_of_a_hundred_sections(service: Any) -> str:
    async with Client(
        "demo-admin",
        base_url=BASE,
        transport=httpx.ASGITransport(app=service),
        retry=RetryPolicy(attempts=1),
    ) as client:
        spaces = (await client.spaces.list_spaces_in_organization_by_id(ORG, limit=100)).items
        site = await client.sites.create_site(ORG, title="Bench portal", spaces=[spaces[0].id])
        sections = []
        for index in range(SECTIONS):
            space = spaces[index % len(spaces)]
            section = await client.site_sections.add_section_to_site(
                ORG, site.id, space_id=space.id, title=f"Section {index:03d}"
            )
            sections.append(section.id)
        for number, start in enumerate((10, 50)):
            await client.site_section_groups.add_section_group_to_site(
                ORG, site.id, title=f"Group {number}", sections=sections[start : start + 10]
            )
        return site.id


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


async def test_fetching_a_site_of_a_hundred_sections_sends_its_lists_at_once() -> None:
    service = create_app("demo")
    site_id = await _site_of_a_hundred_sections(service)
    transport = SlowCounting(httpx.ASGITransport(app=service))
    times, counts, widths = [], [], []
    for _ in range(5):
        async with Client(
            "demo-admin", base_url=BASE, transport=transport, retry=RetryPolicy(attempts=1)
        ) as client:
            transport.reset()
            started = time.perf_counter()
            view = await fetch_site_view(client, ORG, site_id)
            times.append(time.perf_counter() - started)
            counts.append(transport.count)
            widths.append(transport.most_in_flight)
    assert len(view.outline.of_kind(NodeKind.SECTION)) == SECTIONS
    print(
        f"\nfetch the structure of a site of {SECTIONS} sections, {_ms(LATENCY)} a request: "
        f"median {_ms(statistics.median(times))}, {counts[0]} requests, "
        f"{widths[0]} in flight at once (one after another: at least "
        f"{_ms(counts[0] * LATENCY)})"
    )


async def _open_until_shown(app: DocdeckApp, pilot: Any, place: Any) -> float:
    started = time.perf_counter()
    app.open_location(place)
    while time.perf_counter() - started < 30:
        screen = app.screen
        if isinstance(screen, SiteScreen) and len(screen.outline.of_kind(NodeKind.SECTION)) == (
            SECTIONS
        ):
            return time.perf_counter() - started
        await asyncio.sleep(0.005)
    screen = app.screen
    shown = len(screen.outline.of_kind(NodeKind.SECTION)) if isinstance(screen, SiteScreen) else -1
    raise TimeoutError(f"the structure never showed ({screen}, {shown}); {app.last_error}")


async def test_opening_the_structure_of_a_site_of_a_hundred_sections_cold_and_warm() -> None:
    service = create_app("demo")
    site_id = await _site_of_a_hundred_sections(service)
    transport = SlowCounting(httpx.ASGITransport(app=service))
    client = Client("demo-admin", base_url=BASE, transport=transport, retry=RetryPolicy(attempts=1))
    app = DocdeckApp(client, ConnectionLabel("bench", "in-process"), clock=lambda: 0.0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        site = await client.sites.get_site_by_id(ORG, site_id)
        client.cache.clear()
        place = site_location(site, ORG)

        transport.reset()
        cold = await _open_until_shown(app, pilot, place)
        cold_before = transport.count
        await app.workers.wait_for_complete()
        cold_all, cold_width = transport.count, transport.most_in_flight

        app.pop_screen()
        await pilot.pause()
        transport.reset()
        warm = await _open_until_shown(app, pilot, place)
        warm_before = transport.count
        await app.workers.wait_for_complete()
        warm_all = transport.count
        tree_rows = app.screen.query_one("#structure-tree").last_line + 1
    print(
        f"\nopen the structure of a site of {SECTIONS} sections ({tree_rows} rows), "
        f"{_ms(LATENCY)} a request:\n"
        f"  cold (empty cache): {_ms(cold)} until shown, {cold_before} requests before, "
        f"{cold_all} in all, {cold_width} in flight at once\n"
        f"  warm (seen before):  {_ms(warm)} until shown, {warm_before} requests before, "
        f"{warm_all} in all"
    )
    assert tree_rows >= SECTIONS
