"""Provides where things can go and what a collection holds, as the dialogs need to tell them."""

from __future__ import annotations

from dataclasses import dataclass, field

from tui.core import text

from ..api import Client
from ..api.models import Collection, Space

__all__ = [
    "CollectionContents",
    "Place",
    "all_collections",
    "collection_contents",
    "descendants",
    "places",
]

_PAGE = 100


@dataclass(frozen=True)
class Place:
    """Somewhere an item can be put: a collection, or the top of the organisation (id None)."""

    id: str | None
    label: str
    """The path of titles, made safe to show: ``Product › Guides``."""
    depth: int = 0


async def all_collections(client: Client, organization_id: str) -> list[Collection]:
    """Every collection of the organisation, nested ones included."""
    return [
        collection
        async for collection in client.paginate(
            client.collections.list_collections_in_organization_by_id,
            organization_id,
            limit=_PAGE,
        )
    ]


def descendants(collections: list[Collection], collection_id: str) -> list[Collection]:
    """The collections nested under one, at any depth."""
    found: list[Collection] = []
    wanted = [collection_id]
    while wanted:
        parent = wanted.pop()
        children = [c for c in collections if c.parent == parent]
        found.extend(children)
        wanted.extend(c.id for c in children)
    return found


def places(collections: list[Collection], top: str) -> list[Place]:
    """The top of the organisation, then every collection in tree order with its path."""
    known = {c.id for c in collections}
    result = [Place(None, top)]

    def visit(parent: str | None, trail: list[str]) -> None:
        for collection in collections:
            # A collection whose parent is unknown is shown at the top rather than lost.
            holder = collection.parent if collection.parent in known else None
            if holder != parent:
                continue
            path = [*trail, text.one_line(collection.title)]
            result.append(Place(collection.id, " › ".join(path), len(trail)))
            visit(collection.id, path)

    visit(None, [])
    return result


@dataclass
class CollectionContents:
    """What goes with a collection when it is deleted or transferred."""

    collections: list[Collection] = field(default_factory=list)
    """The collections nested in it, at any depth."""
    spaces: list[Space] = field(default_factory=list)
    """The spaces in it and in its nested collections."""


async def collection_contents(client: Client, collection: Collection) -> CollectionContents:
    every = await all_collections(client, collection.organization)
    nested = descendants(every, collection.id)
    spaces: list[Space] = []
    for holder in [collection, *nested]:
        spaces.extend(
            [
                space
                async for space in client.paginate(
                    client.collections.list_spaces_in_collection_by_id, holder.id, limit=_PAGE
                )
            ]
        )
    return CollectionContents(nested, spaces)
