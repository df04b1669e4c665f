"""Provides the models of a revision's semantic changes: what it did to its parent."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from ._base import ApiModel
from .change_requests import ChangeRequest

__all__ = [
    "AttributeChange",
    "ChangedRevisionFile",
    "ChangedRevisionPage",
    "PageParentChange",
    "RevisionSemanticChange",
    "RevisionSemanticChanges",
]


class ChangedRevisionPage(ApiModel):
    """A page as a change names it."""

    id: str
    type: str = "document"
    title: str = ""
    path: str | None = None


class ChangedRevisionFile(ApiModel):
    """A file as a change names it."""

    id: str
    name: str = ""
    content_type: str = ""
    download_url: str = Field(default="", alias="downloadURL")


class AttributeChange(ApiModel):
    """One attribute's value before and after (either may be absent)."""

    before: Any = None
    after: Any = None


class PageParentChange(ApiModel):
    """Where a moved page sat before and after (absent: the top of the space)."""

    before: ChangedRevisionPage | None = None
    after: ChangedRevisionPage | None = None


class RevisionSemanticChange(ApiModel):
    """One change: ``type`` says which (``page_created``, ``page_edited``, ``page_deleted``,
    ``page_moved``, ``file_created``, ``file_edited``, ``file_deleted``,
    ``variables_edited``, ``reusable_content_*``) and so which other fields are set."""

    type: str
    page: ChangedRevisionPage | None = None
    file: ChangedRevisionFile | None = None
    attributes: dict[str, AttributeChange] = Field(default_factory=dict)
    parent: PageParentChange | None = None
    variables: dict[str, AttributeChange] = Field(default_factory=dict)
    reusable_content: dict[str, Any] | None = None


class RevisionSemanticChanges(ApiModel):
    """The changes of a revision against its parent; ``more`` counts those left out."""

    changes: list[RevisionSemanticChange] = Field(default_factory=list)
    more: int = 0
    merged_from: ChangeRequest | None = None
    """For a merge revision: the change request it merged."""
