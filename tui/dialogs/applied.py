"""Provides the re-reads that tell whether a write whose answer was lost was applied.

A dialog's ``check_applied`` (see ``tui.dialogs.base``) is usually one of these: a create looks
for an item that was not there before sending, an update compares what it sent with what the
service now holds, a delete expects 404, a merge reads the change request's status. They run
with the cache bypassed, so they see the service as it is now.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Mapping
from typing import Any, Protocol, TypeVar

from ..api import Client
from ..api.errors import NotFoundError
from ..api.models import ChangeRequestResult, Collection, Space
from .places import all_collections

__all__ = [
    "collections_in",
    "gone",
    "holds",
    "merged",
    "new_item",
    "spaces_in",
]

_PAGE = 1000


class _HasId(Protocol):
    @property
    def id(self) -> str: ...


ItemT = TypeVar("ItemT", bound=_HasId)


def new_item(
    items: Iterable[ItemT], before: set[str], wanted: Callable[[ItemT], bool] = lambda _: True
) -> ItemT | None:
    """The first item not among the ids seen ``before`` sending that is ``wanted``, or None."""
    return next((item for item in items if item.id not in before and wanted(item)), None)


def holds(item: object, sent: Mapping[str, Any]) -> bool:
    """Whether every field of ``item`` has the value an update sent (None and "" alike)."""
    return all((getattr(item, name) or None) == (value or None) for name, value in sent.items())


async def gone(read: Callable[[], Awaitable[object]]) -> bool:
    """Whether reading an item now answers 404: a deletion was applied."""
    try:
        await read()
    except NotFoundError:
        return True
    return False


async def spaces_in(client: Client, organization_id: str, parent: str | None) -> list[Space]:
    """The spaces directly in a collection, or at the top of the organisation (``None``)."""
    if parent:
        listing = client.collections.list_spaces_in_collection_by_id
        return [s async for s in client.paginate(listing, parent, limit=_PAGE)]
    return [
        s
        async for s in client.paginate(
            client.spaces.list_spaces_in_organization_by_id, organization_id, limit=_PAGE
        )
        if not s.parent
    ]


async def collections_in(
    client: Client, organization_id: str, parent: str | None
) -> list[Collection]:
    """The collections directly in a collection, or at the top of the organisation."""
    return [c for c in await all_collections(client, organization_id) if c.parent == parent]


async def merged(
    client: Client, space_id: str, change_request_id: str | int
) -> ChangeRequestResult | None:
    """The merge's result when the change request is now merged, else None."""
    request = await client.change_requests.get_change_request_by_id(space_id, change_request_id)
    if not request.is_merged:
        return None
    return ChangeRequestResult(revision=request.revision_merged or "", result="merge")
