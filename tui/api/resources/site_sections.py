"""Provides the operations of the site sections group."""

from __future__ import annotations

from typing import Any

from .._params import UNSET, Unset, body, query_params
from ..models import Page, SiteSection
from ._base import Resource

__all__ = ["SiteSectionsResource"]


class SiteSectionsResource(Resource):
    async def list_site_sections(
        self,
        organization_id: str,
        site_id: str,
        *,
        share_key: str | Unset = UNSET,
        page: str | Unset = UNSET,
        limit: int | Unset = UNSET,
    ) -> Page[SiteSection]:
        return await self._request(
            "GET",
            "/orgs/{}/sites/{}/sections",
            organization_id,
            site_id,
            params=query_params(share_key=share_key, page=page, limit=limit),
            result=Page[SiteSection],
        )

    async def add_section_to_site(
        self,
        organization_id: str,
        site_id: str,
        *,
        space_id: str,
        title: str | Unset | None = UNSET,
        icon: str | Unset | None = UNSET,
    ) -> SiteSection:
        """Add a section whose first site space shows ``space_id``."""
        return await self._request(
            "POST",
            "/orgs/{}/sites/{}/sections",
            organization_id,
            site_id,
            json=body(space_id=space_id, title=title, icon=icon),
            result=SiteSection,
        )

    async def delete_site_section_by_id(
        self, organization_id: str, site_id: str, site_section_id: str
    ) -> None:
        await self._request(
            "DELETE", "/orgs/{}/sites/{}/sections/{}", organization_id, site_id, site_section_id
        )

    async def update_site_section_by_id(
        self,
        organization_id: str,
        site_id: str,
        site_section_id: str,
        *,
        title: str | Unset = UNSET,
        path: str | Unset = UNSET,
        default_site_space: str | Unset = UNSET,
        condition: str | Unset | None = UNSET,
        icon: str | Unset | None = UNSET,
        description: str | Unset | None = UNSET,
    ) -> SiteSection:
        """Change a section; ``condition``, ``icon`` and ``description`` are removed with None."""
        return await self._request(
            "PATCH",
            "/orgs/{}/sites/{}/sections/{}",
            organization_id,
            site_id,
            site_section_id,
            json=body(
                title=title,
                path=path,
                default_site_space=default_site_space,
                condition=condition,
                icon=icon,
                description=description,
            ),
            result=SiteSection,
        )

    async def move_site_section(
        self,
        organization_id: str,
        site_id: str,
        site_section_id: str,
        *,
        position: dict[str, Any] | Unset = UNSET,
    ) -> SiteSection:
        """Deprecated by the API. Move before or after another section (to the end without one).

        ``position`` is ``{"before": {"type": "site-section", "siteSection": id}}`` or the
        same with ``after``.
        """
        return await self._request(
            "POST",
            "/orgs/{}/sites/{}/sections/{}/move",
            organization_id,
            site_id,
            site_section_id,
            json=body(position=position),
            result=SiteSection,
        )
