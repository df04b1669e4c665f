"""Provides the operations of the team members group."""

from __future__ import annotations

from collections.abc import Mapping

from .._params import UNSET, Unset, body, query_params
from ..models import Page, TeamMember, TeamMembership
from ._base import Resource

__all__ = ["TeamMembersResource"]


class TeamMembersResource(Resource):
    async def list_team_members_in_organization_by_id(
        self,
        organization_id: str,
        team_id: str,
        *,
        page: str | Unset = UNSET,
        limit: int | Unset = UNSET,
    ) -> Page[TeamMember]:
        return await self._request(
            "GET",
            "/orgs/{}/teams/{}/members",
            organization_id,
            team_id,
            params=query_params(page=page, limit=limit),
            result=Page[TeamMember],
        )

    async def update_members_in_organization_team(
        self,
        organization_id: str,
        team_id: str,
        *,
        add: list[str] | Unset = UNSET,
        remove: list[str] | Unset = UNSET,
        memberships: Mapping[str, TeamMembership | Mapping[str, str]] | Unset = UNSET,
    ) -> None:
        """Change several people at once, named by user id or e-mail.

        ``memberships`` maps a user to ``{"role": "owner" | "member"}``. A user named in
        both ``add`` and ``remove`` ends up removed.
        """
        await self._request(
            "PUT",
            "/orgs/{}/teams/{}/members",
            organization_id,
            team_id,
            json=body(add=add, remove=remove, memberships=memberships),
        )

    async def add_member_to_organization_team_by_id(
        self,
        organization_id: str,
        team_id: str,
        user_id: str,
        *,
        role: str | Unset = UNSET,
    ) -> None:
        """Add someone to the team, or change their role in it (``owner`` or ``member``)."""
        await self._request(
            "PUT",
            "/orgs/{}/teams/{}/members/{}",
            organization_id,
            team_id,
            user_id,
            json=body(role=role),
        )

    async def delete_member_from_organization_team_by_id(
        self, organization_id: str, team_id: str, user_id: str
    ) -> None:
        await self._request(
            "DELETE", "/orgs/{}/teams/{}/members/{}", organization_id, team_id, user_id
        )
