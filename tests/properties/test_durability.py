"""`docdeck serve` on a file database: every acknowledged write survives SIGKILL, and
concurrent writers (threads, and two servers on one file) keep numbers unique and counts exact.
"""

from __future__ import annotations

import os
import signal
import socket
import threading
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlsplit

import httpx
import pytest

from tests.conftest import ORG
from tests.shell.test_cli import serving
from tui.service import create_app

ADMIN = {"Authorization": "Bearer demo-admin"}

pytestmark = pytest.mark.skipif(os.name != "posix", reason="SIGKILL and fork are POSIX")


def test_every_acknowledged_write_survives_sigkill(tmp_path):
    database = tmp_path / "service.sqlite3"
    acknowledged: list[str] = []
    with serving(database) as (base, process):
        stop = threading.Event()

        def write() -> None:
            with httpx.Client(base_url=base, headers=ADMIN, timeout=5) as http:
                for i in range(400):  # bounded: the kill comes long before the end
                    if stop.is_set():
                        return
                    try:
                        made = http.post(f"/orgs/{ORG}/collections", json={"title": f"w{i}"})
                    except httpx.TransportError:
                        return  # the server died under this request: not acknowledged
                    assert made.status_code == 201
                    acknowledged.append(made.json()["id"])

        writer = threading.Thread(target=write)
        writer.start()
        while len(acknowledged) < 40 and writer.is_alive():
            threading.Event().wait(0.01)
        process.send_signal(signal.SIGKILL)  # mid-write: no shutdown, no flush
        process.wait(timeout=10)
        stop.set()
        writer.join(timeout=10)
    assert len(acknowledged) >= 40
    store = create_app("demo", database).state.emulator.store  # the restart
    kept = {doc["id"] for doc in store.list("collection", scope=ORG)}
    assert [i for i in acknowledged if i not in kept] == []
    store.close()


def _space(base: str) -> str:
    spaces = httpx.get(f"{base}/orgs/{ORG}/spaces", headers=ADMIN, timeout=5).json()["items"]
    return str(next(space["id"] for space in spaces if space["title"] == "API Reference"))


@pytest.fixture(scope="module")
def two_servers(tmp_path_factory):
    """Two `docdeck serve` processes on one database file."""
    database = tmp_path_factory.mktemp("shared") / "service.sqlite3"
    with serving(database) as (first, _), serving(database) as (second, _):
        yield first, second


def test_concurrent_writers_on_two_servers_keep_numbers_unique_and_counts_exact(two_servers):
    first, second = two_servers
    space = _space(first)
    before = httpx.get(f"{first}/spaces/{space}", headers=ADMIN, timeout=5).json()

    def create(base: str, writer: int) -> list[int]:
        numbers = []
        with httpx.Client(base_url=base, headers=ADMIN, timeout=10) as http:
            for i in range(15):
                made = http.post(
                    f"/spaces/{space}/change-requests", json={"subject": f"{writer}-{i}"}
                )
                assert made.status_code in (200, 201), made.text
                numbers.append(made.json()["number"])
        return numbers

    # Two threads on each server: four writers at once, two processes on one file.
    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(create, [first, second, first, second], range(4)))
    numbers = [n for result in results for n in result]
    assert len(set(numbers)) == len(numbers) == 60
    for base in (first, second):
        listed = httpx.get(
            f"{base}/spaces/{space}/change-requests",
            params={"status": "draft", "limit": 1000},
            headers=ADMIN,
            timeout=5,
        ).json()
        mine = [r for r in listed["items"] if "-" in r["subject"]]
        assert sorted(r["number"] for r in mine) == sorted(numbers)
        after = httpx.get(f"{base}/spaces/{space}", headers=ADMIN, timeout=5).json()
        assert after["changeRequests"] == before["changeRequests"] + 60


def test_two_servers_on_one_file_list_in_the_order_things_were_made(two_servers):
    first, second = two_servers
    titles = [f"c{i}" for i in range(6)]
    for i, title in enumerate(titles):
        base = (first, second)[i % 2]
        made = httpx.post(
            f"{base}/orgs/{ORG}/collections", json={"title": title}, headers=ADMIN, timeout=5
        )
        assert made.status_code == 201
    listed = httpx.get(f"{first}/orgs/{ORG}/collections", headers=ADMIN, timeout=5).json()
    assert [c["title"] for c in listed["items"] if c["title"] in titles] == titles


def test_a_body_over_the_limit_is_refused_before_it_is_sent(tmp_path):
    """Only the headers go out: the service answers 413 without waiting for 20 MB."""
    with serving(tmp_path / "service.sqlite3", "--max-body", "64KiB") as (base, _):
        parts = urlsplit(base)
        with socket.create_connection((parts.hostname, parts.port), timeout=10) as raw:
            raw.sendall(
                f"POST /v1/orgs/{ORG}/collections HTTP/1.1\r\nHost: t\r\n"
                "Authorization: Bearer demo-admin\r\nContent-Type: application/json\r\n"
                f"Content-Length: {20 * 1024 * 1024}\r\n\r\n".encode()
            )
            answer = b""
            while not answer.endswith(b"}}"):  # the headers, then the error body
                chunk = raw.recv(65536)
                if not chunk:
                    break
                answer += chunk
    text = answer.decode()
    assert text.startswith("HTTP/1.1 413")
    assert '{"error":{"code":413,"message":"The request body is larger' in text
    assert "(64 KiB)" in text
