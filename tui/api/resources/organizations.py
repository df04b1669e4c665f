"""Provides the operations of the organizations group."""

from __future__ import annotations

from typing import Any

from .._params import UNSET, Unset, body, query_params
from ..models import Organization, OrganizationsForEmailDomain, Page, SearchSpaceResult
from ._base import Resource

__all__ = ["OrganizationsResource"]


class OrganizationsResource(Resource):
    async def list_organizations_for_authenticated_user(
        self, *, page: str | Unset = UNSET, limit: int | Unset = UNSET
    ) -> Page[Organization]:
        return await self._request(
            "GET", "/orgs", params=query_params(page=page, limit=limit), result=Page[Organization]
        )

    async def get_organization_by_id(self, organization_id: str) -> Organization:
        return await self._request("GET", "/orgs/{}", organization_id, result=Organization)

    async def update_organization_by_id(
        self,
        organization_id: str,
        *,
        title: str | Unset = UNSET,
        email_domains: list[str] | Unset = UNSET,
        hostname: str | Unset | None = UNSET,
        default_role: str | Unset | None = UNSET,
        default_content: dict[str, Any] | Unset | None = UNSET,
        logo: str | Unset | None = UNSET,
        sso: bool | Unset = UNSET,
        ai: bool | Unset = UNSET,
        invite_links: bool | Unset = UNSET,
    ) -> Organization:
        return await self._request(
            "PATCH",
            "/orgs/{}",
            organization_id,
            json=body(
                title=title,
                email_domains=email_domains,
                hostname=hostname,
                default_role=default_role,
                default_content=default_content,
                logo=logo,
                sso=sso,
                ai=ai,
                invite_links=invite_links,
            ),
            result=Organization,
        )

    async def delete_organization_invite_by_id(self, organization_id: str, invite_id: str) -> None:
        await self._request("DELETE", "/orgs/{}/link-invites/{}", organization_id, invite_id)

    async def search_organization_content(
        self,
        organization_id: str,
        *,
        query: str,
        page: str | Unset = UNSET,
        limit: int | Unset = UNSET,
    ) -> Page[SearchSpaceResult]:
        """Pages of the organization's spaces matching ``query``."""
        return await self._request(
            "GET",
            "/orgs/{}/search",
            organization_id,
            params=query_params(query=query, page=page, limit=limit),
            result=Page[SearchSpaceResult],
        )

    async def get_organizations_for_email_domain(
        self, email_domain: str
    ) -> OrganizationsForEmailDomain:
        return await self._request(
            "GET", "/email-domains/{}/orgs", email_domain, result=OrganizationsForEmailDomain
        )
