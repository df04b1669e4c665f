"""Provides the operations of the organization members group."""

from __future__ import annotations

from .._params import UNSET, Unset, body, query_params
from ..models import Member, MemberSpace, MemberTeam, Page, PingResult
from ._base import Resource

__all__ = ["OrganizationMembersResource"]


class OrganizationMembersResource(Resource):
    async def list_members_in_organization_by_id(
        self,
        organization_id: str,
        *,
        page: str | Unset = UNSET,
        limit: int | Unset = UNSET,
        order: str | Unset = UNSET,
        role: str | Unset = UNSET,
        search: str | Unset = UNSET,
        sort: str | Unset = UNSET,
    ) -> Page[Member]:
        """Members, newest first unless ``order="asc"``.

        ``role`` filters by role (``"guest"`` for guests); ``search`` matches display names and
        e-mails; ``sort="lastSeenAt"`` lists only members who have been seen.
        """
        return await self._request(
            "GET",
            "/orgs/{}/members",
            organization_id,
            params=query_params(
                page=page, limit=limit, order=order, role=role, search=search, sort=sort
            ),
            result=Page[Member],
        )

    async def get_member_in_organization_by_id(self, organization_id: str, user_id: str) -> Member:
        return await self._request(
            "GET", "/orgs/{}/members/{}", organization_id, user_id, result=Member
        )

    async def remove_member_from_organization_by_id(
        self, organization_id: str, user_id: str
    ) -> None:
        """Remove a member, and with them their places in the organization's teams."""
        await self._request("DELETE", "/orgs/{}/members/{}", organization_id, user_id)

    async def update_member_in_organization_by_id(
        self,
        organization_id: str,
        user_id: str,
        *,
        role: str | Unset | None = UNSET,
    ) -> Member:
        """Change a member's role; None makes them a guest."""
        return await self._request(
            "PATCH",
            "/orgs/{}/members/{}",
            organization_id,
            user_id,
            json=body(role=role),
            result=Member,
        )

    async def update_organization_member_last_seen_at(self, organization_id: str) -> PingResult:
        """Tell the service the caller is active in the organization now."""
        return await self._request("POST", "/orgs/{}/ping", organization_id, result=PingResult)

    async def set_user_as_sso_member_for_organization(
        self, organization_id: str, user_id: str
    ) -> Member:
        return await self._request(
            "POST", "/orgs/{}/members/{}/sso", organization_id, user_id, result=Member
        )

    async def list_spaces_for_organization_member(
        self,
        organization_id: str,
        user_id: str,
        *,
        page: str | Unset = UNSET,
        limit: int | Unset = UNSET,
        order: str | Unset = UNSET,
    ) -> Page[MemberSpace]:
        return await self._request(
            "GET",
            "/orgs/{}/members/{}/spaces",
            organization_id,
            user_id,
            params=query_params(page=page, limit=limit, order=order),
            result=Page[MemberSpace],
        )

    async def list_teams_for_organization_member(
        self,
        organization_id: str,
        user_id: str,
        *,
        page: str | Unset = UNSET,
        limit: int | Unset = UNSET,
        title: str | Unset = UNSET,
    ) -> Page[MemberTeam]:
        """The member's teams; ``title`` keeps those whose title contains it, in any case."""
        return await self._request(
            "GET",
            "/orgs/{}/members/{}/teams",
            organization_id,
            user_id,
            params=query_params(page=page, limit=limit, title=title),
            result=Page[MemberTeam],
        )
