"""Provides the operations of the revisions group: any revision of a space, a page in it, and
what it changed against its parent."""

from __future__ import annotations

from typing import Literal, overload

from .._params import UNSET, Unset, query_params
from ..models import Revision, RevisionOutline, RevisionPage, RevisionSemanticChanges
from ._base import Resource

__all__ = ["RevisionsResource"]


class RevisionsResource(Resource):
    @overload
    async def get_revision_by_id(
        self,
        space_id: str,
        revision_id: str,
        *,
        metadata: bool | Unset = ...,
        computed: bool | Unset = ...,
        outline: Literal[False] = ...,
    ) -> Revision: ...

    @overload
    async def get_revision_by_id(
        self,
        space_id: str,
        revision_id: str,
        *,
        metadata: bool | Unset = ...,
        computed: bool | Unset = ...,
        outline: Literal[True],
    ) -> RevisionOutline: ...

    async def get_revision_by_id(
        self,
        space_id: str,
        revision_id: str,
        *,
        metadata: bool | Unset = UNSET,
        computed: bool | Unset = UNSET,
        outline: bool = False,
    ) -> Revision | RevisionOutline:
        """A revision of the space, main's or a change request's, with its pages and files;
        with ``outline``, its page tree only, read as ``PageOutline`` (a third of the time)."""
        return await self._request(
            "GET",
            "/spaces/{}/revisions/{}",
            space_id,
            revision_id,
            params=query_params(metadata=metadata, computed=computed),
            result=RevisionOutline if outline else Revision,
        )

    async def get_page_in_revision_by_id(
        self,
        space_id: str,
        revision_id: str,
        page_id: str,
        *,
        format: str | Unset = UNSET,
        evaluated: bool | str | Unset = UNSET,
        metadata: bool | Unset = UNSET,
        computed: bool | Unset = UNSET,
    ) -> RevisionPage:
        """One page of a revision with its body (``format`` ``markdown`` or ``document``)."""
        return await self._request(
            "GET",
            "/spaces/{}/revisions/{}/page/{}",
            space_id,
            revision_id,
            page_id,
            params=query_params(
                format=format, evaluated=evaluated, metadata=metadata, computed=computed
            ),
            result=RevisionPage,
        )

    async def get_revision_semantic_changes(
        self,
        space_id: str,
        revision_id: str,
        *,
        limit: int | Unset = UNSET,
        metadata: bool | Unset = UNSET,
        computed: bool | Unset = UNSET,
    ) -> RevisionSemanticChanges:
        """What the revision changed against its parent: pages created, edited, deleted and
        moved, files and variables; at most ``limit`` (10 unless asked), ``more`` counts the
        rest. A merge revision names the change request it came from (``merged_from``)."""
        return await self._request(
            "GET",
            "/spaces/{}/revisions/{}/changes",
            space_id,
            revision_id,
            params=query_params(limit=limit, metadata=metadata, computed=computed),
            result=RevisionSemanticChanges,
        )
