"""A write whose answer was lost is told apart from one never sent, and never sent twice."""

from __future__ import annotations

import httpx
import pytest

from tests.conftest import ORG
from tui.api import Client, errors

from .test_client_faults import Script, client_for, error

BASE_URL = "http://docdeck.test/v1"
MADE = {"object": "collection", "id": "c1", "title": "x", "organization": "o1"}


@pytest.mark.parametrize(
    "failure",
    [
        httpx.ReadError("connection reset by peer"),
        httpx.RemoteProtocolError("peer closed connection without sending complete message body"),
    ],
)
async def test_a_write_dropped_while_its_answer_is_read_is_an_answer_lost_sent_once(failure):
    script = Script(failure)
    async with client_for(script, sleeps=[]) as client:
        with pytest.raises(errors.AnswerLostError) as caught:
            await client.collections.create_collection("o1", title="x")
    assert len(script.requests) == 1
    lost = caught.value
    assert lost.title == "Answer lost" and not lost.timed_out and not lost.accepted
    assert "it was sent" in lost.message and "may have been applied" in lost.hint
    assert (lost.method, lost.path) == ("POST", "/v1/orgs/o1/collections")


@pytest.mark.parametrize(
    "failure", [httpx.WriteError("broken pipe"), httpx.PoolTimeout("no connection free")]
)
async def test_a_write_that_never_left_is_sent_again_safely(failure):
    script = Script(failure, httpx.Response(201, json=MADE))
    async with client_for(script, sleeps=[]) as client:
        collection = await client.collections.create_collection("o1", title="x")
    assert collection.id == "c1" and len(script.requests) == 2


async def test_a_write_that_never_left_says_it_was_not_sent():
    script = Script(httpx.WriteError("broken pipe"))
    async with client_for(script, attempts=1, sleeps=[]) as client:
        with pytest.raises(errors.TransportError) as caught:
            await client.collections.create_collection("o1", title="x")
    assert not isinstance(caught.value, errors.AnswerLostError)
    assert "not sent whole" in caught.value.message


async def test_a_read_dropped_mid_answer_is_read_again():
    org = {"object": "organization", "id": "o1", "title": "Acme"}
    script = Script(httpx.RemoteProtocolError("incomplete body"), httpx.Response(200, json=org))
    async with client_for(script, sleeps=[]) as client:
        assert (await client.organizations.get_organization_by_id("o1")).title == "Acme"
    assert len(script.requests) == 2


async def test_a_write_accepted_in_an_unreadable_answer_is_an_answer_lost():
    script = Script(httpx.Response(201, text="<html>oops</html>"))
    async with client_for(script, sleeps=[]) as client:
        with pytest.raises(errors.AnswerLostError) as caught:
            await client.collections.create_collection("o1", title="x")
    assert caught.value.accepted and "accepted it" in caught.value.message
    assert len(script.requests) == 1


async def test_a_gateway_timeout_on_a_write_is_an_answer_lost():
    script = Script(error(504, "upstream timed out"))
    async with client_for(script, sleeps=[]) as client:
        with pytest.raises(errors.AnswerLostError) as caught:
            await client.collections.create_collection("o1", title="x")
    assert caught.value.timed_out and len(script.requests) == 1


async def test_a_lost_answer_marks_what_the_write_touched_stale(transport):
    class DropAnswers(httpx.AsyncBaseTransport):
        async def handle_async_request(self, request):
            response = await transport.handle_async_request(request)
            if request.method != "GET":
                raise httpx.ReadError("connection reset by peer")
            return response

    client = Client("demo-admin", base_url=BASE_URL, transport=DropAnswers())
    page = await client.spaces.list_spaces_in_organization_by_id(ORG)
    space = page.items[0]
    with pytest.raises(errors.AnswerLostError):
        await client.spaces.update_space_by_id(space.id, title="Renamed, answer lost")
    # The next read asks the service, which did apply it.
    again = await client.spaces.list_spaces_in_organization_by_id(ORG)
    assert again.items[0].title == "Renamed, answer lost"
    await client.aclose()
