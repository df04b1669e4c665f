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
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route as StarletteRoute

from .datasets import DATASETS, load_dataset
from .http import Ctx, HttpError, Route
from .routes import ALL_ROUTES
from .store import Store

__all__ = ["Emulator", "create_app"]

logger = logging.getLogger("docdeck.emulator")

_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"]

REQUEST_LOG_SIZE = 1000
"""How many of the latest requests ``Emulator.requests`` keeps."""


def _error(status: int, message: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": {"code": status, "message": message}}, status, headers=headers)


class Emulator:
    """The state and the dispatch of one local service."""

    def __init__(
        self,
        store: Store,
        *,
        clock: Callable[[], datetime] | None = None,
        routes: list[Route] | None = None,
    ) -> None:
        self.store = store
        self.clock: Callable[[], datetime] = clock or (lambda: datetime.now(UTC))
        self.routes = routes if routes is not None else ALL_ROUTES
        # The latest requests seen, for tests that assert what reached the service; bounded,
        # so that `docdeck serve` running for days does not grow without end.
        self.requests: deque[tuple[str, str]] = deque(maxlen=REQUEST_LOG_SIZE)

    def match(self, method: str, path: str) -> tuple[Route, dict[str, str]] | None:
        allowed = False
        for route in self.routes:
            found = route.pattern.match(path)
            if found is None:
                continue
            if route.method == method:
                return route, found.groupdict()
            allowed = True
        if allowed:
            raise HttpError(405, f"{method} is not allowed on {path}.")
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
            raw = await request.body()
            body = None
            if raw:
                try:
                    body = json.loads(raw)
                except ValueError:
                    raise HttpError(400, "Invalid request: the body is not valid JSON.") from None
            ctx = Ctx(
                app=self,
                method=method,
                path=path,
                query=parse_qs(request.url.query, keep_blank_values=True),
                body=body,
                caller=user,
                base_url=str(request.base_url).rstrip("/"),
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
        return JSONResponse(result, status, headers=ctx.response_headers)


def create_app(
    dataset: str = "demo",
    database: str | Path | None = None,
    *,
    reset: bool = False,
    clock: Callable[[], datetime] | None = None,
) -> Starlette:
    """The local service as an ASGI app.

    ``database=None`` keeps everything in memory; a path keeps it in SQLite, where it
    survives a restart. The dataset is loaded into an empty database, or again on ``reset``.
    """
    if dataset not in DATASETS:
        raise ValueError(f"unknown dataset {dataset!r}; choose one of {', '.join(DATASETS)}")
    store = Store(database)
    if reset or store.is_empty():
        with store.transaction():
            store.clear()
            load_dataset(store, dataset)
    emulator = Emulator(store, clock=clock)
    app = Starlette(routes=[StarletteRoute("/{path:path}", emulator.handle, methods=_METHODS)])
    app.state.emulator = emulator
    return app
