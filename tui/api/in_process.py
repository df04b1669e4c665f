"""Provides in_process_client: a client of an ASGI app in the same process (the demo service)."""

from __future__ import annotations

from typing import Any

import httpx

from .client import Client

__all__ = ["in_process_client"]


def in_process_client(app: Any, token: str, *, base_url: str, **options: Any) -> Client:
    """A client whose requests go straight to ``app`` (an ASGI app), with no socket."""
    return Client(token, base_url=base_url, transport=httpx.ASGITransport(app=app), **options)
