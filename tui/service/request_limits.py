"""Provides RequestLimits: an ASGI middleware refusing absurd URLs before any route parses them.

A request line the HTTP server can read may still be hostile: a URL of hundreds of kilobytes,
or tens of thousands of query parameters that every ``parse_qs`` would split again. They are
refused here, in the service's error shape (``{"error": {"code", "message"}}``), before Starlette
or a route spends anything on them. What the HTTP server itself cannot read (see
``tui.service.server``) never reaches this far, and gets the same shape there.
"""

from __future__ import annotations

import json

from starlette.types import ASGIApp, Receive, Scope, Send

__all__ = ["MAX_QUERY_PARAMETERS", "MAX_URL_BYTES", "RequestLimits", "refusal_body"]

MAX_URL_BYTES = 32 * 1024
"""The longest path and query, in bytes: far beyond any operation's (a page token of a deep
list included), well within what the server reads of a request line and its headers
(``tui.service.server.MAX_REQUEST_HEAD``), so that this answer is the one given."""
MAX_QUERY_PARAMETERS = 100
"""The most query parameters a request may carry: no operation takes more than a handful."""


def refusal_body(status: int, message: str) -> bytes:
    """The service's error body, as bytes (ASCII: any HTTP layer can send it)."""
    return json.dumps({"error": {"code": status, "message": message}}).encode("ascii")


class RequestLimits:
    """Refuses URLs over ``MAX_URL_BYTES`` with 414 and over ``MAX_QUERY_PARAMETERS`` with 400."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        max_url_bytes: int = MAX_URL_BYTES,
        max_query_parameters: int = MAX_QUERY_PARAMETERS,
    ) -> None:
        self.app = app
        self.max_url_bytes = max_url_bytes
        self.max_query_parameters = max_query_parameters

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            problem = self.problem(scope)
            if problem is not None:
                await _answer(send, *problem)
                return
        await self.app(scope, receive, send)

    def problem(self, scope: Scope) -> tuple[int, str] | None:
        path = scope.get("raw_path") or scope.get("path", "").encode("utf-8", "replace")
        path = path.partition(b"?")[0]  # some servers (httpx's ASGI transport) leave it there
        query: bytes = scope.get("query_string", b"")
        if len(path) + len(query) > self.max_url_bytes:
            return 414, (
                f"The URL is longer than the service accepts ({self.max_url_bytes} bytes of "
                "path and query)."
            )
        # As parse_qs counts them: fields between "&", the empty ones dropped.
        if query.count(b"&") >= self.max_query_parameters:
            fields = sum(1 for part in query.split(b"&") if part)
            if fields > self.max_query_parameters:
                return 400, (
                    f"Invalid request: {fields} query parameters; the service accepts at most "
                    f"{self.max_query_parameters}."
                )
        return None


async def _answer(send: Send, status: int, message: str) -> None:
    body = refusal_body(status, message)
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode("ascii")),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
