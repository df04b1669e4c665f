"""Provides the reference of the service benchmark: a bare Starlette app answering JSON.

Run as ``python bare_starlette.py PORT NAME=FILE...``: each ``GET /NAME`` answers the JSON
document of FILE through Starlette's own ``JSONResponse`` (serialised on every request, as a
handler returning a dict would be), served by uvicorn exactly as ``docdeck serve`` serves.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route


def endpoint(payload: Any) -> Any:
    async def answer(request: Request) -> Response:
        return JSONResponse(payload)

    return answer


def main(argv: list[str]) -> None:
    port = int(argv[0])
    routes = []
    for spec in argv[1:]:
        name, _, file = spec.partition("=")
        routes.append(Route(f"/{name}", endpoint(json.loads(Path(file).read_text()))))
    uvicorn.run(Starlette(routes=routes), host="127.0.0.1", port=port, log_level="warning")


if __name__ == "__main__":
    main(sys.argv[1:])
