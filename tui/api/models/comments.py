"""Provides the models of comment threads: comments, replies, bodies, targets and reactions."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import Field

from ._base import ApiModel
from .common import Urls
from .users import User

__all__ = [
    "Comment",
    "CommentBody",
    "CommentNodeTarget",
    "CommentPageTarget",
    "CommentPermissions",
    "CommentReaction",
    "CommentReactionUser",
    "CommentReply",
    "CommentTableCellTarget",
    "CommentTarget",
]


class CommentBody(ApiModel):
    """The content of a comment or reply: ``markdown`` (the default format) or a ``document``.

    An empty body (neither key) is a valid answer too.
    """

    markdown: str | None = None
    document: dict[str, Any] | None = None


class CommentReactionUser(ApiModel):
    user: User
    reacted_at: datetime | None = None


class CommentReaction(ApiModel):
    """One emoji and the users who reacted with it."""

    emoji: str
    count: int = 0
    users: list[CommentReactionUser] = Field(default_factory=list)


class CommentPermissions(ApiModel):
    view: bool = False
    edit: bool = False
    reply: bool = False
    delete: bool = False


class CommentNodeTarget(ApiModel):
    """The block of a page a comment is attached to."""

    id: str
    preview: str | None = None


class CommentTableCellTarget(ApiModel):
    record: str = ""
    definition: str = ""


class CommentPageTarget(ApiModel):
    """The page a comment refers to; ``outdated`` when the page has left the content since."""

    id: str
    title: str = ""
    emoji: str | None = None
    icon: str | None = None
    created_at: datetime | None = None
    updated_at: datetime | None = None
    path: str = ""
    outdated: bool = False


class CommentTarget(ApiModel):
    space: str | None = None
    revision: str | None = None
    page: CommentPageTarget | None = None
    node: CommentNodeTarget | None = None
    table_cell: CommentTableCellTarget | None = None
    change_request: str | None = None
    review: str | None = None


class Comment(ApiModel):
    """The first message of a thread, on a space or on a change request."""

    object: str = "comment"
    id: str
    posted_by: User | None = None
    posted_at: datetime | None = None
    edited_at: datetime | None = None
    body: CommentBody = Field(default_factory=CommentBody)
    reactions: list[CommentReaction] = Field(default_factory=list)
    replies: int = 0
    target: CommentTarget = Field(default_factory=CommentTarget)
    status: str = "open"
    """``open`` or ``resolved`` (other values may come)."""
    resolved_at: datetime | None = None
    resolved_by: User | None = None
    urls: Urls = Field(default_factory=Urls)
    permissions: CommentPermissions = Field(default_factory=CommentPermissions)

    @property
    def resolved(self) -> bool:
        return self.status == "resolved"


class CommentReply(ApiModel):
    """A message in a comment's thread, after the comment itself."""

    object: str = "comment-reply"
    id: str
    posted_by: User | None = None
    posted_at: datetime | None = None
    edited_at: datetime | None = None
    body: CommentBody = Field(default_factory=CommentBody)
    reactions: list[CommentReaction] = Field(default_factory=list)
    urls: Urls = Field(default_factory=Urls)
    permissions: CommentPermissions = Field(default_factory=CommentPermissions)
