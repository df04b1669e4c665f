"""Provides the app's draft store: the drafts of the connection's profile, in the user data folder."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..data.drafts import DraftStore

if TYPE_CHECKING:
    from ..app import DocdeckApp

__all__ = ["DRAFT_SAVE_DELAY", "draft_store"]

DRAFT_SAVE_DELAY = 0.4
"""Seconds of quiet typing before a draft is written (each save writes and syncs a file)."""


def draft_store(app: DocdeckApp) -> DraftStore:
    """The drafts of the connection in use (each profile keeps its own)."""
    return DraftStore.for_profile(app.connection_profile or "default")
