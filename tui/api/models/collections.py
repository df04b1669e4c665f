"""Provides the Collection model."""

from __future__ import annotations

from pydantic import Field

from ._base import ApiModel
from .common import Role, Urls

__all__ = ["Collection", "CollectionPermissions"]


class CollectionPermissions(ApiModel):
    view: bool = False
    admin: bool = False
    view_invite_links: bool = False
    create: bool = False


class Collection(ApiModel):
    object: str = "collection"
    id: str
    title: str
    description: str | None = None
    organization: str
    parent: str | None = None
    default_level: Role | None = None
    urls: Urls = Field(default_factory=Urls)
    permissions: CollectionPermissions = Field(default_factory=CollectionPermissions)
