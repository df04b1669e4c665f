"""Provides the routes of change requests: list, create, read, update, merge, update from main,
PDF; and the finders and serializer that change request content and comments share.

Filing: kind ``change-request``, scope = space id. Fields: ``id``, ``number`` (counts up per
space), ``status`` (draft, open, merged, archived), ``subject``, optional ``description``
(a JSON document), ``createdBy`` and ``contributors`` (user ids), ``createdAt``, ``updatedAt``,
``revision`` (its current content: a ``revision`` filed with scope = space id and parent = the
change request id), ``revisionInitial`` (the main revision it started from),
``revisionMergedAncestor`` (the main revision it was last updated from), ``revisionMerged``,
optional ``agentTaskId``. Its base, the last main revision it has seen, is
``revisionMergedAncestor`` or else ``revisionInitial``; it is outdated when main has moved on.
"""

from __future__ import annotations

import copy
import hashlib
import re
from collections.abc import Iterable
from typing import Annotated, Any
from urllib.parse import urlencode

from pydantic import Field

from ..content_tree import commit_revision, find_page
from ..http import Body, Ctx, HttpError, RouteTable, not_found
from ..merge import merge_revisions
from ..records import (
    APP_URL,
    find_organization,
    find_space,
    recount_space,
    require_unlocked,
    user_ref,
)
from ..store import Doc
from .content_document import TextDocument

__all__ = [
    "base_revision",
    "change_request_json",
    "change_request_revision",
    "find_change_request",
    "note_contribution",
    "put_revision",
    "require_editable",
    "routes",
    "save_change_request",
]

routes = RouteTable()

STATUSES = ("draft", "open", "archived", "merged")
Subject = Annotated[str, Field(max_length=100)]


class ChangeRequestCreate(Body):
    subject: Subject | None = None
    agentTaskId: str | None = None


class ChangeRequestUpdate(Body):
    subject: Subject | None = None
    description: TextDocument | None = None
    status: str | None = None


# -- finding and writing ------------------------------------------------------------------


def find_change_request(
    ctx: Ctx, space_id: str, change_request_id: str, needed: str = "read"
) -> tuple[Doc, Doc]:
    """The space and its change request, found by id or by number within the space."""
    space = find_space(ctx, space_id, needed)
    request = ctx.store.get("change-request", change_request_id)
    if request is not None and request.get("space") != space_id:
        request = None
    # ASCII digits only, and few: "²" and 5,000 digits are digits to str.isdigit, not to int.
    if request is None and re.fullmatch(r"[0-9]{1,18}", change_request_id):
        number = int(change_request_id)
        request = next(
            (
                candidate
                for candidate in ctx.store.list("change-request", scope=space_id)
                if candidate["number"] == number
            ),
            None,
        )
    if request is None:
        raise not_found("The change request")
    return space, request


def save_change_request(ctx: Ctx, request: Doc) -> None:
    ctx.store.put("change-request", request, scope=request["space"])


def base_revision(request: Doc) -> str:
    """The last main revision the change request has seen."""
    return str(request.get("revisionMergedAncestor") or request["revisionInitial"])


def change_request_revision(ctx: Ctx, request: Doc) -> Doc:
    """The change request's own content (its current revision)."""
    revision = ctx.store.get("revision", request["revision"])
    if revision is None:  # only a damaged store gets here
        raise HttpError(500, "The content of this change request is missing.")
    return revision


def require_editable(request: Doc, action: str = "edited") -> None:
    """A merged or archived change request is history: its content cannot change."""
    if request["status"] in ("merged", "archived"):
        advice = "" if request["status"] == "merged" else " Reopen it first (status open)."
        state = f"Change request #{request['number']} is {request['status']}"
        raise HttpError(409, f"{state} and cannot be {action}.{advice}")


def put_revision(
    ctx: Ctx,
    space: Doc,
    content: dict[str, Any],
    *,
    parents: list[str],
    type: str = "edits",
    change_request: str | None = None,
    **extra: Any,
) -> Doc:
    """File a new revision of the space (or of one of its change requests) with this content."""
    revision: Doc = {
        "id": ctx.store.new_id("revision"),
        "space": space["id"],
        "parents": parents,
        "type": type,
        "createdAt": ctx.now(),
        "pages": content["pages"],
        "files": content.get("files", []),
        "variables": content.get("variables", {}),
        "reusableContents": content.get("reusableContents", []),
        **extra,
    }
    if change_request:
        revision["changeRequest"] = change_request
    ctx.store.put("revision", revision, scope=space["id"], parent=change_request)
    return revision


def _open_comments(ctx: Ctx, request: Doc) -> int:
    return sum(
        1
        for comment in ctx.store.list("comment", scope=request["space"], parent=request["id"])
        if comment.get("status") != "resolved"
    )


def change_request_json(ctx: Ctx, space: Doc, request: Doc) -> dict[str, Any]:
    app = f"{APP_URL}/o/{space['organization']}/s/{space['id']}/~/changes/{request['number']}/"
    result: dict[str, Any] = {
        "object": "change-request",
        "id": request["id"],
        "number": request["number"],
        "status": request["status"],
        "subject": request.get("subject", ""),
        "createdBy": user_ref(ctx, request["createdBy"]),
        "createdAt": request["createdAt"],
        "updatedAt": request["updatedAt"],
        "space": space["id"],
        "revision": request["revision"],
        "revisionInitial": request["revisionInitial"],
        "comments": _open_comments(ctx, request),
        "outdated": request["status"] != "merged" and space["revision"] != base_revision(request),
        "urls": {
            "app": app,
            "location": ctx.api_url(f"/v1/spaces/{space['id']}/change-requests/{request['id']}"),
        },
    }
    for key in ("revisionMergedAncestor", "revisionMerged", "description"):
        if request.get(key):
            result[key] = request[key]
    return result


def note_contribution(ctx: Ctx, request: Doc) -> None:
    """The change request's content changed now, by the caller, who becomes a contributor."""
    request["updatedAt"] = ctx.now()
    if ctx.caller["id"] not in request.setdefault("contributors", []):
        request["contributors"].append(ctx.caller["id"])


# -- routes -------------------------------------------------------------------------------


@routes.get("/v1/spaces/{spaceId}/change-requests")
def list_change_requests(ctx: Ctx, spaceId: str) -> dict[str, Any]:
    space = find_space(ctx, spaceId)
    requests = _asked_for(ctx, ctx.store.list("change-request", scope=spaceId))
    return ctx.paginate(requests, lambda request: change_request_json(ctx, space, request))


def _asked_for(ctx: Ctx, requests: Iterable[Doc]) -> list[Doc]:
    """The change requests a list asks for (``status``, open by default; ``creator``;
    ``contributor``), newest first."""
    status = ctx.q_enum("status", STATUSES, "open")
    creator, contributor = ctx.q_str("creator"), ctx.q_str("contributor")
    asked = [
        request
        for request in requests
        if request["status"] == status
        and (not creator or request["createdBy"] == creator)
        and (not contributor or contributor in request.get("contributors", []))
    ]
    asked.sort(key=lambda request: (request["createdAt"], request["number"]), reverse=True)
    return asked


@routes.get("/v1/orgs/{organizationId}/change-requests")
def list_organization_change_requests(ctx: Ctx, organizationId: str) -> dict[str, Any]:
    """Every change request of the organisation's spaces (not those of deleted spaces), with
    the filters of a space's list: one request where listing each space would take thousands."""
    find_organization(ctx, organizationId)
    spaces: dict[str, Doc | None] = {}

    def space_of(request: Doc) -> Doc | None:
        space_id = request["space"]
        if space_id not in spaces:
            space = ctx.store.get("space", space_id)
            if space is not None and (
                space["organization"] != organizationId or space.get("deletedAt")
            ):
                space = None
            spaces[space_id] = space
        return spaces[space_id]

    asked = _asked_for(ctx, ctx.store.list("change-request"))
    requests = [request for request in asked if space_of(request) is not None]
    return ctx.paginate(
        requests, lambda request: change_request_json(ctx, spaces[request["space"]] or {}, request)
    )


@routes.post("/v1/spaces/{spaceId}/change-requests", status=201)
def create_change_request(ctx: Ctx, spaceId: str) -> dict[str, Any]:
    space = find_space(ctx, spaceId, "edit")
    require_unlocked(space)
    body = ctx.parse(ChangeRequestCreate)
    main = ctx.store.get("revision", space["revision"]) or {"pages": []}
    existing = ctx.store.list("change-request", scope=spaceId)
    request_id = ctx.store.new_id("change-request")
    content = {
        key: copy.deepcopy(main.get(key, [])) for key in ("pages", "files", "reusableContents")
    }
    content["variables"] = dict(main.get("variables", {}))
    revision = put_revision(
        ctx, space, content, parents=[space["revision"]], change_request=request_id
    )
    request: Doc = {
        "id": request_id,
        "space": spaceId,
        "number": max((other["number"] for other in existing), default=0) + 1,
        "status": "draft",
        "subject": body.subject or "",
        "createdBy": ctx.caller["id"],
        "contributors": [ctx.caller["id"]],
        "createdAt": ctx.now(),
        "updatedAt": ctx.now(),
        "revision": revision["id"],
        "revisionInitial": space["revision"],
    }
    if body.agentTaskId:
        request["agentTaskId"] = body.agentTaskId
    save_change_request(ctx, request)
    recount_space(ctx.store, spaceId)
    ctx.response_headers["Location"] = ctx.api_url(
        f"/v1/spaces/{spaceId}/change-requests/{request_id}"
    )
    return change_request_json(ctx, space, request)


@routes.get("/v1/spaces/{spaceId}/change-requests/{changeRequestId}")
def get_change_request(ctx: Ctx, spaceId: str, changeRequestId: str) -> dict[str, Any]:
    return change_request_json(ctx, *find_change_request(ctx, spaceId, changeRequestId))


def _check_status_change(request: Doc, status: str) -> None:
    if status == request["status"]:
        return
    if status == "merged":
        raise HttpError(
            400, "Invalid status: a change request becomes merged only through the merge operation."
        )
    if status not in ("draft", "open", "archived"):
        raise HttpError(400, "Invalid request: `status` must be one of draft, open, archived.")
    if request["status"] == "merged":
        raise HttpError(
            400,
            f"Invalid status: change request #{request['number']} is merged and cannot be "
            f"set to {status}; start a new change request instead.",
        )


@routes.patch("/v1/spaces/{spaceId}/change-requests/{changeRequestId}")
def update_change_request_by_id(ctx: Ctx, spaceId: str, changeRequestId: str) -> dict[str, Any]:
    space, request = find_change_request(ctx, spaceId, changeRequestId, "edit")
    update = ctx.parse(ChangeRequestUpdate)
    if update.given("status"):
        if update.status is None:
            raise HttpError(400, "Invalid request: `status` cannot be null.")
        _check_status_change(request, update.status)
        request["status"] = update.status
    if update.given("subject"):
        request["subject"] = update.subject or ""
    if update.given("description"):
        if update.description is None:
            request.pop("description", None)
        else:
            request["description"] = update.description.stored()
    request["updatedAt"] = ctx.now()
    save_change_request(ctx, request)
    recount_space(ctx.store, spaceId)
    return change_request_json(ctx, space, request)


@routes.post("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/merge")
def merge_change_request(ctx: Ctx, spaceId: str, changeRequestId: str) -> dict[str, Any]:
    space, request = find_change_request(ctx, spaceId, changeRequestId, "review")
    require_unlocked(space)
    require_editable(request, "merged again" if request["status"] == "merged" else "merged")
    main = ctx.store.get("revision", space["revision"])
    base = ctx.store.get("revision", base_revision(request))
    proposed = change_request_revision(ctx, request)
    if main is None or base is None:
        raise HttpError(500, "The main content of this space is missing.")
    content = merge_revisions(base, main, proposed)
    merged = commit_revision(
        ctx,
        space,
        content.pop("pages"),
        content.pop("files"),
        type="merge",
        parents=[main["id"], proposed["id"]],
        mergedFrom=request["id"],
        **content,
    )
    request["status"] = "merged"
    request["revisionMerged"] = merged["id"]
    request["updatedAt"] = ctx.now()
    save_change_request(ctx, request)
    recount_space(ctx.store, spaceId)
    return {"revision": merged["id"], "result": "merge"}


@routes.post("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/update")
def update_change_request_from_main(ctx: Ctx, spaceId: str, changeRequestId: str) -> dict[str, Any]:
    space, request = find_change_request(ctx, spaceId, changeRequestId, "edit")
    require_unlocked(space)
    require_editable(request, "updated")
    if space["revision"] == base_revision(request):
        return {"revision": request["revision"], "result": "update"}  # already up to date
    main = ctx.store.get("revision", space["revision"])
    base = ctx.store.get("revision", base_revision(request))
    proposed = change_request_revision(ctx, request)
    if main is None or base is None:
        raise HttpError(500, "The main content of this space is missing.")
    updated = put_revision(
        ctx,
        space,
        merge_revisions(base, main, proposed),
        parents=[proposed["id"], main["id"]],
        type="update",
        change_request=request["id"],
    )
    request["revision"] = updated["id"]
    request["revisionMergedAncestor"] = main["id"]
    note_contribution(ctx, request)
    save_change_request(ctx, request)
    recount_space(ctx.store, spaceId)
    return {"revision": updated["id"], "result": "update"}


@routes.get("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/pdf")
def get_change_request_pdf(ctx: Ctx, spaceId: str, changeRequestId: str) -> dict[str, Any]:
    space, request = find_change_request(ctx, spaceId, changeRequestId)
    only = ctx.q_bool("only", False)
    page_id = ctx.q_str("page")
    if only and not page_id:
        raise HttpError(400, "Invalid request: `page` (a page id) is required when `only` is true.")
    if page_id and find_page(change_request_revision(ctx, request)["pages"], page_id) is None:
        raise not_found("The page")
    # The URL is signed for about an hour; the token ties it to this moment and revision.
    token = hashlib.sha256(f"{request['revision']}:{page_id}:{ctx.now()}".encode()).hexdigest()
    query = {"token": token[:32]}
    if page_id:
        query["page"] = page_id
    if only:
        query["only"] = "true"
    base = f"{APP_URL}/o/{space['organization']}/s/{space['id']}/~/changes/{request['number']}"
    return {"url": f"{base}/~/pdf?{urlencode(query)}"}
