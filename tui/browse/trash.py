"""Provides SessionTrash: the spaces deleted in this session, in browse's slot of the session.

The service has no list of deleted spaces: the app remembers those it deleted itself, and
``u`` offers to restore one (``deleted_spaces.py``). The session starts again with each
connection (``tui/shell/session.py``), and so does this.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..api.models import Space
    from ..shell.session import Session

__all__ = ["DeletedSpace", "SessionTrash", "session_trash"]


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


def session_trash(session: Session) -> SessionTrash:
    """Browse's trash of this session (made on first use)."""
    return session.slot("browse.trash", SessionTrash)
