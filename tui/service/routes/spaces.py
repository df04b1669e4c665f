"""Provides the routes of spaces: read, create, update, duplicate, move, transfer, list,
and soft deletion with restore.

A deleted space is re-filed under scope ``trash:{organization}`` (and parent
``trash:{collection}``) so that every list skips it, and keeps its ``deletedAt``: it can be
restored for 7 days, after which it counts as permanently removed.
"""

from __future__ import annotations

import copy
from datetime import timedelta
from typing import Annotated, Any, Literal

from pydantic import Field

from ..datasets.builder import slugify
from ..http import Body, Ctx, HttpError, RouteTable, parse_iso
from ..records import find_organization, find_space, reorder, space_json
from ..store import Doc
from .collections import Position, Transfer
from .content import apply_template

routes = RouteTable()

RETENTION = timedelta(days=7)

Title = Annotated[str, Field(max_length=50)]
Emoji = Annotated[str, Field(max_length=50)]
Level = Literal["admin", "create", "review", "edit", "comment", "read", "inherit"]
EditMode = Literal["live", "locked"]
Visibility = Literal["public", "unlisted", "share-link", "visitor-auth", "in-collection", "private"]
# fmt: off
Language = Literal[
    "en", "fr", "de", "es", "it", "pt", "pt-br", "ru", "ja", "zh", "yue", "ko", "ar", "hi",
    "nl", "pl", "tr", "sv", "no", "da", "fi", "el", "cs", "hu", "ro", "th", "vi", "id", "ms",
    "he", "uk", "sk", "bg", "hr", "lt", "lv", "et", "sl",
]
# fmt: on


class Template(Body):
    id: str
    params: dict[str, Any] | None = None


class SpaceCreate(Body):
    title: Title | None = None
    emoji: Emoji | None = None
    parent: str | None = None
    language: Language | None = None
    editMode: EditMode | None = None
    template: Template | None = None


class SpaceUpdate(Body):
    title: Title | None = None
    emoji: Emoji | None = None
    visibility: Visibility | None = None
    editMode: EditMode | None = None
    defaultLevel: Level | None = None
    language: Language | None = None


class SpaceMove(Body):
    parent: str | None = None
    position: Position | None = None


# -- storage ----------------------------------------------------------------------------------


def _save(ctx: Ctx, space: Doc) -> None:
    ctx.store.put("space", space, scope=space["organization"], parent=space.get("parent"))


def soft_delete_space(ctx: Ctx, space: Doc) -> None:
    """Move a space to its organization's trash, restorable for 7 days."""
    space["deletedAt"] = ctx.now()
    ctx.store.put(
        "space",
        space,
        scope=f"trash:{space['organization']}",
        parent=f"trash:{space['parent']}" if space.get("parent") else None,
    )


def _check_parent(ctx: Ctx, organization_id: str, parent_id: str) -> Doc:
    parent = ctx.store.get("collection", parent_id)
    if parent is None or parent["organization"] != organization_id:
        raise HttpError(400, "Invalid parent: no collection with this id in the organization.")
    return parent


def _siblings(ctx: Ctx, space: Doc) -> list[str]:
    """The ids of the spaces beside this one (same collection, or the top level), in order."""
    if space.get("parent"):
        docs = ctx.store.list("space", scope=space["organization"], parent=space["parent"])
    else:
        everything = ctx.store.list("space", scope=space["organization"])
        docs = [s for s in everything if not s.get("parent")]
    return [s["id"] for s in docs]


def _leave_collection(space: Doc) -> None:
    """A space at the top level cannot be visible "in-collection": it becomes private."""
    space.pop("parent", None)
    if space.get("visibility") == "in-collection":
        space["visibility"] = "private"


def _new_space(
    ctx: Ctx, organization_id: str, title: str, content: Doc | None = None, **fields: Any
) -> Doc:
    """A new space whose first revision holds a copy of ``content`` (or nothing)."""
    now = ctx.now()
    content = copy.deepcopy(content or {})
    space: Doc = {
        "id": ctx.store.new_id("space"),
        "title": title,
        "slug": slugify(title),
        "emoji": "",
        "visibility": "private",
        "organization": organization_id,
        "createdAt": now,
        "updatedAt": now,
        "editMode": "live",
        "language": "en",
        "revision": "",
        "defaultLevel": "inherit",
        "comments": 0,
        "changeRequests": 0,
        "changeRequestsOpen": 0,
        "changeRequestsDraft": 0,
        **fields,
    }
    revision: Doc = {
        "id": ctx.store.new_id("revision"),
        "space": space["id"],
        "parents": [],
        "type": "edits",
        "createdAt": now,
        "pages": content.get("pages", []),
        "files": content.get("files", []),
        "variables": content.get("variables", {}),
        "reusableContents": content.get("reusableContents", []),
    }
    ctx.store.put("revision", revision, scope=space["id"], parent=None)
    space["revision"] = revision["id"]
    _save(ctx, space)
    ctx.response_headers["Location"] = ctx.api_url(f"/v1/spaces/{space['id']}")
    return space


# -- routes -----------------------------------------------------------------------------------


@routes.get("/v1/orgs/{organizationId}/spaces")
def list_spaces(ctx: Ctx, organizationId: str) -> dict[str, Any]:
    find_organization(ctx, organizationId)
    return ctx.paginate_stored("space", lambda s: space_json(ctx, s), scope=organizationId)


@routes.post("/v1/orgs/{organizationId}/spaces", status=201)
def create_space(ctx: Ctx, organizationId: str) -> dict[str, Any]:
    find_organization(ctx, organizationId, "create")
    request = ctx.parse(SpaceCreate)
    fields: Doc = {}
    if request.parent:
        _check_parent(ctx, organizationId, request.parent)
        fields["parent"] = request.parent
    if request.emoji:
        fields["emoji"] = request.emoji
    if request.language:
        fields["language"] = request.language
    space = _new_space(ctx, organizationId, request.title or "Untitled", **fields)
    if request.template is not None:
        apply_template(ctx, space, request.template.id, request.template.params or {})
    if request.editMode:
        # Locked last, so that a template can still fill a space created locked.
        space["editMode"] = request.editMode
        _save(ctx, space)
    return space_json(ctx, space)


@routes.get("/v1/spaces/{spaceId}")
def get_space(ctx: Ctx, spaceId: str) -> dict[str, Any]:
    return space_json(ctx, find_space(ctx, spaceId))


@routes.patch("/v1/spaces/{spaceId}")
def update_space(ctx: Ctx, spaceId: str) -> dict[str, Any]:
    space = find_space(ctx, spaceId, "admin")
    update = ctx.parse(SpaceUpdate)
    if update.given("title"):
        if not update.title:
            raise HttpError(400, "Invalid request: `title` cannot be empty.")
        space["title"] = update.title
    if update.given("emoji"):
        space["emoji"] = update.emoji or ""
    if update.visibility is not None:
        if update.visibility == "in-collection" and not space.get("parent"):
            raise HttpError(
                400,
                "Invalid request: `visibility` in-collection is only for spaces in a collection.",
            )
        space["visibility"] = update.visibility
    if update.editMode is not None:
        space["editMode"] = update.editMode
    if update.given("defaultLevel"):
        space["defaultLevel"] = update.defaultLevel
    if update.language is not None:
        space["language"] = update.language
    space["updatedAt"] = ctx.now()
    _save(ctx, space)
    return space_json(ctx, space)


@routes.delete("/v1/spaces/{spaceId}")
def delete_space(ctx: Ctx, spaceId: str) -> None:
    space = ctx.store.get("space", spaceId)
    if space is None or space.get("deletedAt"):
        return
    soft_delete_space(ctx, find_space(ctx, spaceId, "admin"))


@routes.post("/v1/spaces/{spaceId}/restore")
def restore_space(ctx: Ctx, spaceId: str) -> dict[str, Any]:
    space = find_space(ctx, spaceId, "admin", deleted=True)
    if ctx.now_dt() - parse_iso(space["deletedAt"]) > RETENTION:
        raise HttpError(
            404,
            "This space was deleted more than 7 days ago and has been permanently removed; "
            "it can no longer be restored.",
        )
    del space["deletedAt"]
    if space.get("parent") and ctx.store.get("collection", space["parent"]) is None:
        # Its collection was deleted meanwhile: it comes back at the top level.
        _leave_collection(space)
    space["updatedAt"] = ctx.now()
    _save(ctx, space)
    return space_json(ctx, space)


@routes.post("/v1/spaces/{spaceId}/duplicate", status=201)
def duplicate_space(ctx: Ctx, spaceId: str) -> dict[str, Any]:
    source = find_space(ctx, spaceId, "create")
    title = f"Copy of {source['title']}"
    if len(title) > 50:
        title = title[:49].rstrip() + "…"
    fields = {
        key: source[key]
        for key in ("emoji", "visibility", "language", "defaultLevel", "parent")
        if key in source
    }
    content = ctx.store.get("revision", source["revision"])
    copy_ = _new_space(ctx, source["organization"], title, content, **fields)
    reorder(ctx.store, "space", _siblings(ctx, source), copy_["id"], after=source["id"])
    return space_json(ctx, copy_)


@routes.post("/v1/spaces/{spaceId}/move")
def move_space(ctx: Ctx, spaceId: str) -> dict[str, Any]:
    space = find_space(ctx, spaceId, "admin")
    request = ctx.parse(SpaceMove)
    if not request.model_fields_set:
        raise HttpError(400, "Invalid request: give a `parent`, a `position` or both.")
    position = request.position
    anchored = position is not None and (position.before or position.after)
    if request.given("parent") and request.parent != space.get("parent"):
        if request.parent is None:
            _leave_collection(space)
        else:
            _check_parent(ctx, space["organization"], request.parent)
            space["parent"] = request.parent
    elif not anchored:
        raise HttpError(409, "The space is already there: the move would change nothing.")
    space["updatedAt"] = ctx.now()
    _save(ctx, space)
    if anchored and position is not None:
        reorder(
            ctx.store,
            "space",
            _siblings(ctx, space),
            space["id"],
            before=position.before.target if position.before else None,
            after=position.after.target if position.after else None,
        )
    return space_json(ctx, space)


@routes.post("/v1/spaces/{spaceId}/transfer")
def transfer_space(ctx: Ctx, spaceId: str) -> dict[str, Any]:
    space = find_space(ctx, spaceId, "admin")
    request = ctx.parse(Transfer)
    if request.organization == space["organization"]:
        raise HttpError(409, "The space is already in this organization: nothing to transfer.")
    find_organization(ctx, request.organization, "admin")
    space["organization"] = request.organization
    _leave_collection(space)
    space["updatedAt"] = ctx.now()
    _save(ctx, space)
    return space_json(ctx, space)
