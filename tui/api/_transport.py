"""Provides the sending of one request: bearer auth, retries with back-off, and error mapping."""

from __future__ import annotations

import asyncio
import datetime
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
from ._answers import MAX_ANSWER_BYTES, AnswerTooLarge, Unreadable, parse_json, read_bounded
from .activity import Activity, Underway

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

    GETs are retried on 408, 429, 5xx, timeouts and dropped connections, while the deadline
    lasts; a mutation only when it was never sent (the connection failed, or the request was not written whole) or on 429,
    which the service answers before acting. A mutation whose answer was lost is never retried:
    it raises ``AnswerLostError``.
    """

    attempts: int = 4
    backoff: float = 0.5
    max_backoff: float = 8.0
    max_wait: float = 60.0
    """The longest wait the service may ask for (Retry-After): a longer one fails at once,
    with the time to come back, rather than holding the user without a word."""
    deadline: float = 60.0
    """The longest one request may take, from its first try to its answer read whole, retries
    and their back-off included (not a wait the service asks for: that one is said)."""
    rng: random.Random = field(default_factory=random.Random)

    def backoff_delay(self, attempt: int) -> float:
        """Exponential back-off with full jitter."""
        ceiling = min(self.max_backoff, self.backoff * 2**attempt)
        return self.rng.uniform(ceiling / 2, ceiling)


# Retry-After is a number of seconds (digits) or an HTTP date; anything else ("soon", "0x10",
# "nan", a date in the year 99999) is ignored, as if the header were not there.
_SECONDS = re.compile(r"\d{1,13}(\.\d{1,6})?")


def _header_seconds(value: str, now: float, *, dates: bool) -> float | None:
    value = value.strip()
    if _SECONDS.fullmatch(value):
        return float(value)
    if not dates:
        return None
    try:
        when = email.utils.parsedate_to_datetime(value)
        if when.tzinfo is None:  # "-0000": the date is in UTC, its sender says no more
            when = when.replace(tzinfo=datetime.UTC)
        return max(0.0, when.timestamp() - now)
    except (ValueError, TypeError, OverflowError, IndexError, OSError):
        return None


def _server_wait(response: httpx.Response, now: float) -> float | None:
    """The wait the service asks for, from Retry-After or X-RateLimit-Reset, in seconds.

    A value that does not parse is ignored, whatever the status: it is only ever a hint.
    """
    retry_after = response.headers.get("Retry-After")
    if retry_after:
        wait = _header_seconds(retry_after, now, dates=True)
        if wait is not None:
            return wait
    reset = response.headers.get("X-RateLimit-Reset")
    if reset:
        value = _header_seconds(reset, now, dates=False)
        if value is None:
            return None
        if value > 1e12:  # epoch milliseconds
            value /= 1000
        # Large values are epoch seconds, small ones a number of seconds from now.
        return max(0.0, value - now) if value > 1e9 else value
    return None


def _message(response: httpx.Response) -> str:
    try:
        payload = parse_json(response.content) if response.content else None
    except Unreadable:
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


def _origin(url: httpx.URL) -> str:
    port = f":{url.port}" if url.port is not None else ""
    return f"{url.scheme}://{url.host}{port}"


class Sender:
    """Sends requests through an httpx client, retrying and mapping failures to our errors.

    Each request is bounded: its answer in size (``max_answer_bytes``, read as it streams) and
    the whole of it in time (``RetryPolicy.deadline``, retries included). Redirects are
    followed here, not by httpx: a GET's within the same origin only, a write's never.
    """

    def __init__(
        self,
        http: httpx.AsyncClient,
        policy: RetryPolicy,
        *,
        sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
        wall_clock: Callable[[], float] = time.time,
        clock: Callable[[], float] = time.monotonic,
        max_answer_bytes: int = MAX_ANSWER_BYTES,
    ) -> None:
        self._http = http
        self.policy = policy
        self._sleep = sleep
        self._wall_clock = wall_clock
        self._clock = clock
        self.max_answer_bytes = max_answer_bytes
        self.activity = Activity(clock)
        """The requests under way, for the app to say how long it has waited."""

    async def send(
        self,
        method: str,
        path: str,
        *,
        params: Sequence[tuple[str, str]] | None = None,
        json: Any = None,
        has_body: bool = False,
    ) -> httpx.Response:
        entry = self.activity.begin()
        try:
            return await self._send(entry, method, path, params, json, has_body)
        finally:
            self.activity.end(entry)

    async def _send(
        self,
        entry: Underway,
        method: str,
        path: str,
        params: Sequence[tuple[str, str]] | None,
        json: Any,
        has_body: bool,
    ) -> httpx.Response:
        idempotent = method == "GET"
        attempt = 0
        started = self._clock()
        asked = 0.0  # seconds waited because the service asked: not counted in the deadline
        while True:
            request = self._http.build_request(
                method, path.lstrip("/"), params=list(params or ()), json=json if has_body else None
            )
            wait: float | None = None
            target = sent_target(request.url)
            left = self.policy.deadline - (self._clock() - started - asked)
            try:
                async with asyncio.timeout(max(left, 0.0)):
                    response = await self._attempt(request, idempotent)
            except httpx.RequestError as exc:
                failure, retryable = _failure(exc, idempotent)
            except TimeoutError:  # the total deadline, not httpx's per-read timeout
                failure, retryable = self._out_of_time(idempotent), False
            else:
                status = response.status_code
                if status < 400:
                    return response
                # After a redirect, the request that failed is the last one sent.
                target = sent_target(response.request.url)
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
            if not failure.method:
                failure.method, failure.path = request.method, target
            attempt += 1
            if not retryable or attempt >= self.policy.attempts:
                raise failure
            if wait is None:
                wait = self.policy.backoff_delay(attempt - 1)
                if self._clock() - started - asked + wait >= self.policy.deadline:
                    raise failure  # no time left for another try
                await self._sleep(wait)
            else:
                # Asked for: said on the status line while it lasts (Esc stops it).
                self.activity.retry_in(entry, wait)
                await self._sleep(wait)
                asked += wait
            self.activity.sending_again(entry)

    def _out_of_time(self, idempotent: bool) -> errors.ApiError:
        deadline = f"{self.policy.deadline:g} s"
        if idempotent:
            return errors.TimeoutError(f"no whole answer came within {deadline}")
        return errors.AnswerLostError(
            f"it was sent, but no whole answer came within {deadline}", timed_out=True
        )

    async def _attempt(self, request: httpx.Request, idempotent: bool) -> httpx.Response:
        """One try: the request, the redirects it may follow, and its answer read whole."""
        response = await self._http.send(request, stream=True)
        try:
            hops = 0
            while response.is_redirect and response.next_request is not None:
                following = response.next_request
                refusal = _redirect_refusal(request, response, following, idempotent)
                hops += 1
                if refusal is None and hops > _MAX_REDIRECTS:
                    refusal = "the service redirected it too many times"
                if refusal is not None:
                    raise errors.UnexpectedResponseError(
                        refusal,
                        status=response.status_code,
                        method=request.method,
                        path=sent_target(response.request.url),
                    )
                await response.aclose()
                response = await self._http.send(following, stream=True)
            try:
                await read_bounded(response, self.max_answer_bytes)
            except AnswerTooLarge as exc:
                if response.status_code >= 400:
                    response._content = b""  # the status says enough; its message is lost
                    return response
                method, path = request.method, sent_target(response.request.url)
                if idempotent:
                    raise errors.UnexpectedResponseError(
                        str(exc), status=response.status_code, method=method, path=path
                    ) from None
                raise errors.AnswerLostError(
                    f"the service accepted it, but {exc}", accepted=True, method=method, path=path
                ) from None
        except BaseException:
            await response.aclose()
            raise
        return response


_MAX_REDIRECTS = 5


def _redirect_refusal(
    request: httpx.Request, response: httpx.Response, following: httpx.Request, idempotent: bool
) -> str | None:
    """Why a redirect is not followed, or None when it is.

    A write is never sent on: its body would go where the user did not send it (and, to
    another origin, without the token, so the other side could say anything). A read follows
    a redirect within the service's origin only.
    """
    status = response.status_code
    there = _origin(following.url)
    if not idempotent:
        return (
            f"the service redirected it (HTTP {status}) to {there}; docdeck never sends a "
            "change on to another address, so it was not sent there"
        )
    if _origin(following.url) != _origin(request.url):
        return (
            f"the service redirected it (HTTP {status}) to another origin, {there}; "
            f"docdeck only follows redirects within {_origin(request.url)}"
        )
    return None
