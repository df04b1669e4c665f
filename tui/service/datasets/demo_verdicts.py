"""Provides the demo's reviews and requested reviewers, on the change requests of demo_reviews.

API Reference's "Document the new rate limits" (Ada's) has an approval, and a request for
changes made before Ada asked its reviewer again (so it is outdated, and the request is
pending), and a review asked of Diego; "Explain when tokens expire" (Grace's) waits for Ada's
review, so the demo's admin has something in "review requested from me". The merged change
request was approved before it was merged. The rollback checklist of "Deploying to
production" has a request for changes with a comment (a thread), then an approval.
"""

from __future__ import annotations

from datetime import timedelta

from ..http import iso, parse_iso
from ..store import Doc
from .builder import Builder

__all__ = ["seed"]

CHANGES_WANTED = (
    "Step 1 should say who may freeze deploys, and step 3 needs the dashboard to check: "
    "on-call won't know where the baseline lives at 3 am."
)


def _later(moment: str, **delta: float) -> str:
    return iso(parse_iso(moment) + timedelta(**delta))


def _request(b: Builder, space: Doc, subject: str) -> Doc | None:
    return next(
        (
            request
            for request in b.store.list("change-request", scope=space["id"])
            if request["subject"] == subject
        ),
        None,
    )


def _person(b: Builder, name: str) -> Doc | None:
    return next((user for user in b.store.list("user") if user["displayName"] == name), None)


class _Verdicts:
    """Files the reviews and review requests of one change request."""

    def __init__(self, b: Builder, request: Doc) -> None:
        self.b, self.request = b, request
        self.space = request["space"]

    def review(
        self,
        reviewer: Doc,
        status: str,
        at: str,
        *,
        requested_by: Doc | None = None,
        comment: str | None = None,
        revision: str | None = None,
    ) -> None:
        review: Doc = {
            "id": self.b.id("change-request-review"),
            "reviewer": reviewer["id"],
            "status": status,
            "revision": revision or self.request["revision"],
            "createdAt": at,
            "updatedAt": at,
        }
        if requested_by is not None:
            review["requestedBy"] = requested_by["id"]
        if comment is not None:
            thread: Doc = {
                "id": self.b.id("comment"),
                "space": self.space,
                "changeRequest": self.request["id"],
                "postedBy": reviewer["id"],
                "postedAt": at,
                "markdown": comment,
                "target": {"revision": review["revision"], "review": review["id"]},
                "reactions": {},
                "status": "open",
            }
            self.b.store.put("comment", thread, scope=self.space, parent=self.request["id"])
            review["comment"] = thread["id"]
        self.b.store.put(
            "change-request-review", review, scope=self.space, parent=self.request["id"]
        )

    def ask(self, reviewer: Doc, by: Doc, at: str) -> None:
        asked: Doc = {
            "id": f"{self.request['id']}:{reviewer['id']}",
            "user": reviewer["id"],
            "requestedBy": by["id"],
            "revision": self.request["revision"],
            "createdAt": at,
        }
        self.b.store.put(
            "change-request-reviewer", asked, scope=self.space, parent=self.request["id"]
        )


def seed(b: Builder, northwind: Doc, community: Doc, *, people: dict[str, Doc]) -> None:
    """Write this part of the demo; the change requests and people are found in `b.store`."""
    ada, grace = people["ada"], people["grace"]
    tomas, amara, diego = (
        _person(b, name) for name in ("Tomás Alvarez", "Amara Okafor", "Diego Fernández")
    )
    if tomas is None or amara is None or diego is None:
        return
    spaces = {space["title"]: space for space in b.store.list("space", scope=northwind["id"])}
    reference, deploying = spaces.get("API Reference"), spaces.get("Deploying to production")
    if reference is not None:
        merged = _request(b, reference, "Document token scopes")
        if merged is not None:
            _Verdicts(b, merged).review(
                tomas, "approved", _later(merged["createdAt"], days=2), requested_by=grace
            )
        expiry = _request(b, reference, "Explain when tokens expire")
        if expiry is not None:
            verdicts = _Verdicts(b, expiry)
            verdicts.review(amara, "approved", _later(expiry["createdAt"], hours=20))
            verdicts.ask(ada, grace, _later(expiry["createdAt"], hours=2))
        limits = _request(b, reference, "Document the new rate limits")
        if limits is not None:
            verdicts = _Verdicts(b, limits)
            verdicts.review(
                amara, "changes-requested", _later(limits["createdAt"], hours=5), requested_by=ada
            )
            verdicts.review(
                tomas, "approved", _later(limits["createdAt"], hours=7), requested_by=ada
            )
            verdicts.ask(amara, ada, _later(limits["createdAt"], hours=9))
            verdicts.ask(diego, ada, _later(limits["createdAt"], hours=9))
    if deploying is not None:
        checklist = _request(b, deploying, "Add a rollback checklist")
        if checklist is not None:
            verdicts = _Verdicts(b, checklist)
            verdicts.review(
                amara,
                "changes-requested",
                _later(checklist["createdAt"], hours=6),
                comment=CHANGES_WANTED,
            )
            verdicts.review(
                diego, "approved", _later(checklist["createdAt"], days=1), requested_by=ada
            )
