"""Provides the models of content: revisions, pages, files, links, backlinks and imports."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import ConfigDict, Field

from ._base import ApiModel, Page
from .change_requests import ChangeRequest
from .common import Urls
from .organizations import Organization
from .spaces import Space

__all__ = [
    "Backlink",
    "BrokenLinkStats",
    "ContentLink",
    "ContentLinkStats",
    "ContentLinks",
    "ContentRef",
    "FileDimensions",
    "GitBlob",
    "GitCommit",
    "ImportContentResult",
    "InternalLocation",
    "PageLayout",
    "PageOutline",
    "ReusableContent",
    "Revision",
    "RevisionFile",
    "RevisionOutline",
    "RevisionPage",
    "RevisionPages",
    "VersionContext",
]


class GitBlob(ApiModel):
    """Where a page or file lives in a synchronised Git tree."""

    oid: str = ""
    path: str = ""


class GitCommit(ApiModel):
    """The Git commit a revision came from, when the space is synchronised."""

    oid: str = ""
    message: str = ""
    created_by_git_book: bool = False
    url: str | None = None
    ref: str | None = None


class ContentRef(ApiModel):
    """A relative reference to content: ``kind`` says which of the other fields is set."""

    kind: str
    url: str | None = None
    page: str | None = None
    space: str | None = None
    file: str | None = None
    anchor: str | None = None


class PageLayout(ApiModel):
    width: str = "default"
    cover: bool = False
    cover_size: str = "hero"
    title: bool = True
    description: bool = True
    table_of_contents: bool = True
    outline: bool = True
    pagination: bool = True
    metadata: bool = True


class RevisionPage(ApiModel):
    """A page of a revision: a document, a group of pages or a link (``type`` tells which).

    ``markdown`` holds a document's body when it was asked in markdown (the default);
    ``document`` holds it when it was asked as a structured document.
    """

    id: str
    title: str = ""
    kind: str | None = None
    type: str = "document"
    emoji: str | None = None
    icon: str | None = None
    slug: str | None = None
    path: str | None = None
    description: str | None = None
    markdown: str | None = None
    document: dict[str, Any] | None = None
    href: str | None = None
    target: ContentRef | None = None
    urls: Urls = Field(default_factory=Urls)
    hidden: bool = False
    no_index: bool = False
    no_robots_index: bool = False
    created_at: datetime | None = None
    updated_at: datetime | None = None
    layout: PageLayout | None = None
    git: GitBlob | None = None
    variables: dict[str, Any] = Field(default_factory=dict)
    pages: list[RevisionPage] = Field(default_factory=list)


class FileDimensions(ApiModel):
    width: float
    height: float


class RevisionFile(ApiModel):
    id: str
    name: str = ""
    content_type: str = ""
    download_url: str = Field(default="", alias="downloadURL")
    size: float = 0
    dimensions: FileDimensions | None = None
    git: GitBlob | None = None


class ReusableContent(ApiModel):
    id: str
    title: str = ""
    git: GitBlob | None = None


class Revision(ApiModel):
    """The content of a space or a change request at one moment: its pages and files."""

    object: str = "revision"
    id: str
    type: str = "edits"
    parents: list[str] = Field(default_factory=list)
    pages: list[RevisionPage] = Field(default_factory=list)
    files: list[RevisionFile] = Field(default_factory=list)
    reusable_contents: list[ReusableContent] = Field(default_factory=list)
    variables: dict[str, Any] = Field(default_factory=dict)
    created_at: datetime | None = None
    git: GitCommit | None = None
    urls: Urls = Field(default_factory=Urls)
    merged_from: ChangeRequest | None = None
    """For a merge revision: the change request it merged."""


class PageOutline(ApiModel):
    """A page of a revision as a comparison reads it: what tells two versions of it apart
    (its id, title and place, its body, the fields an edit changes, when it was updated),
    without the URLs, the layout and what else the service sends (ignored, not kept).

    A 2,000-page tree reads into outlines in a third of the time it takes into
    ``RevisionPage``; the change request screen compares its trees this way.
    """

    model_config = ConfigDict(extra="ignore")

    id: str
    title: str = ""
    type: str = "document"
    emoji: str | None = None
    icon: str | None = None
    slug: str | None = None
    path: str | None = None
    description: str | None = None
    markdown: str | None = None
    document: dict[str, Any] | None = None
    href: str | None = None
    hidden: bool = False
    updated_at: datetime | None = None
    git: GitBlob | None = None
    pages: list[PageOutline] = Field(default_factory=list)


class RevisionOutline(ApiModel):
    """A revision read for its page tree only (``Revision`` has the rest)."""

    model_config = ConfigDict(extra="ignore")

    id: str
    pages: list[PageOutline] = Field(default_factory=list)


class RevisionPages(ApiModel):
    """The answer of a list of pages: the page tree of the revision."""

    pages: list[RevisionPage] = Field(default_factory=list)


class VersionContext(ApiModel):
    """Which version of the content a location is in: a revision or a change request."""

    type: str
    revision: Revision | None = None
    change_request: dict[str, Any] | None = None


class InternalLocation(ApiModel):
    """A place within a page: an anchor (heading) or a node."""

    type: str
    anchor: str | None = None
    node: str | None = None


class Backlink(ApiModel):
    """An absolute reference to content (a page, a file, a URL …), as links and backlinks give.

    ``kind`` tells which of ``page``, ``file`` or ``url`` is set.
    """

    kind: str
    organization: Organization | None = None
    space: Space | None = None
    version_context: VersionContext | None = None
    page: RevisionPage | None = None
    file: RevisionFile | None = None
    url: str | None = None
    internal_location: InternalLocation | None = None


class ContentLink(ApiModel):
    """A link target and the places that link to it.

    ``status`` is ``ok``, ``broken`` (the target does not exist in the revision) or ``in-app``
    (a URL into the app).
    """

    status: str
    relation: str = "reference"
    target_reference: Backlink | None = None
    location_references: list[Backlink] = Field(default_factory=list)


class BrokenLinkStats(ApiModel):
    total: int = 0
    change_request: int | None = None


class ContentLinkStats(ApiModel):
    total: int = 0
    broken: BrokenLinkStats = Field(default_factory=BrokenLinkStats)


class ContentLinks(Page[ContentLink]):
    """One page of links, with counts over every link of the content."""

    stats: ContentLinkStats = Field(default_factory=ContentLinkStats)


class ImportContentResult(ApiModel):
    revision: str
    imported_resources: int = 0
    total_resources: int = 0
