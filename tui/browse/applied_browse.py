"""Provides the re-reads that tell whether a write on spaces, collections or their content was applied.

The same shapes as ``tui.dialogs.applied`` (whose helpers they use): the spaces and
collections of a place, read whole with the cache bypassed, and a space's revision.
"""

from __future__ import annotations

from tui.api import Client
from tui.api.models import Collection, Space
from tui.browse.places import all_collections
from tui.dialogs.applied import PAGE

__all__ = ["collections_in", "new_revision", "space_revision", "spaces_in"]


# -- spaces, collections and their content ----------------------------------------------------


async def spaces_in(client: Client, organization_id: str, parent: str | None) -> list[Space]:
    """The spaces directly in a collection, or at the top of the organisation (``None``)."""
    if parent:
        listing = client.collections.list_spaces_in_collection_by_id
        return [s async for s in client.paginate(listing, parent, limit=PAGE)]
    return [
        s
        async for s in client.paginate(
            client.spaces.list_spaces_in_organization_by_id, organization_id, limit=PAGE
        )
        if not s.parent
    ]


async def collections_in(
    client: Client, organization_id: str, parent: str | None
) -> list[Collection]:
    """The collections directly in a collection, or at the top of the organisation."""
    return [c for c in await all_collections(client, organization_id) if c.parent == parent]


async def space_revision(client: Client, space_id: str) -> str | None:
    """The space's current revision: an import or a template moves it on."""
    return (await client.spaces.get_space_by_id(space_id)).revision


async def new_revision(client: Client, space_id: str, before: str | None) -> str | None:
    """The space's revision when it moved on from ``before`` (the write made one), else None."""
    now = await space_revision(client, space_id)
    return now if now and now != before else None
