"""Provides the Organization model and its parts."""

from __future__ import annotations

from datetime import datetime

from pydantic import Field

from ._base import ApiModel
from .common import Role, Urls

__all__ = [
    "DefaultContent",
    "Organization",
    "OrganizationPermissions",
    "OrganizationsForEmailDomain",
]


class OrganizationPermissions(ApiModel):
    view: bool = False
    admin: bool = False
    own_team: bool = False
    create_content: bool = False
    create_open_api_spec: bool = Field(default=False, alias="createOpenAPISpec")
    ingest_conversations: bool = False
    view_billing: bool = False
    list_members: bool = False
    list_teams: bool = False
    list_integrations: bool = False
    list_installations: bool = False
    install_integration: bool = False


class DefaultContent(ApiModel):
    type: str
    site: str | None = None


class Organization(ApiModel):
    object: str = "organization"
    id: str
    title: str
    created_at: datetime | None = None
    email_domains: list[str] = Field(default_factory=list)
    hostname: str | None = None
    type: str | None = None
    use_case: str | None = None
    community_type: str | None = None
    default_role: Role | None = None
    default_content: DefaultContent | None = None
    sso: bool = False
    ai: bool = False
    invite_links: bool = False
    plan: str | None = None
    custom_hostname: str | None = None
    urls: Urls = Field(default_factory=Urls)
    permissions: OrganizationPermissions = Field(default_factory=OrganizationPermissions)


class OrganizationsForEmailDomain(ApiModel):
    organizations: list[Organization] = Field(default_factory=list)
