"""Provides the models of organization invites: by e-mail, and by link."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Discriminator, Field, Tag

from ._base import ApiModel
from .collections import Collection
from .common import Role
from .spaces import Space

__all__ = [
    "InviteEmail",
    "InviteLink",
    "InviteLinkToCollection",
    "InviteLinkToOrganization",
    "InviteLinkToSpace",
    "InviteUsersResult",
]


class InviteEmail(ApiModel):
    """An address to invite with its own role (None: as a guest), in place of the default."""

    email: str
    role: Role | None


class InviteUsersResult(ApiModel):
    """What an invitation by e-mail did."""

    users: list[str] = Field(default_factory=list)
    """The ids of the users added to the organization."""
    invited: int = 0
    failed_sso_emails: list[str] = Field(default_factory=list, alias="failedSSOEmails")
    """Addresses invited, but not as SSO users, because they belong to another organization."""


class InviteLinkToOrganization(ApiModel):
    """A link that makes whoever follows it a member with ``role`` (None: a guest)."""

    object: str = "invite"
    id: str
    role: Role | None = None
    redundant: bool = False
    """The caller already has everything the link gives."""


class InviteLinkToSpace(ApiModel):
    """A link that gives whoever follows it ``level`` in one space."""

    object: str = "invite"
    id: str
    level: Role | None = None
    redundant: bool = False
    space: Space


class InviteLinkToCollection(ApiModel):
    """A link that gives whoever follows it ``level`` in one collection."""

    object: str = "invite"
    id: str
    level: Role | None = None
    redundant: bool = False
    collection: Collection


def _target(value: Any) -> str:
    """What an invite link leads to, whether raw or already parsed: all three share ``object``,
    so the field that names the target tells them apart."""
    if isinstance(value, dict):
        keys = value.keys()
        return "space" if "space" in keys else "collection" if "collection" in keys else "org"
    if isinstance(value, InviteLinkToSpace):
        return "space"
    return "collection" if isinstance(value, InviteLinkToCollection) else "org"


InviteLink = Annotated[
    Annotated[InviteLinkToOrganization, Tag("org")]
    | Annotated[InviteLinkToSpace, Tag("space")]
    | Annotated[InviteLinkToCollection, Tag("collection")],
    Discriminator(_target),
]
"""An invite link to the organization, to one of its spaces or to one of its collections."""
