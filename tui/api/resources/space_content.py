"""Provides the operations of the space content group (the reading ones in ``_revision_content``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Unpack

from .._params import UNSET, Unset, body, query_params
from ..models import (
    Backlink,
    ContentLinks,
    ImportContentResult,
    Page,
    Revision,
    RevisionFile,
    RevisionPage,
    RevisionPages,
    SearchPageResult,
)
from ._base import Resource
from ._revision_content import (
    FileListOptions,
    LinkOptions,
    PageBodyOptions,
    RevisionContent,
    RevisionOptions,
    content_scope,
)
from ._threads import PageOptions

if TYPE_CHECKING:
    from ._base import Requester

__all__ = ["SpaceContentResource"]


class SpaceContentResource(Resource):
    """A space's main content; a change request's content is read the same way."""

    def __init__(self, client: Requester) -> None:
        super().__init__(client)
        self._content = RevisionContent(client)

    async def search_space_content(
        self,
        space_id: str,
        *,
        query: str,
        page: str | Unset = UNSET,
        limit: int | Unset = UNSET,
    ) -> Page[SearchPageResult]:
        """Pages of the space matching every word of ``query``, with their matching sections."""
        return await self._request(
            "GET",
            "/spaces/{}/search",
            space_id,
            params=query_params(query=query, page=page, limit=limit),
            result=Page[SearchPageResult],
        )

    async def get_current_revision(
        self, space_id: str, **options: Unpack[RevisionOptions]
    ) -> Revision:
        """The space's live content: its page tree and files."""
        return await self._content.revision(content_scope(space_id), **options)

    async def import_content(self, space_id: str, *, url: str, source: str) -> ImportContentResult:
        """Import content from ``url`` into a new revision; ``source`` says what it is
        (``website``, ``markdown``, ``notion`` …)."""
        return await self._content.import_content(content_scope(space_id), url=url, source=source)

    async def apply_template_to_space(
        self, space_id: str, *, id: str, params: dict[str, Any] | Unset = UNSET
    ) -> None:
        """Apply the template ``id``; ``params`` is ``{"contentRefs": {name: {"kind": "file",
        "file": file_id}}}``."""
        await self._request(
            "POST",
            "/spaces/{}/content/template",
            space_id,
            json=body(id=id, params=params),
        )

    async def list_pages(self, space_id: str, **options: Unpack[RevisionOptions]) -> RevisionPages:
        return await self._content.pages(content_scope(space_id), **options)

    async def list_files(
        self, space_id: str, **options: Unpack[FileListOptions]
    ) -> Page[RevisionFile]:
        return await self._content.files(content_scope(space_id), **options)

    async def get_file_by_id(
        self, space_id: str, file_id: str, **options: Unpack[RevisionOptions]
    ) -> RevisionFile:
        return await self._content.file(content_scope(space_id), file_id, **options)

    async def list_space_file_backlinks(
        self, space_id: str, file_id: str, **options: Unpack[PageOptions]
    ) -> Page[Backlink]:
        """The pages that show or link to the file."""
        return await self._content.file_backlinks(content_scope(space_id), file_id, **options)

    async def get_page_by_id(
        self, space_id: str, page_id: str, **options: Unpack[PageBodyOptions]
    ) -> RevisionPage:
        """One page with its body: ``format="markdown"`` (the default) fills ``markdown``,
        ``format="document"`` fills ``document``."""
        return await self._content.page(content_scope(space_id), page_id, **options)

    async def list_page_links_in_space(
        self, space_id: str, page_id: str, **options: Unpack[LinkOptions]
    ) -> ContentLinks:
        """The link targets of one page; ``status`` keeps ``ok``, ``broken`` or ``in-app``."""
        return await self._content.page_links(content_scope(space_id), page_id, **options)

    async def list_space_page_backlinks(
        self, space_id: str, page_id: str, **options: Unpack[PageOptions]
    ) -> Page[Backlink]:
        """The pages whose content links to this page."""
        return await self._content.page_backlinks(content_scope(space_id), page_id, **options)
