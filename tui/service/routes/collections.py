"""Provides the routes of collections: read, create, update, move, transfer, delete, list."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from ..http import Body, Ctx, HttpError, RouteTable
from ..records import collection_json, find_collection, find_organization, reorder, space_json
from ..store import Doc

routes = RouteTable()

Level = Literal["admin", "create", "review", "edit", "comment", "read", "inherit"]
Title = Annotated[str, Field(max_length=50)]


class CollectionCreate(Body):
    title: Title | None = None
    parent: str | None = None


class CollectionUpdate(Body):
    title: Title | None = None
    description: Annotated[str, Field(max_length=100)] | None = None
    defaultLevel: Level | None = None


class Anchor(Body):
    type: Literal["space", "collection"]
    space: str | None = None
    collection: str | None = None

    @property
    def target(self) -> str | None:
        return self.space if self.type == "space" else self.collection


class Position(Body):
    before: Anchor | None = None
    after: Anchor | None = None


class CollectionMove(Body):
    parent: str | None = None
    position: Position | None = None


class Transfer(Body):
    organization: str


def _save(ctx: Ctx, collection: Doc) -> None:
    ctx.store.put(
        "collection", collection, scope=collection["organization"], parent=collection.get("parent")
    )


def _descendants(ctx: Ctx, collection: Doc) -> list[Doc]:
    """Every collection nested under this one, at any depth."""
    found: list[Doc] = []
    stack = [collection["id"]]
    while stack:
        children = ctx.store.list("collection", parent=stack.pop())
        found.extend(children)
        stack.extend(child["id"] for child in children)
    return found


def _check_parent(ctx: Ctx, organization_id: str, parent_id: str) -> Doc:
    parent = ctx.store.get("collection", parent_id)
    if parent is None or parent["organization"] != organization_id:
        raise HttpError(400, "Invalid parent: no collection with this id in the organization.")
    return parent


@routes.get("/v1/orgs/{organizationId}/collections")
def list_collections(ctx: Ctx, organizationId: str) -> dict[str, Any]:
    find_organization(ctx, organizationId)
    collections = ctx.store.list("collection", scope=organizationId)
    if not ctx.q_bool("nested", True):
        collections = [c for c in collections if not c.get("parent")]
    return ctx.paginate(collections, lambda c: collection_json(ctx, c))


@routes.post("/v1/orgs/{organizationId}/collections", status=201)
def create_collection(ctx: Ctx, organizationId: str) -> dict[str, Any]:
    find_organization(ctx, organizationId, "create")
    request = ctx.parse(CollectionCreate)
    if request.parent:
        _check_parent(ctx, organizationId, request.parent)
    collection: Doc = {
        "id": ctx.store.new_id("collection"),
        "title": request.title or "Untitled collection",
        "organization": organizationId,
        "defaultLevel": "inherit",
        "createdAt": ctx.now(),
    }
    if request.parent:
        collection["parent"] = request.parent
    _save(ctx, collection)
    ctx.response_headers["Location"] = ctx.api_url(f"/v1/collections/{collection['id']}")
    return collection_json(ctx, collection)


@routes.get("/v1/collections/{collectionId}")
def get_collection(ctx: Ctx, collectionId: str) -> dict[str, Any]:
    return collection_json(ctx, find_collection(ctx, collectionId))


@routes.patch("/v1/collections/{collectionId}")
def update_collection(ctx: Ctx, collectionId: str) -> dict[str, Any]:
    collection = find_collection(ctx, collectionId, "admin")
    update = ctx.parse(CollectionUpdate)
    if update.given("title"):
        if not update.title:
            raise HttpError(400, "Invalid request: `title` cannot be empty.")
        collection["title"] = update.title
    if update.given("description"):
        if update.description:
            collection["description"] = update.description
        else:
            collection.pop("description", None)
    if update.given("defaultLevel"):
        collection["defaultLevel"] = update.defaultLevel
    _save(ctx, collection)
    return collection_json(ctx, collection)


@routes.delete("/v1/collections/{collectionId}")
def delete_collection(ctx: Ctx, collectionId: str) -> None:
    collection = ctx.store.get("collection", collectionId)
    if collection is None:
        return
    find_collection(ctx, collectionId, "admin")
    from .spaces import soft_delete_space  # the spaces family owns deletion of spaces

    for doomed in [collection, *_descendants(ctx, collection)]:
        for space in ctx.store.list("space", parent=doomed["id"]):
            soft_delete_space(ctx, space)
        ctx.store.delete("collection", doomed["id"])


@routes.get("/v1/collections/{collectionId}/spaces")
def list_spaces_in_collection(ctx: Ctx, collectionId: str) -> dict[str, Any]:
    find_collection(ctx, collectionId)
    return ctx.paginate_stored("space", lambda s: space_json(ctx, s), parent=collectionId)


@routes.post("/v1/collections/{collectionId}/move")
def move_collection(ctx: Ctx, collectionId: str) -> dict[str, Any]:
    collection = find_collection(ctx, collectionId, "admin")
    request = ctx.parse(CollectionMove)
    organization_id = collection["organization"]
    if request.given("parent"):
        if request.parent is None:
            collection.pop("parent", None)
        else:
            _check_parent(ctx, organization_id, request.parent)
            nested = {c["id"] for c in _descendants(ctx, collection)} | {collection["id"]}
            if request.parent in nested:
                raise HttpError(400, "Invalid parent: a collection cannot move into itself.")
            collection["parent"] = request.parent
    _save(ctx, collection)
    position = request.position
    if position is not None and (position.before or position.after):
        siblings = [
            c["id"]
            for c in ctx.store.list("collection", scope=organization_id)
            if c.get("parent") == collection.get("parent")
        ]
        reorder(
            ctx.store,
            "collection",
            siblings,
            collection["id"],
            before=position.before.target if position.before else None,
            after=position.after.target if position.after else None,
        )
    return collection_json(ctx, collection)


@routes.post("/v1/collections/{collectionId}/transfer")
def transfer_collection(ctx: Ctx, collectionId: str) -> dict[str, Any]:
    collection = find_collection(ctx, collectionId, "admin")
    request = ctx.parse(Transfer)
    if request.organization == collection["organization"]:
        raise HttpError(400, "Invalid transfer: the collection is already in this organization.")
    find_organization(ctx, request.organization, "admin")
    collection.pop("parent", None)
    for moved in [collection, *_descendants(ctx, collection)]:
        moved["organization"] = request.organization
        _save(ctx, moved)
        for space in ctx.store.list("space", parent=moved["id"]):
            space["organization"] = request.organization
            ctx.store.put("space", space, scope=request.organization, parent=moved["id"])
    return collection_json(ctx, collection)
