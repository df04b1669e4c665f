"""Provides the operations of the openapi group: OpenAPI specifications of an organization."""

from __future__ import annotations

from typing import Any

from .._params import UNSET, Unset, body, query_params
from ..models import OpenAPISpec, OpenAPISpecSource, Page
from ._base import Resource

__all__ = ["OpenAPIResource"]

Source = OpenAPISpecSource | dict[str, Any]


class OpenAPIResource(Resource):
    async def list_openapi_specs(
        self, organization_id: str, *, page: str | Unset = UNSET, limit: int | Unset = UNSET
    ) -> Page[OpenAPISpec]:
        return await self._request(
            "GET",
            "/orgs/{}/openapi",
            organization_id,
            params=query_params(page=page, limit=limit),
            result=Page[OpenAPISpec],
        )

    async def create_openapi_spec(
        self, organization_id: str, *, slug: str, source: Source
    ) -> OpenAPISpec:
        """Create a specification from ``{"url": ...}`` or ``{"text": ...}``.

        Its first version starts ``pending`` and is processed shortly after.
        """
        return await self._request(
            "POST",
            "/orgs/{}/openapi",
            organization_id,
            json=body(slug=slug, source=source),
            result=OpenAPISpec,
        )

    async def get_openapi_spec_by_slug(self, organization_id: str, spec_slug: str) -> OpenAPISpec:
        return await self._request(
            "GET", "/orgs/{}/openapi/{}", organization_id, spec_slug, result=OpenAPISpec
        )

    async def create_or_update_openapi_spec_by_slug(
        self, organization_id: str, spec_slug: str, *, source: Source
    ) -> OpenAPISpec:
        """Give the specification a new source (a new version), creating it if needed."""
        return await self._request(
            "PUT",
            "/orgs/{}/openapi/{}",
            organization_id,
            spec_slug,
            json=body(source=source),
            result=OpenAPISpec,
        )

    async def delete_openapi_spec_by_slug(self, organization_id: str, spec_slug: str) -> None:
        await self._request("DELETE", "/orgs/{}/openapi/{}", organization_id, spec_slug)

    async def update_openapi_spec_by_slug(
        self, organization_id: str, spec_slug: str, *, visibility: str
    ) -> OpenAPISpec:
        """Make the specification ``private`` or ``public``."""
        return await self._request(
            "PATCH",
            "/orgs/{}/openapi/{}",
            organization_id,
            spec_slug,
            json=body(visibility=visibility),
            result=OpenAPISpec,
        )
