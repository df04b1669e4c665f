"""Provides the client's error tree: the only exceptions the UI ever sees.

ApiError
├── TransportError              the service could not be reached
│   ├── TimeoutError            it did not answer in time
│   └── AnswerLostError         a write was sent, but its answer was lost: it may have been applied
├── ReadOnlyError               not sent: the client is read-only and the request would write
├── UnexpectedResponseError     it answered with a body we cannot read
└── StatusError                 it answered with an error status
    ├── BadRequestError         400: the request broke a rule
    ├── UnauthorizedError       401: the token is missing or not accepted
    ├── ForbiddenError          403: the token's role does not allow it
    ├── NotFoundError           404: no such thing
    ├── ConflictError           409: the state changed under us
    ├── RateLimitError          429: too many requests, with the time to wait
    └── ServerError             5xx: the service failed
"""

from __future__ import annotations

from typing import Any, ClassVar

__all__ = [
    "AnswerLostError",
    "ApiError",
    "BadRequestError",
    "ConflictError",
    "ForbiddenError",
    "NotFoundError",
    "RateLimitError",
    "ReadOnlyError",
    "ServerError",
    "StatusError",
    "TimeoutError",
    "TransportError",
    "UnauthorizedError",
    "UnexpectedResponseError",
    "status_error",
]


class ApiError(Exception):
    """Base of every error the client raises."""

    title: ClassVar[str] = "Request failed"
    hint: ClassVar[str] = "Try again, or check the connection settings."

    def __init__(self, message: str, *, method: str = "", path: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.method = method
        self.path = path

    def __str__(self) -> str:
        where = f" ({self.method} {self.path})" if self.method else ""
        return f"{self.title}: {self.message}{where}"

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}({self.message!r}, method={self.method!r}, path={self.path!r})"
        )


class TransportError(ApiError):
    """The request never got an answer: refused, reset or unresolvable."""

    title = "Service unreachable"
    hint = "Check the base URL and your network, then press r to retry."


class TimeoutError(TransportError):
    """The service took too long to answer."""

    title = "Timed out"
    hint = "The service is slow to answer; press r to retry."


class AnswerLostError(TransportError):
    """A write reached the service, but its answer did not come back whole.

    The connection dropped (or timed out) after the request was sent, or the service said it
    succeeded in an answer that could not be read: the write may have been applied, so it must
    not be sent again before someone looks. The client never resends it by itself; the app
    re-reads what the write touched to find out (see ``tui.dialogs.base``).
    """

    title = "Answer lost"
    hint = "It may have been applied: look at what the service now shows before doing it again."

    def __init__(
        self,
        message: str,
        *,
        timed_out: bool = False,
        accepted: bool = False,
        method: str = "",
        path: str = "",
    ) -> None:
        super().__init__(message, method=method, path=path)
        self.timed_out = timed_out
        """No answer came in time: the service may still be working on it."""
        self.accepted = accepted
        """The service answered with a success status, in a body that could not be read."""


class ReadOnlyError(ApiError):
    """A request that would change the service, refused before sending by a read-only client."""

    title = "Read-only mode"
    hint = (
        "Nothing was sent. Start docdeck without --read-only (and without read_only = true "
        "in the profile) to make changes."
    )


class UnexpectedResponseError(ApiError):
    """The service answered with a body that does not match the API."""

    title = "Unexpected response"
    hint = "The service sent something this version of docdeck cannot read."

    def __init__(self, message: str, *, status: int = 0, method: str = "", path: str = "") -> None:
        super().__init__(message, method=method, path=path)
        self.status = status


class StatusError(ApiError):
    """The service answered with an error status and, usually, a message."""

    status: int = 0

    def __init__(
        self, message: str, *, status: int | None = None, method: str = "", path: str = ""
    ) -> None:
        super().__init__(message, method=method, path=path)
        if status is not None:
            self.status = status


class BadRequestError(StatusError):
    status = 400
    title = "Invalid request"
    hint = "Correct the highlighted value and send again."


class UnauthorizedError(StatusError):
    status = 401
    title = "Not signed in"
    hint = "The token is missing, expired or revoked: connect again with a valid token."


class ForbiddenError(StatusError):
    status = 403
    title = "Not allowed"
    hint = "Your role does not allow this; ask an administrator."


class NotFoundError(StatusError):
    status = 404
    title = "Not found"
    hint = "It may have been deleted or moved; press r to refresh."


class ConflictError(StatusError):
    status = 409
    title = "Conflict"
    hint = "Someone changed this meanwhile; refresh and try again."


class RateLimitError(StatusError):
    status = 429
    title = "Rate limited"

    def __init__(
        self,
        message: str,
        *,
        retry_after: float | None = None,
        method: str = "",
        path: str = "",
    ) -> None:
        super().__init__(message, method=method, path=path)
        self.retry_after = retry_after

    @property
    def hint(self) -> str:  # type: ignore[override]
        if self.retry_after is None:
            return "Too many requests; wait a moment and try again."
        return f"Too many requests; try again in {_duration(self.retry_after)}."


def _duration(seconds: float) -> str:
    """``42 s``, ``15 min``, ``3 h``, ``2 d``: a wait said as people say it."""
    if seconds < 600:
        return f"{round(seconds)} s"
    if seconds < 7200:
        return f"{round(seconds / 60)} min"
    if seconds < 172_800:
        return f"{round(seconds / 3600)} h"
    return f"{round(seconds / 86_400):,} d"


class ServerError(StatusError):
    status = 500
    title = "Service error"
    hint = "The service failed; try again later."


_BY_STATUS: dict[int, type[StatusError]] = {
    400: BadRequestError,
    401: UnauthorizedError,
    403: ForbiddenError,
    404: NotFoundError,
    409: ConflictError,
    # 422 is how some deployments report validation failures.
    422: BadRequestError,
}


def status_error(
    status: int, message: str, *, method: str = "", path: str = "", **extra: Any
) -> StatusError:
    """Build the error of the tree that fits an HTTP status."""
    if status == 429:
        return RateLimitError(message, method=method, path=path, **extra)
    cls = _BY_STATUS.get(status)
    if cls is None:
        cls = ServerError if status >= 500 else StatusError
    return cls(message, status=status, method=method, path=path)
