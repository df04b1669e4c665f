"""Provides the operations of the site spaces group."""

from __future__ import annotations

from typing import Any

from .._params import UNSET, Unset, body, query_params
from ..models import Page, SiteSpace
from ._base import Resource

__all__ = ["SiteSpacesResource"]


class SiteSpacesResource(Resource):
    async def list_site_spaces(
        self,
        organization_id: str,
        site_id: str,
        *,
        share_key: str | Unset = UNSET,
        page: str | Unset = UNSET,
        limit: int | Unset = UNSET,
        default: bool | Unset = UNSET,
    ) -> Page[SiteSpace]:
        """Site spaces in site order; ``default`` keeps only the default ones (or the others)."""
        return await self._request(
            "GET",
            "/orgs/{}/sites/{}/site-spaces",
            organization_id,
            site_id,
            params=query_params(share_key=share_key, page=page, limit=limit, default=default),
            result=Page[SiteSpace],
        )

    async def add_space_to_site(
        self,
        organization_id: str,
        site_id: str,
        *,
        space_id: str,
        section_id: str | Unset = UNSET,
    ) -> SiteSpace:
        """Show a space on the site: in ``section_id``, else the default section, else the root."""
        return await self._request(
            "POST",
            "/orgs/{}/sites/{}/site-spaces",
            organization_id,
            site_id,
            json=body(space_id=space_id, section_id=section_id),
            result=SiteSpace,
        )

    async def delete_site_space_by_id(
        self, organization_id: str, site_id: str, site_space_id: str
    ) -> None:
        await self._request(
            "DELETE", "/orgs/{}/sites/{}/site-spaces/{}", organization_id, site_id, site_space_id
        )

    async def update_site_space_by_id(
        self,
        organization_id: str,
        site_id: str,
        site_space_id: str,
        *,
        path: str | Unset = UNSET,
        condition: str | Unset | None = UNSET,
        space_id: str | Unset = UNSET,
    ) -> SiteSpace:
        """Change a site space; ``condition=None`` removes its condition."""
        return await self._request(
            "PATCH",
            "/orgs/{}/sites/{}/site-spaces/{}",
            organization_id,
            site_id,
            site_space_id,
            json=body(path=path, condition=condition, space_id=space_id),
            result=SiteSpace,
        )

    async def move_site_space(
        self,
        organization_id: str,
        site_id: str,
        site_space_id: str,
        *,
        position: dict[str, Any] | Unset = UNSET,
    ) -> SiteSpace:
        """Move before or after a sibling site space (to the end without a position).

        ``position`` is ``{"before": {"type": "site-space", "siteSpace": id}}`` or the same
        with ``after``.
        """
        return await self._request(
            "POST",
            "/orgs/{}/sites/{}/site-spaces/{}/move",
            organization_id,
            site_id,
            site_space_id,
            json=body(position=position),
            result=SiteSpace,
        )
