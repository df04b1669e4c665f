"""The large and hostile datasets, as a client sees them."""

from __future__ import annotations

import httpx
import pytest

from tests.conftest import RecordingTransport, fresh_service
from tui.api import Client, RetryPolicy
from tui.service.datasets.hostile import HOSTILE, NASTY_TITLES
from tui.service.datasets.large import GLOBEX


@pytest.fixture(scope="module")
def large_app():
    # A tuple, as when it also carried the build time (now in tests/benchmarks/bench_data.py).
    return fresh_service("large"), None


@pytest.fixture(scope="module")
def hostile_app():
    return fresh_service("hostile")


def client_of(app) -> Client:
    transport = RecordingTransport(httpx.ASGITransport(app=app))
    return Client(
        "demo-admin",
        base_url="http://docdeck.test/v1",
        transport=transport,
        retry=RetryPolicy(attempts=1),
    )


async def _space(client: Client, organization: str, title: str):
    async for space in client.paginate(
        client.spaces.list_spaces_in_organization_by_id, organization, limit=1000
    ):
        if space.title == title:
            return space
    raise AssertionError(f"no space {title!r}")


def _count_pages(pages) -> int:
    return sum(1 + _count_pages(page.pages) for page in pages)


async def test_globex_is_sized_like_a_big_customer(large_app):
    async with client_of(large_app[0]) as client:
        spaces = await client.spaces.list_spaces_in_organization_by_id(GLOBEX, limit=1)
        collections = await client.collections.list_collections_in_organization_by_id(
            GLOBEX, limit=1
        )
        members = await client.organization_members.list_members_in_organization_by_id(
            GLOBEX, limit=1
        )
        teams = await client.teams.list_teams_in_organization_by_id(GLOBEX, limit=1)
        nested = await client.collections.list_collections_in_organization_by_id(
            GLOBEX, nested=False
        )
    assert spaces.count >= 10_000
    assert (collections.count, members.count, teams.count) == (200, 2000, 300)
    assert nested.count == 20  # the rest are nested


async def test_globex_has_a_two_thousand_page_space(large_app):
    async with client_of(large_app[0]) as client:
        space = await _space(client, GLOBEX, "Platform encyclopedia")
        pages = await client.space_content.list_pages(space.id)
    assert _count_pages(pages.pages) == 2000


async def test_globex_has_five_hundred_change_requests_and_a_thousand_comments(large_app):
    async with client_of(large_app[0]) as client:
        space = await _space(client, GLOBEX, "Release train")
        total = 0
        for status in ("open", "draft", "merged", "archived"):
            listed = await client.change_requests.list_change_requests_for_space(
                space.id, status=status, limit=1
            )
            total += listed.count or 0
        comments = await client.change_request_comments.list_comments_in_change_request(
            space.id, "1", limit=1
        )
    assert total == 500 and comments.count == 1000


async def test_hostile_titles_come_back_exactly_as_written(hostile_app):
    async with client_of(hostile_app) as client:
        titles = [
            s.title
            async for s in client.paginate(client.spaces.list_spaces_in_organization_by_id, HOSTILE)
        ]
    for nasty in NASTY_TITLES:
        assert nasty[:50] in titles
    assert "S" * 50 in titles  # exactly at the limit


async def test_hostile_content_is_deep_huge_and_sometimes_empty(hostile_app):
    async with client_of(hostile_app) as client:
        space = await _space(client, HOSTILE, "Deep and huge")
        pages = (await client.space_content.list_pages(space.id)).pages
        depth, page = 1, pages[0]
        while page.pages:
            depth, page = depth + 1, page.pages[0]
        huge = next(p for p in pages if p.title == "Two hundred kilobytes")
        full = await client.space_content.get_page_by_id(space.id, huge.id)
        empty = await _space(client, HOSTILE, "An empty space")
        nothing = await client.space_content.list_pages(empty.id)
        empty_org = await client.collections.list_collections_in_organization_by_id("org-empty")
    assert depth == 50
    assert len(full.markdown or "") >= 190_000
    assert nothing.pages == [] and empty_org.items == [] and empty_org.count == 0


async def test_hostile_comments_and_change_requests_keep_their_text(hostile_app):
    async with client_of(hostile_app) as client:
        space = await _space(client, HOSTILE, "[@click=app.quit]y")
        comments = await client.space_comments.list_comments_in_space(space.id)
        requests = await client.change_requests.list_change_requests_for_space(space.id)
    assert (
        comments.items[0].body.markdown == "[@click=app.quit]y — is this '[@click=app.quit]y' safe?"
    )
    assert [r.subject for r in requests.items] == ["[@click=app.quit]y"]
    assert space.comments == 1 and space.change_requests_open == 1
