"""Provides the models of teams: a team, and a person's membership of one."""

from __future__ import annotations

from datetime import datetime

from pydantic import Field

from ._base import ApiModel

__all__ = ["Team", "TeamMembership", "TeamPermissions", "TeamRole"]

TeamRole = str
"""A role in a team: ``owner`` (can manage the team's members) or ``member``."""


class TeamPermissions(ApiModel):
    admin: bool = False
    """The caller may rename the team and change its members."""
    view: bool = False


class Team(ApiModel):
    object: str = "team"
    id: str
    title: str
    members: int = 0
    spaces: int = 0
    created_at: datetime | None = None
    permissions: TeamPermissions = Field(default_factory=TeamPermissions)


class TeamMembership(ApiModel):
    """A user's place in a team (the API's TeamMember)."""

    role: TeamRole = "member"
