"""Provides the re-reads that tell whether a write whose answer was lost was applied.

A dialog's ``check_applied`` (see ``tui.dialogs.base``) is usually one of these, and so is the
``check`` of ``tui.shell.lost_answers.write_checked``: a create looks for an item that was not
there before sending, an update compares what it sent with what the service now holds, a
delete expects 404, a merge reads the change request's status. They run with the cache
bypassed, so they see the service as it is now. Each is a plain async function of a client:
those of the administration are in ``tui.dialogs.applied_admin``, those of docs sites in
``tui.dialogs.applied_sites``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Mapping
from typing import Any, Protocol, TypeVar

from tui.browse.places import all_collections

from ..api import Client
from ..api.errors import NotFoundError
from ..api.models import (
    ChangeRequestResult,
    ChangeRequestReview,
    Collection,
    Comment,
    CommentReply,
    Page,
    Space,
)
from ..review.threads import ThreadScope

__all__ = [
    "asked_to_review",
    "collections_in",
    "every",
    "gone",
    "holds",
    "ids",
    "merged",
    "message_gone",
    "message_reads",
    "new_item",
    "new_reply",
    "new_revision",
    "new_thread",
    "reaction_is",
    "reads_as",
    "resolved_as",
    "review_ids",
    "reviewed",
    "same",
    "space_revision",
    "spaces_in",
    "thread_ids",
    "updated_from_main",
]

_PAGE = 1000
_LIST = 100
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
    options.setdefault("limit", _LIST)
    return [item async for item in client.paginate(operation, *args, **options)]


# -- spaces, collections and their content ----------------------------------------------------


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


async def space_revision(client: Client, space_id: str) -> str | None:
    """The space's current revision: an import or a template moves it on."""
    return (await client.spaces.get_space_by_id(space_id)).revision


async def new_revision(client: Client, space_id: str, before: str | None) -> str | None:
    """The space's revision when it moved on from ``before`` (the write made one), else None."""
    now = await space_revision(client, space_id)
    return now if now and now != before else None


# -- change requests ----------------------------------------------------------------------


async def merged(
    client: Client, space_id: str, change_request_id: str | int
) -> ChangeRequestResult | None:
    """The merge's result when the change request is now merged, else None."""
    request = await client.change_requests.get_change_request_by_id(space_id, change_request_id)
    if not request.is_merged:
        return None
    return ChangeRequestResult(revision=request.revision_merged or "", result="merge")


async def updated_from_main(
    client: Client, space_id: str, change_request_id: str | int, ancestor: str | None
) -> ChangeRequestResult | None:
    """The update's result when the change request took main's changes since ``ancestor``
    (the main revision it was based on before sending), else None."""
    request = await client.change_requests.get_change_request_by_id(space_id, change_request_id)
    if request.outdated and request.revision_merged_ancestor == ancestor:
        return None
    return ChangeRequestResult(revision=request.revision or "", result="update")


async def review_ids(client: Client, space_id: str, change_request_id: str | int) -> set[str]:
    """The reviews of a change request before sending another."""
    reviews = client.change_request_reviews.get_reviews_by_change_request_id
    filed: list[ChangeRequestReview] = await every(client, reviews, space_id, change_request_id)
    return ids(filed)


async def reviewed(
    client: Client,
    space_id: str,
    change_request_id: str | int,
    *,
    before: set[str],
    reviewer: str,
    status: str,
) -> ChangeRequestReview | None:
    """The review ``reviewer`` sent (``approved`` or ``changes-requested``), not among those
    ``before``: the service files it against the change request's revision of that moment."""
    reviews = client.change_request_reviews.get_reviews_by_change_request_id
    return new_item(
        await every(client, reviews, space_id, change_request_id),
        before,
        lambda review: review.reviewer.id == reviewer and review.status == status,
    )


async def asked_to_review(
    client: Client, space_id: str, change_request_id: str | int, user_id: str
) -> bool:
    """Whether the user is among those asked to review the change request now."""
    requested = client.change_request_reviews.get_requested_reviewers_by_change_request_id
    asked = await every(client, requested, space_id, change_request_id)
    return any(a.user is not None and a.user.id == user_id for a in asked)


# -- comment threads ----------------------------------------------------------------------

Message = Comment | CommentReply


def _says(message: Message, body: str, author: str | None) -> bool:
    """Whether a message has this body (and, when known, this author)."""
    if author is not None and (message.posted_by is None or message.posted_by.id != author):
        return False
    return (message.body.markdown or "").strip() == body.strip()


async def thread_ids(client: Client, scope: ThreadScope) -> set[str]:
    """The newest threads before sending one: a new thread comes first, newest first."""
    return ids((await scope.list_threads(client, limit=_LIST)).items)


async def new_thread(
    client: Client,
    scope: ThreadScope,
    *,
    before: set[str],
    body: str,
    author: str | None = None,
    page: str | None = None,
) -> Comment | None:
    """The thread posted with this body (on ``page``), not among those ``before``."""

    def wanted(comment: Comment) -> bool:
        on = comment.target.page.id if comment.target.page is not None else None
        return _says(comment, body, author) and (page is None or on == page)

    return new_item((await scope.list_threads(client, limit=_LIST)).items, before, wanted)


async def new_reply(
    client: Client,
    scope: ThreadScope,
    comment_id: str,
    *,
    before: set[str],
    body: str,
    author: str | None = None,
) -> CommentReply | None:
    """The reply posted with this body, not among the replies ``before``."""
    replies = await every(client, scope.replies, client, comment_id)
    return new_item(replies, before, lambda reply: _says(reply, body, author))


async def message_reads(
    client: Client, scope: ThreadScope, comment_id: str, reply_id: str | None, body: str
) -> Message | None:
    """The comment (or reply) when it now says what an edit sent."""
    return await reads_as(
        lambda: scope.message(client, comment_id, reply_id), lambda m: _says(m, body, None)
    )


async def message_gone(
    client: Client, scope: ThreadScope, comment_id: str, reply_id: str | None
) -> bool:
    """Whether the comment (or reply) is deleted."""
    return await gone(lambda: scope.message(client, comment_id, reply_id))


async def reaction_is(
    client: Client,
    scope: ThreadScope,
    comment_id: str,
    reply_id: str | None,
    *,
    emoji: str,
    me: str,
    present: bool,
) -> Message | None:
    """The message when my reaction ``emoji`` is now there (``present``) or gone."""

    def mine(message: Message) -> bool:
        return any(
            reaction.emoji == emoji and any(u.user.id == me for u in reaction.users)
            for reaction in message.reactions
        )

    return await reads_as(
        lambda: scope.message(client, comment_id, reply_id), lambda m: mine(m) == present
    )


async def resolved_as(
    client: Client, scope: ThreadScope, comment_id: str, resolved: bool
) -> Comment | None:
    """The thread when it is now resolved (or open again, ``resolved=False``)."""
    return await reads_as(lambda: scope.get(client, comment_id), lambda c: c.resolved == resolved)
