"""Provides the routes of a space's revisions: any revision's content, a page in it, and its
semantic changes against its parent.

Every revision of a space can be read back: main's (scope = space id, no parent) and each
change request's (parent = the change request's id), so a reviewer can compare a change
request with the revision it started from (``revisionInitial``), the one it was last updated
from (``revisionMergedAncestor``) and, once merged, the merge (``revisionMerged``).

Semantic changes compare a revision with its first parent: for a merge, that is main as it was
before the merge, so the changes are what the merge did to main, and ``mergedFrom`` names the
change request it came from.
"""

from __future__ import annotations

from difflib import SequenceMatcher
from typing import Any

from ..content_tree import FlatPage, file_json, flatten, revision_json, walk
from ..http import Ctx, RouteTable, not_found
from ..records import find_space
from ..store import Doc
from .change_requests import change_request_json
from .content import page_answer, read_flags

__all__ = ["routes", "semantic_changes"]

routes = RouteTable()

PREFIX = "/v1/spaces/{spaceId}/revisions/{revisionId}"
DEFAULT_CHANGES = 10
MAX_CHANGES = 1000

# The fields of a document page whose change is an edit, and their name in the answer.
_DOCUMENT_FIELDS = {
    "title": "title",
    "description": "description",
    "slug": "slug",
    "markdown": "document",
    "emoji": "emoji",
}
_GROUP_FIELDS = {"title": "title", "emoji": "emoji", "slug": "slug"}
_FILE_FIELDS = ("name", "downloadURL", "size", "contentType")


def find_revision(ctx: Ctx, space_id: str, revision_id: str) -> tuple[Doc, Doc]:
    """The space and one of its revisions (main's or a change request's)."""
    space = find_space(ctx, space_id)
    revision = ctx.store.get("revision", revision_id)
    if revision is None or revision.get("space") != space_id:
        raise not_found("The revision")
    return space, revision


@routes.get(PREFIX)
def get_revision_by_id(ctx: Ctx, spaceId: str, revisionId: str) -> dict[str, Any]:
    space, revision = find_revision(ctx, spaceId, revisionId)
    return revision_json(ctx, space, revision, metadata=read_flags(ctx))


@routes.get(PREFIX + "/page/{pageId}")
def get_page_in_revision_by_id(
    ctx: Ctx, spaceId: str, revisionId: str, pageId: str
) -> dict[str, Any]:
    space, revision = find_revision(ctx, spaceId, revisionId)
    read_flags(ctx)
    return page_answer(ctx, space, revision, pageId)


# -- semantic changes -------------------------------------------------------------------------


def _changed_page(node: Doc, path: str | None) -> dict[str, Any]:
    result: dict[str, Any] = {
        "id": node["id"],
        "type": node.get("type", "document"),
        "title": node["title"],
    }
    if path is not None and node.get("type") != "link":
        result["path"] = path
    return result


def _page_attributes(before: Doc, after: Doc) -> dict[str, Any]:
    fields = _DOCUMENT_FIELDS if after.get("type", "document") == "document" else _GROUP_FIELDS
    attributes: dict[str, Any] = {}
    for key, name in fields.items():
        old, new = before.get(key), after.get(key)
        if old != new:
            change: dict[str, Any] = {}
            if old is not None:
                change["before"] = old
            if new is not None:
                change["after"] = new
            attributes[name] = change
    return attributes


def _reordered(before: dict[str, FlatPage], after: dict[str, FlatPage]) -> set[str]:
    """The pages that changed place among siblings they had on both sides.

    Pages that only shifted because a sibling came or went are not moves: among the siblings
    present before and after, the longest run kept in order stayed, and the rest moved.
    """

    def orders(flat: dict[str, FlatPage]) -> dict[str | None, list[str]]:
        by_parent: dict[str | None, list[FlatPage]] = {}
        for page_id, page in flat.items():
            other = after if flat is before else before
            if page_id in other and other[page_id].parent == page.parent:
                by_parent.setdefault(page.parent, []).append(page)
        return {
            parent: [p.node["id"] for p in sorted(pages, key=lambda p: p.index)]
            for parent, pages in by_parent.items()
        }

    old_orders, new_orders = orders(before), orders(after)
    moved: set[str] = set()
    for parent, new in new_orders.items():
        old = old_orders.get(parent, [])
        kept: set[str] = set()
        for block in SequenceMatcher(None, old, new, autojunk=False).get_matching_blocks():
            kept.update(old[block.a : block.a + block.size])
        moved.update(page_id for page_id in new if page_id not in kept)
    return moved


def _page_changes(
    ctx: Ctx, before_pages: list[Doc], after_pages: list[Doc]
) -> list[dict[str, Any]]:
    before, after = flatten(before_pages), flatten(after_pages)
    paths_before = {node["id"]: path for node, path, _ in walk(before_pages)}
    paths_after = {node["id"]: path for node, path, _ in walk(after_pages)}

    def parent_ref(flat: dict[str, FlatPage], paths: dict[str, str], page: FlatPage) -> Any:
        holder = flat.get(page.parent) if page.parent else None
        return None if holder is None else _changed_page(holder.node, paths.get(holder.node["id"]))

    reordered = _reordered(before, after)
    changes: list[dict[str, Any]] = []
    for page_id, page in after.items():
        old = before.get(page_id)
        ref = _changed_page(page.node, paths_after.get(page_id))
        if old is None:
            changes.append({"type": "page_created", "page": ref})
            continue
        attributes = _page_attributes(old.node, page.node)
        if attributes:
            changes.append({"type": "page_edited", "page": ref, "attributes": attributes})
        if old.parent != page.parent or page_id in reordered:
            parent: dict[str, Any] = {}
            was, now = parent_ref(before, paths_before, old), parent_ref(after, paths_after, page)
            if was is not None:
                parent["before"] = was
            if now is not None:
                parent["after"] = now
            changes.append({"type": "page_moved", "page": ref, "parent": parent})
    for page_id, old in before.items():
        if page_id not in after:
            changes.append(
                {"type": "page_deleted", "page": _changed_page(old.node, paths_before.get(page_id))}
            )
    return changes


def _file_changes(ctx: Ctx, space: Doc, before: list[Doc], after: list[Doc]) -> list[Any]:
    old_files = {file["id"]: file for file in before}
    new_files = {file["id"]: file for file in after}
    changes: list[dict[str, Any]] = []

    def ref(file: Doc) -> dict[str, Any]:
        full = file_json(ctx, space, file)
        return {key: full[key] for key in ("id", "name", "contentType", "downloadURL")}

    for file_id, file in new_files.items():
        old = old_files.get(file_id)
        if old is None:
            changes.append({"type": "file_created", "file": ref(file)})
        elif old != file:
            attributes = {
                key: {"before": old.get(key), "after": file.get(key)}
                for key in _FILE_FIELDS
                if old.get(key) != file.get(key)
            }
            if attributes:
                changes.append({"type": "file_edited", "file": ref(file), "attributes": attributes})
    for file_id, old in old_files.items():
        if file_id not in new_files:
            changes.append({"type": "file_deleted", "file": ref(old)})
    return changes


def _variable_changes(before: dict[str, Any], after: dict[str, Any]) -> list[dict[str, Any]]:
    variables: dict[str, Any] = {}
    for name in {**before, **after}:
        if before.get(name) != after.get(name):
            change: dict[str, Any] = {}
            if name in before:
                change["before"] = before[name]
            if name in after:
                change["after"] = after[name]
            variables[name] = change
    return [{"type": "variables_edited", "variables": variables}] if variables else []


def semantic_changes(ctx: Ctx, space: Doc, revision: Doc) -> list[dict[str, Any]]:
    """What the revision changed relative to its first parent (everything, for the first)."""
    parents = revision.get("parents") or []
    parent = ctx.store.get("revision", parents[0]) if parents else None
    base: Doc = parent or {"pages": [], "files": [], "variables": {}}
    return [
        *_page_changes(ctx, base["pages"], revision["pages"]),
        *_file_changes(ctx, space, base.get("files", []), revision.get("files", [])),
        *_variable_changes(base.get("variables", {}), revision.get("variables", {})),
    ]


@routes.get(PREFIX + "/changes")
def get_revision_semantic_changes(ctx: Ctx, spaceId: str, revisionId: str) -> dict[str, Any]:
    space, revision = find_revision(ctx, spaceId, revisionId)
    read_flags(ctx)
    limit = ctx.q_int("limit", DEFAULT_CHANGES, low=1, high=MAX_CHANGES)
    assert limit is not None
    changes = semantic_changes(ctx, space, revision)
    result: dict[str, Any] = {"changes": changes[:limit]}
    if len(changes) > limit:
        result["more"] = len(changes) - limit
    if revision.get("type") == "merge" and revision.get("mergedFrom"):
        merged_from = ctx.store.get("change-request", revision["mergedFrom"])
        if merged_from is not None:
            result["mergedFrom"] = change_request_json(ctx, space, merged_from)
    return result
