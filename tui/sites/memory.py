"""Provides SitesMemory: what sites remember for the session, in their slot of the session.

The journal of the changes made to sites, with their undo (``tui/sites/site_journal.py``
makes it on first use, with the app's clock), and the share keys typed for share-link sites.
The session starts again with each connection (``tui/shell/session.py``), and so does this.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..shell.session import Session
    from .logic.journal import Journal

__all__ = ["SitesMemory", "sites_memory"]


@dataclass
class SitesMemory:
    """Sites' slot of the session."""

    journal: Journal | None = None
    """The changes made to sites in this session, with their undo (made on first use)."""
    share_keys: dict[str, str] = field(default_factory=dict)
    """Site id → the share key typed for it (resolves a share-link site's published URLs)."""


def sites_memory(session: Session) -> SitesMemory:
    """Sites' slot of this session (made on first use)."""
    return session.slot("sites", SitesMemory)
