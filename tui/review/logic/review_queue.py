"""Provides the review queue's logic: review states, the queue's sections and order, its cost.

Where a change request stands is read from its reviews and its requested reviewers: a reviewer's
latest review counts unless it is outdated (the change request moved on since), "changes
requested" outweighs approvals, and a review asked of the user and not yet given puts it in
"review requested from me".

The queue holds the open change requests of an organisation's spaces, newest activity first,
in three sections as gh-dash has them. It is built cheaply: the organisation's open change
requests are listed a thousand at a time, and only the spaces they name that are not known yet
are read (``listing_cost``), never one request per space of the organisation.

Activity is the latest of a change request's ``updatedAt`` (which a comment does not move) and
what else is known of it (``note_activity``): its newest review, its newest thread (posted,
edited or resolved), a reply the app has read. The reviews are read for the review state
anyway; the newest thread costs one more request (``limit=1``) per change request with open
threads, made with the states, after the rows are shown (``state_cost``).

    state = review_state(reviews, requested, me="u-ada")
    queue = ReviewQueue(me="u-ada"); queue.add(entries); queue.set_state(key, state)
    queue.rows(Section.REQUESTED); queue.counts(); queue.after(key)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import datetime
from enum import StrEnum
from typing import Any, Protocol

__all__ = [
    "EntryKey",
    "QueueEntry",
    "ReviewQueue",
    "ReviewRun",
    "ReviewState",
    "Section",
    "latest",
    "listing_cost",
    "review_state",
    "spaces_to_ask",
    "state_cost",
]


class UserLike(Protocol):
    @property
    def id(self) -> str: ...

    @property
    def display_name(self) -> str: ...


class ReviewLike(Protocol):
    """A review, as ``tui.api.models.ChangeRequestReview``."""

    @property
    def status(self) -> str: ...

    @property
    def outdated(self) -> bool: ...

    @property
    def reviewer(self) -> UserLike: ...


class RequestedLike(Protocol):
    """A requested reviewer, as ``tui.api.models.ChangeRequestRequestedReviewer``."""

    @property
    def user(self) -> UserLike | None: ...

    @property
    def name(self) -> str: ...


class SpaceLike(Protocol):
    @property
    def change_requests_open(self) -> int: ...


def _name(user: UserLike) -> str:
    return user.display_name or user.id


@dataclass(frozen=True, slots=True)
class ReviewState:
    """Where a change request stands with its reviewers."""

    approved: tuple[str, ...] = ()
    """Who approved it (current reviews only)."""
    changes_requested: tuple[str, ...] = ()
    """Who asked for changes (current reviews only)."""
    requested: tuple[str, ...] = ()
    """Who has been asked and has not answered yet."""
    requested_from_me: bool = False
    outdated_reviews: int = 0
    """Reviews made against an older revision, which no longer count."""
    my_outdated: str = ""
    """When the user's own latest review is outdated, what it was: ``approval`` or
    ``request for changes``."""
    my_revision: str = ""
    """The revision the user's outdated review was made against."""
    changed_since: int | None = None
    """Pages changed since the user's outdated review (None: not counted)."""

    @property
    def mine_outdated(self) -> str:
        """``your approval is outdated: 3 pages changed since`` ("" when it is not)."""
        if not self.my_outdated:
            return ""
        said = f"your {self.my_outdated} is outdated"
        if self.changed_since is not None:
            count = self.changed_since
            said += f": {count} page{'s' if count != 1 else ''} changed since"
        return said

    @property
    def label(self) -> str:
        """In a word or three: ``changes requested``, ``approved``, ``review requested``."""
        if self.requested_from_me:
            return "review requested from you"
        if self.changes_requested:
            return "changes requested"
        if self.approved:
            return "approved"
        if self.requested:
            return "review requested"
        return ""

    def sentences(self) -> list[str]:
        """What the header says: ``Approved by Tomás``, ``Changes requested by Amara`` …"""
        said = []
        if self.approved:
            said.append("Approved by " + ", ".join(self.approved))
        if self.changes_requested:
            said.append("Changes requested by " + ", ".join(self.changes_requested))
        if self.requested:
            said.append("Waiting for " + ", ".join(self.requested))
        if self.outdated_reviews:
            count = self.outdated_reviews
            said.append(f"{count} outdated review{'s' if count != 1 else ''}")
        return said


def review_state(
    reviews: Iterable[ReviewLike], requested: Iterable[RequestedLike], *, me: str
) -> ReviewState:
    """The state of a change request from its reviews (newest first, as the service lists
    them) and its requested reviewers; ``me`` is the user's id."""
    latest: dict[str, ReviewLike] = {}
    outdated = 0
    reviews = list(reviews)
    mine = next((review for review in reviews if review.reviewer.id == me), None)
    for review in reviews:
        if review.outdated:
            outdated += 1
            continue
        latest.setdefault(review.reviewer.id, review)

    def who(user: UserLike) -> str:
        return "you" if user.id == me else _name(user)

    approved = tuple(who(r.reviewer) for r in latest.values() if r.status == "approved")
    changes = tuple(who(r.reviewer) for r in latest.values() if r.status == "changes-requested")
    asked = list(requested)
    return ReviewState(
        approved=approved,
        changes_requested=changes,
        # The user's own request is said apart ("review requested from you").
        requested=tuple(r.name for r in asked if r.name and (r.user is None or r.user.id != me)),
        requested_from_me=any(r.user is not None and r.user.id == me for r in asked),
        outdated_reviews=outdated,
        my_outdated=(
            ("approval" if mine.status == "approved" else "request for changes")
            if mine is not None and mine.outdated
            else ""
        ),
        # The revision is read where there is one (the API's reviews always carry it).
        my_revision=(
            str(getattr(mine, "revision", "") or "") if mine is not None and mine.outdated else ""
        ),
    )


class Section(StrEnum):
    """The queue's sections, as gh-dash has them."""

    REQUESTED = "requested"
    MINE = "mine"
    OPEN = "open"

    @property
    def heading(self) -> str:
        return _SECTION_TITLES[self]


_SECTION_TITLES = {
    Section.REQUESTED: "Review requested from me",
    Section.MINE: "Mine",
    Section.OPEN: "Everything open",
}

EntryKey = tuple[str, str]
"""(space id, change request id)."""


@dataclass(frozen=True, slots=True)
class QueueEntry:
    """One open change request in the queue."""

    space_id: str
    space_title: str
    change_request_id: str
    number: int
    subject: str
    author_id: str
    author_name: str
    updated_at: datetime | None
    comments: int = 0
    """Open threads."""
    outdated: bool = False
    state: ReviewState | None = None
    """None until its reviews have been read."""
    value: Any = field(default=None, compare=False)
    """The change request and its space, for the screen."""
    activity_at: datetime | None = None
    """The latest activity known beyond ``updated_at`` (a review, a thread, a reply)."""

    @property
    def key(self) -> EntryKey:
        return (self.space_id, self.change_request_id)

    @property
    def active_at(self) -> datetime | None:
        """When anything last happened to it, as far as is known."""
        return latest(self.updated_at, self.activity_at)

    def sort_key(self) -> tuple[float, str, int]:
        active = self.active_at
        stamp = active.timestamp() if active is not None else 0.0
        return (-stamp, self.space_title.casefold(), -self.number)


def latest(*moments: datetime | None) -> datetime | None:
    """The latest of the moments known (None when none is)."""
    known = [moment for moment in moments if moment is not None]
    return max(known) if known else None


class ReviewQueue:
    """The open change requests gathered so far, by section, newest activity first."""

    def __init__(self, *, me: str) -> None:
        self.me = me
        self._entries: dict[EntryKey, QueueEntry] = {}
        self._order: list[QueueEntry] | None = None

    def __len__(self) -> int:
        return len(self._entries)

    def add(self, entries: Iterable[QueueEntry]) -> None:
        """Add (or replace) entries; a replaced entry keeps the review state already read
        and the activity known."""
        for entry in entries:
            known = self._entries.get(entry.key)
            if known is not None:
                if entry.state is None and known.state is not None:
                    entry = replace(entry, state=known.state)
                entry = replace(entry, activity_at=latest(entry.activity_at, known.activity_at))
            self._entries[entry.key] = entry
        self._order = None

    def note_activity(self, key: EntryKey, moment: datetime | None) -> bool:
        """Something happened to a change request at ``moment`` (a review, a thread, a reply):
        it moves up if that is its latest activity. Whether its place may have changed."""
        entry = self._entries.get(key)
        if entry is None or moment is None:
            return False
        activity = latest(entry.activity_at, moment)
        if activity == entry.activity_at:
            return False
        self._entries[key] = replace(entry, activity_at=activity)
        self._order = None
        return True

    def drop_space(self, space_id: str) -> None:
        """Forget a space's entries (before adding what the service says it has now)."""
        for key in [k for k in self._entries if k[0] == space_id]:
            del self._entries[key]
        self._order = None

    def set_state(self, key: EntryKey, state: ReviewState) -> None:
        entry = self._entries.get(key)
        if entry is not None:
            self._entries[key] = replace(entry, state=state)
            self._order = None

    def get(self, key: EntryKey) -> QueueEntry | None:
        return self._entries.get(key)

    def _ordered(self) -> list[QueueEntry]:
        if self._order is None:
            self._order = sorted(self._entries.values(), key=QueueEntry.sort_key)
        return self._order

    def in_section(self, entry: QueueEntry, section: Section) -> bool:
        if section is Section.REQUESTED:
            return entry.state is not None and entry.state.requested_from_me
        if section is Section.MINE:
            return entry.author_id == self.me
        return True

    def rows(self, section: Section = Section.OPEN) -> list[QueueEntry]:
        return [entry for entry in self._ordered() if self.in_section(entry, section)]

    def counts(self) -> dict[Section, int]:
        return {section: len(self.rows(section)) for section in Section}

    def missing_states(self) -> list[QueueEntry]:
        """Entries whose reviews have not been read yet, in the queue's order."""
        return [entry for entry in self._ordered() if entry.state is None]

    def after(
        self, key: EntryKey | None, section: Section = Section.OPEN, *, with_threads: bool = False
    ) -> QueueEntry | None:
        """The entry after ``key`` in a section (the first one for None); with
        ``with_threads``, the next one that has open threads."""
        rows = self.rows(section)
        keys = [entry.key for entry in rows]
        start = keys.index(key) + 1 if key in keys else 0
        for entry in rows[start:]:
            if not with_threads or entry.comments > 0:
                return entry
        return None


def listing_cost(change_requests: int, spaces_unknown: int, *, page_size: int = 1000) -> int:
    """Requests to list the queue: the pages of the organisation's open change requests, then
    one per space they name that is not known yet (none on a later look)."""
    return max(1, math.ceil(change_requests / page_size)) + spaces_unknown


def spaces_to_ask(spaces: Iterable[SpaceLike]) -> list[SpaceLike]:
    """The spaces whose change requests the queue must list, where the service has no
    organisation-wide listing: those with open ones."""
    return [space for space in spaces if space.change_requests_open > 0]


def state_cost(change_requests: int, with_open_threads: int) -> int:
    """Requests to read the queue's review states and activity: the reviews and the requested
    reviewers of each change request, and the newest thread of those with open threads."""
    return 2 * change_requests + with_open_threads


@dataclass
class ReviewRun:
    """The queue a reviewer is working through: where "next open thread" goes after the
    change request in view has none left."""

    queue: ReviewQueue
    section: Section = Section.OPEN

    def next_with_threads(self, key: EntryKey) -> QueueEntry | None:
        return self.queue.after(key, self.section, with_threads=True)
