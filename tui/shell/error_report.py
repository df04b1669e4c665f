"""Provides ErrorReport: a failure as the user sees it, from the client's errors or a bug."""

from __future__ import annotations

import traceback
from dataclasses import dataclass

from ..api.errors import ApiError, StatusError, UnexpectedResponseError

__all__ = ["UNEXPECTED", "ErrorReport"]

UNEXPECTED = "Unexpected error"
"""The title of a failure that is a bug of docdeck rather than a refusal of the service."""


@dataclass(frozen=True)
class ErrorReport:
    """A failure as the user sees it: what failed, why, what to do, and the details."""

    title: str
    message: str
    hint: str
    details: str

    @classmethod
    def from_exception(cls, error: BaseException) -> ErrorReport:
        if isinstance(error, ApiError):
            lines = [f"{type(error).__name__}: {error.message}"]
            status = getattr(error, "status", 0)
            if isinstance(error, StatusError | UnexpectedResponseError) and status:
                lines.append(f"HTTP status: {status}")
            if error.method:
                lines.append(f"Request: {error.method} {error.path}")
            return cls(error.title, error.message, error.hint, "\n".join(lines))
        # The traceback names files and lines only: no local values, so no token.
        where = "".join(traceback.format_tb(error.__traceback__, limit=-6)).rstrip()
        return cls(
            UNEXPECTED,
            f"{type(error).__name__}: {error}",
            "This is a bug in docdeck: please report it with these details.",
            f"{type(error).__module__}.{type(error).__qualname__}: {error}"
            + (f"\n\n{where}" if where else ""),
        )

    @property
    def unexpected(self) -> bool:
        return self.title == UNEXPECTED

    def as_text(self) -> str:
        return f"{self.title}\n{self.message}\n{self.hint}\n\n{self.details}"
