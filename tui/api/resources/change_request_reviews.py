"""Provides the operations of the change request reviews group: reviews and requested
reviewers.

``change_request_id`` is the change request's id or its number within the space.
"""

from __future__ import annotations

from typing import Any

from .._params import UNSET, Unset, body, query_params
from ..models import ChangeRequestRequestedReviewer, ChangeRequestReview, Page, RequestedReviewers
from ._base import Resource
from .space_comments import CommentBodyInput, comment_document

__all__ = ["ChangeRequestReviewsResource"]


class ChangeRequestReviewsResource(Resource):
    async def get_reviews_by_change_request_id(
        self,
        space_id: str,
        change_request_id: str | int,
        *,
        outdated: bool | Unset = UNSET,
        format: str | Unset = UNSET,
        page: str | Unset = UNSET,
        limit: int | Unset = UNSET,
    ) -> Page[ChangeRequestReview]:
        """The change request's reviews, newest first; ``outdated`` keeps only the outdated
        (true) or the current (false) ones."""
        return await self._request(
            "GET",
            "/spaces/{}/change-requests/{}/reviews",
            space_id,
            change_request_id,
            params=query_params(outdated=outdated, format=format, page=page, limit=limit),
            result=Page[ChangeRequestReview],
        )

    async def submit_change_request_review(
        self,
        space_id: str,
        change_request_id: str | int,
        *,
        status: str,
        comment: CommentBodyInput | Unset = UNSET,
    ) -> ChangeRequestReview:
        """Approve (``status="approved"``) or ask for changes (``"changes-requested"``), with
        an optional comment (markdown text or a Document), which opens a thread."""
        return await self._request(
            "POST",
            "/spaces/{}/change-requests/{}/reviews",
            space_id,
            change_request_id,
            json=body(status=status, comment=comment_document(comment)),
            result=ChangeRequestReview,
        )

    async def get_requested_reviewers_by_change_request_id(
        self,
        space_id: str,
        change_request_id: str | int,
        *,
        page: str | Unset = UNSET,
        limit: int | Unset = UNSET,
    ) -> Page[ChangeRequestRequestedReviewer]:
        """Who has been asked to review and has not answered yet."""
        return await self._request(
            "GET",
            "/spaces/{}/change-requests/{}/requested-reviewers",
            space_id,
            change_request_id,
            params=query_params(page=page, limit=limit),
            result=Page[ChangeRequestRequestedReviewer],
        )

    async def request_reviewers_for_change_request(
        self,
        space_id: str,
        change_request_id: str | int,
        *,
        users: list[str],
        subject: str | Unset = UNSET,
        description: dict[str, Any] | Unset = UNSET,
    ) -> RequestedReviewers:
        """Ask these members (user ids) to review; optionally set the subject or description
        at the same time. Asking again someone who reviewed outdates their review."""
        return await self._request(
            "POST",
            "/spaces/{}/change-requests/{}/requested-reviewers",
            space_id,
            change_request_id,
            json=body(users=users, subject=subject, description=description),
            result=RequestedReviewers,
        )

    async def remove_requested_reviewer_from_change_request(
        self, space_id: str, change_request_id: str | int, user_id: str
    ) -> None:
        """Withdraw the request for this user's review (nothing happens if there was none)."""
        await self._request(
            "DELETE",
            "/spaces/{}/change-requests/{}/requested-reviewers/{}",
            space_id,
            change_request_id,
            user_id,
        )
