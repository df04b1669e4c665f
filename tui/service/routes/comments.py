"""Provides the routes of comment threads, on a space and on a change request: comments, replies,
reactions, resolution and the lists of commenters.

Each operation exists twice, under ``/v1/spaces/{spaceId}`` and under
``/v1/spaces/{spaceId}/change-requests/{changeRequestId}`` (the change request's id or number);
one handler serves both paths, and receives ``changeRequestId`` only from the second. How
threads are filed is documented in ``comment_records``.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from ..comment_records import (
    Document,
    Place,
    comment_json,
    find_comment,
    find_reply,
    output_format,
    place_of,
    reply_json,
    require_comment,
    require_reply,
    required_markdown,
    save_comment,
    save_reply,
)
from ..content_tree import walk
from ..http import Body, Ctx, HttpError, RouteTable
from ..records import member_json, recount_space
from ..store import Doc
from .content_document import block_preview, find_block

__all__ = ["routes"]

routes = RouteTable()

SPACE = "/v1/spaces/{spaceId}"
CHANGE_REQUEST = "/v1/spaces/{spaceId}/change-requests/{changeRequestId}"

Emoji = Annotated[str, Field(min_length=1, max_length=50)]


class TableCell(Body):
    record: str
    definition: str


class CommentPost(Body):
    node: Annotated[str, Field(min_length=1)] | None = None
    page: Annotated[str, Field(min_length=1)] | None = None
    body: Document | None = None
    tableCell: TableCell | None = None


class ReplyPost(Body):
    body: Document


class MessageUpdate(Body):
    """The update of a comment or a reply (``resolved`` on a reply resolves its thread)."""

    resolved: bool | None = None
    body: Document | None = None
    addedReactions: list[Emoji] = []
    removedReactions: list[Emoji] = []


# -- changes shared by comments and replies ---------------------------------------------------


def _edit(ctx: Ctx, message: Doc, update: MessageUpdate, what: str) -> None:
    """Apply a body edit and reactions to a comment or reply (the caller may comment)."""
    if update.body is not None:
        if message["postedBy"] != ctx.caller["id"]:
            raise HttpError(403, f"Only the author of a {what} can edit its body.")
        message["markdown"] = required_markdown(update.body, what)
        message["editedAt"] = ctx.now()
    reactions: dict[str, dict[str, str]] = message.setdefault("reactions", {})
    me = ctx.caller["id"]
    for emoji in update.addedReactions:
        reactions.setdefault(emoji, {}).setdefault(me, ctx.now())
    # Removal wins over an addition of the same emoji in one update.
    for emoji in update.removedReactions:
        users = reactions.get(emoji, {})
        users.pop(me, None)
        if not users:
            reactions.pop(emoji, None)


def _resolve(ctx: Ctx, comment: Doc, resolved: bool) -> None:
    if resolved and comment.get("status") != "resolved":
        comment.update(status="resolved", resolvedAt=ctx.now(), resolvedBy=ctx.caller["id"])
    elif not resolved:
        comment["status"] = "open"
        comment.pop("resolvedAt", None)
        comment.pop("resolvedBy", None)


def _require_author_or_admin(ctx: Ctx, place: Place, message: Doc, what: str) -> None:
    if message["postedBy"] != ctx.caller["id"] and not ctx.can(place.organization, "admin"):
        raise HttpError(403, f"Only the author of a {what} or an administrator can delete it.")


# -- comments -------------------------------------------------------------------------------


@routes.get(SPACE + "/comments")
@routes.get(CHANGE_REQUEST + "/comments")
def list_comments(ctx: Ctx, spaceId: str, changeRequestId: str | None = None) -> dict[str, Any]:
    place = place_of(ctx, spaceId, changeRequestId, "read")
    status = ctx.q_enum("status", ("all", "open", "resolved"), "all")
    order = ctx.q_enum("order", ("asc", "desc"), "desc")
    form = output_format(ctx)
    target_page = ctx.q_str("targetPage")
    authors = set(ctx.q_list("authors"))
    comments = [
        comment
        for comment in ctx.store.list("comment", scope=spaceId, parent=place.parent)
        if (status == "all" or comment.get("status", "open") == status)
        and (not target_page or (comment["target"].get("page") or {}).get("id") == target_page)
        and (not authors or comment["postedBy"] in authors)
    ]
    comments.sort(key=lambda comment: str(comment["postedAt"]))
    if order == "desc":
        comments.reverse()
    return ctx.paginate(comments, lambda comment: comment_json(ctx, place, comment, form))


def _node_target(ctx: Ctx, place: Place, node_id: str, page_id: str | None) -> Doc:
    """``{id, preview}`` of the block a comment is posted on, found in the page's document
    (or, without a page, in any page of the place's content). A block the content does not
    hold is kept by its id alone, as the official service has no rule against it."""
    revision = ctx.store.get("revision", place.revision)
    for page, _, _ in walk(revision["pages"] if revision else []):
        if page_id is not None and page["id"] != page_id:
            continue
        block = find_block(page.get("markdown") or "", node_id)
        if block is not None:
            return {"id": node_id, "preview": block_preview(block)}
    return {"id": node_id}


@routes.post(SPACE + "/comments")
@routes.post(CHANGE_REQUEST + "/comments")
def post_comment(ctx: Ctx, spaceId: str, changeRequestId: str | None = None) -> dict[str, Any]:
    place = place_of(ctx, spaceId, changeRequestId, "comment")
    request = ctx.parse(CommentPost)
    # A change request's comment may come without a body; a space's may not.
    markdown = (
        None
        if request.body is None and place.change_request is not None
        else required_markdown(request.body, "comment")
    )
    target: Doc = {"revision": place.revision}
    if request.page is not None:
        found = place.page(ctx, request.page)
        if found is None:
            where = "change request" if place.change_request else "space"
            raise HttpError(
                400, f"Invalid target: there is no page {request.page} in the {where}'s content."
            )
        node, path = found
        target["page"] = {"id": node["id"], "title": node["title"], "path": path}
        target["page"].update(
            {k: node[k] for k in ("emoji", "icon", "createdAt", "updatedAt") if node.get(k)}
        )
    if request.node is not None:
        target["node"] = _node_target(ctx, place, request.node, request.page)
    if request.tableCell is not None:
        target["tableCell"] = {
            "record": request.tableCell.record,
            "definition": request.tableCell.definition,
        }
    comment: Doc = {
        "id": ctx.store.new_id("comment"),
        "space": spaceId,
        "changeRequest": place.change_request["id"] if place.change_request else None,
        "postedBy": ctx.caller["id"],
        "postedAt": ctx.now(),
        "markdown": markdown,
        "target": target,
        "reactions": {},
        "status": "open",
    }
    save_comment(ctx, comment)
    recount_space(ctx.store, spaceId)
    return comment_json(ctx, place, comment)


@routes.get(SPACE + "/comments/{commentId}")
@routes.get(CHANGE_REQUEST + "/comments/{commentId}")
def get_comment(
    ctx: Ctx, spaceId: str, commentId: str, changeRequestId: str | None = None
) -> dict[str, Any]:
    place = place_of(ctx, spaceId, changeRequestId, "read")
    return comment_json(ctx, place, require_comment(ctx, place, commentId), output_format(ctx))


@routes.put(SPACE + "/comments/{commentId}")
@routes.put(CHANGE_REQUEST + "/comments/{commentId}")
def update_comment(
    ctx: Ctx, spaceId: str, commentId: str, changeRequestId: str | None = None
) -> dict[str, Any]:
    place = place_of(ctx, spaceId, changeRequestId, "comment")
    comment = require_comment(ctx, place, commentId)
    update = ctx.parse(MessageUpdate)
    _edit(ctx, comment, update, "comment")
    if update.resolved is not None:
        _resolve(ctx, comment, update.resolved)
    save_comment(ctx, comment)
    recount_space(ctx.store, spaceId)
    return comment_json(ctx, place, comment)


@routes.delete(SPACE + "/comments/{commentId}")
@routes.delete(CHANGE_REQUEST + "/comments/{commentId}")
def delete_comment(
    ctx: Ctx, spaceId: str, commentId: str, changeRequestId: str | None = None
) -> None:
    place = place_of(ctx, spaceId, changeRequestId, "comment")
    comment = find_comment(ctx, place, commentId)
    if comment is None:
        return
    _require_author_or_admin(ctx, place, comment, "comment")
    ctx.store.delete_where("comment-reply", scope=spaceId, parent=commentId)
    ctx.store.delete("comment", commentId)
    recount_space(ctx.store, spaceId)


# -- replies --------------------------------------------------------------------------------


@routes.get(SPACE + "/comments/{commentId}/replies")
@routes.get(CHANGE_REQUEST + "/comments/{commentId}/replies")
def list_replies(
    ctx: Ctx, spaceId: str, commentId: str, changeRequestId: str | None = None
) -> dict[str, Any]:
    place = place_of(ctx, spaceId, changeRequestId, "read")
    comment = require_comment(ctx, place, commentId)
    form = output_format(ctx)
    replies = ctx.store.list("comment-reply", scope=spaceId, parent=comment["id"])
    replies.sort(key=lambda reply: str(reply["postedAt"]))
    return ctx.paginate(replies, lambda reply: reply_json(ctx, place, reply, form))


@routes.post(SPACE + "/comments/{commentId}/replies")
@routes.post(CHANGE_REQUEST + "/comments/{commentId}/replies")
def post_reply(
    ctx: Ctx, spaceId: str, commentId: str, changeRequestId: str | None = None
) -> dict[str, Any]:
    place = place_of(ctx, spaceId, changeRequestId, "comment")
    comment = require_comment(ctx, place, commentId)
    request = ctx.parse(ReplyPost)
    reply: Doc = {
        "id": ctx.store.new_id("comment-reply"),
        "comment": comment["id"],
        "space": spaceId,
        "changeRequest": comment.get("changeRequest"),
        "postedBy": ctx.caller["id"],
        "postedAt": ctx.now(),
        "markdown": required_markdown(request.body, "reply"),
        "reactions": {},
    }
    save_reply(ctx, reply)
    return reply_json(ctx, place, reply)


@routes.get(SPACE + "/comments/{commentId}/replies/{commentReplyId}")
@routes.get(CHANGE_REQUEST + "/comments/{commentId}/replies/{commentReplyId}")
def get_reply(
    ctx: Ctx, spaceId: str, commentId: str, commentReplyId: str, changeRequestId: str | None = None
) -> dict[str, Any]:
    place = place_of(ctx, spaceId, changeRequestId, "read")
    reply = require_reply(ctx, require_comment(ctx, place, commentId), commentReplyId)
    return reply_json(ctx, place, reply, output_format(ctx))


@routes.put(SPACE + "/comments/{commentId}/replies/{commentReplyId}")
@routes.put(CHANGE_REQUEST + "/comments/{commentId}/replies/{commentReplyId}")
def update_reply(
    ctx: Ctx, spaceId: str, commentId: str, commentReplyId: str, changeRequestId: str | None = None
) -> dict[str, Any]:
    place = place_of(ctx, spaceId, changeRequestId, "comment")
    comment = require_comment(ctx, place, commentId)
    reply = require_reply(ctx, comment, commentReplyId)
    update = ctx.parse(MessageUpdate)
    _edit(ctx, reply, update, "reply")
    save_reply(ctx, reply)
    # Only the change request's variant lists `resolved`: it resolves the reply's thread.
    if update.resolved is not None and place.change_request is not None:
        _resolve(ctx, comment, update.resolved)
        save_comment(ctx, comment)
        recount_space(ctx.store, spaceId)
    return reply_json(ctx, place, reply)


@routes.delete(SPACE + "/comments/{commentId}/replies/{commentReplyId}")
@routes.delete(CHANGE_REQUEST + "/comments/{commentId}/replies/{commentReplyId}")
def delete_reply(
    ctx: Ctx, spaceId: str, commentId: str, commentReplyId: str, changeRequestId: str | None = None
) -> None:
    place = place_of(ctx, spaceId, changeRequestId, "comment")
    comment = find_comment(ctx, place, commentId)
    reply = None if comment is None else find_reply(ctx, comment, commentReplyId)
    if reply is None:
        return
    _require_author_or_admin(ctx, place, reply, "reply")
    ctx.store.delete("comment-reply", commentReplyId)


# -- commenters -----------------------------------------------------------------------------


@routes.get(SPACE + "/commenters")
@routes.get(CHANGE_REQUEST + "/commenters")
def list_commenters(ctx: Ctx, spaceId: str, changeRequestId: str | None = None) -> dict[str, Any]:
    """The members who posted in the place's threads, in the order they first did."""
    place = place_of(ctx, spaceId, changeRequestId, "read")
    comments = ctx.store.list("comment", scope=spaceId, parent=place.parent)
    thread_ids = {comment["id"] for comment in comments}
    replies = [
        r for r in ctx.store.list("comment-reply", scope=spaceId) if r["comment"] in thread_ids
    ]
    first: dict[str, str] = {}
    for message in sorted(comments + replies, key=lambda message: str(message["postedAt"])):
        first.setdefault(message["postedBy"], message["postedAt"])
    # People who have left the organization have no membership to show.
    members = [
        member
        for member in (ctx.store.get("member", f"{place.organization}:{uid}") for uid in first)
        if member is not None
    ]
    return ctx.paginate(members, lambda member: member_json(ctx, member))
