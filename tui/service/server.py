"""Provides serve: the local service over HTTP (uvicorn), answering even what HTTP cannot read
in the service's error shape; and the checks ``docdeck serve`` makes before it starts.

uvicorn answers a request it cannot parse (non-ASCII bytes in the request line, a request line
and headers over ``MAX_REQUEST_HEAD``) itself, in plain text, before any ASGI app sees it: its HTTP/1.1
protocol is given here the service's JSON refusal instead.
"""

from __future__ import annotations

import ipaddress
from typing import Any
from urllib.parse import urlsplit

from uvicorn.protocols.http.h11_impl import H11Protocol

from .app import origin
from .request_limits import refusal_body

__all__ = [
    "MAX_REQUEST_HEAD",
    "UNREADABLE_REQUEST",
    "JsonRefusalProtocol",
    "is_loopback",
    "public_origin",
    "serve",
    "served_origin",
]

MAX_REQUEST_HEAD = 64 * 1024
"""The most bytes of a request line and its headers read before refusing them (h11's limit)."""
UNREADABLE_REQUEST = (
    "Invalid request: the request line or its headers cannot be read (they must be ASCII, "
    f"and at most {MAX_REQUEST_HEAD // 1024} KiB together)."
)


class JsonRefusalProtocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol, refusing what it cannot parse with the service's JSON."""

    def send_400_response(self, msg: str) -> None:
        import h11

        body = refusal_body(400, UNREADABLE_REQUEST)
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode("ascii")),
            (b"connection", b"close"),
        ]
        # As uvicorn's own: the answer, then the connection closes (h11 cannot go on after).
        for event in (
            h11.Response(status_code=400, headers=headers, reason=b"Bad Request"),
            h11.Data(data=body),
            h11.EndOfMessage(),
        ):
            output = self.conn.send(event)
            if output:
                self.transport.write(output)
        self.transport.close()


def is_loopback(host: str) -> bool:
    """Whether serving on ``host`` reaches this machine only (a name other than localhost
    may resolve anywhere, and 0.0.0.0 or :: is every address)."""
    if host.strip().lower() in ("localhost", "localhost."):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def served_origin(host: str, port: int) -> str:
    """The origin of the service served on ``host`` and ``port``."""
    return origin("http", host.strip("[]"), port)


def public_origin(url: str) -> str:
    """The origin (and path prefix) of ``--public-url``, without ``/v1``; ValueError saying why.

    ``https://docs-api.example.com``, ``https://example.com/docdeck/v1`` and the like: the
    address clients reach the service at (a proxy in front of it), which its URLs are made of.
    """
    text = url.strip()
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError as error:
        raise ValueError(f"the public URL {text!r} is not valid: {error}") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(
            f"the public URL {text!r} is not valid: it needs to start with http:// or https:// "
            "and name a host"
        )
    if parts.query or parts.fragment or parts.username or parts.password:
        raise ValueError(
            f"the public URL {text!r} is not valid: it takes no query, fragment or credentials"
        )
    if not text.isascii() or any(ch.isspace() or not ch.isprintable() for ch in text):
        raise ValueError(f"the public URL {text!r} is not valid: it contains spaces or controls")
    path = parts.path.rstrip("/")
    path = path.removesuffix("/v1")
    return origin(parts.scheme, parts.hostname, port) + path


def serve(app: Any, host: str, port: int) -> None:
    """Serve ``app`` until interrupted."""
    import uvicorn

    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="warning",
        http=JsonRefusalProtocol,
        h11_max_incomplete_event_size=MAX_REQUEST_HEAD,
    )
