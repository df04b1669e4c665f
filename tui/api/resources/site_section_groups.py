"""Provides the operations of the site section groups group."""

from __future__ import annotations

from typing import Any

from .._params import UNSET, Unset, body, query_params
from ..models import Page, SiteSectionGroup
from ._base import Resource

__all__ = ["SiteSectionGroupsResource"]


class SiteSectionGroupsResource(Resource):
    async def list_site_section_groups(
        self,
        organization_id: str,
        site_id: str,
        *,
        page: str | Unset = UNSET,
        limit: int | Unset = UNSET,
    ) -> Page[SiteSectionGroup]:
        return await self._request(
            "GET",
            "/orgs/{}/sites/{}/section-groups",
            organization_id,
            site_id,
            params=query_params(page=page, limit=limit),
            result=Page[SiteSectionGroup],
        )

    async def add_section_group_to_site(
        self,
        organization_id: str,
        site_id: str,
        *,
        title: str,
        icon: str | Unset | None = UNSET,
        sections: list[str] | Unset = UNSET,
    ) -> SiteSectionGroup:
        """Group sections (their ids) under a title."""
        return await self._request(
            "POST",
            "/orgs/{}/sites/{}/section-groups",
            organization_id,
            site_id,
            json=body(title=title, icon=icon, sections=sections),
            result=SiteSectionGroup,
        )

    async def delete_site_section_group_by_id(
        self, organization_id: str, site_id: str, site_section_group_id: str
    ) -> None:
        """Remove the group; its sections stay on the site, ungrouped."""
        await self._request(
            "DELETE",
            "/orgs/{}/sites/{}/section-groups/{}",
            organization_id,
            site_id,
            site_section_group_id,
        )

    async def update_site_section_group_by_id(
        self,
        organization_id: str,
        site_id: str,
        site_section_group_id: str,
        *,
        title: str | Unset = UNSET,
        icon: str | Unset | None = UNSET,
    ) -> SiteSectionGroup:
        return await self._request(
            "PATCH",
            "/orgs/{}/sites/{}/section-groups/{}",
            organization_id,
            site_id,
            site_section_group_id,
            json=body(title=title, icon=icon),
            result=SiteSectionGroup,
        )

    async def add_section_to_group(
        self, organization_id: str, site_id: str, site_section_group_id: str, *, section_id: str
    ) -> SiteSectionGroup:
        return await self._request(
            "POST",
            "/orgs/{}/sites/{}/section-groups/{}/sections",
            organization_id,
            site_id,
            site_section_group_id,
            json=body(section_id=section_id),
            result=SiteSectionGroup,
        )

    async def remove_section_from_group(
        self,
        organization_id: str,
        site_id: str,
        site_section_group_id: str,
        site_section_id: str,
    ) -> None:
        """Take a section out of the group (done already when it was not in it)."""
        await self._request(
            "DELETE",
            "/orgs/{}/sites/{}/section-groups/{}/sections/{}",
            organization_id,
            site_id,
            site_section_group_id,
            site_section_id,
        )

    async def move_site_section_group(
        self,
        organization_id: str,
        site_id: str,
        site_section_group_id: str,
        *,
        position: dict[str, Any] | Unset = UNSET,
    ) -> SiteSectionGroup:
        """Deprecated by the API. Move before or after a section or group of the top level.

        ``position`` is ``{"before": {"type": "site-section", "id": id}}`` (or type
        ``site-section-group``), or the same with ``after``.
        """
        return await self._request(
            "POST",
            "/orgs/{}/sites/{}/section-groups/{}/move",
            organization_id,
            site_id,
            site_section_group_id,
            json=body(position=position),
            result=SiteSectionGroup,
        )
