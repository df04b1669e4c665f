"""Provides the operations of the space permissions group (in ``_content_permissions``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._params import UNSET, Unset
from ..models import Page, Role, TeamContentPermission, UserContentPermission
from ._base import Resource
from ._content_permissions import SPACE, ContentPermissions

if TYPE_CHECKING:
    from ._base import Requester

__all__ = ["SpacePermissionsResource"]


class SpacePermissionsResource(Resource):
    """Who can reach a space: its users and teams, and everyone who reaches it at all."""

    def __init__(self, client: Requester) -> None:
        super().__init__(client)
        self._permissions = ContentPermissions(client, SPACE)

    async def invite_to_space(
        self,
        space_id: str,
        *,
        role: Role,
        users: list[str] | Unset = UNSET,
        teams: list[str] | Unset = UNSET,
    ) -> None:
        """Give users and teams (their ids; at least one of either) ``role`` in the space."""
        await self._permissions.invite(space_id, role=role, users=users, teams=teams)

    async def list_user_permissions_in_space(
        self, space_id: str, *, page: str | Unset = UNSET, limit: int | Unset = UNSET
    ) -> Page[UserContentPermission]:
        """The users added to the space itself, with their roles."""
        return await self._permissions.list_users(space_id, page=page, limit=limit)

    async def list_team_permissions_in_space(
        self, space_id: str, *, page: str | Unset = UNSET, limit: int | Unset = UNSET
    ) -> Page[TeamContentPermission]:
        """The teams added to the space, with their roles."""
        return await self._permissions.list_teams(space_id, page=page, limit=limit)

    async def list_permissions_aggregate_in_space(
        self,
        space_id: str,
        *,
        page: str | Unset = UNSET,
        limit: int | Unset = UNSET,
        role: Role | Unset = UNSET,
    ) -> Page[UserContentPermission]:
        """Everyone who can reach the space, however they came to; ``role`` keeps one role."""
        return await self._permissions.list_aggregate(space_id, page=page, limit=limit, role=role)

    async def update_user_permission_in_space(
        self, space_id: str, user_id: str, *, role: Role
    ) -> None:
        await self._permissions.update(space_id, "users", user_id, role=role)

    async def update_team_permission_in_space(
        self, space_id: str, team_id: str, *, role: Role
    ) -> None:
        await self._permissions.update(space_id, "teams", team_id, role=role)

    async def remove_user_from_space(self, space_id: str, user_id: str) -> None:
        await self._permissions.remove(space_id, "users", user_id)

    async def remove_team_from_space(self, space_id: str, team_id: str) -> None:
        await self._permissions.remove(space_id, "teams", team_id)
