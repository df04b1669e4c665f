"""The client against a hostile server on loopback: nothing it answers gets through unbounded.

Huge and endless answers are refused without being read whole; a trickled answer ends at the
request's deadline; an answer that cannot be read is an unexpected response for a read and a
lost answer for a write (never sent twice); odd Retry-After values are ignored; redirects of a
write, or to another origin, are not followed; lone surrogates become U+FFFD where they enter.
"""

from __future__ import annotations

import asyncio
import json

import pytest

from tui.api import Client, RetryPolicy, errors

from .hostile_server import Answer, HostileServer, hostile_server, json_answer, nested, redirect

ORG = {"object": "organization", "id": "o1", "title": "Acme"}
COLLECTION = {"object": "collection", "id": "c1", "title": "x", "organization": "o1"}
SMALL = 64 * 1024


def client_of(server: HostileServer, sleeps: list[float] | None = None, **options) -> Client:
    async def sleep(seconds: float) -> None:
        assert sleeps is not None
        sleeps.append(seconds)

    return Client(
        "secret-token",
        base_url=server.base_url,
        retry=options.pop("retry", RetryPolicy(attempts=3, backoff=0.01)),
        sleep=sleep if sleeps is not None else None,
        **options,
    )


@pytest.fixture
async def server():
    async with hostile_server() as running:
        yield running


# -- 6: a bound on the size of an answer --------------------------------------------------------


async def test_an_answer_declared_larger_than_the_limit_is_refused_unread(server):
    server.answer("/v1/orgs", Answer(body=b"x" * 4096, mode="declared", length=200 * 2**20))
    async with client_of(server, max_answer_bytes=SMALL) as client:
        with pytest.raises(errors.UnexpectedResponseError) as caught:
            await client.organizations.list_organizations_for_authenticated_user()
    assert "larger than docdeck reads (65,536 bytes): 209,715,200 bytes" in caught.value.message
    assert server.count("GET") == 1  # not asked again: the next answer would be as large


async def test_an_endless_answer_is_refused_once_past_the_limit(server):
    server.answer("/v1/orgs", Answer(body=b'{"items": [' + b" " * 8192, mode="endless"))
    async with client_of(server, max_answer_bytes=SMALL) as client:
        with pytest.raises(errors.UnexpectedResponseError) as caught:
            await client.organizations.list_organizations_for_authenticated_user()
    assert "larger than docdeck reads (65,536 bytes)" in caught.value.message


async def test_a_write_whose_answer_is_too_large_is_a_lost_answer_sent_once(server):
    server.answer("/v1/orgs/o1/collections", Answer(201, b" " * 8192, mode="endless"))
    async with client_of(server, max_answer_bytes=SMALL) as client:
        with pytest.raises(errors.AnswerLostError) as caught:
            await client.collections.create_collection("o1", title="x")
    assert caught.value.accepted and server.count("POST") == 1


def test_the_default_limit_is_32_mib():
    from tui.api._answers import MAX_ANSWER_BYTES

    assert MAX_ANSWER_BYTES == 32 * 2**20


# -- 7: a total deadline --------------------------------------------------------------------------


async def test_a_trickled_answer_ends_at_the_deadline_and_is_not_sent_again(server):
    body = json.dumps(ORG).encode()
    server.answer("/v1/orgs/o1", Answer(body=body, mode="trickle", pause=0.02))
    retry = RetryPolicy(attempts=4, backoff=0.01, deadline=0.3)
    # Each byte comes well within the per-read timeout: only the total deadline can end it.
    async with client_of(server, retry=retry, timeout=5.0) as client:
        with pytest.raises(errors.TimeoutError) as caught:
            await client.organizations.get_organization_by_id("o1")
    assert "no whole answer came within 0.3 s" in caught.value.message
    assert server.count("GET") == 1


async def test_a_write_past_the_deadline_is_a_lost_answer(server):
    server.answer("/v1/orgs/o1/collections", Answer(201, b"{}", mode="trickle", pause=1.0))
    retry = RetryPolicy(deadline=0.2)
    async with client_of(server, retry=retry, timeout=5.0) as client:
        with pytest.raises(errors.AnswerLostError) as caught:
            await client.collections.create_collection("o1", title="x")
    assert caught.value.timed_out and server.count("POST") == 1


async def test_while_it_waits_the_client_says_for_how_long(server):
    server.answer("/v1/orgs/o1", Answer(body=b"{" * 10, mode="trickle", pause=1.0))
    async with client_of(server, retry=RetryPolicy(deadline=0.3)) as client:
        assert client.activity.now() is None
        asking = asyncio.create_task(client.organizations.get_organization_by_id("o1"))
        while (waiting := client.activity.now()) is None:
            await asyncio.sleep(0.01)
        assert not waiting.rate_limited and waiting.seconds >= 0
        with pytest.raises(errors.TimeoutError):
            await asking
        assert client.activity.now() is None  # nothing under way once it ended


# -- 8: whatever cannot be read ----------------------------------------------------------------


async def test_a_deeply_nested_answer_is_an_unexpected_response(server):
    server.answer("/v1/orgs/o1", nested())
    async with client_of(server) as client:
        with pytest.raises(errors.UnexpectedResponseError) as caught:
            await client.organizations.get_organization_by_id("o1")
    assert caught.value.message == "the answer is nested too deeply to read"


async def test_a_write_whose_success_is_nested_too_deep_is_a_lost_answer_sent_once(server):
    server.answer("/v1/orgs/o1/collections", nested())
    async with client_of(server) as client:
        with pytest.raises(errors.AnswerLostError) as caught:
            await client.collections.create_collection("o1", title="x")
    assert caught.value.accepted and server.count("POST") == 1
    assert "nested too deeply" in caught.value.message


async def test_an_error_nested_too_deep_keeps_its_status(server):
    server.answer("/v1/orgs/o1", Answer(409, b"[" * 100_000 + b"]" * 100_000))
    async with client_of(server) as client:
        with pytest.raises(errors.ConflictError) as caught:
            await client.organizations.get_organization_by_id("o1")
    assert caught.value.message == "Conflict"


async def test_a_10000_digit_number_is_read_and_only_matters_where_the_api_has_a_number(server):
    digits = "9" * 10_000
    server.answer("/v1/orgs/o1", json_answer(json.dumps(ORG)[:-1] + f', "stars": {digits}}}'))
    server.answer("/v1/orgs", json_answer(f'{{"items": [], "count": {digits}}}'))
    async with client_of(server) as client:
        org = await client.organizations.get_organization_by_id("o1")
        assert org.title == "Acme"
        with pytest.raises(errors.UnexpectedResponseError) as caught:
            await client.organizations.list_organizations_for_authenticated_user()
    assert "not JSON" not in caught.value.message
    assert "does not match the API" in caught.value.message and "count" in caught.value.message


# -- 9: Retry-After --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "value", ["soon", "banana", "0x10", "nan", "-5", "Fri, 01 Jan 99999 00:00:00 GMT"]
)
async def test_a_retry_after_that_does_not_parse_is_ignored_on_any_status(server, value):
    server.answer(
        "/v1/orgs/o1", json_answer('{"error": {"message": "gone"}}', 404, **{"Retry-After": value})
    )
    server.answer(
        "/v1/orgs",
        json_answer("{}", 503, **{"Retry-After": value}),
        json_answer('{"items": []}'),
    )
    sleeps: list[float] = []
    async with client_of(server, sleeps) as client:
        with pytest.raises(errors.NotFoundError):
            await client.organizations.get_organization_by_id("o1")
        page = await client.organizations.list_organizations_for_authenticated_user()
    assert page.items == [] and len(sleeps) == 1 and sleeps[0] < 1  # its own back-off


async def test_a_rate_limit_wait_is_said_while_it_lasts(server):
    server.answer(
        "/v1/orgs/o1", json_answer("{}", 429, **{"Retry-After": "59"}), json_answer(json.dumps(ORG))
    )
    said = []
    client = client_of(server, [])

    async def sleep(seconds: float) -> None:
        said.append(client.activity.now())

    client._sender._sleep = sleep
    async with client:
        await client.organizations.get_organization_by_id("o1")
    assert said[0] is not None and said[0].rate_limited and 58 <= said[0].seconds <= 59
    assert client.activity.now() is None


async def test_a_wait_of_more_than_a_few_minutes_fails_with_the_time_to_come_back(server):
    server.answer("/v1/orgs/o1", json_answer("{}", 429, **{"Retry-After": "900"}))
    sleeps: list[float] = []
    async with client_of(server, sleeps) as client:
        with pytest.raises(errors.RateLimitError) as caught:
            await client.organizations.get_organization_by_id("o1")
    assert sleeps == [] and caught.value.hint == "Too many requests; try again in 15 min."


# -- 10: redirects ---------------------------------------------------------------------------------


@pytest.mark.parametrize("status", [301, 302, 303, 307, 308])
async def test_a_write_is_never_sent_on_by_a_redirect(server, status):
    server.answer("/v1/orgs/o1/collections", redirect(status, "/v1/elsewhere"))
    async with client_of(server) as client:
        with pytest.raises(errors.UnexpectedResponseError) as caught:
            await client.collections.create_collection("o1", title="x")
    assert "never sends a change on" in caught.value.message and "was not sent there" in (
        caught.value.message
    )
    assert [r.path for r in server.received] == ["/v1/orgs/o1/collections"]


async def test_a_redirect_to_another_origin_is_not_followed(server):
    # localhost is the same machine but another origin than 127.0.0.1.
    elsewhere = f"http://localhost:{server.port}/v1/orgs/o2"
    server.answer("/v1/orgs/o1", redirect(307, elsewhere))
    server.answer("/v1/orgs/o2", json_answer(json.dumps(ORG)))
    async with client_of(server) as client:
        with pytest.raises(errors.UnexpectedResponseError) as caught:
            await client.organizations.get_organization_by_id("o1")
    assert f"another origin, http://localhost:{server.port}" in caught.value.message
    assert server.count("GET", "/o2") == 0


async def test_a_read_follows_a_redirect_within_the_origin(server):
    server.answer("/v1/orgs/o1", redirect(301, "/v1/orgs/o2"))
    server.answer("/v1/orgs/o2", json_answer(json.dumps(ORG)))
    async with client_of(server) as client:
        org = await client.organizations.get_organization_by_id("o1")
    assert org.title == "Acme" and server.received[-1].path == "/v1/orgs/o2"


# -- 11: unencodable text ----------------------------------------------------------------------------


async def test_lone_surrogates_become_replacement_characters_where_they_enter(server):
    server.answer("/v1/orgs/o1", json_answer(json.dumps({**ORG, "title": "Mallory \ud800"})))
    server.answer("/v1/orgs/o2", json_answer('{"error": {"message": "no \\udfff"}}', 404))
    async with client_of(server) as client:
        org = await client.organizations.get_organization_by_id("o1")
        with pytest.raises(errors.NotFoundError) as caught:
            await client.organizations.get_organization_by_id("o2")
    assert org.title == "Mallory \ufffd" and org.title.encode("utf-8")
    assert caught.value.message == "no \ufffd"
