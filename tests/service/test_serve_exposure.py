"""`docdeck serve` as someone else's network sees it: the demo tokens stay on loopback unless
asked for, the URLs it answers with are its own (never the request's Host header), and what the
HTTP layer cannot read is refused in the service's JSON error shape too (tried over loopback,
with a raw socket, against a service served by the test)."""

from __future__ import annotations

import json
import select
import socket
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.shell.test_cli import get, serving
from tui import cli
from tui.service import create_app

ADMIN = {"Authorization": "Bearer demo-admin"}


@pytest.fixture
def started(monkeypatch) -> list[tuple[Any, str, int]]:
    """Stands in for the HTTP server: records what docdeck serve would have served."""
    calls: list[tuple[Any, str, int]] = []

    def run(app: Any, *, host: str, port: int, **options: Any) -> None:
        calls.append((app, host, port))

    monkeypatch.setattr("uvicorn.run", run)
    return calls


# -- 16: the demo tokens stay on loopback -----------------------------------------------------


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.168.1.20", "docs.example.test"])
def test_serving_beyond_loopback_with_the_demo_tokens_is_refused_and_says_why(
    host, tmp_path, capsys, started
):
    argv = ["serve", "--host", host, "--database", str(tmp_path / "s.sqlite3")]
    assert cli.main(argv) == 2
    printed = capsys.readouterr()
    [line] = printed.err.splitlines()
    assert line.startswith(f"docdeck: refusing to serve on {host}, which other machines can reach")
    assert "demo tokens, published in the README" in line and "--allow-demo-tokens" in line
    assert "demo-admin" not in printed.err + printed.out
    assert started == []


def test_allow_demo_tokens_serves_beyond_loopback_with_a_warning(tmp_path, capsys, started):
    argv = ["serve", "--host", "0.0.0.0", "--allow-demo-tokens"]
    assert cli.main([*argv, "--database", str(tmp_path / "s.sqlite3")]) == 0
    said = capsys.readouterr().out
    assert "Warning:  serving on 0.0.0.0 with the demo tokens" in said
    assert [(host, port) for _app, host, port in started] == [("0.0.0.0", 8787)]


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.2", "::1", "localhost"])
def test_loopback_addresses_serve_the_demo_tokens_as_before(host, tmp_path, capsys, started):
    assert cli.main(["serve", "--host", host, "--database", str(tmp_path / "s.sqlite3")]) == 0
    assert "Tokens:   demo-admin" in capsys.readouterr().out
    assert [h for _app, h, _port in started] == [host]


# -- 17: URLs from the served base URL, never from Host ------------------------------------


async def test_the_host_header_does_not_make_the_services_urls():
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=create_app()), base_url="http://docdeck.test"
    ) as http:
        answer = await http.get("/v1/user", headers={**ADMIN, "Host": "evil.example"})
    assert answer.json()["urls"]["location"] == "http://docdeck.test/v1/users/u-ada"


def test_public_url_makes_the_urls_of_a_served_service(tmp_path, started):
    public = "https://docs-api.example.test/docdeck/v1/"
    argv = ["serve", "--database", str(tmp_path / "s.sqlite3"), "--public-url", public]
    assert cli.main(argv) == 0
    [(app, _host, _port)] = started
    assert app.state.emulator.public_url == "https://docs-api.example.test/docdeck"


@pytest.mark.parametrize(
    "url", ["ftp://example.test", "https://", "https://example.test/v1?x=1", "http://[::1"]
)
def test_a_public_url_that_is_not_one_is_refused(url, tmp_path, capsys, started):
    argv = ["serve", "--database", str(tmp_path / "s.sqlite3"), "--public-url", url]
    assert cli.main(argv) == 2
    assert capsys.readouterr().err.startswith("docdeck: the public URL")
    assert started == []


# -- over loopback: a served instance -------------------------------------------------------


@pytest.fixture(scope="module")
def served(tmp_path_factory) -> Iterator[str]:
    database = tmp_path_factory.mktemp("served") / "service.sqlite3"
    with serving(database) as (base, _process):
        yield base


@pytest.fixture(scope="module")
def served_behind_a_proxy(tmp_path_factory) -> Iterator[str]:
    database = tmp_path_factory.mktemp("proxied") / "service.sqlite3"
    with serving(database, "--public-url", "https://docs-api.example.test") as (base, _):
        yield base


def test_a_served_service_answers_with_its_own_urls_whatever_the_host(served):
    answer = httpx.get(served + "/user", headers={**ADMIN, "Host": "evil.example"}, timeout=5)
    assert answer.json()["urls"]["location"] == f"{served}/users/u-ada"
    made = httpx.post(
        served + "/orgs/org-northwind/collections",
        json={"title": "Hosted"},
        headers={**ADMIN, "Host": "evil.example"},
        timeout=5,
    )
    assert made.headers["location"].startswith(f"{served}/collections/")
    assert "evil.example" not in made.text


def test_a_service_behind_a_proxy_answers_with_its_public_url(served_behind_a_proxy):
    answer = get(served_behind_a_proxy, "/user")
    location = answer.json()["urls"]["location"]
    assert location == "https://docs-api.example.test/v1/users/u-ada"


# -- 18: what the HTTP layer cannot read gets the JSON error too -----------------------------


def raw_exchange(base: str, request: bytes) -> bytes:
    """Send ``request`` on a socket as it is (stopping once the service answers), and read
    the whole answer."""
    host, port = base.removeprefix("http://").removesuffix("/v1").rsplit(":", 1)
    answer = bytearray()
    with socket.create_connection((host, int(port)), timeout=10) as connection:
        try:
            for start in range(0, len(request), 16 * 1024):
                connection.sendall(request[start : start + 16 * 1024])
                if select.select([connection], [], [], 0)[0]:
                    break  # refused before the end: the rest would only be reset
        except (BrokenPipeError, ConnectionResetError):
            pass
        try:
            while chunk := connection.recv(65536):
                answer += chunk
        except ConnectionResetError:
            pass  # after its answer, the service closed on what it did not read
    return bytes(answer)


def refusal(answer: bytes) -> tuple[int, dict[str, Any]]:
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("ascii").split("\r\n")
    headers = dict(line.lower().split(": ", 1) for line in lines[1:])
    assert headers["content-type"] == "application/json"
    return int(lines[0].split()[1]), json.loads(body)


def request(target: bytes) -> bytes:
    return b"GET " + target + b" HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n"


@pytest.mark.parametrize(
    ("target", "status", "words"),
    [
        (b"/v1/orgs/\xff\xfe", 400, "cannot be read (they must be ASCII"),
        (b"/v1/orgs?q=" + b"a" * 1_000_000, 400, "at most 64 KiB"),
        (b"/v1/orgs?" + b"&".join(b"a=1" for _ in range(50_000)), 400, "at most 64 KiB"),
        # Readable by HTTP, refused before any route parses them.
        (b"/v1/orgs?q=" + b"a" * 40_000, 414, "32768 bytes of path and query"),
        (b"/v1/orgs?" + b"&".join(b"a=1" for _ in range(500)), 400, "500 query parameters"),
    ],
    ids=["non-ascii", "1-MB-url", "50000-parameters", "40-kB-url", "500-parameters"],
)
def test_a_request_the_http_layer_refuses_gets_the_json_error(served, target, status, words):
    code, body = refusal(raw_exchange(served, request(target)))
    assert code == status
    assert body == {"error": {"code": status, "message": body["error"]["message"]}}
    assert words in body["error"]["message"]


@pytest.mark.parametrize(
    ("query", "status"),
    [("q=" + "a" * 40_000, 414), ("&".join(["a=1"] * 101), 400)],
    ids=["40-kB-url", "101-parameters"],
)
async def test_absurd_urls_are_refused_in_process_too(query, status):
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=create_app()), base_url="http://t"
    ) as http:
        answer = await http.get(f"/v1/orgs?{query}", headers=ADMIN)
    assert answer.status_code == status
    assert answer.json()["error"]["code"] == status


async def test_a_long_query_within_the_limit_is_served_in_process():
    # 20 KiB of query: under the limit once, though some servers repeat it in the raw path.
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=create_app()), base_url="http://t"
    ) as http:
        answer = await http.get("/v1/orgs?q=" + "a" * 20_000, headers=ADMIN)
    assert answer.status_code == 200
