"""Provides the ChangeRequest model and the answers of its merge, update and PDF operations."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import Field

from ._base import ApiModel
from .common import Urls
from .users import User

__all__ = [
    "CHANGE_REQUEST_STATUSES",
    "ChangeRequest",
    "ChangeRequestPDF",
    "ChangeRequestResult",
]

CHANGE_REQUEST_STATUSES: tuple[str, ...] = ("draft", "open", "merged", "archived")
"""The statuses a change request is known to take; others may appear on the wire."""


class ChangeRequest(ApiModel):
    """Proposed edits to a space, with their own content, merged into main when accepted."""

    object: str = "change-request"
    id: str
    number: int
    status: str = "draft"
    subject: str = ""
    description: dict[str, Any] | None = None
    created_by: User | None = None
    created_at: datetime | None = None
    updated_at: datetime | None = None
    space: str | None = None
    revision: str | None = None
    revision_initial: str | None = None
    revision_merged_ancestor: str | None = None
    revision_merged: str | None = None
    comments: int = 0
    outdated: bool = False
    urls: Urls = Field(default_factory=Urls)

    @property
    def is_merged(self) -> bool:
        return self.status == "merged"


class ChangeRequestResult(ApiModel):
    """The answer of a merge (``result`` is ``merge``) or an update from main (``update``).

    ``result`` is ``conflicts`` when the service could not combine the two sides.
    """

    revision: str
    result: str


class ChangeRequestPDF(ApiModel):
    """A temporary URL (about an hour) where the change request prints as a PDF."""

    url: str
