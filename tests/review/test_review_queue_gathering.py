"""Gathering the review queue: one list of the organisation's open change requests, page by page,
and a read of each space it names that is not known yet; against the in-process service."""

from __future__ import annotations

import httpx
import pytest

from tests.conftest import ORG
from tests.pilot.fixtures import FailingTransport
from tui.api import Client, RetryPolicy
from tui.review import queue as gathering
from tui.review.logic.review_queue import ReviewQueue


def lists_and_reads(transport, since: int = 0) -> tuple[int, list[str]]:
    sent = [s for s in transport.sent[since:] if s.method == "GET"]
    lists = sum(1 for s in sent if s.path == f"/v1/orgs/{ORG}/change-requests")
    reads = [s.path.split("/")[3] for s in sent if s.path.startswith("/v1/spaces/")]
    return lists, reads


async def open_in_service(admin) -> set[tuple[str | None, str]]:
    spaces = await admin.spaces.list_spaces_in_organization_by_id(ORG)
    found = set()
    for space in spaces.items:
        page = await admin.change_requests.list_change_requests_for_space(space.id)
        found |= {(space.title, r.subject) for r in page.items}
    return found


async def test_the_list_is_read_page_by_page_and_each_space_once(admin, transport, monkeypatch):
    monkeypatch.setattr(gathering, "PAGE", 2)  # 4 open change requests: 2 pages
    expected = await open_in_service(admin)
    since = len(transport.sent)
    queue = ReviewQueue(me="u-ada")
    arrived: list[tuple[str, int]] = []
    spaces = await gathering.gather_change_requests(
        admin, ORG, queue, lambda space, count: arrived.append((space.title, count))
    )
    assert {(e.space_title, e.subject) for e in queue.rows()} == expected
    # API Reference's two change requests may fall on both pages: its rows are all kept.
    assert spaces == 3 == len({title for title, _ in expected})
    lists, reads = lists_and_reads(transport, since)
    assert lists == 2 and len(reads) == len(set(reads)) == 3
    assert sum(count for title, count in arrived if title == "API Reference") >= 2


async def test_known_spaces_are_not_read_again(admin, transport):
    known: dict = {}
    await gathering.gather_change_requests(
        admin, ORG, ReviewQueue(me="u-ada"), lambda s, c: None, spaces=known
    )
    assert len(known) == 3
    since = len(transport.sent)
    with admin.revalidating():  # as a look asks: past the cache
        await gathering.gather_change_requests(
            admin, ORG, ReviewQueue(me="u-ada"), lambda s, c: None, spaces=known
        )
    assert lists_and_reads(transport, since) == (1, [])


async def test_a_change_request_closed_since_leaves_the_queue(admin):
    queue, known = ReviewQueue(me="u-ada"), {}
    await gathering.gather_change_requests(admin, ORG, queue, lambda s, c: None, spaces=known)
    entry = next(e for e in queue.rows() if e.subject == "Add a rollback checklist")
    await admin.change_requests.update_change_request_by_id(
        entry.space_id, entry.change_request_id, status="archived"
    )
    with admin.revalidating():
        await gathering.gather_change_requests(admin, ORG, queue, lambda s, c: None, spaces=known)
    assert "Add a rollback checklist" not in [e.subject for e in queue.rows()]
    assert len(queue) == 3


def refusing(path: str, status: int):
    """For ``FailingTransport``: the service, except that ``path`` answers ``status``."""

    def fail(request: httpx.Request) -> httpx.Response | None:
        if request.url.path != path:
            return None
        message = {"error": {"code": status, "message": "No."}}
        return httpx.Response(status, json=message, request=request)

    return fail


@pytest.mark.parametrize("status", [403, 404])
async def test_a_space_the_user_cannot_read_is_left_out_and_the_others_stay(
    admin, transport, status
):
    queue = ReviewQueue(me="u-ada")
    await gathering.gather_change_requests(admin, ORG, queue, lambda s, c: None)
    hidden = next(e for e in queue.rows() if e.subject == "Add a rollback checklist").space_id
    client = Client(
        "demo-admin",
        base_url="http://docdeck.test/v1",
        transport=FailingTransport(transport, fail=refusing(f"/v1/spaces/{hidden}", status)),
        retry=RetryPolicy(attempts=1),
    )
    try:
        fresh = ReviewQueue(me="u-ada")
        spaces = await gathering.gather_change_requests(client, ORG, fresh, lambda s, c: None)
    finally:
        await client.aclose()
    assert spaces == 2
    assert [e.space_id for e in fresh.rows() if e.space_id == hidden] == []
    assert len(fresh) == 3


async def test_a_service_without_the_organisations_list_is_gathered_from_its_spaces(
    admin, transport
):
    expected = await open_in_service(admin)
    since = len(transport.sent)
    async with Client(
        "demo-admin",
        base_url="http://docdeck.test/v1",
        # A service that answers like the API but has no organisation-wide list.
        transport=FailingTransport(
            transport, fail=refusing(f"/v1/orgs/{ORG}/change-requests", 404)
        ),
        retry=RetryPolicy(attempts=1),
    ) as client:
        queue = ReviewQueue(me="u-ada")
        spaces = await gathering.gather_change_requests(client, ORG, queue, lambda s, c: None)
    assert {(e.space_title, e.subject) for e in queue.rows()} == expected
    assert spaces == 3
    listed = [s.path for s in transport.sent[since:] if s.path.endswith("/change-requests")]
    assert len(listed) == 3  # one list for each space with open change requests
    assert any(s.path == f"/v1/orgs/{ORG}/spaces" for s in transport.sent[since:])
