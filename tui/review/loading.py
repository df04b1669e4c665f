"""Provides what the change request screen fetches: the view, a page's diff, the merge's changes.

The base of a change request is the main revision it started from or was last updated from
(``revisionMergedAncestor``, else ``revisionInitial``), read with ``getRevisionById``, so main's
later edits never show as the change request's own. The two page trees are read as outlines
(``RevisionOutline``: what a comparison reads, a third of the parse of a whole ``Revision``) and
compared by page id (``tui.review.logic.changes``); a page's markdown is fetched only when the
page is opened and only if the trees came without it, and every comparison and diff runs in a
thread, off the event loop. The first page's diff comes with the view when the trees carried
its bodies, so the tree and the diff are painted in one frame. The last comparisons and diffs
are kept: a view painted from the cache and then confirmed by the service, or a change request
opened again, is compared and diffed once.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from tui.review.logic.changes import ChangeKind, ChangeSet, PageChange, compare
from tui.review.logic.diff import MarkdownDiff
from tui.review.logic.review_queue import ReviewState, review_state

from ..api import Client
from ..api.models import (
    ChangeRequest,
    ChangeRequestRequestedReviewer,
    ChangeRequestReview,
    Collection,
    Organization,
    Page,
    RevisionOutline,
    RevisionSemanticChanges,
    Space,
    User,
)
from ..shell.navigation import PlacesSeen

__all__ = [
    "ChangeRequestView",
    "PageDiff",
    "base_revision",
    "fetch_change_request_view",
    "fetch_merge_changes",
    "fetch_page_diff",
    "holders_to_fetch",
]

T = TypeVar("T")

MERGE_CHANGES_LIMIT = 100
"""How many of a merge's semantic changes are listed (the rest are counted)."""


def base_revision(change_request: ChangeRequest) -> str:
    """The main revision the change request is compared with."""
    return change_request.revision_merged_ancestor or change_request.revision_initial or ""


@dataclass
class ChangeRequestView:
    """A change request with its space, its reviews and what it changes."""

    space: Space
    change_request: ChangeRequest
    me: User
    reviews: list[ChangeRequestReview]
    requested: list[ChangeRequestRequestedReviewer]
    base: str
    """The id of the base revision."""
    changes: ChangeSet
    since_review: ChangeSet | None = None
    """When the user's own review is outdated: what changed since the revision it was made
    against (that revision compared with the change request's)."""
    first_diff: PageDiff | None = None
    """The diff of the page shown first, when the trees carried both its bodies: painted with
    the tree, in the same frame, rather than by a load of its own after it."""

    @property
    def state(self) -> ReviewState:
        state = review_state(self.reviews, self.requested, me=self.me.id)
        if self.since_review is not None:
            state = replace(state, changed_since=len(self.since_review.changes))
        return state

    def since_my_review(self) -> ChangeRequestView | None:
        """The same change request compared with the revision the user reviewed (None when
        the user's review is not outdated): the tree and the diffs of what moved on since."""
        state = review_state(self.reviews, self.requested, me=self.me.id)
        if self.since_review is None or not state.my_revision:
            return None
        return replace(self, base=state.my_revision, changes=self.since_review, first_diff=None)

    @property
    def open(self) -> bool:
        """Whether it can still be reviewed, updated and merged."""
        return self.change_request.status in ("open", "draft")


async def holders_to_fetch(
    client: Client, space: Space, places: PlacesSeen
) -> tuple[Organization | None, list[Collection]]:
    """The organisation and collections above a space never seen, for the breadcrumbs."""
    collections: list[Collection] = []
    parent = space.parent
    while parent and places.get("collection", parent) is None and len(collections) < 20:
        collection = await client.collections.get_collection_by_id(parent)
        collections.append(collection)
        parent = collection.parent
    organization = None
    if places.get("organization", space.organization) is None:
        organization = await client.organizations.get_organization_by_id(space.organization)
    return organization, collections


async def fetch_change_request_view(
    client: Client,
    space_id: str,
    change_request_id: str,
    places: PlacesSeen,
    *,
    first_page: str | None = None,
) -> ChangeRequestView:
    """Every GET the change request screen paints first (runs from the cache, then for real),
    and the diff of the page it shows first (``first_page``, else the first changed) if the
    trees carried its bodies."""
    # What does not depend on the change request is asked at the same time as it.
    change_request, space, me = await _together(
        client.change_requests.get_change_request_by_id(space_id, change_request_id),
        client.spaces.get_space_by_id(space_id),
        client.users.get_authenticated_user(),
    )
    reviews_api = client.change_request_reviews
    base = base_revision(change_request)
    reviews, requested, base_revision_, head_revision = await _together(
        _all(client, reviews_api.get_reviews_by_change_request_id, space_id, change_request.id),
        _all(
            client,
            reviews_api.get_requested_reviewers_by_change_request_id,
            space_id,
            change_request.id,
        ),
        # Only the page trees are compared: read as outlines, a third of the time.
        client.revisions.get_revision_by_id(space_id, base, outline=True),
        client.change_request_content.get_revision_of_change_request_by_id(
            space_id, change_request.id, outline=True
        ),
    )
    changes = await _compared(base_revision_, head_revision)
    since: ChangeSet | None = None
    mine = review_state(reviews, requested, me=me.id).my_revision
    if mine:
        # The user's review is outdated: one more read, for what changed since it.
        reviewed = await client.revisions.get_revision_by_id(space_id, mine, outline=True)
        since = await _compared(reviewed, head_revision)
    first = (changes.find(first_page) if first_page else None) or next(iter(changes.changes), None)
    first_diff = None
    if first is not None and first.markdown_known and first.markdown_changed:
        old, new = first.old_markdown or "", first.new_markdown or ""
        first_diff = PageDiff(first.page_id, old, new, await _diff(old, new))
    return ChangeRequestView(
        space, change_request, me, reviews, requested, base, changes, since, first_diff
    )


_COMPARED: OrderedDict[tuple[int, int], tuple[RevisionOutline, RevisionOutline, ChangeSet]] = (
    OrderedDict()
)
"""The last comparisons, by the identity of the two trees (held here, so no other tree takes
their ids): the same cached trees are compared once, not on each paint from the cache and
again when the service confirms them, nor again when the change request is opened again."""
COMPARISONS_KEPT = 2
"""The whole change request and since my review: what one screen compares (each holds two
trees, which the cache may have let go)."""


async def _compared(base: RevisionOutline, head: RevisionOutline) -> ChangeSet:
    key = (id(base), id(head))
    kept = _COMPARED.get(key)
    if kept is not None:
        _COMPARED.move_to_end(key)
        return kept[2]
    # A thousand pages compare in tens of milliseconds: off the loop, so keys still answer.
    changes = await asyncio.to_thread(compare, base.pages, head.pages)
    _COMPARED[key] = (base, head, changes)
    while len(_COMPARED) > COMPARISONS_KEPT:
        _COMPARED.popitem(last=False)
    return changes


async def _together(*steps: Awaitable[Any]) -> list[Any]:
    """Await requests at the same time; the first failure is raised once all have ended.

    (``asyncio.gather`` would raise at once and leave the other failures unretrieved.)
    """
    results = await asyncio.gather(*steps, return_exceptions=True)
    for result in results:
        if isinstance(result, BaseException):
            raise result
    return list(results)


async def _all(client: Client, operation: Callable[..., Awaitable[Page[T]]], *args: Any) -> list[T]:
    """Every item of a short list (reviews, requested reviewers)."""
    return [item async for item in client.paginate(operation, *args, limit=100)]


@dataclass(frozen=True)
class PageDiff:
    """The two bodies of one changed page and their diff (computed in a thread)."""

    page_id: str
    old: str
    new: str
    diff: MarkdownDiff = field(compare=False, repr=False)


async def fetch_page_diff(client: Client, view: ChangeRequestView, change: PageChange) -> PageDiff:
    """A page's diff; the bodies the trees did not carry are fetched first."""
    space_id = view.space.id
    old = change.old_markdown
    if old is None:
        if change.is_(ChangeKind.ADDED):
            old = ""
        else:
            page = await client.revisions.get_page_in_revision_by_id(
                space_id, view.base, change.page_id
            )
            old = page.markdown or ""
    new = change.new_markdown
    if new is None:
        if change.is_(ChangeKind.REMOVED):
            new = ""
        else:
            page = await client.change_request_content.get_page_in_change_request_by_id(
                space_id, view.change_request.id, change.page_id
            )
            new = page.markdown or ""
    return PageDiff(change.page_id, old, new, await _diff(old, new))


_DIFFS: OrderedDict[tuple[str, str], MarkdownDiff] = OrderedDict()
"""The last diffs computed, by their two bodies: a page painted from the cache and then
confirmed by the service, or opened again, is diffed once (a 200 KB page takes a while)."""
DIFFS_KEPT = 4


async def _diff(old: str, new: str) -> MarkdownDiff:
    key = (old, new)
    diff = _DIFFS.get(key)
    if diff is None:
        diff = _DIFFS[key] = await asyncio.to_thread(MarkdownDiff, old, new)
        while len(_DIFFS) > DIFFS_KEPT:
            _DIFFS.popitem(last=False)
    else:
        _DIFFS.move_to_end(key)
    return diff


async def fetch_merge_changes(
    client: Client, space_id: str, change_request: ChangeRequest
) -> RevisionSemanticChanges | None:
    """What a merged change request's merge did to main (None before it is merged)."""
    if not change_request.revision_merged:
        return None
    return await client.revisions.get_revision_semantic_changes(
        space_id, change_request.revision_merged, limit=MERGE_CHANGES_LIMIT
    )
