"""Provides the operations of the sites group."""

from __future__ import annotations

from typing import Any

from .._params import UNSET, Unset, body, query_params
from ..models import (
    Page,
    PublishedContentSite,
    Site,
    SiteAdaptiveContent,
    SiteAdaptiveSchema,
    SiteAdaptiveTemplateConditions,
    UserSitePermission,
)
from ._base import Resource

__all__ = ["NEW_SPACE", "SitesResource"]

NEW_SPACE = "new"
"""Pass as ``spaces=`` to create_site to start the site with a new, empty space."""


class SitesResource(Resource):
    async def list_sites(
        self,
        organization_id: str,
        *,
        page: str | Unset = UNSET,
        limit: int | Unset = UNSET,
        space: str | Unset = UNSET,
        title: str | Unset = UNSET,
        published: bool | Unset = UNSET,
    ) -> Page[Site]:
        """Sites of the organization; ``space`` keeps those showing that space."""
        return await self._request(
            "GET",
            "/orgs/{}/sites",
            organization_id,
            params=query_params(
                page=page, limit=limit, space=space, title=title, published=published
            ),
            result=Page[Site],
        )

    async def create_site(
        self,
        organization_id: str,
        *,
        type: str | Unset = UNSET,
        title: str | Unset = UNSET,
        visibility: str | Unset = UNSET,
        spaces: list[str] | str | Unset = UNSET,
    ) -> Site:
        """Create a site showing ``spaces`` (their ids), or a new empty space (NEW_SPACE)."""
        return await self._request(
            "POST",
            "/orgs/{}/sites",
            organization_id,
            json=body(type=type, title=title, visibility=visibility, spaces=spaces),
            result=Site,
        )

    async def get_site_by_id(self, organization_id: str, site_id: str) -> Site:
        return await self._request(
            "GET", "/orgs/{}/sites/{}", organization_id, site_id, result=Site
        )

    async def delete_site_by_id(self, organization_id: str, site_id: str) -> None:
        await self._request("DELETE", "/orgs/{}/sites/{}", organization_id, site_id)

    async def update_site_by_id(
        self,
        organization_id: str,
        site_id: str,
        *,
        title: str | Unset = UNSET,
        visibility: str | Unset = UNSET,
        basename: str | Unset = UNSET,
        hostname: str | Unset | None = UNSET,
        adaptive_content: SiteAdaptiveContent | dict[str, Any] | Unset = UNSET,
        agents_context: str | Unset = UNSET,
        default_site_space: str | Unset = UNSET,
        default_site_section: str | Unset = UNSET,
        proxy: str | Unset | None = UNSET,
    ) -> Site:
        """Change a site's settings; ``proxy=None`` (or ``hostname=None``) removes it.

        ``proxy`` is an origin such as ``company.com/docs``; answers show it as
        ``{origin, target}``.
        """
        return await self._request(
            "PATCH",
            "/orgs/{}/sites/{}",
            organization_id,
            site_id,
            json=body(
                title=title,
                visibility=visibility,
                basename=basename,
                hostname=hostname,
                adaptive_content=adaptive_content,
                agents_context=agents_context,
                default_site_space=default_site_space,
                default_site_section=default_site_section,
                proxy=proxy,
            ),
            result=Site,
        )

    async def get_site_adaptive_schema(
        self, organization_id: str, site_id: str
    ) -> SiteAdaptiveSchema:
        return await self._request(
            "GET",
            "/orgs/{}/sites/{}/adaptive-schema",
            organization_id,
            site_id,
            result=SiteAdaptiveSchema,
        )

    async def update_site_adaptive_schema(
        self, organization_id: str, site_id: str, *, json_schema: dict[str, Any]
    ) -> SiteAdaptiveSchema:
        """Replace the visitor schema: an object of boolean claims, optionally ``unsigned`` ones."""
        return await self._request(
            "PUT",
            "/orgs/{}/sites/{}/adaptive-schema",
            organization_id,
            site_id,
            json=body(json_schema=json_schema),
            result=SiteAdaptiveSchema,
        )

    async def list_site_adaptive_template_conditions(
        self, organization_id: str, site_id: str
    ) -> SiteAdaptiveTemplateConditions:
        """Ready-made conditions, one per claim of the site's visitor schema."""
        return await self._request(
            "GET",
            "/orgs/{}/sites/{}/adaptive-schema/template-conditions",
            organization_id,
            site_id,
            result=SiteAdaptiveTemplateConditions,
        )

    async def get_published_content_site(
        self, organization_id: str, site_id: str, *, share_key: str | Unset = UNSET
    ) -> PublishedContentSite:
        """The site as published; ``share_key`` resolves the URLs of a share-link site."""
        return await self._request(
            "GET",
            "/orgs/{}/sites/{}/published",
            organization_id,
            site_id,
            params=query_params(share_key=share_key),
            result=PublishedContentSite,
        )

    async def list_permissions_aggregate_in_site(
        self,
        organization_id: str,
        site_id: str,
        *,
        page: str | Unset = UNSET,
        limit: int | Unset = UNSET,
    ) -> Page[UserSitePermission]:
        """Everyone who can reach the site, each with the space or organization that lets them."""
        return await self._request(
            "GET",
            "/orgs/{}/sites/{}/permissions/aggregate",
            organization_id,
            site_id,
            params=query_params(page=page, limit=limit),
            result=Page[UserSitePermission],
        )
