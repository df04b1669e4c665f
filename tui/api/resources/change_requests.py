"""Provides the operations of the change requests group.

``change_request_id`` is the change request's id or its number within the space.
"""

from __future__ import annotations

from typing import Any

from .._params import UNSET, Unset, body, query_params
from ..models import ChangeRequest, ChangeRequestPDF, ChangeRequestResult, Page
from ._base import Resource

__all__ = ["ChangeRequestsResource"]


class ChangeRequestsResource(Resource):
    async def list_change_requests_for_space(
        self,
        space_id: str,
        *,
        page: str | Unset = UNSET,
        limit: int | Unset = UNSET,
        status: str | Unset = UNSET,
        creator: str | Unset = UNSET,
        contributor: str | Unset = UNSET,
    ) -> Page[ChangeRequest]:
        """The space's change requests, newest first; only the ``open`` ones unless ``status``
        asks for another (``draft``, ``merged``, ``archived``)."""
        return await self._request(
            "GET",
            "/spaces/{}/change-requests",
            space_id,
            params=query_params(
                page=page, limit=limit, status=status, creator=creator, contributor=contributor
            ),
            result=Page[ChangeRequest],
        )

    async def list_change_requests_for_organization(
        self,
        organization_id: str,
        *,
        page: str | Unset = UNSET,
        limit: int | Unset = UNSET,
        status: str | Unset = UNSET,
        creator: str | Unset = UNSET,
        contributor: str | Unset = UNSET,
    ) -> Page[ChangeRequest]:
        """Every change request of the organisation's spaces, newest first (each names its
        ``space``); only the ``open`` ones unless ``status`` asks for another. In the official
        document (``listChangeRequestsForOrganization``), not in operations.tsv."""
        return await self._request(
            "GET",
            "/orgs/{}/change-requests",
            organization_id,
            params=query_params(
                page=page, limit=limit, status=status, creator=creator, contributor=contributor
            ),
            result=Page[ChangeRequest],
        )

    async def create_change_request(
        self,
        space_id: str,
        *,
        subject: str | Unset = UNSET,
        agent_task_id: str | Unset = UNSET,
    ) -> ChangeRequest:
        """Start a change request (a draft) from the space's current content."""
        return await self._request(
            "POST",
            "/spaces/{}/change-requests",
            space_id,
            json=body(subject=subject, agent_task_id=agent_task_id),
            result=ChangeRequest,
        )

    async def get_change_request_by_id(
        self, space_id: str, change_request_id: str | int
    ) -> ChangeRequest:
        return await self._request(
            "GET",
            "/spaces/{}/change-requests/{}",
            space_id,
            change_request_id,
            result=ChangeRequest,
        )

    async def update_change_request_by_id(
        self,
        space_id: str,
        change_request_id: str | int,
        *,
        subject: str | Unset = UNSET,
        status: str | Unset = UNSET,
        description: dict[str, Any] | Unset = UNSET,
    ) -> ChangeRequest:
        """Rename, describe, or move between ``draft``, ``open`` and ``archived``."""
        return await self._request(
            "PATCH",
            "/spaces/{}/change-requests/{}",
            space_id,
            change_request_id,
            json=body(subject=subject, status=status, description=description),
            result=ChangeRequest,
        )

    async def merge_change_request(
        self, space_id: str, change_request_id: str | int
    ) -> ChangeRequestResult:
        """Apply the change request to the space's main content as a new revision."""
        return await self._request(
            "POST",
            "/spaces/{}/change-requests/{}/merge",
            space_id,
            change_request_id,
            result=ChangeRequestResult,
        )

    async def update_change_request(
        self, space_id: str, change_request_id: str | int
    ) -> ChangeRequestResult:
        """Bring main's later changes into the change request, so it is no longer outdated."""
        return await self._request(
            "POST",
            "/spaces/{}/change-requests/{}/update",
            space_id,
            change_request_id,
            result=ChangeRequestResult,
        )

    async def get_change_request_pdf(
        self,
        space_id: str,
        change_request_id: str | int,
        *,
        only: bool | Unset = UNSET,
        page: str | Unset = UNSET,
    ) -> ChangeRequestPDF:
        """A temporary URL of the change request as a PDF; with ``only`` and ``page``, of one
        page alone."""
        return await self._request(
            "GET",
            "/spaces/{}/change-requests/{}/pdf",
            space_id,
            change_request_id,
            params=query_params(only=only, page=page),
            result=ChangeRequestPDF,
        )
