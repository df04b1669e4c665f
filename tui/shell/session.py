"""Provides Session: what the app remembers while it runs (places seen, spaces it deleted).

One Session lives on the app (``app.session``) and starts again with each connection. Nothing
here is a module global, so two apps (two tests) never share a memory.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .navigation import PlacesSeen

if TYPE_CHECKING:
    from tui.review.logic.review_queue import (
        ReviewRun,  # loaded with the review queue, after start-up
    )
    from tui.sites.logic.journal import Journal  # sites (issue 10)

    from ..api.models import Space

__all__ = ["DeletedSpace", "Session", "SessionTrash"]


@dataclass(frozen=True)
class DeletedSpace:
    """A space this session deleted, with when (by the app's clock) and where it was."""

    space: Space
    deleted_at: float
    where: str


class SessionTrash:
    """The spaces deleted in this session, most recent first.

    The service has no list of deleted spaces: the app remembers those it deleted itself (a
    space alone, or the spaces of a deleted collection), and the service restores one within
    7 days.
    """

    def __init__(self) -> None:
        self._items: dict[str, DeletedSpace] = {}

    def add(self, spaces: list[Space], *, when: float, where: str) -> None:
        for space in spaces:
            self._items.pop(space.id, None)
            self._items[space.id] = DeletedSpace(space, when, where)

    def remove(self, space_id: str) -> None:
        self._items.pop(space_id, None)

    def __contains__(self, space_id: object) -> bool:
        return space_id in self._items

    def items(self, organization_id: str | None = None) -> list[DeletedSpace]:
        found = [
            d
            for d in self._items.values()
            if organization_id is None or d.space.organization == organization_id
        ]
        return list(reversed(found))


@dataclass
class Session:
    """What one connection's browsing remembers."""

    places: PlacesSeen = field(default_factory=PlacesSeen)
    """Every place seen so far: breadcrumbs and the palette's "go to" come from here."""
    trash: SessionTrash = field(default_factory=SessionTrash)
    """The spaces deleted in this session, which ``u`` offers to restore."""
    # -- review (issue 8) --
    review_run: ReviewRun | None = None
    """The review queue last opened: "next open thread" walks on to its next change request."""
    diff_layout: str | None = None
    """The diff layout the reviewer chose with v (``split`` or ``unified``), kept for the next
    change request; None: by the terminal's width."""
    # -- sites (issue 10) --
    site_journal: Journal | None = None
    """The changes made to sites in this session, with their undo (made on first use)."""
    share_keys: dict[str, str] = field(default_factory=dict)
    """Site id → the share key typed for it (resolves a share-link site's published URLs)."""
