"""Provides the diffing and three-way merging of revisions' page trees and files.

A change request's content and the space's main content share an ancestor, the base (the
main revision the change request was created from, or last updated from). Merging and
updating from main both combine the same three sides: what the change request changed since
the base is applied over main, and what main changed since the base is kept. When both sides
changed the same field of the same page, the change request's value wins: merging means
accepting the proposal, and updating from main must not undo the author's work. The result
is therefore the same tree in both directions; only where it is stored differs.

Pages are compared by id, field by field (title, slug, markdown …) and by place (parent and
index among siblings); files are compared by id as whole records.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from .content_tree import FlatPage, flatten, unflatten
from .store import Doc

__all__ = ["PageChanges", "diff_pages", "merge_files", "merge_pages", "merge_revisions"]

_MISSING: Any = object()


@dataclass
class PageChanges:
    """How a page tree differs from its base, by page id."""

    added: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.added or self.changed or self.removed)


def _same(left: FlatPage, right: FlatPage) -> bool:
    return (left.node, left.parent, left.index) == (right.node, right.parent, right.index)


def diff_pages(base: list[Doc], pages: list[Doc]) -> PageChanges:
    """The pages added, changed (content or place) and removed relative to ``base``."""
    before, after = flatten(base), flatten(pages)
    return PageChanges(
        added=[page_id for page_id in after if page_id not in before],
        changed=[
            page_id
            for page_id, page in after.items()
            if page_id in before and not _same(before[page_id], page)
        ],
        removed=[page_id for page_id in before if page_id not in after],
    )


def _pick(base: Any, ours: Any, theirs: Any) -> Any:
    """Their value when they changed it since the base, else ours."""
    return theirs if theirs != base else ours


def _merge_page(base: FlatPage, ours: FlatPage, theirs: FlatPage) -> FlatPage:
    node: Doc = {}
    for key in {**ours.node, **theirs.node}:
        value = _pick(
            base.node.get(key, _MISSING),
            ours.node.get(key, _MISSING),
            theirs.node.get(key, _MISSING),
        )
        if value is not _MISSING:
            node[key] = copy.deepcopy(value)
    moved = (theirs.parent, theirs.index) != (base.parent, base.index)
    place = theirs if moved else ours
    return FlatPage(node, place.parent, place.index)


def merge_pages(base: list[Doc], ours: list[Doc], theirs: list[Doc]) -> list[Doc]:
    """Apply to ``ours`` what ``theirs`` changed since ``base``; ``theirs`` wins conflicts.

    A page removed on one side and left as it was on the other is removed; a page removed on
    one side but edited on the other survives only if the edit is theirs.
    """
    flat_base, flat_ours, flat_theirs = flatten(base), flatten(ours), flatten(theirs)
    result: dict[str, FlatPage] = {}
    for page_id in [*flat_ours, *(p for p in flat_theirs if p not in flat_ours)]:
        mine, their, original = (
            flat_ours.get(page_id),
            flat_theirs.get(page_id),
            flat_base.get(page_id),
        )
        if original is None:
            # Added on one side (or, improbably, both: theirs wins).
            result[page_id] = their or mine  # type: ignore[assignment]
        elif mine is not None and their is not None:
            result[page_id] = _merge_page(original, mine, their)
        elif their is not None and not _same(original, their):
            result[page_id] = their  # removed by us, edited by them
        # Otherwise removed by them, or removed by us and untouched by them: gone.
    return unflatten(result)


def merge_files(base: list[Doc], ours: list[Doc], theirs: list[Doc]) -> list[Doc]:
    """The same three-way rule for files, comparing whole file records by id."""
    by_base = {file["id"]: file for file in base}
    by_ours = {file["id"]: file for file in ours}
    by_theirs = {file["id"]: file for file in theirs}
    merged: list[Doc] = []
    for file_id in [*by_ours, *(f for f in by_theirs if f not in by_ours)]:
        mine, their, original = by_ours.get(file_id), by_theirs.get(file_id), by_base.get(file_id)
        if original is None:
            merged.append(their or mine)  # type: ignore[arg-type]
        elif mine is not None and their is not None:
            merged.append(_pick(original, mine, their))
        elif their is not None and their != original:
            merged.append(their)
    return copy.deepcopy(merged)


def merge_revisions(base: Doc, ours: Doc, theirs: Doc) -> dict[str, Any]:
    """The content (pages, files, variables) of ``ours`` with the changes of ``theirs``."""
    variables = dict(ours.get("variables", {}))
    base_variables, their_variables = base.get("variables", {}), theirs.get("variables", {})
    for name in {**base_variables, **their_variables}:
        if their_variables.get(name) != base_variables.get(name):
            if name in their_variables:
                variables[name] = their_variables[name]
            else:
                variables.pop(name, None)
    return {
        "pages": merge_pages(base["pages"], ours["pages"], theirs["pages"]),
        "files": merge_files(base.get("files", []), ours.get("files", []), theirs.get("files", [])),
        "variables": variables,
        "reusableContents": copy.deepcopy(
            theirs.get("reusableContents") or ours.get("reusableContents", [])
        ),
    }
