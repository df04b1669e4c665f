"""Provides ReviewMemory: what review remembers for the session, in its slot of the session.

The review queue last opened (so that "next open thread" walks on to its next change
request) and the diff layout chosen with ``v``. The session starts again with each
connection (``tui/shell/session.py``), and so does this.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..shell.session import Session
    from .logic.review_queue import ReviewRun  # loaded with the review queue, after start-up

__all__ = ["ReviewMemory", "review_memory"]


@dataclass
class ReviewMemory:
    """Review's slot of the session."""

    run: ReviewRun | None = None
    """The review queue last opened: "next open thread" walks on to its next change request."""
    diff_layout: str | None = None
    """The diff layout the reviewer chose with v (``split`` or ``unified``), kept for the next
    change request; None: by the terminal's width."""


def review_memory(session: Session) -> ReviewMemory:
    """Review's slot of this session (made on first use)."""
    return session.slot("review", ReviewMemory)
