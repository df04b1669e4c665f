"""Provides the base of the resource groups, and Requester: the client as they see it.

The resource groups need one thing of the client: its request path. They see it through the
``Requester`` protocol rather than importing ``Client``, which imports them all: the client
depends on its resources, not the other way round.
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar, overload

__all__ = ["Requester", "Resource"]

T = TypeVar("T")


class Requester(Protocol):
    """What a resource group uses of the client (``tui.api.client.Client`` is one)."""

    @overload
    async def request(
        self,
        method: str,
        template: str,
        *path_args: object,
        params: list[tuple[str, str]] | None = ...,
        json: Any = ...,
        result: type[T],
    ) -> T: ...

    @overload
    async def request(
        self,
        method: str,
        template: str,
        *path_args: object,
        params: list[tuple[str, str]] | None = ...,
        json: Any = ...,
        result: None = ...,
    ) -> None: ...


class Resource:
    """One operation group of the API; its methods are the group's operations."""

    def __init__(self, client: Requester) -> None:
        self._request = client.request

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"
