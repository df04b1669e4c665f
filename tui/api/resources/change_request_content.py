"""Provides the operations of the change request content group: a change request's own pages
and files, read the same way as the space's main content.

``change_request_id`` is the change request's id or its number within the space.
"""

from __future__ import annotations

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
)
from ._base import Resource

__all__ = ["ChangeRequestContentResource"]

_PREFIX = "/spaces/{}/change-requests/{}/content"


class ChangeRequestContentResource(Resource):
    async def get_revision_of_change_request_by_id(
        self,
        space_id: str,
        change_request_id: str | int,
        *,
        metadata: bool | Unset = UNSET,
        computed: bool | Unset = UNSET,
    ) -> Revision:
        """The change request's content: its page tree and files."""
        return await self._request(
            "GET",
            _PREFIX,
            space_id,
            change_request_id,
            params=query_params(metadata=metadata, computed=computed),
            result=Revision,
        )

    async def import_content_in_change_request(
        self, space_id: str, change_request_id: str | int, *, url: str, source: str
    ) -> ImportContentResult:
        """Import content from ``url`` into the change request only; main is untouched."""
        return await self._request(
            "POST",
            _PREFIX + "/import",
            space_id,
            change_request_id,
            json=body(url=url, source=source),
            result=ImportContentResult,
        )

    async def list_pages_in_change_request(
        self,
        space_id: str,
        change_request_id: str | int,
        *,
        metadata: bool | Unset = UNSET,
        computed: bool | Unset = UNSET,
    ) -> RevisionPages:
        return await self._request(
            "GET",
            _PREFIX + "/pages",
            space_id,
            change_request_id,
            params=query_params(metadata=metadata, computed=computed),
            result=RevisionPages,
        )

    async def list_files_in_change_request_by_id(
        self,
        space_id: str,
        change_request_id: str | int,
        *,
        page: str | Unset = UNSET,
        limit: int | Unset = UNSET,
        metadata: bool | Unset = UNSET,
        computed: bool | Unset = UNSET,
    ) -> Page[RevisionFile]:
        return await self._request(
            "GET",
            _PREFIX + "/files",
            space_id,
            change_request_id,
            params=query_params(page=page, limit=limit, metadata=metadata, computed=computed),
            result=Page[RevisionFile],
        )

    async def get_file_in_change_request_by_id(
        self,
        space_id: str,
        change_request_id: str | int,
        file_id: str,
        *,
        metadata: bool | Unset = UNSET,
        computed: bool | Unset = UNSET,
    ) -> RevisionFile:
        return await self._request(
            "GET",
            _PREFIX + "/files/{}",
            space_id,
            change_request_id,
            file_id,
            params=query_params(metadata=metadata, computed=computed),
            result=RevisionFile,
        )

    async def list_change_request_file_backlinks(
        self,
        space_id: str,
        change_request_id: str | int,
        file_id: str,
        *,
        page: str | Unset = UNSET,
        limit: int | Unset = UNSET,
    ) -> Page[Backlink]:
        """The pages of the change request that show or link to the file."""
        return await self._request(
            "GET",
            _PREFIX + "/files/{}/backlinks",
            space_id,
            change_request_id,
            file_id,
            params=query_params(page=page, limit=limit),
            result=Page[Backlink],
        )

    async def get_page_in_change_request_by_id(
        self,
        space_id: str,
        change_request_id: str | int,
        page_id: str,
        *,
        format: str | Unset = UNSET,
        evaluated: bool | str | Unset = UNSET,
        metadata: bool | Unset = UNSET,
        computed: bool | Unset = UNSET,
    ) -> RevisionPage:
        """One page as the change request has it: ``format="markdown"`` (the default) fills
        ``markdown``, ``format="document"`` fills ``document``."""
        return await self._request(
            "GET",
            _PREFIX + "/page/{}",
            space_id,
            change_request_id,
            page_id,
            params=query_params(
                format=format, evaluated=evaluated, metadata=metadata, computed=computed
            ),
            result=RevisionPage,
        )

    async def list_page_links_in_change_request(
        self,
        space_id: str,
        change_request_id: str | int,
        page_id: str,
        *,
        page: str | Unset = UNSET,
        limit: int | Unset = UNSET,
    ) -> ContentLinks:
        """The link targets of one page of the change request, with how many are broken."""
        return await self._request(
            "GET",
            _PREFIX + "/page/{}/links",
            space_id,
            change_request_id,
            page_id,
            params=query_params(page=page, limit=limit),
            result=ContentLinks,
        )
