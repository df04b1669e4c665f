"""Provides the re-reads that tell whether a write on a change request or a thread was applied.

The same shapes as ``tui.dialogs.applied`` (whose helpers they use): a merge or an update read
from the change request's status, a review or a requested reviewer looked for among those
not seen before sending, a thread, a reply, a reaction or a resolution read back in its scope.
"""

from __future__ import annotations

from tui.api import Client
from tui.api.models import ChangeRequestResult, ChangeRequestReview, Comment, CommentReply
from tui.dialogs.applied import LIST, every, gone, ids, new_item, reads_as
from tui.review.threads import ThreadScope

__all__ = [
    "asked_to_review",
    "merged",
    "message_gone",
    "message_reads",
    "new_reply",
    "new_thread",
    "reaction_is",
    "resolved_as",
    "review_ids",
    "reviewed",
    "thread_ids",
    "updated_from_main",
]


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
    return ids((await scope.list_threads(client, limit=LIST)).items)


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

    return new_item((await scope.list_threads(client, limit=LIST)).items, before, wanted)


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
