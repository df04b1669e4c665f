"""Provides the page trees of revisions: walking them, finding pages, and writing them out.

A revision's ``pages`` is a tree of page nodes in the format documented in
``datasets/builder.py``. The space's content and each change request's content are revisions;
the routes of both serialize them with the functions here.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .http import Ctx
from .records import APP_URL, PUBLISHED_URL
from .store import Doc

__all__ = [
    "FlatPage",
    "file_json",
    "find_page",
    "flatten",
    "markdown_links",
    "page_json",
    "revision_json",
    "unflatten",
    "walk",
]

_LAYOUT = {
    "width": "default",
    "cover": False,
    "coverSize": "hero",
    "title": True,
    "description": True,
    "tableOfContents": True,
    "outline": True,
    "pagination": True,
    "metadata": True,
}

# [text](target) and ![alt](target), ignoring an optional "title" after the target.
_LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")


def walk(pages: list[Doc], base: str = "", parent: str | None = None) -> Iterator[tuple[Doc, str, str | None]]:
    """Every page node, depth first in document order, with its path and its parent's id."""
    stack: list[tuple[list[Doc], str, str | None, int]] = [(pages, base, parent, 0)]
    while stack:
        nodes, prefix, parent_id, index = stack.pop()
        if index >= len(nodes):
            continue
        node = nodes[index]
        stack.append((nodes, prefix, parent_id, index + 1))
        path = f"{prefix}/{node['slug']}" if prefix else node["slug"]
        yield node, path, parent_id
        if node.get("pages"):
            stack.append((node["pages"], path, node["id"], 0))


def find_page(pages: list[Doc], page_id: str) -> tuple[Doc, str] | None:
    """The page node with this id and its path, or None."""
    for node, path, _ in walk(pages):
        if node["id"] == page_id:
            return node, path
    return None


def markdown_links(markdown: str) -> list[str]:
    """The link targets of a markdown text, in order."""
    return [match.group(1) for match in _LINK.finditer(markdown or "")]


def page_json(
    ctx: Ctx,
    space: Doc,
    node: Doc,
    path: str,
    *,
    markdown: bool = True,
    children: bool = True,
) -> dict[str, Any]:
    """A page node as the API shows it (RevisionPageDocument, Group or Link)."""
    kind = node.get("type", "document")
    result: dict[str, Any] = {"id": node["id"], "title": node["title"]}
    for key in ("emoji", "icon", "createdAt", "updatedAt"):
        if node.get(key):
            result[key] = node[key]
    if kind == "link":
        result.update(
            kind="link",
            type="link",
            target={"kind": "url", "url": node.get("href", "")},
            href=node.get("href", ""),
        )
        if node.get("hidden"):
            result["hidden"] = True
        return result
    result.update(kind="sheet" if kind == "document" else "group", type=kind, slug=node["slug"], path=path)
    if kind == "document":
        result["urls"] = {"app": f"{APP_URL}/o/{space['organization']}/s/{space['id']}/{path}"}
        result["layout"] = dict(_LAYOUT)
        if node.get("description"):
            result["description"] = node["description"]
        if markdown:
            result["markdown"] = node.get("markdown", "")
    for key in ("hidden", "noIndex", "noRobotsIndex"):
        if node.get(key):
            result[key] = True
    if node.get("variables"):
        result["variables"] = node["variables"]
    result["pages"] = (
        [
            page_json(ctx, space, child, f"{path}/{child['slug']}", markdown=markdown)
            for child in node.get("pages", [])
        ]
        if children
        else []
    )
    return result


def file_json(ctx: Ctx, space: Doc, file: Doc) -> dict[str, Any]:
    result: dict[str, Any] = {
        "id": file["id"],
        "name": file["name"],
        "contentType": file["contentType"],
        "size": file["size"],
        "downloadURL": file.get("downloadURL")
        or f"https://files.docdeck.local/{space['id']}/{file['id']}/{file['name']}",
    }
    if file.get("dimensions"):
        result["dimensions"] = file["dimensions"]
    if file.get("git"):
        result["git"] = file["git"]
    return result


def revision_json(ctx: Ctx, space: Doc, revision: Doc, *, metadata: bool = True) -> dict[str, Any]:
    """A revision with its whole page tree and files."""
    base = f"{APP_URL}/o/{space['organization']}/s/{space['id']}"
    result: dict[str, Any] = {
        "object": "revision",
        "id": revision["id"],
        "type": revision.get("type", "edits"),
        "parents": revision.get("parents", []),
        "createdAt": revision["createdAt"],
        "pages": [page_json(ctx, space, node, node["slug"]) for node in revision["pages"]],
        "files": [file_json(ctx, space, file) for file in revision.get("files", [])],
        "reusableContents": revision.get("reusableContents", []),
        "variables": revision.get("variables", {}),
        "urls": {"app": f"{base}/~/revisions/{revision['id']}/"},
    }
    if space.get("visibility", "private") != "private":
        result["urls"]["published"] = f"{PUBLISHED_URL}/{space.get('slug', space['id'])}/"
    if metadata and revision.get("git"):
        result["git"] = revision["git"]
    return result


@dataclass
class FlatPage:
    """A page without its children, with where it sits: its parent and its index there."""

    node: Doc
    parent: str | None
    index: int


def flatten(pages: list[Doc]) -> dict[str, FlatPage]:
    """The pages of a tree by id, each without children, for diffing and merging."""
    flat: dict[str, FlatPage] = {}
    positions: dict[str | None, int] = {}
    for node, _, parent in walk(pages):
        index = positions.get(parent, 0)
        positions[parent] = index + 1
        bare = {key: value for key, value in node.items() if key != "pages"}
        flat[node["id"]] = FlatPage(copy.deepcopy(bare), parent, index)
    return flat


def unflatten(flat: dict[str, FlatPage]) -> list[Doc]:
    """Rebuild a tree from flat pages; a page whose parent is gone moves to the top."""
    children: dict[str | None, list[FlatPage]] = {}
    for page in flat.values():
        parent = page.parent if page.parent in flat else None
        children.setdefault(parent, []).append(page)

    def build(parent: str | None) -> list[Doc]:
        ordered = sorted(children.get(parent, []), key=lambda page: page.index)
        return [{**page.node, "pages": build(page.node["id"])} for page in ordered]

    return build(None)
