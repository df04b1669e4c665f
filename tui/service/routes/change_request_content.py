"""Provides the routes of a change request's content: its revision, pages, files, links,
backlinks and imports, which behave like the space content routes of the same shape but read
and write the change request's own revision.

An import, as on main, fetches nothing: it adds to the change request (never to main) a page
saying what was asked, and is recorded as a document of kind ``import`` (scope: the space id;
parent: the revision it made) that also names the change request.
"""

from __future__ import annotations

import copy
from typing import Any

from ..content_tree import file_json, find_page, page_json, revision_json, revision_links
from ..datasets.builder import slugify
from ..http import Ctx, HttpError, RouteTable, not_found, split_url
from ..records import require_unlocked
from ..store import Doc

# The space content routes own these behaviours; change request content must not drift.
from .change_requests import (
    change_request_revision,
    find_change_request,
    note_contribution,
    put_revision,
    require_editable,
    save_change_request,
)
from .content import ImportRequest, free_slug, page_answer, read_flags, record_request
from .content_links import backlinks, link_list

routes = RouteTable()

PREFIX = "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content"


def _content(ctx: Ctx, space_id: str, change_request_id: str) -> tuple[Doc, Doc, Doc]:
    """The space, the change request and its revision, for a reader."""
    space, request = find_change_request(ctx, space_id, change_request_id)
    return space, request, change_request_revision(ctx, request)


def _file(revision: Doc, file_id: str) -> Doc:
    files: list[Doc] = revision.get("files", [])
    for file in files:
        if file["id"] == file_id:
            return file
    raise not_found("The file")


@routes.get(PREFIX)
def get_change_request_revision(ctx: Ctx, spaceId: str, changeRequestId: str) -> dict[str, Any]:
    space, _, revision = _content(ctx, spaceId, changeRequestId)
    return revision_json(ctx, space, revision, metadata=read_flags(ctx))


@routes.post(PREFIX + "/import", status=201)
def import_content_in_change_request(
    ctx: Ctx, spaceId: str, changeRequestId: str
) -> dict[str, Any]:
    space, request = find_change_request(ctx, spaceId, changeRequestId, "edit")
    require_unlocked(space)
    require_editable(request, "edited")
    body = ctx.parse(ImportRequest)
    parts = split_url(body.url, "url")
    if not parts.scheme or not parts.netloc:
        raise HttpError(400, "Invalid request: `url` must be an absolute URL (https://…).")
    previous = change_request_revision(ctx, request)
    content = copy.deepcopy(previous)
    now = ctx.now()
    page: Doc = {
        "id": ctx.store.new_id("page"),
        "title": f"Imported from {body.url}",
        "type": "document",
        "slug": free_slug(content["pages"], slugify(f"imported from {parts.netloc}{parts.path}")),
        "markdown": (
            f"# Imported from {body.url}\n\n"
            f"An import of [{body.url}]({body.url}) (source: {body.source}) into change request "
            f"#{request['number']} was requested on {now[:10]}.\n\n"
            "The local service cannot reach the web, so nothing was fetched: this page only "
            "records the request. Import again against the real service to bring the content in.\n"
        ),
        "createdAt": now,
        "updatedAt": now,
        "pages": [],
    }
    content["pages"].append(page)
    revision = put_revision(
        ctx, space, content, parents=[previous["id"]], change_request=request["id"]
    )
    record_request(
        ctx,
        "import",
        space,
        revision,
        page,
        url=body.url,
        source=body.source,
        changeRequest=request["id"],
    )
    request["revision"] = revision["id"]
    note_contribution(ctx, request)
    save_change_request(ctx, request)
    ctx.response_headers["Location"] = ctx.api_url(
        f"/v1/spaces/{space['id']}/revisions/{revision['id']}"
    )
    # One resource was processed (the URL) and none could be imported from it.
    return {"revision": revision["id"], "importedResources": 0, "totalResources": 1}


@routes.get(PREFIX + "/pages")
def list_pages_in_change_request(ctx: Ctx, spaceId: str, changeRequestId: str) -> dict[str, Any]:
    space, _, revision = _content(ctx, spaceId, changeRequestId)
    read_flags(ctx)
    return {"pages": [page_json(ctx, space, node, node["slug"]) for node in revision["pages"]]}


@routes.get(PREFIX + "/files")
def list_files_in_change_request(ctx: Ctx, spaceId: str, changeRequestId: str) -> dict[str, Any]:
    space, _, revision = _content(ctx, spaceId, changeRequestId)
    read_flags(ctx)
    return ctx.paginate(revision.get("files", []), lambda file: file_json(ctx, space, file))


@routes.get(PREFIX + "/files/{fileId}")
def get_file_in_change_request(
    ctx: Ctx, spaceId: str, changeRequestId: str, fileId: str
) -> dict[str, Any]:
    space, _, revision = _content(ctx, spaceId, changeRequestId)
    read_flags(ctx)
    return file_json(ctx, space, _file(revision, fileId))


@routes.get(PREFIX + "/files/{fileId}/backlinks")
def list_change_request_file_backlinks(
    ctx: Ctx, spaceId: str, changeRequestId: str, fileId: str
) -> dict[str, Any]:
    space, _, revision = _content(ctx, spaceId, changeRequestId)
    _file(revision, fileId)
    return backlinks(
        ctx, space, revision, lambda use: use.target.kind == "file" and use.target.file == fileId
    )


@routes.get(PREFIX + "/page/{pageId}")
def get_page_in_change_request(
    ctx: Ctx, spaceId: str, changeRequestId: str, pageId: str
) -> dict[str, Any]:
    space, _, revision = _content(ctx, spaceId, changeRequestId)
    read_flags(ctx)
    return page_answer(ctx, space, revision, pageId)


@routes.get(PREFIX + "/page/{pageId}/links")
def list_page_links_in_change_request(
    ctx: Ctx, spaceId: str, changeRequestId: str, pageId: str
) -> dict[str, Any]:
    space, _, revision = _content(ctx, spaceId, changeRequestId)
    if find_page(revision["pages"], pageId) is None:
        raise not_found("The page")
    answer = link_list(ctx, space, revision, lambda use: use.node["id"] == pageId)
    # The links this change request broke: broken here, but not broken on main.
    main = ctx.store.get("revision", space["revision"]) or {"pages": []}
    broken_on_main = {
        use.target.key for use in revision_links(main) if use.target.status == "broken"
    }
    broken_here = {
        use.target.key
        for use in revision_links(revision)
        if use.node["id"] == pageId and use.target.status == "broken"
    }
    answer["stats"]["broken"]["changeRequest"] = len(broken_here - broken_on_main)
    return answer
