"""Benchmarks of the client against the in-process service (not part of the default run).

Run: ``python -m pytest tests/benchmarks/bench_api.py -s -n 0`` (figures are printed as medians).
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
from tui.service import create_app

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

        async def walk(transport: Counting = transport, limit: int = limit) -> int:
            client = Client(
                "demo-admin", base_url=BASE, transport=transport, retry=RetryPolicy(attempts=1)
            )
            async with client:
                listing = client.spaces.list_spaces_in_organization_by_id
                return len([s async for s in client.paginate(listing, GLOBEX, limit=limit)])

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
    print(
        f"\nparse a {total}-page revision ({len(response.content) / 2**20:.1f} MiB): median {median * 1000:.0f} ms"
    )


async def test_listing_two_thousand_members() -> None:
    app = _large()
    transport = Counting(httpx.ASGITransport(app=app))

    async def walk() -> int:
        client = Client(
            "demo-admin", base_url=BASE, transport=transport, retry=RetryPolicy(attempts=1)
        )
        async with client:
            return len(
                [
                    m
                    async for m in client.paginate(
                        client.organization_members.list_members_in_organization_by_id,
                        GLOBEX,
                        limit=1000,
                    )
                ]
            )

    count = await walk()
    requests = transport.count
    median = await _median(walk, repeat=5)
    assert count == 2000
    print(f"\nlist {count} members, limit 1000: median {median * 1000:.0f} ms, {requests} requests")


async def test_opening_the_structure_of_a_site_with_a_hundred_sections() -> None:
    app = _large()
    transport = httpx.ASGITransport(app=app)
    async with Client(
        "demo-admin", base_url=BASE, transport=transport, retry=RetryPolicy(attempts=1)
    ) as client:
        spaces = (await client.spaces.list_spaces_in_organization_by_id(GLOBEX, limit=100)).items
        site = await client.sites.create_site(GLOBEX, title="Globex developer portal")
        for index, space in enumerate(spaces):
            await client.site_sections.add_section_to_site(
                GLOBEX, site.id, space_id=space.id, title=f"Section {index:03d}"
            )

        async def open_structure() -> int:
            with client.revalidating():
                published = await client.sites.get_published_content_site(GLOBEX, site.id)
            return len(published.structure.structure)

        sections = await open_structure()
        median = await _median(open_structure, repeat=7)
    assert sections == 100
    print(f"\nopen the structure of a site with {sections} sections: median {median * 1000:.0f} ms")
