"""Provides the small shapes many resources share: roles, URLs and permission sets."""

from __future__ import annotations

from typing import TypeAlias

from ._base import ApiModel

__all__ = ["ROLES", "Role", "Urls"]

Role: TypeAlias = str
"""A member role: admin, create, review, edit, comment or read (None means guest)."""

ROLES: tuple[Role, ...] = ("admin", "create", "review", "edit", "comment", "read")


class Urls(ApiModel):
    """The URLs of a resource; which keys are present depends on the resource."""

    location: str | None = None
    app: str | None = None
    published: str | None = None
    public: str | None = None
    icon: str | None = None
    logo: str | None = None
