"""Provides the routes of the spaces family (being written)."""

from __future__ import annotations

from ..http import Ctx, RouteTable
from ..store import Doc

routes = RouteTable()


def soft_delete_space(ctx: Ctx, space: Doc) -> None:
    """Move a space to its organization's trash, restorable for 7 days."""
    space["deletedAt"] = ctx.now()
    ctx.store.put(
        "space",
        space,
        scope=f"trash:{space['organization']}",
        parent=f"trash:{space['parent']}" if space.get("parent") else None,
    )
