"""Provides the re-reads that tell whether a write whose answer was lost was applied.

A dialog's ``check_applied`` (see ``tui.dialogs.base``) is usually one of these, and so is the
``check`` of ``tui.shell.lost_answers.write_checked``: a create looks for an item that was not
there before sending, an update compares what it sent with what the service now holds, a
delete expects 404, a merge reads the change request's status. They run with the cache
bypassed, so they see the service as it is now. Each is a plain async function of a client.
These are the shapes every check takes; each feature keeps its own checks beside it:
``tui.browse.applied_browse``, ``tui.review.applied_review``, ``tui.sites.applied_sites`` and
``tui.admin.applied_admin``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Mapping
from typing import Any, Protocol, TypeVar

from ..api import Client
from ..api.errors import NotFoundError
from ..api.models import Page

__all__ = [
    "LIST",
    "PAGE",
    "every",
    "gone",
    "holds",
    "ids",
    "new_item",
    "reads_as",
    "same",
]

PAGE = 1000
LIST = 100
"""The page size of the lists read to check: the most every list operation takes."""


class _HasId(Protocol):
    @property
    def id(self) -> str: ...


ItemT = TypeVar("ItemT", bound=_HasId)
T = TypeVar("T")


# -- the shapes of a check ----------------------------------------------------------------


def same(now: object, sent: object) -> bool:
    """Whether a value read back is the one sent (None, "" and False alike: "not set")."""
    return (now or None) == (sent or None)


def ids(items: Iterable[_HasId]) -> set[str]:
    """The ids of some items: what was there before sending."""
    return {item.id for item in items}


def new_item(
    items: Iterable[ItemT], before: set[str], wanted: Callable[[ItemT], bool] = lambda _: True
) -> ItemT | None:
    """The first item not among the ids seen ``before`` sending that is ``wanted``, or None."""
    return next((item for item in items if item.id not in before and wanted(item)), None)


def holds(
    item: object,
    sent: Mapping[str, Any],
    read: Mapping[str, Callable[[Any], object]] | None = None,
) -> bool:
    """Whether every field of ``item`` has the value an update sent (None and "" alike).

    ``read`` says how to read a field the model keeps under another name (``logo`` is
    ``urls.logo`` on an organisation).
    """
    readers = read or {}
    return all(
        same(readers[name](item) if name in readers else getattr(item, name), value)
        for name, value in sent.items()
    )


async def reads_as(read: Callable[[], Awaitable[T]], wanted: Callable[[T], bool]) -> T | None:
    """The item read now when it is as the write leaves it (``wanted``), else None."""
    item = await read()
    return item if wanted(item) else None


async def gone(read: Callable[[], Awaitable[object]]) -> bool:
    """Whether reading an item now answers 404: a deletion was applied."""
    try:
        await read()
    except NotFoundError:
        return True
    return False


async def every(
    client: Client, operation: Callable[..., Awaitable[Page[T]]], *args: Any, **options: Any
) -> list[T]:
    """Every item of a list operation, page after page."""
    options.setdefault("limit", LIST)
    return [item async for item in client.paginate(operation, *args, **options)]
