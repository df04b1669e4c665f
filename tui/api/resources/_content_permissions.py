"""Provides ContentPermissions: who can reach a space or a collection, written once for both.

The API has the same permission operations below ``/spaces/{spaceId}`` and
``/collections/{collectionId}``. The two public resource groups keep their own method names (those
of operations.tsv) and hand their work to one ``ContentPermissions`` with the path prefix.

A role here is never None: the official document types it as a role or null (a guest), but a
guest's null gives nothing on a space or a collection, and the local service refuses it; the
client refuses it first, with the same words as any other role outside the enum.

Their cached lists need no rule of their own: every write here carries the space's (or the
collection's) id in its path, and the client's cache marks stale every list fetched below that id.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from .._params import UNSET, Unset, body, query_params
from ..errors import BadRequestError
from ..models import Page, Role, TeamContentPermission, UserContentPermission
from ._roles import check_role

if TYPE_CHECKING:
    from ._base import Requester

__all__ = ["COLLECTION", "SPACE", "ContentPermissions", "Grantee"]

SPACE = "/spaces/{}"
COLLECTION = "/collections/{}"

Grantee = Literal["users", "teams"]
"""Whose permission an operation changes: a user's or a team's (the path segment)."""


class ContentPermissions:
    """The permission operations below one prefix (SPACE or COLLECTION)."""

    def __init__(self, client: Requester, prefix: str) -> None:
        self._request = client.request
        self._prefix = prefix

    async def invite(
        self,
        content_id: str,
        *,
        role: Role,
        users: list[str] | Unset = UNSET,
        teams: list[str] | Unset = UNSET,
    ) -> None:
        check_role(role, guest=False)
        if not users and not teams:
            # The API asks for at least one user or one team.
            raise BadRequestError("Choose at least one user or team to invite. Nothing was sent.")
        await self._request(
            "POST",
            self._prefix + "/permissions",
            content_id,
            json=body(role=role, users=users, teams=teams),
        )

    async def list_users(
        self, content_id: str, *, page: str | Unset, limit: int | Unset
    ) -> Page[UserContentPermission]:
        return await self._request(
            "GET",
            self._prefix + "/permissions/users",
            content_id,
            params=query_params(page=page, limit=limit),
            result=Page[UserContentPermission],
        )

    async def list_teams(
        self, content_id: str, *, page: str | Unset, limit: int | Unset
    ) -> Page[TeamContentPermission]:
        return await self._request(
            "GET",
            self._prefix + "/permissions/teams",
            content_id,
            params=query_params(page=page, limit=limit),
            result=Page[TeamContentPermission],
        )

    async def list_aggregate(
        self, content_id: str, *, page: str | Unset, limit: int | Unset, role: Role | Unset
    ) -> Page[UserContentPermission]:
        check_role(role, guest=False)
        return await self._request(
            "GET",
            self._prefix + "/permissions/aggregate",
            content_id,
            params=query_params(page=page, limit=limit, role=role),
            result=Page[UserContentPermission],
        )

    async def update(self, content_id: str, kind: Grantee, member_id: str, *, role: Role) -> None:
        """Change the role of a user (``kind="users"``) or a team (``kind="teams"``)."""
        check_role(role, guest=False)
        await self._request(
            "PATCH",
            self._prefix + f"/permissions/{kind}/{{}}",
            content_id,
            member_id,
            json=body(role=role),
        )

    async def remove(self, content_id: str, kind: Grantee, member_id: str) -> None:
        await self._request(
            "DELETE", self._prefix + f"/permissions/{kind}/{{}}", content_id, member_id
        )
