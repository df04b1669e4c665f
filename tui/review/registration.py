"""Provides review's registration with the shell: change requests, threads and the review
queue with their screens, the palette's "review" view and its list of unsent drafts.

The screens are imported when a place is first opened, not here: the app registers every
feature at start, and the first frame must not wait for them (tests/shell/test_startup.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .draft_commands import DRAFTS_COMMAND, DRAFTS_HELP, show_drafts
from .locations import review_queue_location

if TYPE_CHECKING:
    from textual.screen import Screen

    from ..shell.navigation import Focus, Location
    from ..shell.registry import Registry

__all__ = ["register"]


def register(registry: Registry) -> None:
    registry.place("change-request", "change request", _change_request_screen)
    registry.place("comment-thread", "thread", _thread_screen)
    registry.place("review-queue", "review queue", _review_queue_screen)
    registry.view("review", "the review queue", _review_queue)
    registry.command(DRAFTS_COMMAND, DRAFTS_HELP, show_drafts)


def _review_queue(_organization_id: str, place: Location | None) -> Location | None:
    return review_queue_location(place) if place is not None else None


def _change_request_screen(place: Location, focus: Focus) -> Screen[Any]:
    from .change_request import ChangeRequestScreen

    return ChangeRequestScreen(place.space or "", place.id, focus=focus)


def _thread_screen(place: Location, focus: Focus) -> Screen[Any]:
    from .thread import ThreadScreen

    return ThreadScreen(place)


def _review_queue_screen(place: Location, focus: Focus) -> Screen[Any]:
    from .review_queue import ReviewQueueScreen

    return ReviewQueueScreen(place.organization)
