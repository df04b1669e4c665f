"""Provides the operations of the spaces group."""

from __future__ import annotations

from typing import Any

from .._params import UNSET, Unset, body, query_params
from ..models import ContentLinks, Page, Space
from ._base import Resource

__all__ = ["SpacesResource"]


class SpacesResource(Resource):
    async def get_space_by_id(self, space_id: str, *, share_key: str | Unset = UNSET) -> Space:
        return await self._request(
            "GET", "/spaces/{}", space_id, params=query_params(share_key=share_key), result=Space
        )

    async def delete_space_by_id(self, space_id: str) -> None:
        """Move the space to the trash; it can be restored for 7 days."""
        await self._request("DELETE", "/spaces/{}", space_id)

    async def update_space_by_id(
        self,
        space_id: str,
        *,
        title: str | Unset = UNSET,
        emoji: str | Unset | None = UNSET,
        visibility: str | Unset = UNSET,
        edit_mode: str | Unset = UNSET,
        default_level: str | Unset | None = UNSET,
        language: str | Unset = UNSET,
    ) -> Space:
        """Change the space's settings; ``edit_mode="locked"`` blocks every content edit.

        ``default_level`` is a role, ``"inherit"``, or None for guests; ``emoji=None``
        removes the emoji.
        """
        return await self._request(
            "PATCH",
            "/spaces/{}",
            space_id,
            json=body(
                title=title,
                emoji=emoji,
                visibility=visibility,
                edit_mode=edit_mode,
                default_level=default_level,
                language=language,
            ),
            result=Space,
        )

    async def duplicate_space(self, space_id: str) -> Space:
        """A copy of the space and its content, next to it, titled "Copy of …"."""
        return await self._request("POST", "/spaces/{}/duplicate", space_id, result=Space)

    async def restore_space(self, space_id: str) -> Space:
        """Bring a deleted space back from the trash (within 7 days of its deletion)."""
        return await self._request("POST", "/spaces/{}/restore", space_id, result=Space)

    async def move_space(
        self,
        space_id: str,
        *,
        parent: str | Unset | None = UNSET,
        position: dict[str, Any] | Unset = UNSET,
    ) -> Space:
        """Move into a collection (None: to the top) and/or before or after a sibling.

        ``position`` is ``{"before": {"type": "space", "space": id}}`` or the same with
        ``after``.
        """
        return await self._request(
            "POST",
            "/spaces/{}/move",
            space_id,
            json=body(parent=parent, position=position),
            result=Space,
        )

    async def transfer_space(self, space_id: str, *, organization: str) -> Space:
        """Move the space to the top level of another organization."""
        return await self._request(
            "POST",
            "/spaces/{}/transfer",
            space_id,
            json=body(organization=organization),
            result=Space,
        )

    async def list_space_links(
        self,
        space_id: str,
        *,
        page: str | Unset = UNSET,
        limit: int | Unset = UNSET,
        status: str | Unset = UNSET,
    ) -> ContentLinks:
        """The link targets of the space's pages; ``status`` keeps ok, broken or in-app ones."""
        return await self._request(
            "GET",
            "/spaces/{}/links",
            space_id,
            params=query_params(page=page, limit=limit, status=status),
            result=ContentLinks,
        )

    async def list_spaces_in_organization_by_id(
        self, organization_id: str, *, page: str | Unset = UNSET, limit: int | Unset = UNSET
    ) -> Page[Space]:
        return await self._request(
            "GET",
            "/orgs/{}/spaces",
            organization_id,
            params=query_params(page=page, limit=limit),
            result=Page[Space],
        )

    async def create_space(
        self,
        organization_id: str,
        *,
        title: str | Unset = UNSET,
        emoji: str | Unset = UNSET,
        parent: str | Unset = UNSET,
        language: str | Unset = UNSET,
        edit_mode: str | Unset = UNSET,
        template: dict[str, Any] | Unset = UNSET,
    ) -> Space:
        """A new space at the top of the organization, or in the collection ``parent``.

        ``template`` is ``{"id": template_id, "params": {...}}`` to start from a template.
        """
        return await self._request(
            "POST",
            "/orgs/{}/spaces",
            organization_id,
            json=body(
                title=title,
                emoji=emoji,
                parent=parent,
                language=language,
                edit_mode=edit_mode,
                template=template,
            ),
            result=Space,
        )
