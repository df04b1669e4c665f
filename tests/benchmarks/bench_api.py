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
from tui.emulator.datasets.builder import Builder

ORG = "org-northwind"
BASE = "http://bench.test/v1"


class Counting(httpx.AsyncBaseTransport):
    def __init__(self, inner: httpx.AsyncBaseTransport) -> None:
        self.inner = inner
        self.count = 0

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        self.count += 1
        return await self.inner.handle_async_request(request)


def _app_with_spaces(n: int) -> Any:
    app = create_app("demo")
    store = app.state.emulator.store
    b = Builder(store, "bench")
    organization = store.get("organization", ORG)
    with store.transaction():
        for i in range(n):
            b.space(organization, f"Space {i:05d}", emoji="📄", pages=[])
    return app


def _app_with_big_revision(pages: int) -> tuple[Any, str]:
    app = create_app("demo")
    store = app.state.emulator.store
    b = Builder(store, "bench")
    organization = store.get("organization", ORG)
    text = "## Section\n\nSome words about the product, with `code` and a [link](other.md).\n" * 5
    tree = []
    for i in range(pages // 20):
        children = [b.page(f"Page {i}.{j}", text) for j in range(19)]
        tree.append(b.page(f"Chapter {i}", text, children=children))
    with store.transaction():
        space = b.space(organization, "Big space", pages=tree)
    return app, space["id"]


async def _median(run: Callable[[], Awaitable[Any]], repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        await run()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


async def test_listing_ten_thousand_spaces_with_the_pagination_helper() -> None:
    app = _app_with_spaces(10_000)
    for limit in (1000, 100):
        transport = Counting(httpx.ASGITransport(app=app))

        async def walk() -> int:
            client = Client("demo-admin", base_url=BASE, transport=transport, retry=RetryPolicy(attempts=1))
            async with client:
                return len([s async for s in client.paginate(
                    client.spaces.list_spaces_in_organization_by_id, ORG, limit=limit
                )])

        tracemalloc.start()
        count = await walk()
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        requests = transport.count
        median = await _median(walk, repeat=3)
        assert count >= 10_000
        print(
            f"\nlist {count} spaces, limit {limit}: median {median:.2f} s, "
            f"{requests} requests, peak memory {peak / 2**20:.1f} MiB"
        )


async def test_parsing_a_two_thousand_page_revision() -> None:
    app, space_id = _app_with_big_revision(2000)
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
