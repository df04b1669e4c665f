"""Provides the places of review (change requests, threads, the review queue) and ReviewFocus.

Pure data, like every feature's ``locations.py``: another feature opens a place of review by
its location (``tui/shell/navigation.py``), and the app finds the screen that review
registered for it (``tui/review/registration.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..shell.navigation import Focus, Location

if TYPE_CHECKING:
    # Types only: the first frame is painted before the models load (tui/first_screen.py).
    from ..api.models import ChangeRequest, Space

__all__ = [
    "ReviewFocus",
    "change_request_location",
    "review_focus",
    "review_queue_location",
    "thread_location",
]


@dataclass(frozen=True)
class ReviewFocus(Focus):
    """What to show first in a change request: a thread to open, a page, a block of it."""

    thread: str = ""
    """A comment thread to open once the place is shown: its id, or ``next-open``."""
    page: str = ""
    """A page of a change request to show first (its id)."""
    block: str = ""
    """A block of that page to point at in its diff (a node id, as a comment's target)."""


def review_focus(focus: Focus) -> ReviewFocus:
    """``focus`` as review reads it (a plain Focus names no thread, page nor block)."""
    if isinstance(focus, ReviewFocus):
        return focus
    return ReviewFocus(focus.anchor, focus.section, focus.query)


def change_request_location(space: Space, change_request: ChangeRequest) -> Location:
    return Location(
        "change-request",
        change_request.id,
        f"#{change_request.number} {change_request.subject}".strip(),
        space.organization,
        parent=("space", space.id),
        url=change_request.urls.app,
        space=space.id,
    )


def review_queue_location(organization: Location) -> Location:
    """The review queue of an organisation (``organization`` is its own location)."""
    return Location(
        "review-queue",
        organization.id,
        "Review queue",
        organization.id,
        parent=organization.key,
        url=organization.url,
    )


def thread_location(holder: Location, comment_id: str, title: str) -> Location:
    """A comment thread of a change request or of a space (``holder`` is that place)."""
    return Location(
        "comment-thread",
        comment_id,
        title,
        holder.organization,
        parent=holder.key,
        url=holder.url,
        space=holder.space,
    )
