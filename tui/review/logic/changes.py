"""Provides the structure-aware comparison of two page trees: what a change request changes.

Pages are matched by id, so a page that moved or was renamed shows as such, never as a removal
plus an addition. A page may be several things at once (moved and edited). Pages are read
from mappings (the JSON the service sends, ``pages`` nesting the children) or from objects with
attributes (the client's ``RevisionPage``): the parent and the position of a page are where it
sits in the tree.

A revision's page tree may come without the pages' markdown (``getRevisionById`` sends none;
``getPageInRevisionById`` sends one page's). A document whose markdown is missing on either
side is then judged by its ``updatedAt`` and Git blob: when they differ it is edited with the
field ``content``, and ``PageChange.markdown_known`` is false: fetch both bodies before the diff.

    compare(base_pages, head_pages) -> ChangeSet
    ChangeSet.changes          changed pages in tree order (for next / previous page)
    ChangeSet.tree             changed pages nested, unchanged ancestors kept as context
    ChangeSet.counts           pages per kind; summary() and merge_summary(target) say them
    ChangeSet.describe(change) "edited (markdown), moved from ‘Guides’ to ‘API’"
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol, TypeAlias, cast

__all__ = ["ChangeKind", "ChangeSet", "ChangeTreeNode", "PageChange", "PageLike", "compare"]


class ChangeKind(StrEnum):
    """What happened to a page between the base and the change request.

    The order is the one kinds are counted and said in: edits first, as reviewers read them.
    """

    EDITED = "edited"
    ADDED = "added"
    REMOVED = "removed"
    MOVED = "moved"
    RENAMED = "renamed"


KIND_ORDER = tuple(ChangeKind)
# Fields besides the markdown whose change makes a page "edited".
EDITED_FIELDS = ("type", "emoji", "icon", "description", "hidden", "href", "document")


class PageLike(Protocol):
    """A page with attributes, as ``tui.api.models.RevisionPage``.

    ``id``, ``title`` and ``pages`` are required; ``slug``, ``path``, ``markdown`` and the
    fields of ``EDITED_FIELDS`` are read when present.
    """

    @property
    def id(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def pages(self) -> Sequence[PageLike]: ...


PageSource: TypeAlias = PageLike | Mapping[str, Any]


_HOW_READ: dict[type, str] = {dict: "mapping"}
"""How pages of a type are read, decided once a type: the check against ``Mapping`` (an
abstract class) and ``getattr`` on each field cost more than the rest of a comparison."""


def _how_read(kind: type, page: PageSource) -> str:
    if isinstance(page, Mapping):
        return "mapping"
    # A pydantic model keeps its fields in its ``__dict__``: read there, a dict's ``get``.
    return "fields" if hasattr(kind, "__pydantic_fields__") else "attributes"


def _reader(page: PageSource) -> tuple[Callable[[str], Any], bool]:
    """How to read the fields of one page, and whether it is a mapping."""
    kind = type(page)
    how = _HOW_READ.get(kind)
    if how is None:
        how = _HOW_READ[kind] = _how_read(kind, page)
    if how == "mapping":
        return cast(Mapping[str, Any], page).get, True
    if how == "fields":
        return vars(page).get, False

    def attribute(name: str) -> Any:
        return getattr(page, name, None)

    return attribute, False


@dataclass(slots=True)
class _PageState:
    """One page of one side, with its place in the tree."""

    id: str
    title: str
    slug: str
    path: str | None
    parent_id: str | None
    index: int
    markdown: str | None
    """None when the tree came without this document's body."""
    stamp: tuple[object, object]
    """When the page was last updated and its Git blob: what tells an edit without a body
    (compared, never shown: kept as read, a date is not written out for each page)."""
    fields: dict[str, Any]


@dataclass(frozen=True, slots=True)
class _Side:
    pages: dict[str, _PageState]  # in tree pre-order
    children: dict[str | None, list[str]]  # None is the root


def _slug(read: Callable[[str], Any]) -> str:
    slug = read("slug")
    if isinstance(slug, str) and slug:
        return slug
    path = read("path")
    return path.rsplit("/", 1)[-1] if isinstance(path, str) else ""


def _markdown(read: Callable[[str], Any]) -> str | None:
    markdown = read("markdown")
    if isinstance(markdown, str):
        return markdown
    # Only a document has a body: a group or a link without one is known to be empty.
    return None if (read("type") or "document") == "document" else ""


def _stamp(read: Callable[[str], Any], mapping: bool) -> tuple[object, object]:
    updated = read("updatedAt") if mapping else read("updated_at")
    git = read("git")
    oid = (
        (git.get("oid") if isinstance(git, Mapping) else getattr(git, "oid", None)) if git else None
    )
    return (updated or "", oid or "")


def _flatten(roots: Iterable[PageSource]) -> _Side:
    """The pages of a tree by id, walked without recursion (trees may be deep).

    When an id appears twice (malformed data), the first page and its children win.
    """
    pages: dict[str, _PageState] = {}
    children: dict[str | None, list[str]] = {None: []}
    stack: list[tuple[str | None, Iterator[PageSource]]] = [(None, iter(roots))]
    while stack:
        parent_id, remaining = stack[-1]
        page = next(remaining, None)
        if page is None:
            stack.pop()
            continue
        read, mapping = _reader(page)
        page_id = read("id")
        if not isinstance(page_id, str) or not page_id:
            raise ValueError(f"a page has no id (title {read('title')!r})")
        if page_id in pages:
            continue
        siblings = children[parent_id]
        siblings.append(page_id)
        children[page_id] = []
        pages[page_id] = _PageState(
            id=page_id,
            title=str(read("title") or ""),
            slug=_slug(read),
            path=read("path"),
            parent_id=parent_id,
            index=len(siblings) - 1,
            markdown=_markdown(read),
            stamp=_stamp(read, mapping),
            fields={name: read(name) for name in EDITED_FIELDS},
        )
        stack.append((page_id, iter(read("pages") or ())))
    return _Side(pages, children)


@dataclass(frozen=True, slots=True)
class PageChange:
    """How one page differs. ``old_*`` are from the base, ``new_*`` from the change request."""

    page_id: str
    kinds: frozenset[ChangeKind]
    title: str
    """The title to show: the new one, or the old one for a removed page."""
    old_title: str | None
    new_title: str | None
    old_path: str | None
    new_path: str | None
    old_parent_id: str | None
    new_parent_id: str | None
    old_markdown: str | None
    """The body in the base ("" for an added page); None when the tree came without it."""
    new_markdown: str | None
    """The body in the change request ("" for a removed page); None when not sent."""
    edited_fields: tuple[str, ...] = ()
    """What changed in an edited page: ``markdown``, ``content`` (the body changed but was not
    sent, so its diff needs fetching) and the fields of ``EDITED_FIELDS``."""

    def is_(self, kind: ChangeKind) -> bool:
        return kind in self.kinds

    @property
    def markdown_known(self) -> bool:
        """Whether both bodies are here; if not, fetch them before computing the diff."""
        return self.old_markdown is not None and self.new_markdown is not None

    @property
    def markdown_changed(self) -> bool:
        """Whether the page has a markdown diff to show (added and removed pages do too)."""
        if self.markdown_known:
            return self.old_markdown != self.new_markdown
        return "content" in self.edited_fields or bool(
            self.kinds & {ChangeKind.ADDED, ChangeKind.REMOVED}
        )


@dataclass(slots=True)
class ChangeTreeNode:
    """A page of the tree of changes; ``change`` is None for an unchanged ancestor."""

    page_id: str
    title: str
    change: PageChange | None
    children: list[ChangeTreeNode] = field(default_factory=list)


def _count_phrase(count: int, kind: ChangeKind, first: bool, adjective: bool) -> str:
    noun = "page" if count == 1 else "pages"
    if not first:
        return f"{count} {kind.value}"
    return f"{count} {kind.value} {noun}" if adjective else f"{count} {noun} {kind.value}"


@dataclass(frozen=True)
class ChangeSet:
    """The pages that differ between a base revision and a change request's revision."""

    changes: tuple[PageChange, ...]
    tree: tuple[ChangeTreeNode, ...]
    _base: _Side = field(repr=False)
    _head: _Side = field(repr=False)

    @property
    def counts(self) -> dict[ChangeKind, int]:
        """Pages per kind, every kind present (a page that moved and was edited counts twice)."""
        counts = dict.fromkeys(KIND_ORDER, 0)
        for change in self.changes:
            for kind in change.kinds:
                counts[kind] += 1
        return counts

    def __len__(self) -> int:
        return len(self.changes)

    def find(self, page_id: str) -> PageChange | None:
        return next((c for c in self.changes if c.page_id == page_id), None)

    def _phrases(self, adjective: bool) -> list[str]:
        present = [(kind, n) for kind, n in self.counts.items() if n]
        return [_count_phrase(n, kind, i == 0, adjective) for i, (kind, n) in enumerate(present)]

    def summary(self) -> str:
        """In words: "3 pages edited, 1 added, 1 moved", or "No pages changed"."""
        return ", ".join(self._phrases(adjective=False)) or "No pages changed"

    def merge_summary(self, target: str) -> str:
        """For the merge confirmation: "merges 3 edited pages, 1 added, 1 moved into API reference"."""
        phrases = ", ".join(self._phrases(adjective=True)) or "no page changes"
        return f"merges {phrases} into {target}"

    def _title(self, side: _Side, page_id: str | None) -> str:
        if page_id is None:
            return "the top level"
        return f"‘{side.pages[page_id].title}’"

    def describe(self, change: PageChange) -> str:
        """What happened to a page, in words: "edited (markdown), moved from ‘Guides’ to ‘API’"."""
        parts: list[str] = []
        for kind in KIND_ORDER:
            if kind not in change.kinds:
                continue
            if kind is ChangeKind.EDITED:
                parts.append(f"edited ({', '.join(change.edited_fields)})")
            elif kind is ChangeKind.MOVED and change.old_parent_id != change.new_parent_id:
                old = self._title(self._base, change.old_parent_id)
                new = self._title(self._head, change.new_parent_id)
                parts.append(f"moved from {old} to {new}")
            elif kind is ChangeKind.MOVED:
                parts.append(f"moved within {self._title(self._head, change.new_parent_id)}")
            elif kind is ChangeKind.RENAMED:
                renamed = []
                if change.old_title != change.new_title:
                    renamed.append(f"from ‘{change.old_title}’")
                old_slug = self._base.pages[change.page_id].slug
                new_slug = self._head.pages[change.page_id].slug
                if old_slug != new_slug:
                    renamed.append(f"slug {old_slug or '(none)'} → {new_slug or '(none)'}")
                parts.append(f"renamed {', '.join(renamed)}")
            else:
                parts.append(kind.value)
        return ", ".join(parts)


def _reordered(base: _Side, head: _Side) -> set[str]:
    """Pages that changed place among siblings that stayed under the same parent.

    Only the pages outside the longest common order count as moved, so moving one page up
    three places marks that page, not the three it passed.
    """
    moved: set[str] = set()
    for parent_id, head_children in head.children.items():
        if parent_id is not None and parent_id not in base.pages:
            continue
        new_order = [
            c for c in head_children if c in base.pages and base.pages[c].parent_id == parent_id
        ]
        old_order = [
            c
            for c in base.children.get(parent_id, ())
            if c in head.pages and head.pages[c].parent_id == parent_id
        ]
        if new_order == old_order:
            continue
        matcher = difflib.SequenceMatcher(None, old_order, new_order, autojunk=False)
        kept = {c for a, b, size in matcher.get_matching_blocks() for c in new_order[b : b + size]}
        moved.update(c for c in new_order if c not in kept)
    return moved


def _change_of(page_id: str, base: _Side, head: _Side, reordered: set[str]) -> PageChange | None:
    old = base.pages.get(page_id)
    new = head.pages.get(page_id)
    kinds: set[ChangeKind] = set()
    edited: list[str] = []
    if old is None:
        kinds.add(ChangeKind.ADDED)
    elif new is None:
        kinds.add(ChangeKind.REMOVED)
    else:
        if old.markdown is not None and new.markdown is not None:
            if old.markdown != new.markdown:
                edited.append("markdown")
        elif old.stamp != new.stamp:
            edited.append("content")
        edited.extend(name for name in EDITED_FIELDS if old.fields[name] != new.fields[name])
        if edited:
            kinds.add(ChangeKind.EDITED)
        if old.parent_id != new.parent_id or page_id in reordered:
            kinds.add(ChangeKind.MOVED)
        if old.title != new.title or old.slug != new.slug:
            kinds.add(ChangeKind.RENAMED)
    if not kinds:
        return None
    shown = new or old
    assert shown is not None
    return PageChange(
        page_id=page_id,
        kinds=frozenset(kinds),
        title=shown.title,
        old_title=old.title if old else None,
        new_title=new.title if new else None,
        old_path=old.path if old else None,
        new_path=new.path if new else None,
        old_parent_id=old.parent_id if old else None,
        new_parent_id=new.parent_id if new else None,
        old_markdown=old.markdown if old else "",
        new_markdown=new.markdown if new else "",
        edited_fields=tuple(edited),
    )


def _merged_children(base: _Side, head: _Side) -> dict[str | None, list[str]]:
    """The change request's tree with each removed page put back under its old parent."""
    merged = {parent: list(kids) for parent, kids in head.children.items()}
    for page_id, old in base.pages.items():  # pre-order: a removed parent is placed first
        if page_id in head.pages:
            continue
        merged.setdefault(page_id, [])
        siblings = merged.setdefault(old.parent_id, [])
        siblings.insert(min(old.index, len(siblings)), page_id)
    return merged


def _build_tree(
    merged: dict[str | None, list[str]], found: dict[str, PageChange], titles: dict[str, str]
) -> tuple[tuple[ChangeTreeNode, ...], tuple[PageChange, ...]]:
    # Which pages to keep, children before parents (reverse pre-order), without recursion.
    order: list[str] = []
    stack = list(reversed(merged[None]))
    while stack:
        page_id = stack.pop()
        order.append(page_id)
        stack.extend(reversed(merged.get(page_id, ())))
    keep: set[str] = set()
    for page_id in reversed(order):
        if page_id in found or any(c in keep for c in merged.get(page_id, ())):
            keep.add(page_id)
    nodes = {pid: ChangeTreeNode(pid, titles[pid], found.get(pid)) for pid in order if pid in keep}
    for page_id, node in nodes.items():
        node.children = [nodes[c] for c in merged.get(page_id, ()) if c in keep]
    roots = tuple(nodes[c] for c in merged[None] if c in keep)
    in_tree_order = tuple(found[pid] for pid in order if pid in found)
    return roots, in_tree_order


def compare(base_pages: Iterable[PageSource], head_pages: Iterable[PageSource]) -> ChangeSet:
    """The changes from ``base_pages`` (the base revision's tree) to ``head_pages``."""
    base = _flatten(base_pages)
    head = _flatten(head_pages)
    reordered = _reordered(base, head)
    found: dict[str, PageChange] = {}
    for page_id in [*head.pages, *(p for p in base.pages if p not in head.pages)]:
        change = _change_of(page_id, base, head, reordered)
        if change is not None:
            found[page_id] = change
    titles = {pid: state.title for pid, state in base.pages.items()}
    titles.update((pid, state.title) for pid, state in head.pages.items())
    tree, changes = _build_tree(_merged_children(base, head), found, titles)
    return ChangeSet(changes=changes, tree=tree, _base=base, _head=head)
