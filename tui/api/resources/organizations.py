"""Provides the operations of the organizations group."""

from __future__ import annotations

from typing import Any, cast

from .._params import UNSET, Unset, body, query_params
from ..models import (
    InviteEmail,
    InviteLink,
    InviteUsersResult,
    Organization,
    OrganizationsForEmailDomain,
    Page,
    Role,
    SearchSpaceResult,
)
from ._base import Resource
from ._roles import check_role

__all__ = ["OrganizationsResource"]

# InviteLink is a union, not a class: the request's ``result`` takes it as the type it parses to.
_INVITE_LINK = cast("type[InviteLink]", InviteLink)


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

    async def invite_users_to_organization(
        self,
        organization_id: str,
        *,
        emails: list[str | InviteEmail],
        role: Role | Unset | None = UNSET,
        sso: bool | Unset = UNSET,
    ) -> InviteUsersResult:
        """Invite people by e-mail address, each with ``role`` (None: as guests) unless an
        InviteEmail gives them their own; ``sso=True`` invites them as SSO users."""
        check_role(role)
        for email in emails:
            if isinstance(email, InviteEmail):
                check_role(email.role, field=f"role of {email.email}")
        return await self._request(
            "POST",
            "/orgs/{}/invites",
            organization_id,
            json=body(emails=emails, role=role, sso=sso),
            result=InviteUsersResult,
        )

    async def list_organization_invite_links(
        self, organization_id: str, *, page: str | Unset = UNSET, limit: int | Unset = UNSET
    ) -> Page[InviteLink]:
        return await self._request(
            "GET",
            "/orgs/{}/link-invites",
            organization_id,
            params=query_params(page=page, limit=limit),
            result=Page[InviteLink],
        )

    async def create_organization_invite(
        self,
        organization_id: str,
        *,
        role: Role | Unset | None = UNSET,
        level: Role | Unset | None = UNSET,
        space: str | Unset = UNSET,
        collection: str | Unset = UNSET,
    ) -> InviteLink:
        """Create an invite link: to the organization with ``role``, or with ``level`` in one
        ``space`` or one ``collection`` (their ids). None is a guest's role or level.

        Any other combination is a ValueError, raised before anything is sent.
        """
        to_content = not isinstance(space, Unset) or not isinstance(collection, Unset)
        if not isinstance(space, Unset) and not isinstance(collection, Unset):
            raise ValueError("an invite link leads to a space or to a collection, not both")
        if to_content == isinstance(level, Unset) or to_content != isinstance(role, Unset):
            raise ValueError(
                "give role= for an invite to the organization, or level= with space= or "
                "collection= for an invite to one of them"
            )
        check_role(role)
        check_role(level, field="level")
        return await self._request(
            "POST",
            "/orgs/{}/link-invites",
            organization_id,
            json=body(role=role, level=level, space=space, collection=collection),
            result=_INVITE_LINK,
        )

    async def get_organization_invite_link(
        self, organization_id: str, invite_id: str
    ) -> InviteLink:
        return await self._request(
            "GET", "/orgs/{}/link-invites/{}", organization_id, invite_id, result=_INVITE_LINK
        )

    async def update_organization_invite_by_id(
        self,
        organization_id: str,
        invite_id: str,
        *,
        role: Role | Unset | None = UNSET,
        level: Role | Unset | None = UNSET,
    ) -> InviteLink:
        """Change the ``role`` of an invite to the organization, or the ``level`` of an invite
        to a space or a collection (exactly one of them: else a ValueError, nothing sent)."""
        if isinstance(role, Unset) == isinstance(level, Unset):
            raise ValueError("give either role= (an invite to the organization) or level=")
        check_role(role)
        check_role(level, field="level")
        return await self._request(
            "PATCH",
            "/orgs/{}/link-invites/{}",
            organization_id,
            invite_id,
            json=body(role=role, level=level),
            result=_INVITE_LINK,
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
