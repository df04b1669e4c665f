"""Provides the base of the resource groups: a handle on the client's request path."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..client import Client

__all__ = ["Resource"]


class Resource:
    """One operation group of the API; its methods are the group's operations."""

    def __init__(self, client: Client) -> None:
        self._client = client
        self._request = client.request

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"
