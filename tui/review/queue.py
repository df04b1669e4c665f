"""Provides the gathering of an organisation's review queue: cheap, a few at a time, as it comes.

The organisation's open change requests are listed at once, a thousand a page
(``listChangeRequestsForOrganization``); each names its space, and the spaces not known yet are
read by id, a few at a time (``gather_limited``), each space's rows handed to the screen as its
space arrives. On an organisation of 10,000 spaces with 200 open change requests in 3 spaces
that is 1 + 3 requests, and 1 on a later look (the spaces are kept). Then the review state of
each change request is read (its reviews and its requested reviewers), again a few at a time,
newest activity first, with its latest activity: its newest review, and for one with open
threads its newest thread (one more request, ``limit=1``), since a comment does not move a
change request's ``updatedAt``.

The organisation-wide listing is in the official API but not in every service that answers
like it: where it is unknown (404 while the organisation is there), the queue is gathered as
before, from the organisation's spaces (pages of 1,000) and a list for each space that has
open change requests.
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
from ..api.errors import ForbiddenError, NotFoundError
from ..api.models import ChangeRequest, Space, User

__all__ = [
    "AT_ONCE",
    "PAGE",
    "changes_since",
    "gather_change_requests",
    "gather_review_states",
    "queue_entry",
]

PAGE = 1000
"""The service's largest page: 1,000 open change requests a request."""
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
    *,
    spaces: dict[str, Space] | None = None,
) -> int:
    """Fill the queue with every open change request of the organisation's spaces.

    ``spaces`` are the spaces already known by id (from an earlier look): theirs are not
    asked again, and the spaces read now are added to it. ``arrived(space, count)`` is called
    after each space's change requests are in the queue; a space that no longer has any is
    dropped from it at the end. Returns how many spaces have open change requests.
    """
    known = {} if spaces is None else spaces
    listed: dict[str, list[ChangeRequest]] = {}
    token: str | None = None
    while True:
        try:
            page = await client.change_requests.list_change_requests_for_organization(
                organization_id, status="open", limit=PAGE, **({"page": token} if token else {})
            )
        except NotFoundError:
            if token is not None:
                raise
            # A service without the organisation's listing: its spaces, one by one (the
            # organisation itself missing is said by that listing's 404).
            return await _gather_by_spaces(client, organization_id, queue, arrived)
        on_page = list(dict.fromkeys(cr.space for cr in page.items if cr.space))
        for change_request in page.items:
            if change_request.space:
                listed.setdefault(change_request.space, []).append(change_request)

        async def one(space_id: str) -> None:
            space = known.get(space_id)
            if space is None:
                try:
                    space = await client.spaces.get_space_by_id(space_id)
                except (NotFoundError, ForbiddenError):
                    # Deleted since it was listed (its change requests went with it), or not
                    # readable by the user: a list of the spaces would not have shown it.
                    listed.pop(space_id, None)
                    queue.drop_space(space_id)
                    return
                known[space_id] = space
            queue.drop_space(space_id)
            queue.add(queue_entry(space, cr) for cr in listed[space_id])
            arrived(space, len(listed[space_id]))

        # The spaces already known first: their rows show without waiting for a request. A
        # space that cannot be read leaves the others' rows shown, then says why.
        ordered = sorted(on_page, key=lambda s: s not in known)
        failed = await gather_limited(ordered, one, limit=AT_ONCE, return_exceptions=True)
        for error in failed:
            if isinstance(error, Exception):
                raise error
        token = page.next_page
        if not token:
            break
    for space_id in {entry.space_id for entry in queue.rows()} - listed.keys():
        queue.drop_space(space_id)  # its change requests were merged or closed since
    return len(listed)


async def _gather_by_spaces(
    client: Client,
    organization_id: str,
    queue: ReviewQueue,
    arrived: Callable[[Space, int], None],
) -> int:
    """``gather_change_requests`` from the organisation's spaces: the pages of its spaces,
    then the open change requests of each space that says it has some."""
    asked = 0
    token: str | None = None
    while True:
        page = await client.spaces.list_spaces_in_organization_by_id(
            organization_id, limit=PAGE, **({"page": token} if token else {})
        )
        with_open = [space for space in spaces_to_ask(page.items) if isinstance(space, Space)]
        asked += len(with_open)

        async def one(space: Space) -> None:
            change_requests = [
                cr
                async for cr in client.paginate(
                    client.change_requests.list_change_requests_for_space,
                    space.id,
                    status="open",
                    limit=PAGE,
                )
            ]
            queue.drop_space(space.id)
            queue.add(queue_entry(space, cr) for cr in change_requests)
            arrived(space, len(change_requests))

        await gather_limited(with_open, one, limit=AT_ONCE)
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
