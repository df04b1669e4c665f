"""The token is a secret: never in reprs, errors, tracebacks or URLs, never sent to another host."""

from __future__ import annotations

import io

import httpx
import pytest
from rich.console import Console
from rich.traceback import Traceback

from tui.api import Client, RetryPolicy, errors
from tui.config import Connection

TOKEN = "tok-very-secret-1234"


async def test_the_token_is_sent_as_a_bearer_header_and_nowhere_else(admin, transport):
    await admin.users.get_authenticated_user()
    sent = transport.sent[-1]
    assert sent.headers["authorization"] == "Bearer demo-admin"
    assert "demo-admin" not in sent.path and not sent.params


async def test_reprs_do_not_show_the_token():
    client = Client(TOKEN, base_url="https://api.example.test/v1")
    shown = repr(client) + repr(client.spaces) + repr(client._http.auth) + repr(vars(client))
    connection = Connection("https://api.example.test/v1", TOKEN, "work")
    shown += repr(connection) + str(connection) + f"{[connection]}"
    assert TOKEN not in shown and "token=***" in repr(connection)
    await client.aclose()


async def test_a_crash_traceback_with_locals_does_not_show_the_token():
    def answer(request):
        return httpx.Response(500, json={"error": {"code": 500, "message": "boom"}})

    client = Client(
        TOKEN,
        base_url="https://api.example.test/v1",
        transport=httpx.MockTransport(answer),
        retry=RetryPolicy(attempts=1),
    )
    connection = Connection("https://api.example.test/v1", TOKEN, "work")  # a local of the frame
    with pytest.raises(errors.ServerError) as caught:
        await client.users.get_authenticated_user()
    await client.aclose()
    # Textual prints crashes with rich, locals included.
    console = Console(file=io.StringIO(), width=200, record=True)
    console.print(
        Traceback.from_exception(
            type(caught.value), caught.value, caught.value.__traceback__, show_locals=True
        )
    )
    printed = console.export_text()
    assert "ServerError" in printed and TOKEN not in printed
    assert f"connection = {connection!r}" in printed  # rich printed it, by its own repr
    assert TOKEN not in str(caught.value) and TOKEN not in repr(caught.value)


async def test_a_redirect_to_another_host_is_not_followed_so_the_token_stays_home():
    seen = []

    def answer(request):
        seen.append((request.url.host, request.headers.get("authorization")))
        if request.url.host == "api.example.test":
            return httpx.Response(
                302, headers={"Location": "https://elsewhere.example.org/v1/user"}
            )
        return httpx.Response(200, json={"object": "user", "id": "u", "displayName": "U"})

    async with Client(
        TOKEN, base_url="https://api.example.test/v1", transport=httpx.MockTransport(answer)
    ) as client:
        with pytest.raises(errors.UnexpectedResponseError) as caught:
            await client.users.get_authenticated_user()
    # Nothing at all reaches the other host (it used to get the request, without the token).
    assert seen == [("api.example.test", f"Bearer {TOKEN}")]
    assert "another origin, https://elsewhere.example.org" in caught.value.message
