"""A hostile HTTP server on loopback: it answers what a broken or malicious service would.

``HostileServer`` listens on 127.0.0.1 in the test's event loop, one request per connection,
and answers each path from a script of ``Answer``s: huge bodies (declared or streamed without
end), bodies trickled a byte at a time, JSON nested 100,000 levels deep, 10,000-digit numbers,
lone surrogates, redirects to other origins, and odd ``Retry-After`` values. It records what it
received (method, path, Host and body) so that tests can say what reached it, and how many bytes
it managed to send of each answer.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Literal

import httpx

Mode = Literal["whole", "endless", "trickle", "declared"]


@dataclass
class Answer:
    """One answer of the server.

    ``whole`` sends ``body`` at once; ``endless`` sends ``body`` as chunks without end;
    ``trickle`` sends ``body`` a byte every ``pause`` seconds (then stalls); ``declared``
    declares ``length`` bytes, then sends ``body`` over and over until the reader goes.
    """

    status: int = 200
    body: bytes = b"{}"
    headers: dict[str, str] = field(default_factory=dict)
    mode: Mode = "whole"
    pause: float = 0.05
    length: int = 0


@dataclass
class Received:
    method: str
    path: str
    host: str
    body: bytes


def json_answer(body: str, status: int = 200, **headers: str) -> Answer:
    return Answer(status, body.encode(), {"Content-Type": "application/json", **headers})


def nested(depth: int = 100_000) -> Answer:
    """A body of arrays ``depth`` levels deep: valid JSON no recursive parser survives."""
    return json_answer("[" * depth + "]" * depth)


def redirect(status: int, location: str) -> Answer:
    return Answer(status, b"", {"Location": location})


class HostileServer:
    """Answers each path (the part before ``?``) from its script; 404 for anything else."""

    def __init__(self) -> None:
        self.scripts: dict[str, list[Answer]] = {}
        self.received: list[Received] = []
        self.sent_bytes: list[int] = []
        """How many bytes of each answer's body went out, in the order they were asked."""
        self.port = 0
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def answer(self, path: str, *answers: Answer) -> None:
        """Answer ``path`` with these, one per request; the last one again and again."""
        self.scripts[path] = list(answers)

    def count(self, method: str, path: str = "") -> int:
        return sum(1 for r in self.received if r.method == method and r.path.endswith(path))

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
            await self._one(reader, writer)
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        except asyncio.CancelledError:
            pass  # closed by the test: ended quietly, not logged as a failure by asyncio
        finally:
            self._tasks.discard(task)
            writer.close()

    async def _one(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        head = await reader.readuntil(b"\r\n\r\n")
        request_line, *lines = head.decode("latin-1").rstrip("\r\n").split("\r\n")
        method, target, _version = request_line.split(" ", 2)
        headers = {k.strip().lower(): v.strip() for k, v in (ln.split(":", 1) for ln in lines)}
        length = int(headers.get("content-length", "0"))
        body = await reader.readexactly(length) if length else b""
        path = target.split("?")[0]
        self.received.append(Received(method, path, headers.get("host", ""), body))
        script = self.scripts.get(path)
        answer = Answer(404, b'{"error": {"code": 404, "message": "no such path"}}')
        if script:
            answer = script.pop(0) if len(script) > 1 else script[0]
        index = len(self.sent_bytes)
        self.sent_bytes.append(0)
        reason = httpx.codes.get_reason_phrase(answer.status)
        head_lines = [f"HTTP/1.1 {answer.status} {reason}", "Connection: close"]
        if answer.mode == "endless":
            head_lines.append("Transfer-Encoding: chunked")
        elif answer.mode == "declared":
            head_lines.append(f"Content-Length: {answer.length}")
        else:
            head_lines.append(f"Content-Length: {len(answer.body)}")
        head_lines += [f"{k}: {v}" for k, v in answer.headers.items()]
        writer.write(("\r\n".join(head_lines) + "\r\n\r\n").encode("latin-1"))
        await writer.drain()
        if answer.mode == "whole":
            writer.write(answer.body)
            self.sent_bytes[index] = len(answer.body)
        elif answer.mode == "trickle":
            for byte in answer.body:
                writer.write(bytes([byte]))
                await writer.drain()
                self.sent_bytes[index] += 1
                await asyncio.sleep(answer.pause)
            await asyncio.sleep(3600)  # then nothing more: the client must give up
        else:  # endless or declared: as much as the reader takes
            chunk = answer.body
            while True:
                if answer.mode == "endless":
                    writer.write(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
                else:
                    writer.write(chunk)
                await writer.drain()
                self.sent_bytes[index] += len(chunk)
                if writer.is_closing() or reader.at_eof():
                    return
                await asyncio.sleep(0)
        await writer.drain()


@contextlib.asynccontextmanager
async def hostile_server() -> AsyncIterator[HostileServer]:
    server = HostileServer()
    await server.start()
    try:
        yield server
    finally:
        await server.close()
