"""Provides the operations of the space content group."""

from __future__ import annotations

from typing import Any

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

__all__ = ["SpaceContentResource"]


class SpaceContentResource(Resource):
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
        self,
        space_id: str,
        *,
        metadata: bool | Unset = UNSET,
        computed: bool | Unset = UNSET,
    ) -> Revision:
        """The space's live content: its page tree and files."""
        return await self._request(
            "GET",
            "/spaces/{}/content",
            space_id,
            params=query_params(metadata=metadata, computed=computed),
            result=Revision,
        )

    async def import_content(self, space_id: str, *, url: str, source: str) -> ImportContentResult:
        """Import content from ``url`` into a new revision; ``source`` says what it is
        (``website``, ``markdown``, ``notion`` …)."""
        return await self._request(
            "POST",
            "/spaces/{}/content/import",
            space_id,
            json=body(url=url, source=source),
            result=ImportContentResult,
        )

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

    async def list_pages(
        self,
        space_id: str,
        *,
        metadata: bool | Unset = UNSET,
        computed: bool | Unset = UNSET,
    ) -> RevisionPages:
        return await self._request(
            "GET",
            "/spaces/{}/content/pages",
            space_id,
            params=query_params(metadata=metadata, computed=computed),
            result=RevisionPages,
        )

    async def list_files(
        self,
        space_id: str,
        *,
        page: str | Unset = UNSET,
        limit: int | Unset = UNSET,
        metadata: bool | Unset = UNSET,
        computed: bool | Unset = UNSET,
    ) -> Page[RevisionFile]:
        return await self._request(
            "GET",
            "/spaces/{}/content/files",
            space_id,
            params=query_params(page=page, limit=limit, metadata=metadata, computed=computed),
            result=Page[RevisionFile],
        )

    async def get_file_by_id(
        self,
        space_id: str,
        file_id: str,
        *,
        metadata: bool | Unset = UNSET,
        computed: bool | Unset = UNSET,
    ) -> RevisionFile:
        return await self._request(
            "GET",
            "/spaces/{}/content/files/{}",
            space_id,
            file_id,
            params=query_params(metadata=metadata, computed=computed),
            result=RevisionFile,
        )

    async def list_space_file_backlinks(
        self,
        space_id: str,
        file_id: str,
        *,
        page: str | Unset = UNSET,
        limit: int | Unset = UNSET,
    ) -> Page[Backlink]:
        """The pages that show or link to the file."""
        return await self._request(
            "GET",
            "/spaces/{}/content/files/{}/backlinks",
            space_id,
            file_id,
            params=query_params(page=page, limit=limit),
            result=Page[Backlink],
        )

    async def get_page_by_id(
        self,
        space_id: str,
        page_id: str,
        *,
        format: str | Unset = UNSET,
        evaluated: bool | str | Unset = UNSET,
        metadata: bool | Unset = UNSET,
        computed: bool | Unset = UNSET,
    ) -> RevisionPage:
        """One page with its body: ``format="markdown"`` (the default) fills ``markdown``,
        ``format="document"`` fills ``document``."""
        return await self._request(
            "GET",
            "/spaces/{}/content/page/{}",
            space_id,
            page_id,
            params=query_params(
                format=format, evaluated=evaluated, metadata=metadata, computed=computed
            ),
            result=RevisionPage,
        )

    async def list_page_links_in_space(
        self,
        space_id: str,
        page_id: str,
        *,
        page: str | Unset = UNSET,
        limit: int | Unset = UNSET,
        status: str | Unset = UNSET,
    ) -> ContentLinks:
        """The link targets of one page."""
        return await self._request(
            "GET",
            "/spaces/{}/content/page/{}/links",
            space_id,
            page_id,
            params=query_params(page=page, limit=limit, status=status),
            result=ContentLinks,
        )

    async def list_space_page_backlinks(
        self,
        space_id: str,
        page_id: str,
        *,
        page: str | Unset = UNSET,
        limit: int | Unset = UNSET,
    ) -> Page[Backlink]:
        """The pages whose content links to this page."""
        return await self._request(
            "GET",
            "/spaces/{}/content/page/{}/backlinks",
            space_id,
            page_id,
            params=query_params(page=page, limit=limit),
            result=Page[Backlink],
        )
