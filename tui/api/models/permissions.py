"""Provides the models of who can reach a space, a collection or a site, and with which role."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Discriminator, Tag

from ._base import ApiModel
from .common import Role
from .teams import Team
from .users import User

__all__ = [
    "OrganizationPointer",
    "PermissionOrigin",
    "SpacePointer",
    "TeamContentPermission",
    "UserContentPermission",
    "UserSitePermission",
]


class UserContentPermission(ApiModel):
    """A user's role in a space or a collection."""

    permission: Role
    user: User


class TeamContentPermission(ApiModel):
    """A team's role in a space or a collection."""

    permission: Role
    team: Team


class SpacePointer(ApiModel):
    """A space, named by its id."""

    type: str = "space"
    space: str


class OrganizationPointer(ApiModel):
    """An organization, named by its id."""

    type: str = "organization"
    organization: str


def _origin_kind(value: Any) -> str:
    """Which pointer an origin is, whether raw or already parsed; by its ``type``, else by the
    id it carries, so that a pointer sent without ``type`` still reads."""
    if isinstance(value, dict):
        kind = value.get("type")
        has_space = "space" in value
    else:
        kind = getattr(value, "type", None)
        has_space = isinstance(value, SpacePointer)
    if kind in ("space", "organization"):
        return str(kind)
    return "space" if has_space else "organization"


PermissionOrigin = Annotated[
    Annotated[SpacePointer, Tag("space")] | Annotated[OrganizationPointer, Tag("organization")],
    Discriminator(_origin_kind),
]
"""Where a permission comes from: a space of the site, or the organization itself."""


class UserSitePermission(ApiModel):
    """A user's role on a site, and the space or organization that grants it (None: guest)."""

    permission: Role | None = None
    user: User
    origin: PermissionOrigin
