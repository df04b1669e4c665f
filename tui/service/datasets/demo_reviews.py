"""Provides the demo's change requests: drafts, open ones, one outdated and one merged.

The API Reference space gets a history behind its current content: an older main revision
without the Scopes section of Authentication, the change request that added it (merged),
then a later edit on main that linked Rate limits from Quickstart. A change request opened
between the merge and that edit is outdated; the others start from the current content.
Every date is placed relative to the current content's, so the story holds in order.
"""

from __future__ import annotations

import copy
from collections.abc import Callable

from ..content_tree import walk
from ..http import parse_iso
from ..records import recount_space
from ..store import Doc
from .builder import EPOCH, Builder

__all__ = ["seed"]

EXPIRY = (
    "\n## Expiry\n\nPersonal and project tokens never expire, so rotate them at least every 90 "
    "days. OAuth access tokens expire after an hour: refresh them with the refresh token, "
    "which lasts 30 days.\n"
)
BURSTS = (
    "\n## Bursts\n\nFrom 1 December, each token may also burst to twice its per-minute limit "
    "for ten seconds, which covers most CI fan-outs without retries.\n"
)
HANDLING_429 = (
    "# Handling 429 responses\n\nWait for the number of seconds in `Retry-After`, then retry "
    "the same request. The SDKs do this for you up to three times.\n\n"
    "```python\nclient = Client(token=token, max_retries=3)\n```\n\n"
    "The body of a 429 is described in [Errors](../errors.md). Spreading CI jobs out helps "
    "too: see [CI pipelines](ci-pipelines.md).\n"
)
ROLLING_BACK = (
    "\n## Rolling back\n\nRolling back promotes the previous `ready` deployment; nothing is "
    "rebuilt, so it takes seconds: `northwind rollback --project billing-api`.\n"
)
ROLLBACK_CHECKLIST = (
    "# Rollback checklist\n\n1. Freeze deploys in #releases.\n2. Run `northwind rollback "
    "--to previous`.\n3. Confirm error rates are back to baseline.\n4. Write the incident note.\n"
)
PARENTAL_LEAVE = (
    "# Parental leave\n\nEvery parent gets 20 weeks of fully paid leave, to take in one go or in "
    "blocks during the child's first two years. Tell your lead a month ahead if you can.\n"
)


def _space(b: Builder, organization: Doc, title: str) -> Doc | None:
    spaces = b.store.list("space", scope=organization["id"])
    return next((space for space in spaces if space["title"] == title), None)


def _age(revision: Doc) -> float:
    """How many days before the dataset's epoch the revision was made."""
    return (EPOCH - parse_iso(revision["createdAt"])).total_seconds() / 86400


def _copy(revision: Doc) -> tuple[list[Doc], list[Doc]]:
    return copy.deepcopy(revision["pages"]), copy.deepcopy(revision.get("files", []))


def _node(pages: list[Doc], title: str) -> Doc | None:
    return next((node for node, _, _ in walk(pages) if node["title"] == title), None)


def _edit(pages: list[Doc], title: str, change: Callable[[str], str], at: str) -> list[Doc]:
    """The tree with one document's markdown changed (found by title; untouched if absent)."""
    node = _node(pages, title)
    if node is not None and "markdown" in node:
        node["markdown"] = change(node["markdown"])
        node["updatedAt"] = at
    return pages


def _remove(pages: list[Doc], title: str) -> list[Doc]:
    kept = [node for node in pages if node["title"] != title]
    for node in kept:
        node["pages"] = _remove(node.get("pages", []), title)
    return kept


def _add(pages: list[Doc], page: Doc, *, under: str | None = None) -> list[Doc]:
    """The tree with a page added at the end, under the page titled ``under`` if there is one."""
    parent = _node(pages, under) if under else None
    (parent["pages"] if parent is not None else pages).append(page)
    return pages


def _append(text: str) -> Callable[[str], str]:
    return lambda markdown: markdown.rstrip("\n") + "\n" + text


def _without_section(heading: str) -> Callable[[str], str]:
    """Drop a section: its heading and the paragraph after it."""

    def change(markdown: str) -> str:
        blocks = markdown.split("\n\n")
        if heading not in blocks:
            return markdown
        at = blocks.index(heading)
        return "\n\n".join(blocks[:at] + blocks[at + 2 :])

    return change


def _without_line(fragment: str) -> Callable[[str], str]:
    return lambda markdown: "".join(
        line for line in markdown.splitlines(keepends=True) if fragment not in line
    )


class _Reviews:
    """Files the change requests of one space, numbered from 1."""

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
    ) -> Doc:
        """A change request opened ``days`` before the epoch from the main revision ``start``."""
        b = self.b
        self.number += 1
        request_id = b.id("change-request")
        revision = b.revision(
            self.space["id"],
            pages,
            files,
            parents=[start["id"]],
            change_request=request_id,
            created=b.at(days=days, hours=-2),
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
            "updatedAt": b.at(days=days, hours=-2),
            "revision": revision["id"],
            "revisionInitial": start["id"],
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
    main = b.store.get("revision", deploying["revision"]) if deploying else None
    if deploying is not None and main is not None:
        days = _age(main) * 0.5
        pages, files = _copy(main)
        _add(pages, b.page("Rollback checklist", ROLLBACK_CHECKLIST, emoji="⏪", days=days))
        _Reviews(b, deploying).file(
            "Add a rollback checklist",
            ada,
            status="open",
            start=main,
            pages=pages,
            files=files,
            days=days,
        )
        recount_space(b.store, deploying["id"])

    handbook = _space(b, northwind, "Team handbook")
    main = b.store.get("revision", handbook["revision"]) if handbook else None
    if handbook is not None and main is not None:
        days = _age(main) * 0.5
        pages, files = _copy(main)
        _add(pages, b.page("Parental leave", PARENTAL_LEAVE, days=days), under="Benefits")
        _edit(
            pages,
            "Benefits",
            _append("| Parental leave | 20 weeks, fully paid |\n"),
            b.at(days=days),
        )
        _Reviews(b, handbook).file(
            "Document parental leave",
            grace,
            status="draft",
            start=main,
            pages=pages,
            files=files,
            days=days,
        )
        recount_space(b.store, handbook["id"])


def _seed_reference(b: Builder, space: Doc, ada: Doc, grace: Doc) -> None:
    current = b.store.get("revision", space["revision"])
    if current is None:
        return
    space_id, age = space["id"], _age(current)
    reviews = _Reviews(b, space)

    # The history behind the current content, oldest first.
    after_merge, files = _copy(current)
    _edit(after_merge, "Quickstart", _without_line("(rate-limits.md)"), b.at(days=age + 20))
    before_merge = _edit(
        copy.deepcopy(after_merge),
        "Authentication",
        _without_section("## Scopes"),
        b.at(days=age + 30),
    )
    main_old = b.revision(space_id, before_merge, copy.deepcopy(files), created=b.at(days=age + 30))
    scopes = _edit(
        copy.deepcopy(before_merge),
        "Authentication",
        lambda _: (_node(after_merge, "Authentication") or {}).get("markdown", ""),
        b.at(days=age + 24),
    )
    merged = reviews.file(
        "Document token scopes",
        grace,
        status="merged",
        start=main_old,
        pages=scopes,
        files=copy.deepcopy(files),
        days=age + 25,
    )
    main_merge = b.revision(
        space_id,
        after_merge,
        copy.deepcopy(files),
        parents=[main_old["id"], merged["revision"]],
        type="merge",
        created=b.at(days=age + 20),
    )
    main_merge["mergedFrom"] = merged["id"]
    b.store.put("revision", main_merge, scope=space_id)
    merged.update(revisionMerged=main_merge["id"], updatedAt=main_merge["createdAt"])
    b.store.put("change-request", merged, scope=space_id)
    if not current.get("parents"):
        current["parents"] = [main_merge["id"]]
        b.store.put("revision", current, scope=space_id)

    # Opened after the merge, before main linked Rate limits from Quickstart: outdated.
    pages, _ = _copy(main_merge)
    reviews.file(
        "Explain when tokens expire",
        grace,
        status="open",
        start=main_merge,
        pages=_edit(pages, "Authentication", _append(EXPIRY), b.at(days=age + 9)),
        files=copy.deepcopy(files),
        days=age + 10,
    )

    # From the current content: a changed page and an added one; then a page removed.
    pages, files = _copy(current)
    _edit(pages, "Rate limits", _append(BURSTS), b.at(days=age * 0.6))
    _add(pages, b.page("Handling 429 responses", HANDLING_429, days=age * 0.6), under="Rate limits")
    reviews.file(
        "Document the new rate limits",
        ada,
        status="open",
        start=current,
        pages=pages,
        files=files,
        days=age * 0.6,
    )
    pages, files = _copy(current)
    pages = _edit(
        _remove(pages, "Rollbacks"), "Deployments", _append(ROLLING_BACK), b.at(days=age * 0.3)
    )
    reviews.file(
        "Merge Rollbacks into Deployments",
        grace,
        status="draft",
        start=current,
        pages=pages,
        files=files,
        days=age * 0.3,
    )
    recount_space(b.store, space_id)
