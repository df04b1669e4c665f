"""Provides the operations of the teams group."""

from __future__ import annotations

from .._params import UNSET, Unset, body, query_params
from ..models import Page, Team
from ._base import Resource

__all__ = ["TeamsResource"]


class TeamsResource(Resource):
    async def list_teams_in_organization_by_id(
        self,
        organization_id: str,
        *,
        page: str | Unset = UNSET,
        limit: int | Unset = UNSET,
        owner: str | Unset = UNSET,
        title: str | Unset = UNSET,
    ) -> Page[Team]:
        """Teams; ``owner`` (a user id) keeps those that user can manage, ``title`` those
        whose title contains it, in any case."""
        return await self._request(
            "GET",
            "/orgs/{}/teams",
            organization_id,
            params=query_params(page=page, limit=limit, owner=owner, title=title),
            result=Page[Team],
        )

    async def create_organization_team(
        self,
        organization_id: str,
        *,
        title: str,
        members: list[str] | Unset = UNSET,
    ) -> Team:
        """Create a team; ``members`` are user ids or e-mails of organization members."""
        return await self._request(
            "PUT",
            "/orgs/{}/teams",
            organization_id,
            json=body(title=title, members=members),
            result=Team,
        )

    async def get_team_in_organization_by_id(self, organization_id: str, team_id: str) -> Team:
        return await self._request(
            "GET", "/orgs/{}/teams/{}", organization_id, team_id, result=Team
        )

    async def remove_team_from_organization_by_id(self, organization_id: str, team_id: str) -> None:
        await self._request("DELETE", "/orgs/{}/teams/{}", organization_id, team_id)

    async def update_team_in_organization_by_id(
        self, organization_id: str, team_id: str, *, title: str
    ) -> Team:
        return await self._request(
            "PATCH",
            "/orgs/{}/teams/{}",
            organization_id,
            team_id,
            json=body(title=title),
            result=Team,
        )
