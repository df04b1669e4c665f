"""Provides the models of organization members: a member, what they can reach, and the ping."""

from __future__ import annotations

from datetime import datetime

from pydantic import AliasChoices, Field

from ._base import ApiModel
from .common import Role
from .spaces import Space
from .teams import Team, TeamMembership
from .users import User

__all__ = [
    "Member",
    "MemberSpace",
    "MemberTeam",
    "PingResult",
    "TeamMember",
    "TeamMemberPermissions",
]


class Member(ApiModel):
    """A user's membership of an organization (``role`` None means guest)."""

    object: str = "member"
    id: str
    role: Role | None = None
    user: User
    disabled: bool = False
    joined_at: datetime | None = None
    last_seen_at: datetime | None = None
    """None for a member who has never been seen."""
    sso: bool = False
    spaces: int = 0
    teams: int = 0


class MemberSpace(ApiModel):
    """A space a member can reach, with the role they have in it."""

    permission: Role
    space: Space


class MemberTeam(ApiModel):
    """A team a member belongs to, with their role in it."""

    team: Team
    member: TeamMembership = Field(default_factory=TeamMembership)


class TeamMemberPermissions(ApiModel):
    view: bool = False


class TeamMember(ApiModel):
    """A person in a team's member list: their organization membership and their team role.

    It lives here rather than with the teams because it is built on Member.
    """

    organization: Member
    team: TeamMembership = Field(default_factory=TeamMembership)
    permissions: TeamMemberPermissions = Field(default_factory=TeamMemberPermissions)


class PingResult(ApiModel):
    """The answer to the last-seen ping: maybe a claims token to attach to the user.

    The specification names the field ``serviceVisitorClaims``; the hosted service's own
    document calls it ``gitbookVisitorClaims``. Either is read.
    """

    service_visitor_claims: str | None = Field(
        default=None,
        validation_alias=AliasChoices("serviceVisitorClaims", "gitbookVisitorClaims"),
        serialization_alias="serviceVisitorClaims",
    )
