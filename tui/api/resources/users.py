"""Provides the operations of the users group."""

from __future__ import annotations

from ..models import User
from ._base import Resource

__all__ = ["UsersResource"]


class UsersResource(Resource):
    async def get_authenticated_user(self) -> User:
        """The user the token belongs to."""
        return await self._request("GET", "/user", result=User)
