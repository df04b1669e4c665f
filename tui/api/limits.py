"""Provides the limits the service puts on what is sent, for forms to check before sending.

The local service states its own where the official document states none (see the README's
Reliability section); the client refuses a value over one of these without sending it, and a
form shows the same words under its field (``comment_body_problem``).
"""

from __future__ import annotations

__all__ = ["COMMENT_BODY_MAX", "comment_body_problem"]

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
