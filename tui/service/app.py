"""Provides the local service as an ASGI app: authentication, dispatch and error answers."""

from __future__ import annotations

import json
import logging
from collections import deque
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route as StarletteRoute
from starlette.types import Receive, Scope, Send

from .datasets import DATASETS, load_dataset
from .http import Ctx, HttpError, Route
from .json_codec import FastJSONResponse
from .request_limits import RequestLimits
from .route_index import RouteIndex
from .routes import ALL_ROUTES
from .store import Store

__all__ = [
    "DEFAULT_MAX_BODY",
    "MAX_JSON_DEPTH",
    "Emulator",
    "asgi_app",
    "create_app",
    "origin",
]

logger = logging.getLogger("docdeck.emulator")

# Request bodies above this many bytes are refused with 413 (`docdeck serve --max-body`).
DEFAULT_MAX_BODY = 2 * 1024 * 1024
# Objects and arrays nested deeper than this are refused: no operation needs more, and deeper
# bodies would only exhaust the recursion of whatever walks them.
MAX_JSON_DEPTH = 64

REQUEST_LOG_SIZE = 1000
"""How many of the latest requests ``Emulator.requests`` keeps."""


def _error(status: int, message: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": {"code": status, "message": message}}, status, headers=headers)


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _too_deep(value: Any, limit: int) -> bool:
    """Whether objects and arrays nest deeper than ``limit`` (checked without recursion)."""
    pending = [(value, 1)]
    while pending:
        node, depth = pending.pop()
        if not isinstance(node, dict | list):
            continue
        if depth > limit:
            return True
        children = node.values() if isinstance(node, dict) else node
        pending.extend((child, depth + 1) for child in children)
    return False


def _parse_body(raw: bytes) -> Any:
    """The JSON of a request body; 400 when it is not strict JSON or nests absurdly deep."""
    try:
        body = json.loads(raw, parse_constant=_refuse_constant)
    except (ValueError, RecursionError):
        # RecursionError: tens of thousands of nested brackets overflow the parser itself.
        raise HttpError(400, "Invalid request: the body is not valid JSON.") from None
    if _too_deep(body, MAX_JSON_DEPTH):
        raise HttpError(
            400, f"Invalid request: the body nests deeper than {MAX_JSON_DEPTH} levels."
        )
    return body


def origin(scheme: str, host: str, port: int | None) -> str:
    """``scheme://host:port``, the port left out when it is the scheme's own."""
    if ":" in host:
        host = f"[{host}]"  # an IPv6 address
    default = {"http": 80, "https": 443}.get(scheme)
    return f"{scheme}://{host}" if port is None or port == default else f"{scheme}://{host}:{port}"


def _origin_of(scope: Scope) -> str:
    """The origin of the socket that took the request, never its ``Host`` header (anyone's)."""
    scheme = scope.get("scheme", "http")
    server = scope.get("server")
    if not server or not server[0] or str(server[0]).startswith("/"):
        return f"{scheme}://localhost"  # a Unix socket: no address to name
    return origin(scheme, str(server[0]), server[1])


def _size(limit: int) -> str:
    if limit % (1024 * 1024) == 0:
        return f"{limit // (1024 * 1024)} MiB"
    if limit % 1024 == 0:
        return f"{limit // 1024} KiB"
    return f"{limit} bytes"


class Emulator:
    """The state and the dispatch of one local service."""

    def __init__(
        self,
        store: Store,
        *,
        clock: Callable[[], datetime] | None = None,
        routes: list[Route] | None = None,
        max_body: int = DEFAULT_MAX_BODY,
        public_url: str | None = None,
    ) -> None:
        self.store = store
        self.max_body = max_body
        self.public_url = public_url.rstrip("/") if public_url else None
        """The origin its URLs are made of (``urls.location``, ``Location``); without it, the
        address the request reached: never the request's ``Host`` header, which anyone writes."""
        self.clock: Callable[[], datetime] = clock or (lambda: datetime.now(UTC))
        self.routes = routes if routes is not None else ALL_ROUTES
        # The latest requests seen, for tests that assert what reached the service; bounded,
        # so that a long-running `docdeck serve` does not grow with every request.
        self.requests: deque[tuple[str, str]] = deque(maxlen=REQUEST_LOG_SIZE)

    @property
    def routes(self) -> list[Route]:
        return self._index.routes

    @routes.setter
    def routes(self, routes: list[Route]) -> None:
        self._index = RouteIndex(routes)

    def match(self, method: str, path: str) -> tuple[Route, dict[str, str]] | None:
        allowed: list[str] = []
        for route in self._index.candidates(path):
            found = route.pattern.match(path)
            if found is None:
                continue
            if route.method == method:
                return route, found.groupdict()
            allowed.append(route.method)
        if allowed:
            raise HttpError(
                405,
                f"{method} is not allowed on {path}; it accepts {', '.join(allowed)}.",
                {"Allow": ", ".join(allowed)},
            )
        return None

    def caller(self, request: Request) -> dict[str, Any]:
        header = request.headers.get("authorization", "")
        scheme, _, token = header.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise HttpError(
                401, "Authentication required: send the header `Authorization: Bearer <token>`."
            )
        grant = self.store.get("token", token.strip())
        user = None if grant is None else self.store.get("user", grant["user"])
        if user is None:
            raise HttpError(401, "The token is not valid: it is unknown or has been revoked.")
        return user

    async def read_body(self, request: Request) -> bytes:
        """The body, refused with 413 once it passes the limit: never read whole when too big."""
        too_big = HttpError(
            413, f"The request body is larger than the service accepts ({_size(self.max_body)})."
        )
        declared = request.headers.get("content-length")
        if declared is not None:
            if not (declared.isascii() and declared.isdigit() and len(declared) < 19):
                raise HttpError(400, "Invalid request: the Content-Length header is not a number.")
            if int(declared) > self.max_body:
                raise too_big
        received = bytearray()
        try:
            async for chunk in request.stream():
                received += chunk
                if len(received) > self.max_body:
                    raise too_big
        except ClientDisconnect:
            raise HttpError(
                400, "Invalid request: the body ended before it was complete."
            ) from None
        return bytes(received)

    async def handle(self, request: Request) -> Response:
        path = request.url.path
        method = request.method
        self.requests.append((method, path))
        try:
            user = self.caller(request)
            matched = self.match(method, path)
            if matched is None:
                raise HttpError(404, f"There is no operation at {path}.")
            route, path_params = matched
            raw = await self.read_body(request)
            body = _parse_body(raw) if raw.strip() else None
            ctx = Ctx(
                app=self,
                method=method,
                path=path,
                query=parse_qs(request.url.query, keep_blank_values=True),
                body=body,
                caller=user,
                base_url=self.public_url or _origin_of(request.scope),
            )
            # Handlers are synchronous, so one request's transaction never interleaves
            # with another's.
            with self.store.transaction():
                result = route.handler(ctx, **path_params)
        except HttpError as error:
            return _error(error.status, error.message, error.headers)
        except Exception:
            logger.exception("%s %s failed", method, path)
            return _error(500, "The service failed to handle this request; nothing was changed.")
        status = ctx.status or route.status
        if status == 204 or result is None:
            # No body: 204, unless the operation declares another status (a 201 with no body).
            return Response(
                status_code=204 if status == 200 else status, headers=ctx.response_headers
            )
        return FastJSONResponse(result, status, headers=ctx.response_headers)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """The ASGI entry: as an app rather than a function, Starlette routes every method here."""
        response = await self.handle(Request(scope, receive))
        await response(scope, receive, send)


def create_app(
    dataset: str = "demo",
    database: str | Path | None = None,
    *,
    reset: bool = False,
    clock: Callable[[], datetime] | None = None,
    max_body: int = DEFAULT_MAX_BODY,
    public_url: str | None = None,
) -> Starlette:
    """The local service as an ASGI app.

    ``database=None`` keeps everything in memory; a path keeps it in SQLite, where it
    survives a restart. The dataset is loaded into an empty database, or again on ``reset``.
    Bodies over ``max_body`` bytes are refused with 413. Its URLs start with ``public_url``
    (an origin, perhaps with a path prefix, without ``/v1``).
    """
    if dataset not in DATASETS:
        raise ValueError(f"unknown dataset {dataset!r}; choose one of {', '.join(DATASETS)}")
    store = Store(database)
    if reset or store.is_empty():
        with store.transaction():
            store.clear()
            load_dataset(store, dataset)
    return asgi_app(Emulator(store, clock=clock, max_body=max_body, public_url=public_url))


def asgi_app(emulator: Emulator) -> Starlette:
    """The ASGI app serving an emulator (``app.state.emulator``)."""

    # Every answer has the error body, even those Starlette gives before the handler runs
    # (a request line such as `OPTIONS *` that no route matches, or a failure it catches).
    async def starlette_refusal(request: Request, exc: Exception) -> Response:
        if isinstance(exc, HTTPException):
            return _error(exc.status_code, str(exc.detail))
        return _error(500, "The service failed to handle this request; nothing was changed.")

    app = Starlette(
        # No method list: OPTIONS, TRACE and unknown methods reach the handler, which refuses
        # them in the error shape instead of Starlette's plain-text 405.
        routes=[StarletteRoute("/{path:path}", emulator, methods=None)],
        exception_handlers={HTTPException: starlette_refusal, Exception: starlette_refusal},
        # Absurd URLs are refused before Starlette or a route parses them.
        middleware=[Middleware(RequestLimits)],
    )
    app.state.emulator = emulator
    return app
