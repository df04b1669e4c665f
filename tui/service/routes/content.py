"""Provides the routes of a space's content: its revision, pages and files, and the edits that
make new revisions (import and template).

The local service cannot reach the web, so an import does not fetch anything: it adds a page
that says what was asked and that nothing could be fetched. Each import and each applied
template is recorded as a document of kind ``import`` or ``template`` (scope: the space id;
parent: the revision it made) with the request's parameters.

The search routes are in ``content_search`` and the link routes in ``content_links``; their
tables are merged into this module's ``routes``.
"""

from __future__ import annotations

import copy
from typing import Annotated, Any, Literal

from pydantic import Field

from ..content_tree import (
    commit_revision,
    current_revision,
    current_revision_json,
    file_json,
    find_page,
    page_json,
)
from ..datasets.builder import slugify
from ..http import Body, Ctx, HttpError, RouteTable, not_found, split_url
from ..records import find_space, require_unlocked
from ..store import Doc
from . import content_links, content_search
from .content_document import markdown_document

routes = RouteTable()

# fmt: off
ImportSource = Literal[
    "website", "docx", "markdown", "html", "zip", "confluence", "github-wiki", "notion",
    "google-docs",
]
# fmt: on


class ImportRequest(Body):
    url: Annotated[str, Field(min_length=1, max_length=2048)]
    source: ImportSource


class TemplateParams(Body):
    contentRefs: dict[str, dict[str, Any]] | None = None


class TemplateRequest(Body):
    id: Annotated[str, Field(min_length=1, max_length=100)]
    params: TemplateParams | None = None


# -- reading ----------------------------------------------------------------------------------


def read_flags(ctx: Ctx) -> bool:
    """Check the ``metadata`` and ``computed`` flags; return ``metadata``.

    Content here is never computed, so ``computed`` changes nothing but must be well formed.
    """
    ctx.q_bool("computed", True)
    return bool(ctx.q_bool("metadata", True))


def as_document(page: dict[str, Any]) -> None:
    """Give a serialized page (and its children) a structured body instead of markdown."""
    if "markdown" in page:
        page["document"] = markdown_document(page.pop("markdown"))
    for child in page.get("pages", []):
        as_document(child)


@routes.get("/v1/spaces/{spaceId}/content")
def get_current_revision(ctx: Ctx, spaceId: str) -> dict[str, Any]:
    space = find_space(ctx, spaceId)
    return current_revision_json(ctx, space, metadata=read_flags(ctx))


@routes.get("/v1/spaces/{spaceId}/content/pages")
def list_pages(ctx: Ctx, spaceId: str) -> dict[str, Any]:
    space = find_space(ctx, spaceId)
    read_flags(ctx)
    pages = current_revision(ctx, space)["pages"]
    return {"pages": [page_json(ctx, space, node, node["slug"]) for node in pages]}


def page_answer(ctx: Ctx, space: Doc, revision: Doc, page_id: str) -> dict[str, Any]:
    """A page of a revision, in the ``format`` the request asks for."""
    form = ctx.q_enum("format", ("document", "markdown"), "markdown")
    evaluated = ctx.q_str("evaluated")
    if evaluated is not None and evaluated not in ("true", "false", "deterministic-only"):
        raise HttpError(
            400, "Invalid request: `evaluated` must be true, false or deterministic-only."
        )
    found = find_page(revision["pages"], page_id)
    if found is None:
        raise not_found("The page")
    result = page_json(ctx, space, *found)
    if form == "document":
        as_document(result)
    return result


@routes.get("/v1/spaces/{spaceId}/content/page/{pageId}")
def get_page(ctx: Ctx, spaceId: str, pageId: str) -> dict[str, Any]:
    space = find_space(ctx, spaceId)
    read_flags(ctx)
    return page_answer(ctx, space, current_revision(ctx, space), pageId)


@routes.get("/v1/spaces/{spaceId}/content/files")
def list_files(ctx: Ctx, spaceId: str) -> dict[str, Any]:
    space = find_space(ctx, spaceId)
    read_flags(ctx)
    files = current_revision(ctx, space).get("files", [])
    return ctx.paginate(files, lambda file: file_json(ctx, space, file))


@routes.get("/v1/spaces/{spaceId}/content/files/{fileId}")
def get_file(ctx: Ctx, spaceId: str, fileId: str) -> dict[str, Any]:
    space = find_space(ctx, spaceId)
    read_flags(ctx)
    for file in current_revision(ctx, space).get("files", []):
        if file["id"] == fileId:
            return file_json(ctx, space, file)
    raise not_found("The file")


# -- edits ------------------------------------------------------------------------------------


def free_slug(pages: list[Doc], wanted: str) -> str:
    """``wanted``, or ``wanted-2``, ``wanted-3`` … if a top-level page already has it."""
    taken = {node["slug"] for node in pages}
    slug, number = wanted, 1
    while slug in taken:
        number += 1
        slug = f"{wanted[:95]}-{number}"
    return slug


def _add_page(ctx: Ctx, space: Doc, title: str, slug: str, markdown: str) -> tuple[Doc, Doc]:
    """Append a document page to the space's content, as a new revision."""
    pages = copy.deepcopy(current_revision(ctx, space)["pages"])
    now = ctx.now()
    node: Doc = {
        "id": ctx.store.new_id("page"),
        "title": title,
        "type": "document",
        "slug": free_slug(pages, slug),
        "markdown": markdown,
        "createdAt": now,
        "updatedAt": now,
        "pages": [],
    }
    pages.append(node)
    return commit_revision(ctx, space, pages), node


def record_request(
    ctx: Ctx, kind: str, space: Doc, revision: Doc, page: Doc, **fields: Any
) -> None:
    ctx.store.put(
        kind,
        {
            "id": ctx.store.new_id(kind),
            "space": space["id"],
            "revision": revision["id"],
            "page": page["id"],
            "requestedBy": ctx.caller["id"],
            "createdAt": ctx.now(),
            **fields,
        },
        scope=space["id"],
        parent=revision["id"],
    )


def _ref_markdown(ctx: Ctx, name: str, ref: dict[str, Any], revision: Doc) -> str:
    """A content reference of a template as a markdown line; 400 if it leads nowhere."""
    kind = ref.get("kind")
    if kind == "file":
        if not any(file["id"] == ref.get("file") for file in revision.get("files", [])):
            raise HttpError(
                400, f"Invalid request: `params.contentRefs.{name}` names no file of the space."
            )
        return f"![{name}](files/{ref['file']})"
    if kind == "page":
        found = find_page(revision["pages"], str(ref.get("page")))
        if found is None or ref.get("space") not in (None, revision["space"]):
            raise HttpError(
                400, f"Invalid request: `params.contentRefs.{name}` names no page of the space."
            )
        return f"[{name}](/{found[1]}.md)"
    if kind == "url" and isinstance(ref.get("url"), str):
        return f"[{name}]({ref['url']})"
    raise HttpError(
        400,
        f"Invalid request: `params.contentRefs.{name}` must be a file, page or url reference.",
    )


def apply_template(ctx: Ctx, space: Doc, template_id: str, params: dict[str, Any]) -> Doc:
    """Add the template's page skeleton to the space, as a new revision; return the page."""
    revision = current_revision(ctx, space)
    refs = params.get("contentRefs") or {}
    references = [_ref_markdown(ctx, name, ref, revision) for name, ref in refs.items()]
    title = " ".join(template_id.replace("_", "-").split("-")).strip().capitalize() or "Template"
    markdown = (
        f"# {title}\n\nThis page was laid out by the template `{template_id}`.\n\n"
        "## Overview\n\nWhat this space is about.\n\n"
        "## Getting started\n\nThe first steps for a reader.\n\n"
        "## Reference\n\nThe details, one section each.\n"
    )
    if references:
        markdown += "\n## Assets\n\n" + "\n".join(references) + "\n"
    new_revision, page = _add_page(ctx, space, title, slugify(template_id), markdown)
    record_request(ctx, "template", space, new_revision, page, template=template_id, params=params)
    return page


@routes.post("/v1/spaces/{spaceId}/content/import", status=201)
def import_content(ctx: Ctx, spaceId: str) -> dict[str, Any]:
    space = find_space(ctx, spaceId, "edit")
    require_unlocked(space)
    request = ctx.parse(ImportRequest)
    parts = split_url(request.url, "url")
    if not parts.scheme or not parts.netloc:
        raise HttpError(400, "Invalid request: `url` must be an absolute URL (https://…).")
    markdown = (
        f"# Imported from {request.url}\n\n"
        f"An import of [{request.url}]({request.url}) (source: {request.source}) was "
        f"requested on {ctx.now()[:10]}.\n\n"
        "The local service cannot reach the web, so nothing was fetched: this page only "
        "records the request. Import again against the real service to bring the content in.\n"
    )
    slug = slugify(f"imported from {parts.netloc}{parts.path}")
    revision, page = _add_page(ctx, space, f"Imported from {request.url}", slug, markdown)
    record_request(ctx, "import", space, revision, page, url=request.url, source=request.source)
    ctx.response_headers["Location"] = ctx.api_url(
        f"/v1/spaces/{space['id']}/revisions/{revision['id']}"
    )
    # One resource was processed (the URL) and none could be imported from it.
    return {"revision": revision["id"], "importedResources": 0, "totalResources": 1}


@routes.post("/v1/spaces/{spaceId}/content/template", status=201)
def apply_template_to_space(ctx: Ctx, spaceId: str) -> None:
    space = find_space(ctx, spaceId, "edit")
    require_unlocked(space)
    request = ctx.parse(TemplateRequest)
    params = request.params.model_dump(exclude_none=True) if request.params else {}
    apply_template(ctx, space, request.id, params)


routes.routes.extend(content_search.routes.routes)
routes.routes.extend(content_links.routes.routes)
