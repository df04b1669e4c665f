"""Provides the models of organization members."""

from __future__ import annotations

from datetime import datetime

from pydantic import Field

from ._base import ApiModel
from .common import Role
from .users import User

__all__ = ["Member"]


class Member(ApiModel):
    """A user's membership of an organization (``role`` None means guest)."""

    object: str = "member"
    id: str
    role: Role | None = None
    user: User
    disabled: bool = False
    joined_at: datetime | None = None
    last_seen_at: datetime | None = None
    sso: bool = False
    spaces: int = 0
    teams: int = 0
