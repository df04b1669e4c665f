"""Provides the operations of the collections group."""

from __future__ import annotations

from typing import Any

from .._params import UNSET, Unset, body, query_params
from ..models import Collection, Page, Space
from ._base import Resource

__all__ = ["CollectionsResource"]


class CollectionsResource(Resource):
    async def get_collection_by_id(self, collection_id: str) -> Collection:
        return await self._request("GET", "/collections/{}", collection_id, result=Collection)

    async def delete_collection_by_id(self, collection_id: str) -> None:
        await self._request("DELETE", "/collections/{}", collection_id)

    async def update_collection_by_id(
        self,
        collection_id: str,
        *,
        title: str | Unset = UNSET,
        description: str | Unset | None = UNSET,
        default_level: str | Unset | None = UNSET,
    ) -> Collection:
        return await self._request(
            "PATCH",
            "/collections/{}",
            collection_id,
            json=body(title=title, description=description, default_level=default_level),
            result=Collection,
        )

    async def list_spaces_in_collection_by_id(
        self, collection_id: str, *, page: str | Unset = UNSET, limit: int | Unset = UNSET
    ) -> Page[Space]:
        return await self._request(
            "GET",
            "/collections/{}/spaces",
            collection_id,
            params=query_params(page=page, limit=limit),
            result=Page[Space],
        )

    async def move_collection(
        self,
        collection_id: str,
        *,
        parent: str | Unset | None = UNSET,
        position: dict[str, Any] | Unset = UNSET,
    ) -> Collection:
        """Move under another collection (None: to the top) and/or before or after a sibling.

        ``position`` is ``{"before": {"type": "space", "space": id}}`` or the same with
        ``after``.
        """
        return await self._request(
            "POST",
            "/collections/{}/move",
            collection_id,
            json=body(parent=parent, position=position),
            result=Collection,
        )

    async def transfer_collection(self, collection_id: str, *, organization: str) -> Collection:
        return await self._request(
            "POST",
            "/collections/{}/transfer",
            collection_id,
            json=body(organization=organization),
            result=Collection,
        )

    async def list_collections_in_organization_by_id(
        self,
        organization_id: str,
        *,
        page: str | Unset = UNSET,
        limit: int | Unset = UNSET,
        nested: bool | Unset = UNSET,
    ) -> Page[Collection]:
        return await self._request(
            "GET",
            "/orgs/{}/collections",
            organization_id,
            params=query_params(page=page, limit=limit, nested=nested),
            result=Page[Collection],
        )

    async def create_collection(
        self,
        organization_id: str,
        *,
        title: str | Unset = UNSET,
        parent: str | Unset = UNSET,
    ) -> Collection:
        return await self._request(
            "POST",
            "/orgs/{}/collections",
            organization_id,
            json=body(title=title, parent=parent),
            result=Collection,
        )
