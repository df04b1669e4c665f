"""The local service refuses hostile input in the error shape: query numbers, page tokens,
unparseable and deeply nested bodies, oversized bodies, any method on any path."""

from __future__ import annotations

import base64
import json
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest

from tests import contract
from tests.conftest import ORG
from tui.service import create_app

ADMIN = {"Authorization": "Bearer demo-admin"}
# One list answered from memory, and two read page by page from SQLite.
LISTS = ["/v1/orgs", f"/v1/orgs/{ORG}/spaces", f"/v1/orgs/{ORG}/members"]


async def _send(
    method: str,
    path: str,
    *,
    headers: dict[str, str] | None = ADMIN,
    content: bytes | AsyncIterator[bytes] | None = None,
    app: Any = None,
) -> httpx.Response:
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app or create_app()), base_url="http://t"
    ) as http:
        return await http.request(method, path, headers=headers, content=content)


def _assert_refusal(answer: httpx.Response, status: int, words: str = "") -> None:
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert body == {"error": {"code": status, "message": body["error"]["message"]}}
    assert isinstance(body["error"]["message"], str) and words in body["error"]["message"]


def _comments_of_the_handbook(app: Any) -> str:
    spaces = app.state.emulator.store.list("space")
    handbook = next(space["id"] for space in spaces if space["title"] == "Team handbook")
    return f"/v1/spaces/{handbook}/comments"


def _token(payload: str) -> str:
    return base64.urlsafe_b64encode(payload.encode()).decode().rstrip("=")


@pytest.mark.parametrize("path", LISTS)
@pytest.mark.parametrize("limit", ["inf", "1e400", "-inf", "nan", "1.5", "0", "-1", "1001", ""])
async def test_a_limit_that_is_not_a_whole_number_from_1_to_1000_is_refused(path, limit):
    _assert_refusal(await _send("GET", f"{path}?limit={limit}"), 400, "`limit`")


@pytest.mark.parametrize("path", LISTS)
@pytest.mark.parametrize(
    "payload",
    ['{"o": 1e400}', '{"o": 1e26}', '{"o": 100000000000000000000000000}', '{"o": -1}',
     '{"o": true}', '{"o": "5"}', '{"o": 5, "x": 1}', "[5]", "5", '{"o": ' + "[" * 5000 + "]" * 5000 + "}"],
)  # fmt: skip
async def test_a_page_token_the_service_did_not_issue_says_to_start_over(path, payload):
    answer = await _send("GET", f"{path}?page={_token(payload)}")
    _assert_refusal(answer, 400, "start from the first page")


async def test_a_page_token_the_service_issued_still_works():
    first = (await _send("GET", f"{LISTS[2]}?limit=2")).json()
    second = await _send("GET", f"{LISTS[2]}?limit=2&page={first['next']['page']}")
    assert second.status_code == 200 and second.json()["items"] != first["items"]


WRITE = f"/v1/orgs/{ORG}/collections"


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"[" * 100_000 + b"]" * 100_000, "not valid JSON"),
        (b'{"title": ' + b'{"a": ' * 100_000 + b"1" + b"}" * 100_001, "not valid JSON"),
        (b'{"title": ' + b"[" * 70 + b"]" * 70 + b"}", "nests deeper than 64 levels"),
        (b'{"title": "x"', "not valid JSON"),
        (b'{"title": NaN}', "not valid JSON"),
        (b'{"title": Infinity}', "not valid JSON"),
        (b'{"title": "\xff\xfe"}', "not valid JSON"),
        (b'"just a string"', "must be a JSON object"),
    ],
)
async def test_a_body_that_does_not_parse_or_nests_absurdly_deep_is_a_400(content, words):
    _assert_refusal(await _send("POST", WRITE, content=content), 400, words)


async def test_a_body_nested_as_deep_as_allowed_reaches_the_operation():
    # 64 levels pass the parser; the operation then judges the title.
    content = b'{"title": ' + b"[" * 63 + b"]" * 63 + b"}"
    _assert_refusal(await _send("POST", WRITE, content=content), 400, "`title`")


@pytest.mark.parametrize("method", ["OPTIONS", "TRACE", "PROPFIND", "BREW", "HEAD", "CONNECT"])
@pytest.mark.parametrize("headers", [ADMIN, None])
async def test_any_method_on_a_path_gets_the_error_body(method, headers):
    answer = await _send(method, "/v1/orgs", headers=headers)
    status = 405 if headers else 401
    assert answer.status_code == status
    if method != "HEAD":  # a HEAD answer carries no body, whatever the status
        _assert_refusal(answer, status)
    if headers and method != "HEAD":
        assert answer.headers["Allow"] == "GET"


@pytest.mark.parametrize("path", ["/", "/v2/orgs", "/v1/orgs/x/y/z/w", "/favicon.ico"])
async def test_an_unknown_path_is_a_404_in_the_error_shape(path):
    _assert_refusal(await _send("GET", path), 404, "no operation")


async def test_a_body_over_the_limit_is_refused_by_its_declared_length():
    app = create_app(max_body=1024)
    before = app.state.emulator.store.count("collection")
    answer = await _send("POST", WRITE, content=b'{"title": "' + b"x" * 2000 + b'"}', app=app)
    _assert_refusal(answer, 413, "(1 KiB)")
    assert app.state.emulator.store.count("collection") == before


async def test_a_streamed_body_is_refused_once_it_passes_the_limit_without_being_read_whole():
    app = create_app(max_body=1024)
    sent: list[int] = []

    async def chunks() -> AsyncIterator[bytes]:
        for _ in range(1000):  # a megabyte, had it all been read
            sent.append(1)
            yield b"x" * 1024

    answer = await _send("POST", WRITE, content=chunks(), app=app)
    _assert_refusal(answer, 413, "larger than the service accepts")
    assert len(sent) < 10


async def test_the_default_limit_is_2_mib():
    body = json.dumps({"title": "x" * (2 * 1024 * 1024)}).encode()
    _assert_refusal(await _send("POST", WRITE, content=body), 413, "(2 MiB)")


@pytest.mark.parametrize("where", ["comment", "reply"])
async def test_a_comment_longer_than_the_service_keeps_is_refused(where):
    app = create_app()
    comments = _comments_of_the_handbook(app)
    huge = json.dumps({"body": {"markdown": "x" * 1_000_000}}).encode()
    if where == "comment":
        answer = await _send("POST", comments, content=huge, app=app)
    else:
        thread = await _send("POST", comments, content=b'{"body": {"markdown": "hi"}}', app=app)
        answer = await _send(
            "POST", f"{comments}/{thread.json()['id']}/replies", content=huge, app=app
        )
    _assert_refusal(answer, 400, "at most 100000 characters")


async def test_a_json_document_body_needs_the_fields_the_official_document_requires():
    app = create_app()
    body = json.dumps({"body": {"document": {"nodes": "not a list"}}}).encode()
    answer = await _send("POST", _comments_of_the_handbook(app), content=body, app=app)
    _assert_refusal(answer, 400, "body.document")


async def test_a_description_must_be_blocks_of_text_and_comes_back_valid():
    app = create_app()
    store = app.state.emulator.store
    request = next(r for r in store.list("change-request") if r["status"] == "draft")
    path = f"/v1/spaces/{request['space']}/change-requests/{request['id']}"
    garbage = {"object": "document", "data": {}, "nodes": [{"type": {}, "object": {}}]}
    answer = await _send(
        "PATCH", path, content=json.dumps({"description": garbage}).encode(), app=app
    )
    _assert_refusal(answer, 400, "`description.nodes.0")
    text = {"object": "text", "leaves": [{"object": "leaf", "text": "Why", "marks": []}]}
    bold = {"object": "leaf", "text": "now", "marks": [{"object": "mark", "type": "bold"}]}
    document = {
        "object": "document",
        "data": {"schemaVersion": 1, "extra": "dropped"},
        "nodes": [
            {"object": "block", "type": "heading-1", "nodes": [text], "data": {"id": "why"}},
            {"object": "block", "type": "paragraph", "nodes": [{**text, "leaves": [bold]}]},
        ],
    }
    answer = await _send(
        "PATCH", path, content=json.dumps({"description": document}).encode(), app=app
    )
    assert answer.status_code == 200
    assert contract.check("PATCH", path, 200, answer.json()) == []
    assert answer.json()["description"]["nodes"][1]["nodes"][0]["leaves"] == [bold]


@pytest.mark.parametrize("number", ["²", "1" * 5000, "٣"])
async def test_a_change_request_number_that_is_not_plain_digits_is_not_found(number):
    app = create_app()
    space = app.state.emulator.store.list("change-request")[0]["space"]
    answer = await _send("GET", f"/v1/spaces/{space}/change-requests/{number}", app=app)
    _assert_refusal(answer, 404, "change request")
