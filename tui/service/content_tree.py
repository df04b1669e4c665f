"""Provides the page trees of revisions: walking them, finding pages, and writing them out.

A revision's ``pages`` is a tree of page nodes in the format documented in
``datasets/builder.py``. The space's content and each change request's content are revisions;
the routes of both serialize them with the functions here.
"""

from __future__ import annotations

import copy
import posixpath
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote, urlsplit

from .http import Ctx, HttpError
from .json_codec import fragment
from .records import APP_URL, PUBLISHED_URL
from .store import Doc

__all__ = [
    "FlatPage",
    "LinkTarget",
    "LinkUse",
    "commit_revision",
    "current_revision",
    "current_revision_json",
    "file_json",
    "find_page",
    "flatten",
    "markdown_links",
    "page_json",
    "resolve_link",
    "revision_json",
    "revision_links",
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


def walk(
    pages: list[Doc], base: str = "", parent: str | None = None
) -> Iterator[tuple[Doc, str, str | None]]:
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
    result.update(
        kind="sheet" if kind == "document" else "group", type=kind, slug=node["slug"], path=path
    )
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


def revision_json(
    ctx: Ctx,
    space: Doc,
    revision: Doc,
    *,
    metadata: bool = True,
    tree: tuple[Any, Any] | None = None,
) -> dict[str, Any]:
    """A revision with its whole page tree and files (``tree``: both already written out)."""
    base = f"{APP_URL}/o/{space['organization']}/s/{space['id']}"
    if tree is None:
        tree = (
            [page_json(ctx, space, node, node["slug"]) for node in revision["pages"]],
            [file_json(ctx, space, file) for file in revision.get("files", [])],
        )
    result: dict[str, Any] = {
        "object": "revision",
        "id": revision["id"],
        "type": revision.get("type", "edits"),
        "parents": revision.get("parents", []),
        "createdAt": revision["createdAt"],
        "pages": tree[0],
        "files": tree[1],
        "reusableContents": revision.get("reusableContents", []),
        "variables": revision.get("variables", {}),
        "urls": {"app": f"{base}/~/revisions/{revision['id']}/"},
    }
    if space.get("visibility", "private") != "private":
        result["urls"]["published"] = f"{PUBLISHED_URL}/{space.get('slug', space['id'])}/"
    if result["type"] == "merge" and revision.get("mergedFrom"):
        # The change request a merge came from; imported here because its routes import us.
        from .routes.change_requests import change_request_json

        merged_from = ctx.store.get("change-request", revision["mergedFrom"])
        if merged_from is not None:
            result["mergedFrom"] = change_request_json(ctx, space, merged_from)
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


# -- new revisions ----------------------------------------------------------------------------


def commit_revision(
    ctx: Ctx,
    space: Doc,
    pages: list[Doc],
    files: list[Doc] | None = None,
    *,
    type: str = "edits",
    **fields: Any,
) -> Doc:
    """Make ``pages`` (and ``files``) the space's live content, as a new revision.

    The new revision's parent is the space's current one; the space points at the new one
    and is marked updated, which is what tells change requests based on an older revision
    that they are outdated.
    """
    previous = ctx.store.get("revision", space["revision"]) or {}
    revision: Doc = {
        "id": ctx.store.new_id("revision"),
        "space": space["id"],
        "parents": [space["revision"]],
        "type": type,
        "createdAt": ctx.now(),
        "pages": pages,
        "files": previous.get("files", []) if files is None else files,
        "variables": previous.get("variables", {}),
        "reusableContents": previous.get("reusableContents", []),
        **fields,
    }
    ctx.store.put("revision", revision, scope=space["id"], parent=None)
    space["revision"] = revision["id"]
    space["updatedAt"] = revision["createdAt"]
    ctx.store.put("space", space, scope=space["organization"], parent=space.get("parent"))
    return revision


# -- where links lead -------------------------------------------------------------------------

_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")
_FENCE = re.compile(r"^(```|~~~).*?^\1[^\n]*$", re.MULTILINE | re.DOTALL)
_FILE_ID = re.compile(r"(?:^|/)files/([A-Za-z0-9_-]+)$")
_PAGE_SUFFIXES = (".md", ".markdown")


@dataclass(frozen=True)
class LinkTarget:
    """Where one link of a page leads once resolved in its revision.

    ``kind`` is ``page``, ``file`` or ``url``; ``status`` is ``ok``, ``broken`` (a page or
    file that the revision does not hold) or ``in-app`` (a URL into the app).
    """

    raw: str
    kind: str
    status: str
    page: str | None = None
    file: str | None = None
    url: str | None = None
    anchor: str | None = None

    @property
    def key(self) -> tuple[str, str, str]:
        """Links to the same place share a key (a broken one is keyed by what it says)."""
        if self.status == "broken":
            return (self.kind, "", self.raw.split("#")[0])
        return (self.kind, self.page or self.file or self.url or "", self.anchor or "")


@dataclass(frozen=True)
class LinkUse:
    """One link as written on a page: the page, its path, and where the link leads."""

    node: Doc
    path: str
    target: LinkTarget


def _page_candidate(base: str, target: str) -> str | None:
    joined = posixpath.normpath(posixpath.join(base, target.lstrip("/")))
    if joined.startswith(".."):
        return None
    for suffix in _PAGE_SUFFIXES:
        if joined.lower().endswith(suffix):
            joined = joined[: -len(suffix)]
            break
    if joined == "README" or joined.endswith("/README"):
        joined = joined[: -len("README")]
    joined = joined.strip("/")
    return "" if joined == "." else joined


def resolve_link(
    raw: str, from_id: str, from_path: str, paths: dict[str, str], files: list[Doc]
) -> LinkTarget:
    """Resolve a link target written on the page at ``from_path``.

    ``paths`` maps every page path of the revision to the page id. A relative target
    (``other.md``, ``../guides/x.md``, ``/guides/x``) is tried from the page's folder, then
    from the page itself (a page with children is a folder's README), then from the root.
    A target with a file extension, or ``…/files/<id>``, names a file of the revision.
    """
    target = raw.strip()
    if _SCHEME.match(target) or target.startswith("//"):
        try:
            parts = urlsplit(target if not target.startswith("//") else "https:" + target)
            host = parts.hostname
        except ValueError:  # such as http://[::1: a link, broken, not a failure of the service
            return LinkTarget(raw, "url", "broken", url=target)
        in_app = parts.scheme in ("http", "https") and host == urlsplit(APP_URL).hostname
        return LinkTarget(raw, "url", "in-app" if in_app else "ok", url=target)
    location, _, anchor = target.partition("#")
    location = unquote(location.split("?")[0])
    if not location:
        return LinkTarget(raw, "page", "ok", page=from_id, anchor=anchor or None)
    by_id = _FILE_ID.search(location)
    name = posixpath.basename(location)
    extension = posixpath.splitext(name)[1].lower()
    if by_id or (extension and extension not in _PAGE_SUFFIXES):
        wanted = by_id.group(1) if by_id else None
        for file in files:
            if file["id"] == wanted or (wanted is None and file["name"] == name):
                return LinkTarget(raw, "file", "ok", file=file["id"])
        return LinkTarget(raw, "file", "broken")
    folder = posixpath.dirname(from_path)
    bases = ["", from_path] if location.startswith("/") else [folder, from_path, ""]
    for base in bases:
        candidate = _page_candidate(base, location)
        if candidate and candidate in paths:
            return LinkTarget(raw, "page", "ok", page=paths[candidate], anchor=anchor or None)
    return LinkTarget(raw, "page", "broken", anchor=anchor or None)


def revision_links(revision: Doc) -> list[LinkUse]:
    """Every link of a revision, page by page in document order.

    A document's links are the targets of its markdown links and images (code blocks
    excluded); a link page's link is its URL.
    """
    pages = revision.get("pages", [])
    files = revision.get("files", [])
    paths = {path: node["id"] for node, path, _ in walk(pages) if node.get("type") != "link"}
    uses: list[LinkUse] = []
    for node, path, _ in walk(pages):
        kind = node.get("type", "document")
        if kind == "link":
            targets = [node["href"]] if node.get("href") else []
        elif kind == "document":
            targets = markdown_links(_FENCE.sub("", node.get("markdown", "")))
        else:
            targets = []
        for raw in targets:
            uses.append(LinkUse(node, path, resolve_link(raw, node["id"], path, paths, files)))
    return uses


def current_revision_json(ctx: Ctx, space: Doc, *, metadata: bool = True) -> dict[str, Any]:
    """``revision_json`` of the space's live revision, its tree encoded once per revision.

    A revision never changes once written, and its pages and files as the API shows them
    depend only on it and on the space's id and organization; decoding and writing out the
    2,000 pages of a big space took 20 ms a request. The store drops the encoded tree when
    any revision is written, or a transaction rolls back.
    """

    def encode_tree() -> tuple[Doc, tuple[Any, Any]]:
        revision = current_revision(ctx, space)
        pages = [page_json(ctx, space, node, node["slug"]) for node in revision["pages"]]
        files = [file_json(ctx, space, file) for file in revision.get("files", [])]
        head = {key: value for key, value in revision.items() if key != "pages"}
        return head, (fragment(pages), fragment(files))

    key = ("answer tree", space["revision"], space["id"], space["organization"])
    head, tree = ctx.store.derived("revision", key, encode_tree)
    return revision_json(ctx, space, head, metadata=metadata, tree=tree)


def current_revision(ctx: Ctx, space: Doc) -> Doc:
    """The space's live revision (its main content)."""
    revision = ctx.store.get("revision", space["revision"])
    if revision is None:
        raise HttpError(404, "The space's content could not be found.")
    return revision
