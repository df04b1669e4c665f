"""Provides the sending of one request: bearer auth, retries with back-off, and error mapping."""

from __future__ import annotations

import asyncio
import email.utils
import random
import re
import time
from collections.abc import Awaitable, Callable, Generator, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import unquote_plus

import httpx

from . import errors

__all__ = ["BearerAuth", "RetryPolicy", "Sender", "sent_target"]

_RETRY_STATUSES = frozenset({408, 429, 500, 502, 503, 504})
# Query parameters whose values may be secrets (a site's shareKey, a visitor token …).
_SECRET_QUERY = re.compile(r"key|token|secret|passw|auth|sig|jwt|claim|credential", re.IGNORECASE)


def sent_target(url: httpx.URL) -> str:
    """The path and query of a request as it was sent, with secret query values hidden.

    Errors carry this, so that their details name the request that really failed (with the
    base URL's ``/v1`` and any redirect) without ever showing a secret.
    """
    path, _, query = url.raw_path.decode("ascii").partition("?")
    if not query:
        return path
    shown = []
    for pair in query.split("&"):
        name, equals, _value = pair.partition("=")
        secret = equals and _SECRET_QUERY.search(unquote_plus(name))
        shown.append(f"{name}=***" if secret else pair)
    return f"{path}?{'&'.join(shown)}"


class BearerAuth(httpx.Auth):
    """Adds the token to requests for the service's own origin, and to nothing else.

    The token lives in a private attribute and never appears in a repr, so neither logs nor
    the locals that Textual prints with a crash can show it.
    """

    def __init__(self, token: str, base_url: httpx.URL) -> None:
        self.__token = token
        self._origin = (base_url.scheme, base_url.host, base_url.port)

    def __repr__(self) -> str:
        return "BearerAuth(token=***)"

    def auth_flow(self, request: httpx.Request) -> Generator[httpx.Request, httpx.Response, None]:
        if (request.url.scheme, request.url.host, request.url.port) == self._origin:
            request.headers["Authorization"] = "Bearer " + self.__token
        yield request


@dataclass
class RetryPolicy:
    """When and how long to wait before trying a request again.

    GETs are retried on 408, 429, 5xx, timeouts and dropped connections; a mutation only when
    it was never sent (the connection failed, or the request was not written whole) or on 429,
    which the service answers before acting. A mutation whose answer was lost is never retried:
    it raises ``AnswerLostError``.
    """

    attempts: int = 4
    backoff: float = 0.5
    max_backoff: float = 8.0
    max_wait: float = 60.0
    rng: random.Random = field(default_factory=random.Random)

    def backoff_delay(self, attempt: int) -> float:
        """Exponential back-off with full jitter."""
        ceiling = min(self.max_backoff, self.backoff * 2**attempt)
        return self.rng.uniform(ceiling / 2, ceiling)


def _server_wait(response: httpx.Response, now: float) -> float | None:
    """The wait the service asks for, from Retry-After or X-RateLimit-Reset, in seconds."""
    retry_after = response.headers.get("Retry-After")
    if retry_after:
        try:
            return max(0.0, float(retry_after))
        except ValueError:
            when = email.utils.parsedate_to_datetime(retry_after)
            if when is not None:
                return max(0.0, when.timestamp() - now)
    reset = response.headers.get("X-RateLimit-Reset")
    if reset:
        try:
            value = float(reset)
        except ValueError:
            return None
        if value > 1e12:  # epoch milliseconds
            value /= 1000
        # Large values are epoch seconds, small ones a number of seconds from now.
        return max(0.0, value - now) if value > 1e9 else max(0.0, value)
    return None


def _message(response: httpx.Response) -> str:
    try:
        payload = response.json()
    except ValueError:
        payload = None
    if isinstance(payload, dict):
        error = payload.get("error")
        if isinstance(error, dict) and isinstance(error.get("message"), str):
            return str(error["message"])
        if isinstance(payload.get("message"), str):
            return str(payload["message"])
    return response.reason_phrase or f"HTTP {response.status_code}"


# Failures before the request reached the service: nothing happened there, whatever the method.
# A request not written whole (WriteError, WriteTimeout) cannot have been acted on either.
_NOT_SENT: tuple[type[httpx.RequestError], ...] = (
    httpx.ConnectError,
    httpx.ConnectTimeout,
    httpx.PoolTimeout,
    httpx.ProxyError,
    httpx.WriteError,
    httpx.WriteTimeout,
)
# Failures before sending that would happen again: a header h11 refuses, a scheme httpx lacks.
_NOT_SENDABLE: tuple[type[httpx.RequestError], ...] = (
    httpx.LocalProtocolError,
    httpx.UnsupportedProtocol,
)


def _why(exc: BaseException) -> str:
    return str(exc) or type(exc).__name__


def _failure(exc: httpx.RequestError, idempotent: bool) -> tuple[errors.ApiError, bool]:
    """The client's error for an exception of httpx, and whether sending again is safe.

    httpx tells apart the failures while connecting or writing the request (the service never
    got it whole) from those while reading the answer (the service got it and may have acted).
    A read sent again does no harm; a write whose answer was lost is never sent again here.
    """
    failure: errors.ApiError
    if isinstance(exc, _NOT_SENT):
        if isinstance(exc, httpx.ConnectTimeout):
            failure = errors.TimeoutError("the service did not accept the connection in time")
        elif isinstance(exc, httpx.PoolTimeout):
            failure = errors.TimeoutError("no connection to the service came free in time")
        elif isinstance(exc, httpx.WriteTimeout):
            failure = errors.TimeoutError("the request could not be sent in time; it was not sent")
        elif isinstance(exc, httpx.WriteError):
            failure = errors.TransportError(
                f"the connection failed while sending; it was not sent whole: {_why(exc)}"
            )
        else:
            failure = errors.TransportError(f"cannot connect: {_why(exc)}")
        return failure, True
    if isinstance(exc, _NOT_SENDABLE):
        return errors.TransportError(f"the request could not be sent: {_why(exc)}"), False
    # The request went out: what failed is its answer.
    timed_out = isinstance(exc, httpx.TimeoutException)
    if not idempotent:
        if timed_out:
            message = "it was sent, but no answer came in time"
        elif isinstance(exc, httpx.TransportError):
            message = f"it was sent, but the connection dropped before the answer came: {_why(exc)}"
        else:  # DecodingError, TooManyRedirects: an answer came, but not one that can be read
            message = f"it was sent, but its answer could not be read: {_why(exc)}"
        return errors.AnswerLostError(message, timed_out=timed_out), False
    if timed_out:
        return errors.TimeoutError("the service did not answer in time"), True
    if isinstance(exc, httpx.TransportError):
        return (
            errors.TransportError(
                f"the connection dropped before the whole answer came: {_why(exc)}"
            ),
            True,
        )
    return errors.UnexpectedResponseError(f"the answer could not be read: {_why(exc)}"), False


class Sender:
    """Sends requests through an httpx client, retrying and mapping failures to our errors."""

    def __init__(
        self,
        http: httpx.AsyncClient,
        policy: RetryPolicy,
        *,
        sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
        wall_clock: Callable[[], float] = time.time,
    ) -> None:
        self._http = http
        self.policy = policy
        self._sleep = sleep
        self._wall_clock = wall_clock

    async def send(
        self,
        method: str,
        path: str,
        *,
        params: Sequence[tuple[str, str]] | None = None,
        json: Any = None,
        has_body: bool = False,
    ) -> httpx.Response:
        idempotent = method == "GET"
        attempt = 0
        while True:
            request = self._http.build_request(
                method, path.lstrip("/"), params=list(params or ()), json=json if has_body else None
            )
            wait: float | None
            target = sent_target(request.url)
            try:
                response = await self._http.send(request)
            except httpx.RequestError as exc:
                failure, retryable = _failure(exc, idempotent)
                wait = None
            else:
                status = response.status_code
                if status < 400:
                    return response
                # After a redirect, the request that failed is the last one sent.
                target = sent_target(response.request.url)
                await response.aread()
                wait = _server_wait(response, self._wall_clock())
                if status == 504 and not idempotent:
                    # A gateway stopped waiting: the service behind it may have acted.
                    failure = errors.AnswerLostError(
                        "it was sent, but the gateway stopped waiting for the service's answer "
                        "(HTTP 504)",
                        timed_out=True,
                    )
                elif status == 429:
                    failure = errors.RateLimitError(_message(response), retry_after=wait)
                else:
                    failure = errors.status_error(status, _message(response))
                retryable = status in _RETRY_STATUSES and (idempotent or status == 429)
                if retryable and wait is not None and wait > self.policy.max_wait:
                    retryable = False
            failure.method, failure.path = request.method, target
            attempt += 1
            if not retryable or attempt >= self.policy.attempts:
                raise failure
            await self._sleep(wait if wait is not None else self.policy.backoff_delay(attempt - 1))
