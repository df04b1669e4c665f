"""Provides the limits the service puts on what is sent (comment length, member roles), for forms
to check before sending.

The local service states its own where the official document states none (see the README's
local service section); the client refuses a value over one of these without sending it, and a
form shows the same words under its field (``comment_body_problem``, ``role_problem``).
"""

from __future__ import annotations

__all__ = ["COMMENT_BODY_MAX", "comment_body_problem", "role_problem"]

COMMENT_BODY_MAX = 100_000
"""The most characters of markdown a comment or a reply may hold (the service refuses more)."""


def comment_body_problem(markdown: str) -> str | None:
    """Why a comment's or a reply's body cannot be sent, or None when it can."""
    if len(markdown) > COMMENT_BODY_MAX:
        over = len(markdown) - COMMENT_BODY_MAX
        return (
            f"A comment is at most {COMMENT_BODY_MAX:,} characters; this one has "
            f"{len(markdown):,}: remove {over:,}."
        )
    return None


def role_problem(role: object, *, field: str = "role", guest: bool = True) -> str | None:
    """Why ``role`` cannot be sent as a member role, or None when it can.

    ``guest`` says whether None (a guest) is allowed where it is asked for.
    """
    # Imported here: the forms import this module, and must not load the models with it.
    from .models.common import ROLES

    if role is None and guest:
        return None
    if isinstance(role, str) and role in ROLES:
        return None
    allowed = ", ".join(ROLES[:-1]) + f" or {ROLES[-1]}"
    also = ", or None for a guest" if guest else ""
    return f"The {field} must be one of {allowed}{also}; not {role!r}."
