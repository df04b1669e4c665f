"""Provides the route of the current user."""

from __future__ import annotations

from typing import Any

from ..http import Ctx, RouteTable
from ..records import user_json

routes = RouteTable()


@routes.get("/v1/user")
def get_authenticated_user(ctx: Ctx) -> dict[str, Any]:
    return user_json(ctx, ctx.caller)
