"""Provides the records of comment threads: where they are filed, how they are found, and how
they are written out as the API shows them, for a space's threads and a change request's alike.

Filing:

- ``comment``: scope = space id; parent = ``"space"`` for a space's comment, else the change
  request's id. Fields: ``id``, ``space``, ``changeRequest`` (id or None), ``postedBy`` (user
  id), ``postedAt``, ``editedAt`` (after a body edit), ``markdown`` (the body; None for an
  empty body), ``target`` (``revision`` the comment was posted on; optional ``page``, a
  snapshot ``{id, title, path, emoji, icon, createdAt, updatedAt}`` taken when posting and
  refreshed from the content while the page is still there; ``node`` ``{id, preview}``;
  ``tableCell`` ``{record, definition}``; ``review``, the review it was posted with),
  ``reactions`` (``{emoji: {user id: reactedAt}}`` in order of first reaction), ``status`` (``open`` or ``resolved``), ``resolvedAt`` and
  ``resolvedBy`` (user id) while resolved.
- ``comment-reply``: scope = space id; parent = comment id. Fields: ``id``, ``comment``,
  ``space``, ``changeRequest``, ``postedBy``, ``postedAt``, ``editedAt``, ``markdown``,
  ``reactions``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from pydantic import Field

from .content_tree import walk
from .http import Body, Ctx, HttpError
from .records import find_space, user_ref
from .store import Doc

__all__ = [
    "MAX_COMMENT_CHARACTERS",
    "Document",
    "Place",
    "comment_json",
    "find_change_request",
    "find_comment",
    "find_reply",
    "output_format",
    "place_of",
    "reply_json",
    "require_comment",
    "require_reply",
    "required_markdown",
    "save_comment",
    "save_reply",
]

FORMATS = ("markdown", "document")
# The official document states no length for a comment's body; the local service keeps
# comments to notes rather than pages (a 1 MB comment was stored whole), and says so.
MAX_COMMENT_CHARACTERS = 100_000


class JSONDocument(Body):
    """A body's structured form, with the fields the official JSONDocument requires."""

    object: Literal["document"]
    data: dict[str, Any]
    nodes: list[dict[str, Any]]


class Document(Body):
    """A body: ``{markdown}``, ``{document}`` (a JSON document), or ``{}`` (empty)."""

    markdown: Annotated[str, Field(max_length=MAX_COMMENT_CHARACTERS)] | None = None
    document: JSONDocument | None = None


# -- where a thread lives -------------------------------------------------------------------


def find_change_request(ctx: Ctx, space: Doc, change_request_id: str) -> Doc:
    """The change request of the space with this id or number."""
    found = ctx.store.get("change-request", change_request_id)
    if found is not None and ctx.store.place("change-request", change_request_id)[0] == space["id"]:
        return found
    for candidate in ctx.store.list("change-request", scope=space["id"]):
        if str(candidate.get("number")) == change_request_id:
            return candidate
    raise HttpError(404, "The change request could not be found.")


@dataclass
class Place:
    """A space, or one of its change requests: where threads are filed and listed."""

    space: Doc
    change_request: Doc | None
    # Page nodes by id for each revision read while answering, so a list reads each once.
    _pages: dict[str, dict[str, tuple[Doc, str]]] = field(default_factory=dict)

    @property
    def parent(self) -> str:
        return self.change_request["id"] if self.change_request else "space"

    @property
    def organization(self) -> str:
        return str(self.space["organization"])

    @property
    def revision(self) -> str:
        """The revision that holds the place's current content."""
        if self.change_request and self.change_request.get("revision"):
            return str(self.change_request["revision"])
        return str(self.space["revision"])

    def path(self, ctx: Ctx, suffix: str) -> str:
        base = f"/v1/spaces/{self.space['id']}"
        if self.change_request:
            base += f"/change-requests/{self.change_request['id']}"
        return ctx.api_url(base + suffix)

    def page(self, ctx: Ctx, page_id: str) -> tuple[Doc, str] | None:
        """A page node of the place's current content and its path, or None."""
        if self.revision not in self._pages:
            revision = ctx.store.get("revision", self.revision)
            pages = revision["pages"] if revision else []
            self._pages[self.revision] = {node["id"]: (node, path) for node, path, _ in walk(pages)}
        return self._pages[self.revision].get(page_id)


def place_of(ctx: Ctx, space_id: str, change_request_id: str | None, needed: str) -> Place:
    space = find_space(ctx, space_id, needed)
    change_request = (
        find_change_request(ctx, space, change_request_id)
        if change_request_id is not None
        else None
    )
    return Place(space, change_request)


def find_comment(ctx: Ctx, place: Place, comment_id: str) -> Doc | None:
    comment = ctx.store.get("comment", comment_id)
    if comment is None or ctx.store.place("comment", comment_id) != (
        place.space["id"],
        place.parent,
    ):
        return None
    return comment


def require_comment(ctx: Ctx, place: Place, comment_id: str) -> Doc:
    comment = find_comment(ctx, place, comment_id)
    if comment is None:
        raise HttpError(404, "The comment could not be found.")
    return comment


def find_reply(ctx: Ctx, comment: Doc, reply_id: str) -> Doc | None:
    reply = ctx.store.get("comment-reply", reply_id)
    if reply is None or ctx.store.place("comment-reply", reply_id)[1] != comment["id"]:
        return None
    return reply


def require_reply(ctx: Ctx, comment: Doc, reply_id: str) -> Doc:
    reply = find_reply(ctx, comment, reply_id)
    if reply is None:
        raise HttpError(404, "The reply could not be found.")
    return reply


def save_comment(ctx: Ctx, comment: Doc) -> None:
    ctx.store.put(
        "comment", comment, scope=comment["space"], parent=comment["changeRequest"] or "space"
    )


def save_reply(ctx: Ctx, reply: Doc) -> None:
    ctx.store.put("comment-reply", reply, scope=reply["space"], parent=reply["comment"])


# -- bodies ---------------------------------------------------------------------------------


def _text_of(node: Any) -> str:
    if not isinstance(node, dict):
        return ""
    if isinstance(node.get("leaves"), list):
        return "".join(
            str(leaf.get("text", "")) for leaf in node["leaves"] if isinstance(leaf, dict)
        )
    if isinstance(node.get("nodes"), list):
        return "".join(_text_of(child) for child in node["nodes"])
    return str(node.get("text", ""))


def _markdown_of(document: Document) -> str | None:
    """The markdown a body carries (a JSON document keeps its text, block by block)."""
    if document.markdown is not None:
        return document.markdown
    if document.document is not None:
        return "\n\n".join(_text_of(block) for block in document.document.nodes)
    return None


def required_markdown(document: Document | None, what: str) -> str:
    markdown = None if document is None else _markdown_of(document)
    if not (markdown or "").strip():
        raise HttpError(
            400,
            f'Invalid request: `body` of the {what} cannot be empty; send {{"markdown": "..."}}.',
        )
    if len(str(markdown)) > MAX_COMMENT_CHARACTERS:
        raise HttpError(
            400,
            f"Invalid request: `body` of the {what} must be at most "
            f"{MAX_COMMENT_CHARACTERS} characters.",
        )
    return str(markdown)


def _body_json(markdown: str | None, form: str) -> dict[str, Any]:
    if markdown is None:
        return {}
    if form == "markdown":
        return {"markdown": markdown}
    paragraphs = [part.strip() for part in markdown.split("\n\n") if part.strip()]
    nodes = [
        {
            "object": "block",
            "type": "paragraph",
            "nodes": [
                {"object": "text", "leaves": [{"object": "leaf", "text": text, "marks": []}]}
            ],
        }
        for text in paragraphs
    ]
    return {"document": {"object": "document", "data": {}, "nodes": nodes}}


def output_format(ctx: Ctx) -> str:
    return ctx.q_enum("format", FORMATS, "markdown") or "markdown"


# -- writing out ----------------------------------------------------------------------------


def _reactions_json(ctx: Ctx, reactions: dict[str, dict[str, str]]) -> list[dict[str, Any]]:
    return [
        {
            "emoji": emoji,
            "count": len(users),
            "users": [{"user": user_ref(ctx, uid), "reactedAt": at} for uid, at in users.items()],
        }
        for emoji, users in reactions.items()
        if users
    ]


def _permissions(ctx: Ctx, place: Place, message: Doc) -> dict[str, bool]:
    commenter = ctx.can(place.organization, "comment")
    author = message["postedBy"] == ctx.caller["id"]
    return {
        "view": True,
        "edit": commenter and author,
        "reply": commenter,
        "delete": commenter and (author or ctx.can(place.organization, "admin")),
    }


def _target_json(ctx: Ctx, place: Place, comment: Doc) -> dict[str, Any]:
    stored = comment["target"]
    target: dict[str, Any] = {"space": place.space["id"], "revision": stored["revision"]}
    if comment.get("changeRequest"):
        target["changeRequest"] = comment["changeRequest"]
    if stored.get("page"):
        snapshot = stored["page"]
        current = place.page(ctx, snapshot["id"])
        page = dict(snapshot)
        if current is not None:
            node, path = current
            page.update(
                {
                    key: node[key]
                    for key in ("title", "emoji", "icon", "createdAt", "updatedAt")
                    if node.get(key)
                }
            )
            page["path"] = path
        target["page"] = {**{k: v for k, v in page.items() if v}, "outdated": current is None}
    for key in ("node", "tableCell", "review"):
        if stored.get(key):
            target[key] = stored[key]
    return target


def comment_json(ctx: Ctx, place: Place, comment: Doc, form: str = "markdown") -> dict[str, Any]:
    result: dict[str, Any] = {
        "object": "comment",
        "id": comment["id"],
        "postedBy": user_ref(ctx, comment["postedBy"]),
        "postedAt": comment["postedAt"],
        "body": _body_json(comment.get("markdown"), form),
        "reactions": _reactions_json(ctx, comment.get("reactions", {})),
        "replies": ctx.store.count("comment-reply", scope=place.space["id"], parent=comment["id"]),
        "target": _target_json(ctx, place, comment),
        "urls": {"location": place.path(ctx, f"/comments/{comment['id']}")},
        "permissions": _permissions(ctx, place, comment),
        "status": comment.get("status", "open"),
    }
    if comment.get("editedAt"):
        result["editedAt"] = comment["editedAt"]
    if result["status"] == "resolved":
        result["resolvedAt"] = comment["resolvedAt"]
        result["resolvedBy"] = user_ref(ctx, comment["resolvedBy"])
    return result


def reply_json(ctx: Ctx, place: Place, reply: Doc, form: str = "markdown") -> dict[str, Any]:
    result: dict[str, Any] = {
        "object": "comment-reply",
        "id": reply["id"],
        "postedBy": user_ref(ctx, reply["postedBy"]),
        "postedAt": reply["postedAt"],
        "body": _body_json(reply.get("markdown"), form),
        "reactions": _reactions_json(ctx, reply.get("reactions", {})),
        "urls": {
            "location": place.path(ctx, f"/comments/{reply['comment']}/replies/{reply['id']}")
        },
        "permissions": _permissions(ctx, place, reply),
    }
    if reply.get("editedAt"):
        result["editedAt"] = reply["editedAt"]
    return result
