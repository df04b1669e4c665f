"""Provides the operations of the translations group: translations of spaces in an organization."""

from __future__ import annotations

from typing import Any

from .._params import UNSET, Unset, body, query_params
from ..models import Page, Translation, TranslationSource
from ._base import Resource

__all__ = ["TranslationsResource"]


class TranslationsResource(Resource):
    async def list_translations(
        self, organization_id: str, *, page: str | Unset = UNSET, limit: int | Unset = UNSET
    ) -> Page[Translation]:
        return await self._request(
            "GET",
            "/orgs/{}/translations",
            organization_id,
            params=query_params(page=page, limit=limit),
            result=Page[Translation],
        )

    async def create_translation(
        self,
        organization_id: str,
        *,
        language: str,
        source: TranslationSource | dict[str, Any],
        instructions: dict[str, Any] | Unset = UNSET,
    ) -> Translation:
        """Translate ``source`` (``{"space": id, "language": code}``) into ``language``.

        ``instructions`` is a document (``{"object": "document", "data": {}, "nodes": [...]}``).
        """
        return await self._request(
            "POST",
            "/orgs/{}/translations",
            organization_id,
            json=body(language=language, source=source, instructions=instructions),
            result=Translation,
        )

    async def get_translation(self, organization_id: str, translation_id: str) -> Translation:
        return await self._request(
            "GET", "/orgs/{}/translations/{}", organization_id, translation_id, result=Translation
        )

    async def update_translation(
        self, organization_id: str, translation_id: str, *, instructions: dict[str, Any]
    ) -> Translation:
        return await self._request(
            "PUT",
            "/orgs/{}/translations/{}",
            organization_id,
            translation_id,
            json=body(instructions=instructions),
            result=Translation,
        )

    async def delete_translation(self, organization_id: str, translation_id: str) -> None:
        await self._request("DELETE", "/orgs/{}/translations/{}", organization_id, translation_id)

    async def run_translation(self, organization_id: str, translation_id: str) -> None:
        """Start a new run; the translation's ``status`` tells when it has completed."""
        await self._request("POST", "/orgs/{}/translations/{}/run", organization_id, translation_id)
