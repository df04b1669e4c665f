"""Provides the models of single sign-on: SAML providers and the SSO logins of an organization."""

from __future__ import annotations

from datetime import datetime

from pydantic import Field

from ._base import ApiModel
from .common import Role, Urls
from .teams import Team

__all__ = ["SSOProviderLogin", "SSOProviderLogins", "SamlProvider", "SamlServiceProvider"]


class SamlServiceProvider(ApiModel):
    """What to configure in the identity provider: this service's side of the SAML link."""

    acs_url: str = Field(default="", alias="acsURL")
    start_url: str = Field(default="", alias="startURL")
    entity_id: str = Field(default="", alias="entityID")


class SamlProvider(ApiModel):
    object: str = "saml-provider"
    id: str
    label: str
    sso_url: str = Field(default="", alias="ssoURL")
    entity_id: str = Field(default="", alias="entityID")
    certificate: str = ""
    default_team: Team | None = None
    default_role: Role | None = None
    """The role of people who join through the provider; None makes them guests."""
    created_at: datetime | None = None
    status: str = "pending"
    """``active`` once usable for login, ``pending`` while not fully configured."""
    service: SamlServiceProvider = Field(default_factory=SamlServiceProvider)
    urls: Urls = Field(default_factory=Urls)


class SSOProviderLogin(ApiModel):
    """A way to sign in to the organization, as a login screen offers it."""

    id: str
    label: str = ""
    start_url: str = Field(default="", alias="startURL")


class SSOProviderLogins(ApiModel):
    """The SSO logins of an organization (a plain list, not paginated)."""

    items: list[SSOProviderLogin] = Field(default_factory=list)
