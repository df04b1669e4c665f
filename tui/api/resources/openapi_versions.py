"""Provides the operations of the openapi versions group: stored snapshots of a specification."""

from __future__ import annotations

from .._params import UNSET, Unset, query_params
from ..models import OpenAPISpecContent, OpenAPISpecVersion, Page
from ._base import Resource

__all__ = ["OpenAPIVersionsResource"]


class OpenAPIVersionsResource(Resource):
    async def list_openapi_spec_versions(
        self,
        organization_id: str,
        spec_slug: str,
        *,
        page: str | Unset = UNSET,
        limit: int | Unset = UNSET,
    ) -> Page[OpenAPISpecVersion]:
        return await self._request(
            "GET",
            "/orgs/{}/openapi/{}/versions",
            organization_id,
            spec_slug,
            params=query_params(page=page, limit=limit),
            result=Page[OpenAPISpecVersion],
        )

    async def get_latest_openapi_spec_version(
        self, organization_id: str, spec_slug: str
    ) -> OpenAPISpecVersion:
        """The latest processed version (NotFoundError while none is processed)."""
        return await self._request(
            "GET",
            "/orgs/{}/openapi/{}/versions/latest",
            organization_id,
            spec_slug,
            result=OpenAPISpecVersion,
        )

    async def get_latest_openapi_spec_version_content(
        self, organization_id: str, spec_slug: str
    ) -> OpenAPISpecContent:
        return await self._request(
            "GET",
            "/orgs/{}/openapi/{}/versions/latest/content",
            organization_id,
            spec_slug,
            result=OpenAPISpecContent,
        )

    async def get_openapi_spec_version_by_id(
        self, organization_id: str, spec_slug: str, version_id: str
    ) -> OpenAPISpecVersion:
        return await self._request(
            "GET",
            "/orgs/{}/openapi/{}/versions/{}",
            organization_id,
            spec_slug,
            version_id,
            result=OpenAPISpecVersion,
        )

    async def get_openapi_spec_version_content_by_id(
        self, organization_id: str, spec_slug: str, version_id: str
    ) -> OpenAPISpecContent:
        return await self._request(
            "GET",
            "/orgs/{}/openapi/{}/versions/{}/content",
            organization_id,
            spec_slug,
            version_id,
            result=OpenAPISpecContent,
        )
