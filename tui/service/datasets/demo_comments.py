"""Provides the demo's comment threads: questions and answers on Northwind's pages and on its
open change requests, with reactions, resolved threads and one long discussion.

Threads are filed as ``emulator/comment_records.py`` documents. Spaces, pages and change
requests are found in the store by title (a thread whose page or request is missing is left
out). Ada and Grace carry the discussions; other members take part in reactions and a few
replies when they already exist in the store by name.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from ..content_tree import walk
from ..http import iso, parse_iso
from ..records import recount_space
from ..routes.content_document import block_containing, block_preview
from ..store import Doc
from .builder import EPOCH, Builder

__all__ = ["seed"]

# Other members who join in when present (they are written by the admin part of the demo).
# A reply: author's name, days ago, markdown, and optionally reactions {emoji: [names]}.
Message = tuple[str, float, str] | tuple[str, float, str, dict[str, list[str]]]

_GUESTS = ("Tomás Alvarez", "Mei Chen", "Rahul Mehta", "Sven Lindqvist")


@dataclass
class _Threads:
    """Writes the threads of one space, or of one of its change requests."""

    b: Builder
    space: Doc
    people: dict[str, Doc | None]
    change_request: Doc | None = None

    def _pages(self) -> list[Doc]:
        revision_id = (self.change_request or self.space)["revision"]
        revision = self.b.store.get("revision", revision_id)
        return revision["pages"] if revision else []

    def target(self, page_title: str | None, quote: str | None = None) -> Doc | None:
        """The target of a comment on a page (and one of its blocks); None when it is gone."""
        revision_id = (self.change_request or self.space)["revision"]
        target: Doc = {"revision": revision_id}
        if page_title is None:
            return target
        found = next(
            ((node, path) for node, path, _ in walk(self._pages()) if node["title"] == page_title),
            None,
        )
        if found is None:
            return None
        node, path = found
        target["page"] = {"id": node["id"], "title": node["title"], "path": path}
        for key in ("emoji", "icon", "createdAt", "updatedAt"):
            if node.get(key):
                target["page"][key] = node[key]
        if quote is not None:
            # The block's key is the node id its page's document gives it (format=document).
            block = block_containing(node.get("markdown", ""), quote)
            self.b.id("node")  # drawn still, so that the ids made after it stay the same
            if block is not None:
                target["node"] = {"id": block["key"], "preview": block_preview(block)}
        return target

    def _reactions(self, reactions: dict[str, list[str]], after: str) -> dict[str, dict[str, str]]:
        """Reactions by people (by name), coming in over the hours after the message."""
        result: dict[str, dict[str, str]] = {}
        for emoji, names in reactions.items():
            for index, name in enumerate(names):
                user = self.people.get(name)
                if user is not None:
                    moment = iso(parse_iso(after) + timedelta(minutes=20 + 45 * index))
                    result.setdefault(emoji, {})[user["id"]] = moment
        return result

    def comment(
        self,
        author: str,
        text: str,
        *,
        days: float,
        page: str | None = None,
        quote: str | None = None,
        reactions: dict[str, list[str]] | None = None,
        resolved: tuple[str, float] | None = None,
    ) -> Doc | None:
        """A comment by a person (by name), resolved by someone some days ago if asked."""
        user = self.people.get(author)
        target = self.target(page, quote)
        if user is None or target is None:
            return None
        comment: Doc = {
            "id": self.b.id("comment"),
            "space": self.space["id"],
            "changeRequest": self.change_request["id"] if self.change_request else None,
            "postedBy": user["id"],
            "postedAt": self.b.at(days=days),
            "markdown": text,
            "target": target,
            "reactions": {},
            "status": "open",
        }
        if resolved is not None:
            resolver, when = resolved
            resolved_by = self.people.get(resolver) or user
            comment.update(
                status="resolved", resolvedAt=self.b.at(days=when), resolvedBy=resolved_by["id"]
            )
        comment["reactions"] = self._reactions(reactions or {}, comment["postedAt"])
        parent = self.change_request["id"] if self.change_request else "space"
        self.b.store.put("comment", comment, scope=self.space["id"], parent=parent)
        return comment

    def replies(self, comment: Doc | None, *messages: Message) -> None:
        """Replies (author, days ago, text[, reactions]) in order; absent people's are left out."""
        if comment is None:
            return
        for author, days, text, *rest in messages:
            user = self.people.get(author)
            if user is None:
                continue
            reply: Doc = {
                "id": self.b.id("comment-reply"),
                "comment": comment["id"],
                "space": comment["space"],
                "changeRequest": comment["changeRequest"],
                "postedBy": user["id"],
                "postedAt": self.b.at(days=days),
                "markdown": text,
            }
            reply["reactions"] = self._reactions(rest[0] if rest else {}, reply["postedAt"])
            self.b.store.put("comment-reply", reply, scope=comment["space"], parent=comment["id"])


def _age(timestamp: str) -> float:
    """How many days before the dataset's epoch a moment is."""
    return (EPOCH - parse_iso(timestamp)).total_seconds() / 86400


def _space(b: Builder, organization: Doc, title: str) -> Doc | None:
    spaces = b.store.list("space", scope=organization["id"])
    return next((space for space in spaces if space["title"] == title), None)


def _change_request(b: Builder, space: Doc, subject: str) -> Doc | None:
    requests = b.store.list("change-request", scope=space["id"])
    return next((request for request in requests if request.get("subject") == subject), None)


def seed(b: Builder, northwind: Doc, community: Doc, *, people: dict[str, Doc]) -> None:
    """Write this part of the demo; other records are found in `b.store`."""
    by_name: dict[str, Doc | None] = {user["displayName"]: user for user in people.values()}
    for name in _GUESTS:
        by_name[name] = next(
            (user for user in b.store.list("user") if user["displayName"] == name), None
        )
    touched: list[Doc] = []
    for title, write in (
        ("API Reference", _api_reference),
        ("Deploying to production", _deploying),
        ("Team handbook", _handbook),
    ):
        space = _space(b, northwind, title)
        if space is not None:
            write(b, space, by_name)
            touched.append(space)
    guidelines = _space(b, community, "Community guidelines")
    if guidelines is not None:
        _community(b, guidelines, by_name)
        touched.append(guidelines)
    for space in touched:
        recount_space(b.store, space["id"])


ADA, GRACE = "Ada Lovelace", "Grace Hopper"
TOMAS, MEI, RAHUL, SVEN = _GUESTS


def _api_reference(b: Builder, space: Doc, people: dict[str, Doc | None]) -> None:
    threads = _Threads(b, space, people)
    limits_request = _change_request(b, space, "Document the new rate limits")
    folding_request = _change_request(b, space, "Merge Rollbacks into Deployments")
    # Threads that led to a change request end when it was opened.
    limits_opened = _age(limits_request["createdAt"]) if limits_request else 0.6
    folding_opened = _age(folding_request["createdAt"]) if folding_request else 0.3

    tokens = threads.comment(
        GRACE,
        "Support gets this question every week: can we say here that a token's secret is shown "
        "**only once**, with a link to rotating it?",
        days=12,
        page="Authentication",
        quote="carries a bearer token",
        reactions={"👍": [ADA, MEI]},
        resolved=(ADA, 9.5),
    )
    threads.replies(
        tokens,
        (
            ADA,
            11.8,
            "Yes. It already says so on [API tokens](authentication/api-tokens.md); "
            "I'll add a one-line callout here too.",
        ),
        (GRACE, 11.7, "Perfect, thanks!"),
        (ADA, 9.5, "Done in today's edit, resolving.", {"🎉": [GRACE]}),
    )

    limits = threads.comment(
        ADA,
        "These numbers predate v2.8: the changelog says write limits **doubled** on the Team plan, "
        "but the table still shows 240 writes a minute. Which one is right?",
        days=limits_opened + 2.0,
        page="Rate limits",
        quote="| Team |",
        reactions={"👀": [GRACE, TOMAS, RAHUL]},
    )
    threads.replies(
        limits,
        (
            GRACE,
            limits_opened + 1.9,
            "The changelog is right: the gateway enforces 480 since 14 October.",
        ),
        (
            RAHUL,
            limits_opened + 1.8,
            "Confirmed from the gateway config: `team.writes_per_minute = 480`.",
        ),
        (ADA, limits_opened + 1.6, "Thanks both. Are the read limits unchanged?"),
        (
            GRACE,
            limits_opened + 1.5,
            "Reads are unchanged. Deployments per hour went from 120 to 150 though.",
        ),
        (ADA, limits_opened + 1.2, "That one isn't in the changelog at all."),
        (
            GRACE,
            limits_opened + 1.1,
            "It shipped as a hotfix, so it never got an entry. I'll add one.",
        ),
        (
            TOMAS,
            limits_opened + 0.9,
            "While you're there: tokens can burst above the limit "
            "for a few seconds from December. Worth a section?",
        ),
        (
            ADA,
            limits_opened - 0.01,
            "Yes. I've opened a change request for this page: the "
            "Team numbers and the bursts go in there.",
        ),
        (
            GRACE,
            limits_opened - 0.05,
            "Sounds good. Let's keep this open until it merges.",
            {"👍": [ADA, TOMAS]},
        ),
    )

    install = threads.comment(
        GRACE,
        "`pip install northwind` fails on Python 3.8. Should the Quickstart state the minimum "
        "version?",
        days=3,
        page="Quickstart",
        reactions={"👍": [ADA, GRACE, SVEN]},
    )
    threads.replies(install, (ADA, 2.9, "Good catch: 3.9 or later. Could you add it?"))

    signatures = threads.comment(
        ADA,
        "Could we show a Node.js version of `verify` next to the Python one? Half of the "
        "webhook questions are from Express users.",
        days=26,
        page="Verifying signatures",
        quote="constant time",
        reactions={"🎉": [GRACE]},
        resolved=(GRACE, 20),
    )
    threads.replies(signatures, (GRACE, 20, "Added a tab with the Node.js example."))

    conflict = threads.comment(
        GRACE,
        "Do we still answer `409` for a duplicate project name, or is that a `400` now?",
        days=1.5,
        page="Errors",
        quote="| 409 |",
    )
    threads.replies(conflict, (ADA, 1.2, "Still `409`, with the code `project_name_taken`."))

    overlap = threads.comment(
        ADA,
        "Rollbacks repeats half of what Deployments says. Shall we fold it in there?",
        days=folding_opened + 1.0,
        page="Rollbacks",
        reactions={"👍": [GRACE]},
    )
    threads.replies(
        overlap,
        (
            GRACE,
            folding_opened - 0.01,
            "Agreed: I've started a change request that merges them.",
            {"🎉": [ADA]},
        ),
    )

    threads.comment(
        ADA,
        "Reminder: the whole API Reference gets a review before the v2.9 release.",
        days=0.5,
        reactions={"👀": [GRACE]},
    )

    if limits_request is not None:
        _review_rate_limits(b, space, people, limits_request)
    expiry_request = _change_request(b, space, "Explain when tokens expire")
    if expiry_request is not None:
        _review_token_expiry(b, space, people, expiry_request)


def _review_rate_limits(
    b: Builder, space: Doc, people: dict[str, Doc | None], request: Doc
) -> None:
    review = _Threads(b, space, people, request)
    opened = _age(request["createdAt"])
    bursts = review.comment(
        GRACE,
        "Does the burst allowance cover deployments per hour too, or only requests?",
        days=opened * 0.8,
        page="Rate limits",
        quote="burst",
        reactions={"👍": [ADA]},
        resolved=(GRACE, opened * 0.6),
    )
    review.replies(
        bursts,
        (ADA, opened * 0.7, "Only requests. I made the sentence say so."),
        (GRACE, opened * 0.6, "Reads well now."),
    )
    review.comment(
        GRACE,
        "Should we mention that the SDKs back off with jitter between the retries?",
        days=opened * 0.5,
        page="Handling 429 responses",
        quote="Retry-After",
        reactions={"👀": [ADA]},
    )
    review.comment(
        GRACE,
        "Looks good to me once the retry question is settled.",
        days=opened * 0.4,
        reactions={"🎉": [ADA, TOMAS]},
    )


def _review_token_expiry(
    b: Builder, space: Doc, people: dict[str, Doc | None], request: Doc
) -> None:
    review = _Threads(b, space, people, request)
    opened = _age(request["createdAt"])
    behind = review.comment(
        ADA,
        "This is behind main: Quickstart changed since you opened it. Can you update it "
        "from main before I review?",
        days=opened * 0.6,
        reactions={"👀": [GRACE]},
    )
    review.replies(behind, (GRACE, opened * 0.55, "Will do tomorrow morning."))
    refresh = review.comment(
        ADA,
        "Is the refresh token really good for 30 days? The OAuth apps page says 60.",
        days=opened * 0.5,
        page="Authentication",
        quote="refresh token",
    )
    review.replies(refresh, (GRACE, opened * 0.45, "30 is right; I'll fix OAuth apps too."))


def _deploying(b: Builder, space: Doc, people: dict[str, Doc | None]) -> None:
    threads = _Threads(b, space, people)
    canary = threads.comment(
        ADA,
        "Should we explain what happens to in-flight requests when the canary rolls back?",
        days=6,
        page="Canary releases",
        quote="rollback during a canary",
        reactions={"👍": [GRACE, MEI]},
    )
    threads.replies(
        canary,
        (GRACE, 5.8, "They finish on the canary; only new requests go back. I'll add a line."),
        (MEI, 5.5, "Also worth linking the Monitoring page for the thresholds."),
    )
    approval = threads.comment(
        GRACE,
        "Who counts as a code owner for the approval: the CODEOWNERS file or the team?",
        days=18,
        page="Production",
        reactions={"👀": [ADA]},
        resolved=(ADA, 16),
    )
    threads.replies(
        approval, (ADA, 16.5, "The CODEOWNERS file of the deployed commit. Clarified the page.")
    )

    request = _change_request(b, space, "Add a rollback checklist")
    if request is not None:
        review = _Threads(b, space, people, request)
        opened = _age(request["createdAt"])
        flag = review.comment(
            GRACE,
            "Step 2: is it `--to previous` or `--to last-good`? I've seen both.",
            days=opened * 0.8,
            page="Rollback checklist",
            quote="northwind rollback",
            resolved=(GRACE, opened * 0.6),
        )
        review.replies(
            flag,
            (ADA, opened * 0.7, "`previous`: `last-good` was removed in v4.", {"👍": [GRACE]}),
        )


def _handbook(b: Builder, space: Doc, people: dict[str, Doc | None]) -> None:
    threads = _Threads(b, space, people)
    rota = threads.comment(
        GRACE,
        "Is the hand-off still Monday 10:00 UTC? The #on-call channel topic says Tuesday.",
        days=2.5,
        page="On-call",
        quote="hand-offs are on",
    )
    threads.replies(rota, (ADA, 2.2, "Monday. I've fixed the channel topic.", {"👍": [GRACE]}))

    request = _change_request(b, space, "Document parental leave")
    if request is not None:
        review = _Threads(b, space, people, request)
        opened = _age(request["createdAt"])
        adoption = review.comment(
            ADA,
            "Can we say that the 20 weeks apply to adoptive parents too?",
            days=opened * 0.5,
            page="Parental leave",
            quote="20 weeks",
        )
        review.replies(adoption, (GRACE, opened * 0.4, "They do. Adding a sentence."))


def _community(b: Builder, space: Doc, people: dict[str, Doc | None]) -> None:
    threads = _Threads(b, space, people)
    report = threads.comment(
        GRACE,
        "Could we link the reporting form right here, not only the Reporting page?",
        days=40,
        page="Code of conduct",
        quote="Report problems",
        reactions={"👍": [ADA]},
        resolved=(ADA, 38),
    )
    threads.replies(report, (ADA, 38, "Linked both. Thanks for raising it!"))
