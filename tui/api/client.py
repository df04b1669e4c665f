"""Provides the async Client: one object per connection, with a resource group per operation group."""

from __future__ import annotations

import asyncio
import contextvars
import enum
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import contextmanager
from functools import cache
from types import TracebackType
from typing import Any, ParamSpec, TypeVar, overload
from urllib.parse import quote

import httpx
from pydantic import TypeAdapter, ValidationError

from . import errors
from ._answers import MAX_ANSWER_BYTES, Unreadable, parse_json
from ._params import UNSET
from ._transport import BearerAuth, RetryPolicy, Sender, sent_target
from .cache import ResponseCache, ids_in
from .defaults import DEFAULT_BASE_URL
from .models import Page
from .resources import (
    ChangeRequestCommentsResource,
    ChangeRequestContentResource,
    ChangeRequestReviewsResource,
    ChangeRequestsResource,
    CollectionPermissionsResource,
    CollectionsResource,
    OpenAPIResource,
    OpenAPIVersionsResource,
    OrganizationMembersResource,
    OrganizationsResource,
    RevisionsResource,
    SiteSectionGroupsResource,
    SiteSectionsResource,
    SiteSpacesResource,
    SitesResource,
    SpaceCommentsResource,
    SpaceContentResource,
    SpaceGitResource,
    SpacePermissionsResource,
    SpacesResource,
    SSOResource,
    TeamMembersResource,
    TeamsResource,
    TranslationsResource,
    UsersResource,
)

__all__ = ["DEFAULT_BASE_URL", "Client"]


T = TypeVar("T")
P = ParamSpec("P")

BIG_ANSWER = 64 * 1024
"""Bytes from which an answer is read only after the event loop had a turn (``request``)."""


class _CacheMode(enum.Enum):
    NORMAL = "normal"  # fresh cache entries answer, anything else asks the service
    PEEK = "peek"  # only the cache answers, fresh or stale; nothing is sent
    REVALIDATE = "revalidate"  # the service answers, and the cache is refilled
    UNCACHED = "uncached"  # the service answers, and nothing is kept (a scan of a long list)


_cache_mode: contextvars.ContextVar[_CacheMode] = contextvars.ContextVar(
    "docdeck_cache_mode", default=_CacheMode.NORMAL
)


class _CacheMiss(Exception):
    pass


@cache
def _adapter(result: Any) -> TypeAdapter[Any]:
    return TypeAdapter(result)


def url_problem(url: str) -> str | None:
    """Why the client could not use ``url`` as its base URL, or None when it can."""
    try:
        httpx.URL(url)
    except (httpx.InvalidURL, ValueError) as exc:
        return str(exc)
    return None


def _segment(value: object) -> str:
    return quote(str(value), safe="")


class Client:
    """An async client of the management API.

    Use it as an async context manager. Each operation group of the API is an attribute
    (``client.spaces``, ``client.change_requests`` …) whose methods are the operations.
    """

    users: UsersResource
    organizations: OrganizationsResource
    collections: CollectionsResource
    spaces: SpacesResource
    space_content: SpaceContentResource
    change_requests: ChangeRequestsResource
    change_request_content: ChangeRequestContentResource
    change_request_reviews: ChangeRequestReviewsResource
    revisions: RevisionsResource
    space_comments: SpaceCommentsResource
    change_request_comments: ChangeRequestCommentsResource
    sites: SitesResource
    site_sections: SiteSectionsResource
    site_section_groups: SiteSectionGroupsResource
    site_spaces: SiteSpacesResource
    organization_members: OrganizationMembersResource
    teams: TeamsResource
    team_members: TeamMembersResource
    sso: SSOResource
    openapi: OpenAPIResource
    openapi_versions: OpenAPIVersionsResource
    translations: TranslationsResource
    space_git: SpaceGitResource
    space_permissions: SpacePermissionsResource
    collection_permissions: CollectionPermissionsResource

    def __init__(
        self,
        token: str,
        *,
        base_url: str = DEFAULT_BASE_URL,
        transport: httpx.AsyncBaseTransport | None = None,
        timeout: float = 20.0,
        retry: RetryPolicy | None = None,
        cache: ResponseCache | None = None,
        sleep: Callable[[float], Awaitable[Any]] | None = None,
        user_agent: str = "docdeck",
        read_only: bool = False,
        max_answer_bytes: int = MAX_ANSWER_BYTES,
    ) -> None:
        url = httpx.URL(base_url.rstrip("/") + "/")
        self.read_only = read_only
        """Refuse every request but a GET before sending it (``errors.ReadOnlyError``)."""
        self.base_url = str(url)
        self.cache = cache if cache is not None else ResponseCache()
        self._http = httpx.AsyncClient(
            base_url=url,
            transport=transport,
            auth=BearerAuth(token, url),
            timeout=httpx.Timeout(timeout, connect=min(timeout, 10.0)),
            # The sender follows redirects itself: a GET's within this origin, a write's never.
            follow_redirects=False,
            headers={"User-Agent": user_agent, "Accept": "application/json"},
        )
        sender_options: dict[str, Any] = {"sleep": sleep} if sleep is not None else {}
        self._sender = Sender(
            self._http,
            retry or RetryPolicy(),
            max_answer_bytes=max_answer_bytes,
            **sender_options,
        )
        self.activity = self._sender.activity
        """The requests under way: how long the longest has waited (for the status line)."""
        self.users = UsersResource(self)
        self.organizations = OrganizationsResource(self)
        self.collections = CollectionsResource(self)
        self.spaces = SpacesResource(self)
        self.space_content = SpaceContentResource(self)
        self.change_requests = ChangeRequestsResource(self)
        self.change_request_content = ChangeRequestContentResource(self)
        self.change_request_reviews = ChangeRequestReviewsResource(self)
        self.revisions = RevisionsResource(self)
        self.space_comments = SpaceCommentsResource(self)
        self.change_request_comments = ChangeRequestCommentsResource(self)
        self.sites = SitesResource(self)
        self.site_sections = SiteSectionsResource(self)
        self.site_section_groups = SiteSectionGroupsResource(self)
        self.site_spaces = SiteSpacesResource(self)
        self.organization_members = OrganizationMembersResource(self)
        self.teams = TeamsResource(self)
        self.team_members = TeamMembersResource(self)
        self.sso = SSOResource(self)
        self.openapi = OpenAPIResource(self)
        self.openapi_versions = OpenAPIVersionsResource(self)
        self.translations = TranslationsResource(self)
        self.space_git = SpaceGitResource(self)
        self.space_permissions = SpacePermissionsResource(self)
        self.collection_permissions = CollectionPermissionsResource(self)

    def __repr__(self) -> str:
        return f"Client(base_url={self.base_url!r})"

    async def __aenter__(self) -> Client:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        await self._http.aclose()

    # -- the one path every operation takes -------------------------------------------------

    @overload
    async def request(
        self,
        method: str,
        template: str,
        *path_args: object,
        params: list[tuple[str, str]] | None = ...,
        json: Any = ...,
        result: type[T],
    ) -> T: ...

    @overload
    async def request(
        self,
        method: str,
        template: str,
        *path_args: object,
        params: list[tuple[str, str]] | None = ...,
        json: Any = ...,
        result: None = ...,
    ) -> None: ...

    async def request(
        self,
        method: str,
        template: str,
        *path_args: object,
        params: list[tuple[str, str]] | None = None,
        json: Any = UNSET,
        result: Any = None,
    ) -> Any:
        """Send one operation and parse its answer into ``result`` (None for no body).

        ``template`` is the operation's path below the base URL with ``{}`` for each path
        parameter, filled in order from ``path_args``.
        """
        path = template.format(*(_segment(arg) for arg in path_args))
        if self.read_only and method != "GET":
            raise errors.ReadOnlyError(
                "this change was not sent: docdeck runs in read-only mode",
                method=method,
                path="/" + path.lstrip("/"),
            )
        tags = {str(arg) for arg in path_args}
        if method == "GET":
            # The result type is part of the key: one answer may be read two ways (a
            # revision whole, or its outline), and each reading is kept apart.
            key = (path, tuple(params or ()), result)
            mode = _cache_mode.get()
            entry = self.cache.get(key)
            if mode is _CacheMode.PEEK:
                if entry is None:
                    raise _CacheMiss
                return entry.value
            if mode is _CacheMode.NORMAL and entry is not None and self.cache.is_fresh(entry):
                return entry.value
        try:
            response = await self._sender.send(
                method,
                path,
                params=params,
                json=None if json is UNSET else json,
                has_body=json is not UNSET,
            )
        except errors.AnswerLostError:
            # The write may have been applied: what it touched can no longer be trusted.
            self.cache.invalidate(ids_in(None if json is UNSET else json, tags))
            raise
        except errors.ConflictError:
            # Refused for a state the cache does not know ("#2 is archived"): what the write
            # was about is stale, so the screen showing it reads it again.
            if method != "GET":
                self.cache.invalidate(tags)
            raise
        if len(response.content) > BIG_ANSWER:
            # Reading a big answer holds the event loop (a page of 1,000 members: 10 to 20
            # ms): first the turn of what waited while it came (keys, frames; with the
            # service in this process, its whole answer was made meanwhile).
            await asyncio.sleep(0)
        try:
            payload = self._payload(response)
            value = None
            if result is not None and payload is not None:
                try:
                    value = _adapter(result).validate_python(payload)
                except ValidationError as exc:
                    raise errors.UnexpectedResponseError(
                        f"the answer does not match the API: {exc.error_count()} problem(s), "
                        f"first at {'.'.join(map(str, exc.errors()[0]['loc']))}",
                        status=response.status_code,
                        method=response.request.method,
                        path=sent_target(response.request.url),
                    ) from None
                except Exception as exc:  # RecursionError and whatever else a body provokes
                    raise errors.UnexpectedResponseError(
                        f"the answer cannot be read ({type(exc).__name__})",
                        status=response.status_code,
                        method=response.request.method,
                        path=sent_target(response.request.url),
                    ) from None
        except errors.UnexpectedResponseError as unreadable:
            if method == "GET":
                raise
            # The service said the write succeeded, in words we cannot read: it was applied,
            # but what it made is unknown, as if the answer had been lost.
            self.cache.invalidate(ids_in(None if json is UNSET else json, tags))
            raise errors.AnswerLostError(
                f"the service accepted it, but {unreadable.message}",
                accepted=True,
                method=unreadable.method,
                path=unreadable.path,
            ) from None
        if method == "GET":
            if _cache_mode.get() is not _CacheMode.UNCACHED:
                self.cache.put(key, value, ids_in(payload, tags))
        else:
            # What a write touched: its path ids, the ids it sent (a new parent), and the ids
            # in its answer (the collection a restored space returns to).
            if json is not UNSET:
                ids_in(json, tags)
            self.cache.invalidate(ids_in(payload, tags))
        return value

    @staticmethod
    def _payload(response: httpx.Response) -> Any:
        if response.status_code == 204 or not response.content:
            return None
        try:
            return parse_json(response.content)
        except Unreadable as exc:
            raise errors.UnexpectedResponseError(
                str(exc),
                status=response.status_code,
                method=response.request.method,
                path=sent_target(response.request.url),
            ) from None

    # -- cache modes for screens ------------------------------------------------------------

    async def peek(
        self,
        operation: Callable[P, Awaitable[T]],
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> T | None:
        """What the cache holds for a GET operation, fresh or stale, without sending anything.

        A screen paints this at once, then calls the operation to revalidate.
        """
        token = _cache_mode.set(_CacheMode.PEEK)
        try:
            return await operation(*args, **kwargs)
        except _CacheMiss:
            return None
        finally:
            _cache_mode.reset(token)

    @contextmanager
    def uncached(self) -> Iterator[None]:
        """Within this block GETs skip the cache and leave nothing in it: for scans of long
        lists whose pages are mostly dropped, which the cache would otherwise keep whole.
        Within ``peek`` it changes nothing: a peek never sends a request."""
        if _cache_mode.get() is _CacheMode.PEEK:
            yield
            return
        token = _cache_mode.set(_CacheMode.UNCACHED)
        try:
            yield
        finally:
            _cache_mode.reset(token)

    @contextmanager
    def revalidating(self) -> Iterator[None]:
        """Within this block GETs skip the cache and refill it (the refresh key)."""
        token = _cache_mode.set(_CacheMode.REVALIDATE)
        try:
            yield
        finally:
            _cache_mode.reset(token)

    async def paginate(
        self,
        operation: Callable[..., Awaitable[Page[T]]],
        *args: Any,
        **kwargs: Any,
    ) -> AsyncIterator[T]:
        """Every item of a list operation, page after page (each page cached like any GET)."""
        page = await operation(*args, **kwargs)
        while True:
            for item in page.items:
                yield item
            if not page.next_page:
                return
            page = await operation(*args, **{**kwargs, "page": page.next_page})
