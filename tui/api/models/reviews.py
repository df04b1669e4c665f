"""Provides the models of change request reviews and requested reviewers."""

from __future__ import annotations

from datetime import datetime

from pydantic import Field

from ._base import ApiModel
from .comments import Comment
from .teams import Team
from .users import User

__all__ = [
    "REVIEW_STATUSES",
    "ChangeRequestRequestedReviewer",
    "ChangeRequestReview",
    "RequestedReviewers",
]

REVIEW_STATUSES: tuple[str, ...] = ("approved", "changes-requested")
"""What a review can say of a change request."""


class ChangeRequestReview(ApiModel):
    """A reviewer's verdict on a change request, made against one of its revisions.

    ``outdated`` turns true when the change request's content moved on since, or when the
    same reviewer reviewed again or was asked again.
    """

    object: str = "change-request-review"
    id: str
    revision: str
    reviewer: User
    requested_by: User | None = None
    status: str
    """``approved`` or ``changes-requested`` (others may come)."""
    outdated: bool = False
    comment: Comment | None = None
    created_at: datetime | None = None
    updated_at: datetime | None = None

    @property
    def approved(self) -> bool:
        return self.status == "approved"


class ChangeRequestRequestedReviewer(ApiModel):
    """A review asked of a user (``kind="user"``) or of a team (``kind="team"``)."""

    object: str = "change-request-requested-reviewer"
    kind: str = "user"
    user: User | None = None
    team: Team | None = None
    revision: str = ""
    """The change request's revision when the review was asked."""
    requested_by: User | None = None
    created_at: datetime | None = None

    @property
    def name(self) -> str:
        """Who is asked, for a list: the user's or the team's name."""
        if self.user is not None:
            return self.user.display_name
        return self.team.title if self.team is not None else ""


class RequestedReviewers(ApiModel):
    """The answer of a request for reviewers: the requests that were sent."""

    users: list[ChangeRequestRequestedReviewer] = Field(default_factory=list)
