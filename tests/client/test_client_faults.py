"""Retries, back-off, rate limits, timeouts and unreadable answers, at the transport and on loopback."""

from __future__ import annotations

import asyncio
import contextlib
import random
import socket
import time

import httpx
import pytest

from tui.api import Client, RetryPolicy, errors

ORG_URL = "/v1/orgs/o1"
ORG = {
    "object": "organization",
    "id": "o1",
    "title": "Acme",
    "createdAt": "2026-01-01T00:00:00.000Z",
}


class Script:
    """A transport that answers from a list of responses (or exceptions) and records requests."""

    def __init__(self, *answers):
        self.answers = list(answers)
        self.requests: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        answer = self.answers.pop(0)
        if isinstance(answer, Exception):
            raise answer
        return answer


def client_for(script, *, attempts=4, sleeps=None, **options):
    async def sleep(seconds):
        sleeps.append(seconds)

    return Client(
        "secret-token",
        base_url="https://api.example.test/v1",
        transport=httpx.MockTransport(script),
        retry=RetryPolicy(attempts=attempts, rng=random.Random(7)),
        sleep=sleep if sleeps is not None else None,
        **options,
    )


def error(status, message="nope", **headers):
    return httpx.Response(
        status, json={"error": {"code": status, "message": message}}, headers=headers
    )


async def test_a_get_is_retried_on_5xx_with_growing_jittered_waits():
    script = Script(error(503), error(502), httpx.Response(200, json=ORG))
    sleeps: list[float] = []
    async with client_for(script, sleeps=sleeps) as client:
        org = await client.organizations.get_organization_by_id("o1")
    assert org.title == "Acme" and len(script.requests) == 3
    assert 0.25 <= sleeps[0] <= 0.5 and 0.5 <= sleeps[1] <= 1.0


async def test_a_get_honours_retry_after_on_429():
    script = Script(error(429, **{"Retry-After": "3"}), httpx.Response(200, json=ORG))
    sleeps: list[float] = []
    async with client_for(script, sleeps=sleeps) as client:
        await client.organizations.get_organization_by_id("o1")
    assert sleeps == [3.0]


async def test_a_rate_limit_reset_time_sets_the_wait():
    reset = str(int(time.time()) + 5)
    script = Script(error(429, **{"X-RateLimit-Reset": reset}), httpx.Response(200, json=ORG))
    sleeps: list[float] = []
    async with client_for(script, sleeps=sleeps) as client:
        await client.organizations.get_organization_by_id("o1")
    assert 3.5 <= sleeps[0] <= 5.0


async def test_a_wait_over_a_minute_becomes_a_rate_limit_error_at_once():
    script = Script(error(429, "Slow down", **{"Retry-After": "120"}))
    sleeps: list[float] = []
    async with client_for(script, sleeps=sleeps) as client:
        with pytest.raises(errors.RateLimitError) as caught:
            await client.organizations.get_organization_by_id("o1")
    assert sleeps == [] and caught.value.retry_after == 120
    assert caught.value.message == "Slow down" and "120 s" in caught.value.hint


async def test_retries_give_up_with_the_servers_message():
    script = Script(error(500, "db down"), error(500, "db down"), error(500, "db still down"))
    async with client_for(script, attempts=3, sleeps=[]) as client:
        with pytest.raises(errors.ServerError) as caught:
            await client.organizations.get_organization_by_id("o1")
    assert caught.value.message == "db still down" and caught.value.status == 500
    assert caught.value.title == "Service error" and len(script.requests) == 3


async def test_a_mutation_is_not_retried_after_a_server_error():
    script = Script(error(503))
    async with client_for(script, sleeps=[]) as client:
        with pytest.raises(errors.ServerError):
            await client.collections.create_collection("o1", title="x")
    assert len(script.requests) == 1


async def test_a_mutation_is_retried_on_429():
    made = {"object": "collection", "id": "c1", "title": "x", "organization": "o1"}
    script = Script(error(429, **{"Retry-After": "1"}), httpx.Response(201, json=made))
    sleeps: list[float] = []
    async with client_for(script, sleeps=sleeps) as client:
        collection = await client.collections.create_collection("o1", title="x")
    assert collection.id == "c1" and sleeps == [1.0]


async def test_a_mutation_is_retried_when_the_connection_was_refused():
    made = {"object": "collection", "id": "c1", "title": "x", "organization": "o1"}
    script = Script(httpx.ConnectError("refused"), httpx.Response(201, json=made))
    async with client_for(script, sleeps=[]) as client:
        await client.collections.create_collection("o1", title="x")
    assert len(script.requests) == 2


async def test_a_mutation_that_timed_out_is_not_sent_twice():
    script = Script(httpx.ReadTimeout("slow"))
    async with client_for(script, sleeps=[]) as client:
        with pytest.raises(errors.AnswerLostError) as caught:
            await client.collections.create_collection("o1", title="x")
    assert len(script.requests) == 1
    assert caught.value.timed_out and caught.value.title == "Answer lost"


async def test_a_get_that_keeps_timing_out_ends_in_a_timeout_error():
    script = Script(*[httpx.ReadTimeout("slow")] * 3)
    async with client_for(script, attempts=3, sleeps=[]) as client:
        with pytest.raises(errors.TimeoutError) as caught:
            await client.organizations.get_organization_by_id("o1")
    assert len(script.requests) == 3 and caught.value.path == "/v1/orgs/o1"


@pytest.mark.parametrize(
    ("status", "kind", "title"),
    [
        (400, errors.BadRequestError, "Invalid request"),
        (401, errors.UnauthorizedError, "Not signed in"),
        (403, errors.ForbiddenError, "Not allowed"),
        (404, errors.NotFoundError, "Not found"),
        (409, errors.ConflictError, "Conflict"),
    ],
)
async def test_each_status_has_its_error_and_title(status, kind, title):
    script = Script(error(status, "the message"))
    async with client_for(script, sleeps=[]) as client:
        with pytest.raises(kind) as caught:
            await client.organizations.get_organization_by_id("o1")
    assert caught.value.title == title and caught.value.message == "the message"
    assert isinstance(caught.value, errors.StatusError) and caught.value.status == status


async def test_a_body_that_is_not_json_is_an_unexpected_response():
    script = Script(httpx.Response(200, text="<html>proxy login</html>"))
    async with client_for(script, sleeps=[]) as client:
        with pytest.raises(errors.UnexpectedResponseError):
            await client.organizations.get_organization_by_id("o1")


async def test_a_body_of_the_wrong_shape_is_an_unexpected_response():
    script = Script(httpx.Response(200, json={"object": "organization"}))
    async with client_for(script, sleeps=[]) as client:
        with pytest.raises(errors.UnexpectedResponseError) as caught:
            await client.organizations.get_organization_by_id("o1")
    assert "id" in caught.value.message


async def test_unknown_fields_and_enum_values_still_parse():
    body = {**ORG, "type": "galactic", "plan": "future_2030", "brandNewField": {"x": 1}}
    script = Script(httpx.Response(200, json=body))
    async with client_for(script, sleeps=[]) as client:
        org = await client.organizations.get_organization_by_id("o1")
    assert org.type == "galactic" and org.plan == "future_2030"


async def test_omitted_arguments_are_not_sent_and_none_is_sent_as_null():
    made = {"object": "collection", "id": "c1", "title": "x", "organization": "o1"}
    script = Script(httpx.Response(200, json=made))
    async with client_for(script, sleeps=[]) as client:
        await client.collections.update_collection_by_id(
            "c1", description=None, default_level="read"
        )
    assert script.requests[0].read() == b'{"description":null,"defaultLevel":"read"}'


async def test_path_parameters_are_escaped():
    script = Script(httpx.Response(200, json={"organizations": []}))
    async with client_for(script, sleeps=[]) as client:
        await client.organizations.get_organizations_for_email_domain("a/b?c")
    assert script.requests[0].url.raw_path == b"/v1/email-domains/a%2Fb%3Fc/orgs"


# -- on loopback: real sockets, real timeouts ------------------------------------------------


@contextlib.asynccontextmanager
async def silent_server(held=None):
    """A server that accepts connections and never answers; ``held`` gets each connection."""
    held = [] if held is None else held

    async def hold(reader, writer):
        held.append(writer)
        await asyncio.sleep(30)

    server = await asyncio.start_server(hold, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    try:
        yield port
    finally:
        for writer in held:
            writer.close()
        server.close()


async def test_a_silent_service_ends_in_a_timeout_after_the_retries():
    connections = []
    async with silent_server(connections) as port:
        client = Client(
            "t",
            base_url=f"http://127.0.0.1:{port}/v1",
            timeout=0.2,
            retry=RetryPolicy(attempts=2, backoff=0.01),
        )
        async with client:
            with pytest.raises(errors.TimeoutError) as caught:
                await client.users.get_authenticated_user()
        # Each attempt waited for its answer until the timeout (no clock: a loaded machine
        # is slow, not wrong): two attempts, two connections.
        assert len(connections) == 2
    assert caught.value.title == "Timed out"


async def test_a_closed_port_is_unreachable():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    client = Client(
        "t", base_url=f"http://127.0.0.1:{port}/v1", retry=RetryPolicy(attempts=2, backoff=0.01)
    )
    async with client:
        with pytest.raises(errors.TransportError) as caught:
            await client.users.get_authenticated_user()
    assert caught.value.title == "Service unreachable"
