"""Provides the Space model and its parts."""

from __future__ import annotations

from datetime import datetime

from pydantic import Field

from ._base import ApiModel
from .common import Role, Urls

__all__ = ["GitSyncState", "Space", "SpacePermissions"]


class SpacePermissions(ApiModel):
    view: bool = False
    access: bool = False
    admin: bool = False
    view_invite_links: bool = False
    edit: bool = False
    trigger_git_sync: bool = False
    comment: bool = False
    merge: bool = False
    review: bool = False
    install_integration: bool = False


class GitSyncState(ApiModel):
    repo_name: str | None = None
    installation_provider: str | None = None
    integration: str | None = None
    url: str | None = None
    updated_at: datetime | None = None


class Space(ApiModel):
    object: str = "space"
    id: str
    title: str
    emoji: str = ""
    visibility: str = "private"
    created_at: datetime | None = None
    updated_at: datetime | None = None
    deleted_at: datetime | None = None
    edit_mode: str | None = None
    organization: str
    parent: str | None = None
    language: str | None = None
    git_sync: GitSyncState | None = None
    revision: str | None = None
    default_level: Role | None = None
    comments: int = 0
    change_requests: int = 0
    change_requests_open: int = 0
    change_requests_draft: int = 0
    urls: Urls = Field(default_factory=Urls)
    permissions: SpacePermissions = Field(default_factory=SpacePermissions)
