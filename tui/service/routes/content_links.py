"""Provides the links and backlinks of a space's content, computed from its pages' markdown.

Each item of a link list is one target with the pages that link to it. A page or file target
that the revision holds is ``ok`` and is given as a page or file location; a target that
leads nowhere is ``broken`` and is given as a ``url`` location holding the link as written,
so that a reader sees what to fix; a URL into the app is ``in-app``, any other URL ``ok``.
``stats`` counts the targets of the whole content, whatever the ``status`` filter.

Backlinks are the pages whose links lead to a page or a file, each given as a page location
with the revision it is read in.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from ..content_tree import (
    LinkTarget,
    LinkUse,
    current_revision,
    file_json,
    find_page,
    page_json,
    revision_json,
    revision_links,
)
from ..http import Ctx, RouteTable, not_found
from ..records import find_space, organization_json, space_json
from ..store import Doc

routes = RouteTable()

STATUSES = ("ok", "broken", "in-app")

T = TypeVar("T")


def _paginate(ctx: Ctx, items: Sequence[T], serialize: Callable[[T], Any]) -> dict[str, Any]:
    """``ctx.paginate`` over items that are not store documents."""
    offset, limit = ctx.page_window()
    window = [serialize(item) for item in items[offset : offset + limit]]
    return ctx.envelope(window, offset, limit, len(items))


class Locations:
    """Writes locations in one space's revision, serializing what they share only once."""

    def __init__(self, ctx: Ctx, space: Doc, revision: Doc) -> None:
        self.ctx = ctx
        self.space = space
        self.revision = revision
        organization = ctx.store.get("organization", space["organization"]) or {}
        self._shared = {
            "organization": organization_json(ctx, organization),
            "space": space_json(ctx, space),
        }
        self._context: dict[str, Any] | None = None

    def context(self) -> dict[str, Any]:
        if self._context is None:
            self._context = {
                "type": "revision",
                "revision": revision_json(self.ctx, self.space, self.revision),
            }
        return self._context

    def page(
        self, node: Doc, path: str, *, anchor: str | None = None, context: bool = False
    ) -> dict[str, Any]:
        result: dict[str, Any] = {
            "kind": "page",
            **self._shared,
            "page": page_json(self.ctx, self.space, node, path, children=False),
        }
        if context:
            result["versionContext"] = self.context()
        if anchor:
            result["internalLocation"] = {"type": "anchor", "anchor": anchor}
        return result

    def file(self, file: Doc) -> dict[str, Any]:
        return {
            "kind": "file",
            **self._shared,
            "versionContext": self.context(),
            "file": file_json(self.ctx, self.space, file),
        }

    def target(self, target: LinkTarget) -> dict[str, Any]:
        if target.status != "broken" and target.kind == "page" and target.page:
            found = find_page(self.revision["pages"], target.page)
            if found is not None:
                return self.page(*found, anchor=target.anchor)
        if target.status != "broken" and target.kind == "file":
            for file in self.revision.get("files", []):
                if file["id"] == target.file:
                    return self.file(file)
        return {"kind": "url", "url": target.url or target.raw}


def link_list(
    ctx: Ctx, space: Doc, revision: Doc, keep: Callable[[LinkUse], bool]
) -> dict[str, Any]:
    """The link list answer over the links that ``keep`` selects."""
    status = ctx.q_enum("status", STATUSES)
    groups: dict[tuple[str, str, str], list[LinkUse]] = {}
    for use in revision_links(revision):
        if keep(use):
            groups.setdefault(use.target.key, []).append(use)
    targets = list(groups.values())
    broken = sum(1 for uses in targets if uses[0].target.status == "broken")
    shown = [uses for uses in targets if status is None or uses[0].target.status == status]
    locations = Locations(ctx, space, revision)

    def item(uses: list[LinkUse]) -> dict[str, Any]:
        pages = {use.node["id"]: use for use in uses}
        return {
            "status": uses[0].target.status,
            "relation": "reference",
            "targetReference": locations.target(uses[0].target),
            "locationReferences": [locations.page(u.node, u.path) for u in pages.values()],
        }

    answer = _paginate(ctx, shown, item)
    answer["stats"] = {"total": len(targets), "broken": {"total": broken, "changeRequest": 0}}
    return answer


def backlinks(
    ctx: Ctx, space: Doc, revision: Doc, leads_here: Callable[[LinkUse], bool]
) -> dict[str, Any]:
    """The pages with a link that ``leads_here``, each once, in document order."""
    pages: dict[str, LinkUse] = {}
    for use in revision_links(revision):
        if use.target.status == "ok" and leads_here(use):
            pages.setdefault(use.node["id"], use)
    locations = Locations(ctx, space, revision)
    return _paginate(
        ctx, list(pages.values()), lambda use: locations.page(use.node, use.path, context=True)
    )


@routes.get("/v1/spaces/{spaceId}/links")
def list_space_links(ctx: Ctx, spaceId: str) -> dict[str, Any]:
    space = find_space(ctx, spaceId)
    return link_list(ctx, space, current_revision(ctx, space), lambda use: True)


@routes.get("/v1/spaces/{spaceId}/content/page/{pageId}/links")
def list_page_links(ctx: Ctx, spaceId: str, pageId: str) -> dict[str, Any]:
    space = find_space(ctx, spaceId)
    revision = current_revision(ctx, space)
    if find_page(revision["pages"], pageId) is None:
        raise not_found("The page")
    return link_list(ctx, space, revision, lambda use: use.node["id"] == pageId)


@routes.get("/v1/spaces/{spaceId}/content/page/{pageId}/backlinks")
def list_page_backlinks(ctx: Ctx, spaceId: str, pageId: str) -> dict[str, Any]:
    space = find_space(ctx, spaceId)
    revision = current_revision(ctx, space)
    if find_page(revision["pages"], pageId) is None:
        raise not_found("The page")
    # A page's links to its own headings are not backlinks.
    return backlinks(
        ctx,
        space,
        revision,
        lambda use: (
            use.target.kind == "page" and use.target.page == pageId and use.node["id"] != pageId
        ),
    )


@routes.get("/v1/spaces/{spaceId}/content/files/{fileId}/backlinks")
def list_file_backlinks(ctx: Ctx, spaceId: str, fileId: str) -> dict[str, Any]:
    space = find_space(ctx, spaceId)
    revision = current_revision(ctx, space)
    if not any(file["id"] == fileId for file in revision.get("files", [])):
        raise not_found("The file")
    return backlinks(
        ctx, space, revision, lambda use: use.target.kind == "file" and use.target.file == fileId
    )
