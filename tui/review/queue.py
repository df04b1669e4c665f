"""Provides the gathering of an organisation's review queue: cheap, a few at a time, as it comes.

The organisation's spaces are listed a thousand at a time; their ``changeRequestsOpen`` counts
say which spaces have open change requests, and only those spaces are asked for theirs, a few
at a time (``gather_limited``), each answer handed to the screen as it arrives. On an
organisation of 10,000 spaces that is 10 pages of spaces and one request per space with open
change requests. Then the review state of each change request is read (its reviews and its
requested reviewers), again a few at a time, newest activity first, with its latest activity:
its newest review, and for one with open threads its newest thread (one more request,
``limit=1``), since a comment does not move a change request's ``updatedAt``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace

from tui.core.gather import gather_limited
from tui.review.logic.changes import ChangeSet, compare
from tui.review.logic.review_queue import (
    QueueEntry,
    ReviewQueue,
    latest,
    review_state,
    spaces_to_ask,
)

from ..api import Client
from ..api.models import ChangeRequest, Space, User

__all__ = [
    "AT_ONCE",
    "SPACES_PAGE",
    "changes_since",
    "gather_change_requests",
    "gather_review_states",
    "queue_entry",
]

SPACES_PAGE = 1000
"""The service's largest page: an organisation of 10,000 spaces is 10 requests."""
AT_ONCE = 4
"""Requests of the queue in flight at the same time."""


async def changes_since(
    client: Client, space_id: str, change_request_id: str, revision: str
) -> ChangeSet:
    """What changed in a change request since one of its revisions (the one a review was
    made against): that revision's pages compared with the change request's."""
    then = await client.revisions.get_revision_by_id(space_id, revision, outline=True)
    now = await client.change_request_content.get_revision_of_change_request_by_id(
        space_id, change_request_id, outline=True
    )
    return await asyncio.to_thread(compare, then.pages, now.pages)


def queue_entry(space: Space, change_request: ChangeRequest) -> QueueEntry:
    author = change_request.created_by
    return QueueEntry(
        space_id=space.id,
        space_title=space.title,
        change_request_id=change_request.id,
        number=change_request.number,
        subject=change_request.subject,
        author_id=author.id if author else "",
        author_name=author.display_name if author else "",
        updated_at=change_request.updated_at or change_request.created_at,
        comments=change_request.comments,
        outdated=change_request.outdated,
        value=(space, change_request),
    )


async def gather_change_requests(
    client: Client,
    organization_id: str,
    queue: ReviewQueue,
    arrived: Callable[[Space, int], None],
) -> int:
    """Fill the queue with every open change request of the organisation's spaces.

    ``arrived(space, count)`` is called after each space's change requests are in the queue.
    Returns how many spaces had open change requests.
    """
    asked = 0
    token: str | None = None
    while True:
        page = await client.spaces.list_spaces_in_organization_by_id(
            organization_id, limit=SPACES_PAGE, **({"page": token} if token else {})
        )
        spaces = [space for space in spaces_to_ask(page.items) if isinstance(space, Space)]
        asked += len(spaces)

        async def one(space: Space) -> None:
            change_requests = [
                cr
                async for cr in client.paginate(
                    client.change_requests.list_change_requests_for_space,
                    space.id,
                    status="open",
                    limit=SPACES_PAGE,
                )
            ]
            queue.drop_space(space.id)
            queue.add(queue_entry(space, cr) for cr in change_requests)
            arrived(space, len(change_requests))

        await gather_limited(spaces, one, limit=AT_ONCE)
        token = page.next_page
        if not token:
            return asked


async def gather_review_states(
    client: Client, queue: ReviewQueue, me: User, arrived: Callable[[QueueEntry], None]
) -> None:
    """Read the review state and the latest activity of every entry that has no state yet,
    newest activity first (``state_cost`` requests)."""

    async def one(entry: QueueEntry) -> None:
        reviews = await client.change_request_reviews.get_reviews_by_change_request_id(
            entry.space_id, entry.change_request_id, limit=100
        )
        asked = await client.change_request_reviews.get_requested_reviewers_by_change_request_id(
            entry.space_id, entry.change_request_id, limit=100
        )
        moments = [latest(r.created_at, r.updated_at) for r in reviews.items]
        if entry.comments:
            # The newest thread, whatever its status: what was said last moves it up.
            newest = await client.change_request_comments.list_comments_in_change_request(
                entry.space_id, entry.change_request_id, limit=1
            )
            moments += [latest(t.posted_at, t.edited_at, t.resolved_at) for t in newest.items]
        queue.note_activity(entry.key, latest(*moments))
        state = review_state(reviews.items, asked.items, me=me.id)
        if state.my_revision:
            # The user's review is outdated: how far the change request moved on since.
            changes = await changes_since(
                client, entry.space_id, entry.change_request_id, state.my_revision
            )
            state = replace(state, changed_since=len(changes.changes))
        queue.set_state(entry.key, state)
        arrived(entry)

    await gather_limited(queue.missing_states(), one, limit=AT_ONCE)
