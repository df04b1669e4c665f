"""Provides the operations of the sso group."""

from __future__ import annotations

from .._params import UNSET, Unset, body, query_params
from ..models import Page, SamlProvider, SSOProviderLogins
from ._base import Resource

__all__ = ["SSOResource"]


class SSOResource(Resource):
    async def list_saml_providers_in_organization_by_id(
        self, organization_id: str, *, page: str | Unset = UNSET, limit: int | Unset = UNSET
    ) -> Page[SamlProvider]:
        return await self._request(
            "GET",
            "/orgs/{}/saml",
            organization_id,
            params=query_params(page=page, limit=limit),
            result=Page[SamlProvider],
        )

    async def create_organization_saml_provider(
        self,
        organization_id: str,
        *,
        label: str,
        entity_id: str | Unset = UNSET,
        certificate: str | Unset = UNSET,
        sso_url: str | Unset = UNSET,
        default_team: str | Unset = UNSET,
        default_role: str | Unset | None = UNSET,
    ) -> SamlProvider:
        """Add a SAML provider; ``default_team`` is a team id, ``default_role`` None makes
        people who join through it guests."""
        return await self._request(
            "POST",
            "/orgs/{}/saml",
            organization_id,
            json=body(
                label=label,
                entity_id=entity_id,
                certificate=certificate,
                sso_url=sso_url,
                default_team=default_team,
                default_role=default_role,
            ),
            result=SamlProvider,
        )

    async def get_organization_saml_provider_by_id(
        self, organization_id: str, saml_provider_id: str
    ) -> SamlProvider:
        return await self._request(
            "GET", "/orgs/{}/saml/{}", organization_id, saml_provider_id, result=SamlProvider
        )

    async def delete_organization_saml_provider(
        self, organization_id: str, saml_provider_id: str
    ) -> None:
        await self._request("DELETE", "/orgs/{}/saml/{}", organization_id, saml_provider_id)

    async def update_organization_saml_provider(
        self,
        organization_id: str,
        saml_provider_id: str,
        *,
        label: str | Unset = UNSET,
        entity_id: str | Unset = UNSET,
        certificate: str | Unset = UNSET,
        sso_url: str | Unset = UNSET,
        default_team: str | Unset | None = UNSET,
        default_role: str | Unset | None = UNSET,
    ) -> SamlProvider:
        """Change a provider: omitted fields keep their value; ``default_team=None`` removes
        the default team."""
        return await self._request(
            "PATCH",
            "/orgs/{}/saml/{}",
            organization_id,
            saml_provider_id,
            json=body(
                label=label,
                entity_id=entity_id,
                certificate=certificate,
                sso_url=sso_url,
                default_team=default_team,
                default_role=default_role,
            ),
            result=SamlProvider,
        )

    async def list_sso_provider_logins_in_organization(
        self, organization_id: str
    ) -> SSOProviderLogins:
        """The ways to sign in to the organization with SSO (active providers only)."""
        return await self._request("GET", "/orgs/{}/sso", organization_id, result=SSOProviderLogins)
