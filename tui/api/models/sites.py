"""Provides the models of docs sites: sites, their sections, section groups and site spaces,
the published view and the adaptive-content schema."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from pydantic import Discriminator, Field, Tag

from ._base import ApiModel
from .common import Urls
from .spaces import Space

__all__ = [
    "PublishedContentSite",
    "Site",
    "SiteAdaptiveContent",
    "SiteAdaptiveSchema",
    "SiteAdaptiveTemplateCondition",
    "SiteAdaptiveTemplateConditions",
    "SiteFeature",
    "SiteProxy",
    "SiteSection",
    "SiteSectionGroup",
    "SiteSpace",
    "SiteStructure",
]


class SiteProxy(ApiModel):
    """A site served under another address: ``origin`` is proxied to ``target``."""

    origin: str
    target: str = ""


class SiteAdaptiveContent(ApiModel):
    enabled: bool = False


class SiteFeature(ApiModel):
    id: str
    plan: str = ""
    frozen: bool = False
    customizations: list[str] = Field(default_factory=list)


class Site(ApiModel):
    object: str = "site"
    id: str
    type: str = "basic"
    title: str
    icon: Any = None
    hostname: str | None = None
    basename: str | None = None
    proxy: SiteProxy | None = None
    visibility: str = "public"
    published: bool = False
    site_spaces: int = 0
    created_at: datetime | None = None
    adaptive_content: SiteAdaptiveContent | None = None
    ads: dict[str, Any] | None = None
    agents_context: str | None = None
    features: list[SiteFeature] = Field(default_factory=list)
    urls: Urls = Field(default_factory=Urls)


class SiteSpace(ApiModel):
    """A space as it appears on a site: where (path, section) and when (condition)."""

    object: str = "site-space"
    id: str
    path: str = ""
    section: str | None = None
    space: Space | None = None
    title: str = ""
    default: bool = False
    condition: str | None = None
    has_advanced_customization_feature: bool = False
    urls: Urls = Field(default_factory=Urls)


class SiteSection(ApiModel):
    object: str = "site-section"
    id: str
    title: str
    description: str | None = None
    default: bool = False
    path: str = ""
    condition: str | None = None
    section_group: str | None = None
    icon: str | None = None
    site_spaces: list[SiteSpace] = Field(default_factory=list)
    urls: Urls = Field(default_factory=Urls)


def _kind(value: Any) -> str:
    """The ``object`` of an item of a site's structure, whether raw or already parsed."""
    kind = value.get("object") if isinstance(value, dict) else getattr(value, "object", None)
    return kind if kind in ("site-section-group", "site-space") else "site-section"


class SiteSectionGroup(ApiModel):
    object: str = "site-section-group"
    id: str
    title: str
    icon: str | None = None
    section_group: str | None = None
    sections: list[SiteSection] = Field(default_factory=list)
    children: list[GroupChild] = Field(default_factory=list)


# Items of a group or of a published structure, told apart by their ``object``.
GroupChild = Annotated[
    Annotated[SiteSection, Tag("site-section")]
    | Annotated[SiteSectionGroup, Tag("site-section-group")],
    Discriminator(_kind),
]
StructureItem = Annotated[
    Annotated[SiteSection, Tag("site-section")]
    | Annotated[SiteSectionGroup, Tag("site-section-group")]
    | Annotated[SiteSpace, Tag("site-space")],
    Discriminator(_kind),
]


class SiteStructure(ApiModel):
    """What a published site shows: ``sections`` (sections and groups) or ``siteSpaces``."""

    type: str
    structure: list[StructureItem] = Field(default_factory=list)


class PublishedContentSite(ApiModel):
    object: str = "published-content-site"
    site: Site
    structure: SiteStructure
    customizations: dict[str, Any] = Field(default_factory=dict)
    scripts: list[dict[str, Any]] = Field(default_factory=list)


class SiteAdaptiveSchema(ApiModel):
    """The claims a visitor of an adaptive site brings, as a JSON Schema."""

    object: str = "site-adaptive-schema"
    json_schema: dict[str, Any] = Field(default_factory=dict)
    updated_at: datetime | None = None


class SiteAdaptiveTemplateCondition(ApiModel):
    description: str
    condition: str


class SiteAdaptiveTemplateConditions(ApiModel):
    items: list[SiteAdaptiveTemplateCondition] = Field(default_factory=list)
