"""Errors name the request that failed as it was sent: the method and the full path (with the
base URL's /v1, after any redirect), never the token nor a secret query value."""

from __future__ import annotations

import random

import httpx
import pytest

from tui.api import Client, RetryPolicy, errors
from tui.shell.error_report import ErrorReport

TOKEN = "tok-9d2c71e4"
SHARE_KEY = "share-77a1f0"


def client_answering(*answers: httpx.Response | Exception) -> Client:
    pending = list(answers)

    def answer(request: httpx.Request) -> httpx.Response:
        found = pending.pop(0)
        if isinstance(found, Exception):
            raise found
        return found

    return Client(
        TOKEN,
        base_url="https://api.example.test/v1",
        transport=httpx.MockTransport(answer),
        retry=RetryPolicy(attempts=1, rng=random.Random(1)),
    )


def assert_names(error: errors.ApiError, method: str, target: str) -> None:
    assert (error.method, error.path) == (method, target)
    details = ErrorReport.from_exception(error).as_text()
    assert f"Request: {method} {target}" in details
    for shown in (details, str(error), repr(error)):
        assert TOKEN not in shown and SHARE_KEY not in shown


async def test_a_502_names_the_full_path_sent():
    async with client_answering(httpx.Response(502, text="<html>Bad gateway</html>")) as client:
        with pytest.raises(errors.ServerError) as caught:
            await client.organizations.list_organizations_for_authenticated_user()
    assert_names(caught.value, "GET", "/v1/orgs")


async def test_an_answer_that_is_not_json_names_the_path_once():
    async with client_answering(httpx.Response(200, text="<html>")) as client:
        with pytest.raises(errors.UnexpectedResponseError) as caught:
            await client.organizations.get_organization_by_id("o1")
    assert_names(caught.value, "GET", "/v1/orgs/o1")


async def test_an_answer_that_does_not_match_the_api_names_the_path():
    async with client_answering(httpx.Response(200, json={"id": 5})) as client:
        with pytest.raises(errors.UnexpectedResponseError) as caught:
            await client.collections.get_collection_by_id("c1")
    assert_names(caught.value, "GET", "/v1/collections/c1")


async def test_a_write_accepted_in_an_unreadable_answer_names_the_path():
    # The service said yes in an answer that cannot be read: the write may have been applied.
    async with client_answering(httpx.Response(200, json={"id": 5})) as client:
        with pytest.raises(errors.AnswerLostError) as caught:
            await client.collections.create_collection("o1", title="Guides")
    assert caught.value.accepted
    assert_names(caught.value, "POST", "/v1/orgs/o1/collections")


async def test_an_unreachable_service_names_the_path_and_escaped_ids():
    async with client_answering(httpx.ConnectError("refused")) as client:
        with pytest.raises(errors.TransportError) as caught:
            await client.organizations.get_organizations_for_email_domain("a/b?c")
    assert_names(caught.value, "GET", "/v1/email-domains/a%2Fb%3Fc/orgs")


async def test_a_share_key_in_the_query_is_hidden_and_the_other_values_shown():
    async with client_answering(httpx.Response(404, json={"error": {}})) as client:
        with pytest.raises(errors.NotFoundError) as caught:
            await client.site_sections.list_site_sections("o1", "s1", share_key=SHARE_KEY, limit=5)
    assert_names(caught.value, "GET", "/v1/orgs/o1/sites/s1/sections?shareKey=***&limit=5")


async def test_after_a_redirect_the_error_names_the_request_that_failed():
    async with client_answering(
        httpx.Response(307, headers={"Location": "https://api.example.test/v1/orgs/o2"}),
        httpx.Response(403, json={"error": {"code": 403, "message": "no"}}),
    ) as client:
        with pytest.raises(errors.ForbiddenError) as caught:
            await client.organizations.get_organization_by_id("o1")
    assert_names(caught.value, "GET", "/v1/orgs/o2")
