"""Provides the operations of the change request content group: a change request's own pages
and files, read the same way as the space's main content (``_revision_content``).

``change_request_id`` is the change request's id or its number within the space.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, Unpack, overload

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
from ._base import Resource
from ._revision_content import (
    FileListOptions,
    PageBodyOptions,
    RevisionContent,
    RevisionOptions,
    content_scope,
)
from ._threads import PageOptions

if TYPE_CHECKING:
    from ._base import Requester

__all__ = ["ChangeRequestContentResource"]


class ChangeRequestContentResource(Resource):
    """A change request's own content; the space's main content is read the same way."""

    def __init__(self, client: Requester) -> None:
        super().__init__(client)
        self._content = RevisionContent(client)

    @overload
    async def get_revision_of_change_request_by_id(
        self,
        space_id: str,
        change_request_id: str | int,
        *,
        outline: Literal[False] = ...,
        **options: Unpack[RevisionOptions],
    ) -> Revision: ...

    @overload
    async def get_revision_of_change_request_by_id(
        self,
        space_id: str,
        change_request_id: str | int,
        *,
        outline: Literal[True],
        **options: Unpack[RevisionOptions],
    ) -> RevisionOutline: ...

    async def get_revision_of_change_request_by_id(
        self,
        space_id: str,
        change_request_id: str | int,
        *,
        outline: bool = False,
        **options: Unpack[RevisionOptions],
    ) -> Revision | RevisionOutline:
        """The change request's content: its page tree and files; with ``outline``, its page
        tree only, read as ``PageOutline`` (a third of the time)."""
        scope = content_scope(space_id, change_request_id)
        if outline:
            return await self._content.outline(scope, **options)
        return await self._content.revision(scope, **options)

    async def import_content_in_change_request(
        self, space_id: str, change_request_id: str | int, *, url: str, source: str
    ) -> ImportContentResult:
        """Import content from ``url`` into the change request only; main is untouched."""
        return await self._content.import_content(
            content_scope(space_id, change_request_id), url=url, source=source
        )

    async def list_pages_in_change_request(
        self, space_id: str, change_request_id: str | int, **options: Unpack[RevisionOptions]
    ) -> RevisionPages:
        return await self._content.pages(content_scope(space_id, change_request_id), **options)

    async def list_files_in_change_request_by_id(
        self, space_id: str, change_request_id: str | int, **options: Unpack[FileListOptions]
    ) -> Page[RevisionFile]:
        return await self._content.files(content_scope(space_id, change_request_id), **options)

    async def get_file_in_change_request_by_id(
        self,
        space_id: str,
        change_request_id: str | int,
        file_id: str,
        **options: Unpack[RevisionOptions],
    ) -> RevisionFile:
        return await self._content.file(
            content_scope(space_id, change_request_id), file_id, **options
        )

    async def list_change_request_file_backlinks(
        self,
        space_id: str,
        change_request_id: str | int,
        file_id: str,
        **options: Unpack[PageOptions],
    ) -> Page[Backlink]:
        """The pages of the change request that show or link to the file."""
        return await self._content.file_backlinks(
            content_scope(space_id, change_request_id), file_id, **options
        )

    async def get_page_in_change_request_by_id(
        self,
        space_id: str,
        change_request_id: str | int,
        page_id: str,
        **options: Unpack[PageBodyOptions],
    ) -> RevisionPage:
        """One page as the change request has it: ``format="markdown"`` (the default) fills
        ``markdown``, ``format="document"`` fills ``document``."""
        return await self._content.page(
            content_scope(space_id, change_request_id), page_id, **options
        )

    async def list_page_links_in_change_request(
        self,
        space_id: str,
        change_request_id: str | int,
        page_id: str,
        **options: Unpack[PageOptions],
    ) -> ContentLinks:
        """The link targets of one page of the change request, with how many are broken."""
        return await self._content.page_links(
            content_scope(space_id, change_request_id), page_id, **options
        )
