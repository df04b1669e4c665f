"""The local service served by uvicorn on loopback, behind a proxy that injects faults.

``ServedService`` runs the service in a thread of its own, as ``docdeck serve`` would run it.
``FaultProxy`` listens on 127.0.0.1 in the test's event loop and passes each request on, unless
a fault injected for it says otherwise: latency, an answer of its own (429 with Retry-After,
5xx with an HTML body), the connection dropped before the answer or in the middle of it, a
truncated or a garbage body. ``ToLoopback`` sends an app's requests to the proxy.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

import httpx
import uvicorn

FaultKind = Literal["latency", "answer", "drop-before", "drop-during", "truncate", "garbage"]

HTML_BODY = (
    b"<html><head><title>Bad things</title></head>"
    b"<body><h1>[b]Proxy error[/b]</h1><p>upstream went away</p></body></html>"
)


@dataclass
class Fault:
    """What the proxy does to a request it matches."""

    kind: FaultKind
    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    body: bytes = b""
    delay: float = 0.0

    @property
    def reaches_the_service(self) -> bool:
        return self.kind not in ("answer", "drop-before")


def answer(status: int, body: bytes = HTML_BODY, **headers: str) -> Fault:
    """The proxy answers by itself, e.g. ``answer(503)`` or ``answer(429, **{"Retry-After": "120"})``."""
    return Fault(
        "answer", status=status, body=body, headers={"Content-Type": "text/html", **headers}
    )


class ServedService:
    """An ASGI app served by uvicorn on 127.0.0.1, in a thread, until ``stop``."""

    def __init__(self, app: Any) -> None:
        self.socket = socket.socket()
        self.socket.bind(("127.0.0.1", 0))
        self.port: int = self.socket.getsockname()[1]
        config = uvicorn.Config(app, log_level="warning", access_log=False)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.socket]}, daemon=True
        )

    def start(self) -> None:
        self.thread.start()
        while not self.server.started:  # not a timing: waits for uvicorn to say it listens
            if not self.thread.is_alive():
                raise RuntimeError("uvicorn did not start")
            time.sleep(0.005)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)
        self.socket.close()


class FaultProxy:
    """An HTTP/1.1 proxy on loopback, one request per connection, with faults on demand."""

    def __init__(self, upstream_port: int) -> None:
        self.upstream_port = upstream_port
        self.rules: list[tuple[Callable[[str, str], bool], Fault]] = []
        self.passed_on: list[str] = []
        """``METHOD /path`` of each request the service received through the proxy."""
        self.port = 0
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    def inject(self, fault: Fault, method: str | None = None, path_end: str = "") -> None:
        """From now on, ``fault`` for the requests of ``method`` whose path ends so."""
        self.rules = [
            (
                lambda m, p: (method is None or m == method) and p.endswith(path_end),
                fault,
            )
        ]

    def heal(self) -> None:
        """No more faults: every request is passed on as it is."""
        self.rules = []

    def passed(self, method: str, path_end: str = "") -> int:
        return sum(
            1
            for line in self.passed_on
            if line.startswith(method + " ") and line.split("?")[0].endswith(path_end)
        )

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
        for task in list(self._tasks):
            task.cancel()
        with contextlib.suppress(BaseException):
            await asyncio.gather(*self._tasks)

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._tasks.add(task)
        try:
            await self._one_request(reader, writer)
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        finally:
            self._tasks.discard(task)
            writer.close()

    async def _one_request(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        head = await reader.readuntil(b"\r\n\r\n")
        request_line, *header_lines = head.decode("latin-1").rstrip("\r\n").split("\r\n")
        method, target, _version = request_line.split(" ", 2)
        headers = [line.split(":", 1) for line in header_lines if ":" in line]
        length = next((int(v) for k, v in headers if k.strip().lower() == "content-length"), 0)
        body = await reader.readexactly(length) if length else b""
        path = target.split("?")[0]
        fault = next((f for matches, f in self.rules if matches(method, path)), None)
        if fault is not None and fault.kind == "latency":
            await asyncio.sleep(fault.delay)
            fault = None
        if fault is not None and fault.kind == "answer":
            writer.write(_response(fault.status, fault.headers, fault.body))
            await writer.drain()
            return
        if fault is not None and fault.kind == "drop-before":
            return  # the connection closes: no answer at all, and the service never knew
        upstream = await self._pass_on(method, target, headers, body)
        if fault is None:
            writer.write(upstream)
        elif fault.kind == "drop-during":
            writer.write(upstream[: upstream.index(b"\r\n") + 2])  # the status line, then nothing
        elif fault.kind == "truncate":
            end_of_head = upstream.index(b"\r\n\r\n") + 4
            writer.write(upstream[: end_of_head + (len(upstream) - end_of_head) // 2])
        else:  # garbage: a success whose body is not JSON
            garbage = b'\x00\xff{"id": \x9c not json'
            writer.write(_response(200, {"Content-Type": "application/json"}, garbage))
        await writer.drain()

    async def _pass_on(
        self, method: str, target: str, headers: list[list[str]], body: bytes
    ) -> bytes:
        reader, writer = await asyncio.open_connection("127.0.0.1", self.upstream_port)
        try:
            lines = [f"{method} {target} HTTP/1.1"]
            lines += [f"{k}:{v}" for k, v in headers if k.strip().lower() not in ("connection",)]
            lines.append("Connection: close")
            writer.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body)
            await writer.drain()
            answer = await reader.read()
        finally:
            writer.close()
        self.passed_on.append(f"{method} {target}")
        return answer


def _response(status: int, headers: dict[str, str], body: bytes) -> bytes:
    reason = httpx.codes.get_reason_phrase(status)
    lines = [f"HTTP/1.1 {status} {reason}", f"Content-Length: {len(body)}", "Connection: close"]
    lines += [f"{k}: {v}" for k, v in headers.items()]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body


class ToLoopback(httpx.AsyncHTTPTransport):
    """Sends the app's requests (to its usual base URL) to a port on 127.0.0.1 instead."""

    def __init__(self, port: int) -> None:
        super().__init__()
        self.loopback_port = port

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        request.url = request.url.copy_with(
            scheme="http", host="127.0.0.1", port=self.loopback_port
        )
        return await super().handle_async_request(request)
