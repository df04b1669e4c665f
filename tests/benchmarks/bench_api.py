"""Benchmarks of the client against the in-process service (not part of the default run).

Run: ``python -m pytest tests/benchmarks/bench_api.py -s`` (figures are printed as medians).
"""

from __future__ import annotations

import statistics
import time
import tracemalloc
from collections.abc import Awaitable, Callable
from typing import Any

import httpx

from tui.api import Client, RetryPolicy
from tui.api.models import Revision
from tui.emulator import create_app

GLOBEX = "org-globex"
BASE = "http://bench.test/v1"


class Counting(httpx.AsyncBaseTransport):
    def __init__(self, inner: httpx.AsyncBaseTransport) -> None:
        self.inner = inner
        self.count = 0

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        self.count += 1
        return await self.inner.handle_async_request(request)


def _large() -> Any:
    return create_app("large")


def _space_titled(app: Any, title: str) -> str:
    store = app.state.emulator.store
    return next(s["id"] for s in store.list("space", scope=GLOBEX) if s["title"] == title)


async def _median(run: Callable[[], Awaitable[Any]], repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        await run()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


async def test_listing_ten_thousand_spaces_with_the_pagination_helper() -> None:
    app = _large()
    for limit in (1000, 100):
        transport = Counting(httpx.ASGITransport(app=app))

        async def walk() -> int:
            client = Client("demo-admin", base_url=BASE, transport=transport, retry=RetryPolicy(attempts=1))
            async with client:
                return len([s async for s in client.paginate(
                    client.spaces.list_spaces_in_organization_by_id, GLOBEX, limit=limit
                )])

        tracemalloc.start()
        count = await walk()
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        requests = transport.count
        median = await _median(walk, repeat=3)
        assert count == 10_000
        print(
            f"\nlist {count} spaces, limit {limit}: median {median:.2f} s, "
            f"{requests} requests, peak memory {peak / 2**20:.1f} MiB"
        )


async def test_parsing_a_two_thousand_page_revision() -> None:
    app = _large()
    space_id = _space_titled(app, "Platform encyclopedia")
    transport = httpx.ASGITransport(app=app)
    async with Client("demo-admin", base_url=BASE, transport=transport) as client:
        response = await client._http.get(f"spaces/{space_id}/content")
        payload = response.json()

    def parse() -> Revision:
        return Revision.model_validate(payload)

    async def run() -> None:
        parse()

    median = await _median(run, repeat=7)
    revision = parse()
    total = sum(1 + len(page.pages) for page in revision.pages)
    assert total == 2000
    print(f"\nparse a {total}-page revision ({len(response.content) / 2**20:.1f} MiB): median {median * 1000:.0f} ms")
