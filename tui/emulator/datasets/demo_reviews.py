"""Provides the demo's change requests: drafts, open ones, one outdated and one merged.

The API Reference space gets a history behind its current content: an older main revision, a
change request merged into it, then a later edit on main. A change request opened between the
merge and that edit is outdated; the others start from the current content.
"""

from __future__ import annotations

import copy
from collections.abc import Callable

from ..content_tree import walk
from ..records import recount_space
from ..store import Doc
from .builder import Builder

__all__ = ["seed"]

RATE_LIMITS = (
    "# Rate limits\n\n"
    "Each token may send 600 requests per minute. Past that, the API answers `429` with a "
    "`Retry-After` header.\n\n"
    "| Plan | Requests per minute |\n| --- | --- |\n| Free | 60 |\n| Pro | 600 |\n"
    "| Enterprise | 6000 |\n"
)
TOKEN_SCOPES = (
    "\n## Token scopes\n\nA token can be limited to `read`, `write` or `admin`. "
    "Ask for the smallest scope that does the job.\n"
)
ROLLBACK = (
    "# Rollback checklist\n\n1. Freeze deploys in #releases.\n2. Run `northwind rollback "
    "--to previous`.\n3. Confirm error rates are back to baseline.\n4. Write the incident note.\n"
)
ON_CALL = (
    "# On-call rota\n\nEach engineer is on call one week in six, Monday 10:00 to Monday 10:00. "
    "Swap shifts in the #on-call channel.\n"
)


def _space(b: Builder, organization: Doc, title: str) -> Doc | None:
    return next((s for s in b.store.list("space", scope=organization["id"]) if s["title"] == title), None)


def _content(revision: Doc) -> tuple[list[Doc], list[Doc]]:
    return copy.deepcopy(revision["pages"]), copy.deepcopy(revision.get("files", []))


def _edit(pages: list[Doc], title: str, change: Callable[[str], str], at: str) -> list[Doc]:
    """The same tree with one page's markdown changed (found by title; untouched if absent)."""
    for node, _, _ in walk(pages):
        if node["title"] == title and "markdown" in node:
            node["markdown"] = change(node["markdown"])
            node["updatedAt"] = at
    return pages


def _remove(pages: list[Doc], title: str) -> list[Doc]:
    kept = [node for node in pages if node["title"] != title]
    for node in kept:
        node["pages"] = _remove(node.get("pages", []), title)
    return kept


def _without_last_block(markdown: str) -> str:
    blocks = markdown.rstrip("\n").split("\n\n")
    return "\n\n".join(blocks[:-1]) + "\n" if len(blocks) > 2 else markdown


def _markdown(pages: list[Doc], title: str) -> str:
    return next((node.get("markdown", "") for node, _, _ in walk(pages) if node["title"] == title), "")


class _Reviews:
    """Files change requests of one space with numbers counting up."""

    def __init__(self, b: Builder, space: Doc) -> None:
        self.b, self.space, self.number = b, space, 0

    def file(
        self,
        subject: str,
        author: Doc,
        *,
        status: str,
        start: Doc,
        pages: list[Doc],
        files: list[Doc],
        days: float,
        **fields: str,
    ) -> Doc:
        b = self.b
        self.number += 1
        request_id = b.id("change-request")
        revision = b.revision(
            self.space["id"], pages, files, parents=[start["id"]],
            change_request=request_id, created=b.at(days=days - 0.1),
        )
        request: Doc = {
            "id": request_id,
            "space": self.space["id"],
            "number": self.number,
            "status": status,
            "subject": subject,
            "createdBy": author["id"],
            "contributors": [author["id"]],
            "createdAt": b.at(days=days),
            "updatedAt": b.at(days=days - 0.1),
            "revision": revision["id"],
            "revisionInitial": start["id"],
            **fields,
        }
        b.store.put("change-request", request, scope=self.space["id"])
        return request


def seed(b: Builder, northwind: Doc, community: Doc, *, people: dict[str, Doc]) -> None:
    """Write this part of the demo; other records are found in `b.store`."""
    ada, grace = people["ada"], people["grace"]
    reference = _space(b, northwind, "API Reference")
    if reference is not None:
        _seed_reference(b, reference, ada, grace)
    deploying = _space(b, northwind, "Deploying to production")
    if deploying is not None:
        main = b.store.get("revision", deploying["revision"]) or {"pages": []}
        pages, files = _content(main)
        pages.append(b.page("Rollback checklist", ROLLBACK, days=4))
        _Reviews(b, deploying).file(
            "Add a rollback checklist", ada, status="open", start=main, pages=pages, files=files, days=4
        )
        recount_space(b.store, deploying["id"])
    handbook = _space(b, northwind, "Team handbook")
    if handbook is not None:
        main = b.store.get("revision", handbook["revision"]) or {"pages": []}
        pages, files = _content(main)
        pages.append(b.page("On-call rota", ON_CALL, days=2))
        _Reviews(b, handbook).file(
            "Add the on-call rota", grace, status="draft", start=main, pages=pages, files=files, days=2
        )
        recount_space(b.store, handbook["id"])


def _seed_reference(b: Builder, space: Doc, ada: Doc, grace: Doc) -> None:
    current = b.store.get("revision", space["revision"])
    if current is None:
        return
    space_id = space["id"]
    reviews = _Reviews(b, space)

    # History behind the current content: it is an edit of Quickstart made after a merge,
    # and the merge brought Authentication's header table into an older main.
    before_edit, files = _content(current)
    _edit(before_edit, "Quickstart", _without_last_block, b.at(days=45))
    older = _edit(copy.deepcopy(before_edit), "Authentication", _without_last_block, b.at(days=50))
    main_old = b.revision(space_id, older, copy.deepcopy(files), created=b.at(days=40))
    merged = reviews.file(
        "Add the header table to Authentication", grace, status="merged", start=main_old,
        pages=_edit(copy.deepcopy(older), "Authentication",
                    lambda _: _markdown(before_edit, "Authentication"), b.at(days=34)),
        files=copy.deepcopy(files), days=35,
    )
    main_merge = b.revision(
        space_id, before_edit, copy.deepcopy(files), parents=[main_old["id"], merged["revision"]],
        type="merge", created=b.at(days=30),
    )
    main_merge["mergedFrom"] = merged["id"]
    b.store.put("revision", main_merge, scope=space_id)
    merged.update(revisionMerged=main_merge["id"], updatedAt=b.at(days=30))
    b.store.put("change-request", merged, scope=space_id)
    if not current.get("parents"):
        current["parents"] = [main_merge["id"]]
        b.store.put("revision", current, scope=space_id)

    # Opened after the merge, before main's later edit of Quickstart: outdated.
    pages, _ = _content(main_merge)
    reviews.file(
        "Describe token scopes", grace, status="open", start=main_merge,
        pages=_edit(pages, "Authentication", lambda text: text + TOKEN_SCOPES, b.at(days=19)),
        files=copy.deepcopy(files), days=20,
    )

    # From the current content: a new page and a changed one; then a page removed.
    pages, files = _content(current)
    _edit(pages, "Authentication", lambda text: text + "\nSee [Rate limits](rate-limits.md).\n", b.at(days=5))
    pages.append(b.page("Rate limits", RATE_LIMITS, emoji="⏱️", days=5))
    reviews.file(
        "Document the new rate limits", ada, status="open", start=current,
        pages=pages, files=files, days=6,
    )
    pages, files = _content(current)
    auth_text = _markdown(pages, "Authentication").replace("# Authentication", "## Authentication")
    pages = _edit(_remove(pages, "Authentication"), "Quickstart",
                  lambda text: text.replace("Next, read [Authentication](authentication.md).\n", "")
                  .rstrip("\n") + "\n\n" + auth_text, b.at(days=2))
    reviews.file(
        "Fold Authentication into Quickstart", grace, status="draft", start=current,
        pages=pages, files=files, days=3,
    )
    recount_space(b.store, space_id)
