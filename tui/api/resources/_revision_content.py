"""Provides RevisionContent: the content operations, written once for a space and a change request.

A space's main content (``/spaces/{space}/content``) and a change request's own content
(``/spaces/{space}/change-requests/{changeRequest}/content``) are read the same way: pages,
files, links and backlinks below a prefix. The two public resource groups keep the method
names of operations.tsv and hand their work to one ``RevisionContent`` with a ``Scope``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from .._params import body, query_params
from ..models import (
    Backlink,
    ContentLinks,
    ImportContentResult,
    Page,
    Revision,
    RevisionFile,
    RevisionOutline,
    RevisionPage,
    RevisionPages,
)
from ._threads import Scope

if TYPE_CHECKING:
    from ._base import Requester

__all__ = [
    "FileListOptions",
    "LinkOptions",
    "PageBodyOptions",
    "RevisionContent",
    "RevisionOptions",
    "content_scope",
]


def content_scope(space_id: str, change_request_id: str | int | None = None) -> Scope:
    """The content of a space, or of one of its change requests."""
    if change_request_id is None:
        return Scope("/spaces/{}/content", (space_id,))
    return Scope("/spaces/{}/change-requests/{}/content", (space_id, change_request_id))


class RevisionOptions(TypedDict, total=False):
    """``metadata`` and ``computed`` ask for the extra fields of pages and files."""

    metadata: bool
    computed: bool


class FileListOptions(RevisionOptions, total=False):
    """A page of files, with their extra fields if asked."""

    page: str
    limit: int


class LinkOptions(TypedDict, total=False):
    """A page of links; ``status`` keeps ``ok``, ``broken`` or ``in-app`` ones."""

    page: str
    limit: int
    status: str


class PageBodyOptions(RevisionOptions, total=False):
    """``format="markdown"`` (the default) fills ``markdown``, ``"document"`` ``document``."""

    format: str
    evaluated: bool | str


class RevisionContent:
    """The content operations below one ``Scope``."""

    def __init__(self, client: Requester) -> None:
        self._request = client.request

    async def revision(self, scope: Scope, **options: Any) -> Revision:
        return await self._request(
            "GET", scope.path(), *scope.ids, params=query_params(**options), result=Revision
        )

    async def outline(self, scope: Scope, **options: Any) -> RevisionOutline:
        return await self._request(
            "GET", scope.path(), *scope.ids, params=query_params(**options), result=RevisionOutline
        )

    async def import_content(self, scope: Scope, *, url: str, source: str) -> ImportContentResult:
        return await self._request(
            "POST",
            scope.path("/import"),
            *scope.ids,
            json=body(url=url, source=source),
            result=ImportContentResult,
        )

    async def pages(self, scope: Scope, **options: Any) -> RevisionPages:
        return await self._request(
            "GET",
            scope.path("/pages"),
            *scope.ids,
            params=query_params(**options),
            result=RevisionPages,
        )

    async def files(self, scope: Scope, **options: Any) -> Page[RevisionFile]:
        return await self._request(
            "GET",
            scope.path("/files"),
            *scope.ids,
            params=query_params(**options),
            result=Page[RevisionFile],
        )

    async def file(self, scope: Scope, file_id: str, **options: Any) -> RevisionFile:
        return await self._request(
            "GET",
            scope.path("/files/{}"),
            *scope.ids,
            file_id,
            params=query_params(**options),
            result=RevisionFile,
        )

    async def file_backlinks(self, scope: Scope, file_id: str, **options: Any) -> Page[Backlink]:
        return await self._request(
            "GET",
            scope.path("/files/{}/backlinks"),
            *scope.ids,
            file_id,
            params=query_params(**options),
            result=Page[Backlink],
        )

    async def page(self, scope: Scope, page_id: str, **options: Any) -> RevisionPage:
        return await self._request(
            "GET",
            scope.path("/page/{}"),
            *scope.ids,
            page_id,
            params=query_params(**options),
            result=RevisionPage,
        )

    async def page_links(self, scope: Scope, page_id: str, **options: Any) -> ContentLinks:
        return await self._request(
            "GET",
            scope.path("/page/{}/links"),
            *scope.ids,
            page_id,
            params=query_params(**options),
            result=ContentLinks,
        )

    async def page_backlinks(self, scope: Scope, page_id: str, **options: Any) -> Page[Backlink]:
        return await self._request(
            "GET",
            scope.path("/page/{}/backlinks"),
            *scope.ids,
            page_id,
            params=query_params(**options),
            result=Page[Backlink],
        )
