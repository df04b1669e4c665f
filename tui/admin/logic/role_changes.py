"""Provides what a bulk role change will do, said before it is sent: each member's current → new
role, and warnings when it demotes the caller or every admin of the organisation.

The service refuses to demote its last admin, so a run that demotes every admin stops at the
last one; and an admin who demotes themselves can no longer administrate: both are said first.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

__all__ = ["ADMIN", "RoleChange", "preview_lines", "role_warnings"]

ADMIN = "admin"

SHOWN_CHANGES = 12
"""How many members the preview lists before ``and 5 more``."""


@dataclass(frozen=True)
class RoleChange:
    """One member of a bulk role change: who, and the role they have now (None: guest)."""

    user_id: str
    name: str
    current: str | None


def _label(role: str | None) -> str:
    return role or "guest"


def preview_lines(changes: Sequence[RoleChange], new: str | None, me: str | None) -> list[str]:
    """``Grace Hopper: edit → review``, one per member (``(you)`` marks the caller's line)."""
    lines = []
    for change in changes[:SHOWN_CHANGES]:
        you = " (you)" if change.user_id == me else ""
        if change.current == new:
            lines.append(f"{change.name}{you}: {_label(new)}, no change")
        else:
            lines.append(f"{change.name}{you}: {_label(change.current)} → {_label(new)}")
    rest = len(changes) - SHOWN_CHANGES
    if rest > 0:
        lines.append(f"and {rest} more → {_label(new)}")
    return lines


def role_warnings(
    changes: Sequence[RoleChange],
    new: str | None,
    me: str | None,
    admins: Collection[str] | None,
) -> list[str]:
    """What the change takes away that cannot be taken back from here.

    ``admins`` holds the ids of every admin of the organisation (None: not known yet).
    """
    if new == ADMIN:
        return []
    demoted = {c.user_id for c in changes if c.current == ADMIN}
    warnings = []
    if me is not None and me in demoted:
        warnings.append(
            "You lose the admin role: you will no longer administrate this organisation, "
            "and cannot give it back to yourself."
        )
    if admins is not None and demoted and set(admins) <= demoted:
        warnings.append(
            "This demotes every admin of the organisation: the service refuses to demote the "
            "last one, so the run will stop there."
        )
    return warnings
