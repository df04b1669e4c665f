"""Provides the routes of change request reviews and requested reviewers.

Filing:

- ``change-request-review``: scope = space id; parent = change request id. Fields: ``id``,
  ``reviewer`` (user id), ``requestedBy`` (user id, when the review answered a request),
  ``status`` (``approved`` or ``changes-requested``), ``revision`` (the change request's
  revision it was made against), ``comment`` (the id of the thread it opened, if any),
  ``createdAt``, ``updatedAt``.
- ``change-request-reviewer``: scope = space id; parent = change request id; id =
  ``<change request id>:<user id>``. Fields: ``user``, ``requestedBy``, ``revision`` (the
  change request's revision when asked), ``createdAt``. Submitting a review answers the
  reviewer's request, which then leaves the list.

A review is outdated when the change request's content has moved on since (its revision is no
longer the change request's), or when the same reviewer reviewed again or was asked again
after it.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from ..comment_records import (
    Document,
    Place,
    comment_json,
    output_format,
    required_markdown,
    save_comment,
)
from ..http import Body, Ctx, HttpError, RouteTable
from ..records import recount_space, user_ref
from ..store import Doc
from .change_requests import find_change_request, save_change_request

__all__ = ["routes"]

routes = RouteTable()

PREFIX = "/v1/spaces/{spaceId}/change-requests/{changeRequestId}"
MAX_REVIEWERS = 50


class ReviewPost(Body):
    status: Literal["approved", "changes-requested"]
    comment: Document | None = None


class ReviewersPost(Body):
    users: Annotated[list[Annotated[str, Field(min_length=1)]], Field(max_length=MAX_REVIEWERS)]
    subject: Annotated[str, Field(max_length=100)] | None = None
    description: dict[str, Any] | None = None


def _require_reviewable(request: Doc) -> None:
    if request["status"] in ("merged", "archived"):
        raise HttpError(
            409,
            f"Change request #{request['number']} is {request['status']} and can no longer "
            "be reviewed.",
        )


def _reviews(ctx: Ctx, request: Doc) -> list[Doc]:
    return ctx.store.list("change-request-review", scope=request["space"], parent=request["id"])


def _requests(ctx: Ctx, request: Doc) -> list[Doc]:
    return ctx.store.list("change-request-reviewer", scope=request["space"], parent=request["id"])


def _outdated_flags(request: Doc, reviews: list[Doc], requests: list[Doc]) -> list[bool]:
    """For each review (in filing order), whether it is outdated.

    A request still pending for a reviewer was made after their last review (a review
    answers and removes the request), so it outdates every review of theirs.
    """
    asked_again = {asked["user"] for asked in requests}
    flags = []
    for position, review in enumerate(reviews):
        reviewed_again = any(
            later["reviewer"] == review["reviewer"] for later in reviews[position + 1 :]
        )
        flags.append(
            review["revision"] != request["revision"]
            or reviewed_again
            or review["reviewer"] in asked_again
        )
    return flags


def _review_json(
    ctx: Ctx, place: Place, review: Doc, *, outdated: bool, form: str
) -> dict[str, Any]:
    result: dict[str, Any] = {
        "object": "change-request-review",
        "id": review["id"],
        "revision": review["revision"],
        "reviewer": user_ref(ctx, review["reviewer"]),
        "status": review["status"],
        "outdated": outdated,
        "createdAt": review["createdAt"],
        "updatedAt": review["updatedAt"],
    }
    if review.get("requestedBy"):
        result["requestedBy"] = user_ref(ctx, review["requestedBy"])
    if review.get("comment"):
        comment = ctx.store.get("comment", review["comment"])
        if comment is not None:
            result["comment"] = comment_json(ctx, place, comment, form)
    return result


def _reviewer_json(ctx: Ctx, reviewer: Doc) -> dict[str, Any]:
    return {
        "object": "change-request-requested-reviewer",
        "kind": "user",
        "user": user_ref(ctx, reviewer["user"]),
        "revision": reviewer["revision"],
        "requestedBy": user_ref(ctx, reviewer["requestedBy"]),
        "createdAt": reviewer["createdAt"],
    }


# -- reviews ----------------------------------------------------------------------------------


@routes.get(PREFIX + "/reviews")
def list_reviews(ctx: Ctx, spaceId: str, changeRequestId: str) -> dict[str, Any]:
    space, request = find_change_request(ctx, spaceId, changeRequestId)
    wanted = ctx.q_bool("outdated")
    form = output_format(ctx)
    reviews = _reviews(ctx, request)
    flags = _outdated_flags(request, reviews, _requests(ctx, request))
    outdated = {review["id"]: flag for review, flag in zip(reviews, flags, strict=True)}
    shown = [review for review in reviews if wanted is None or outdated[review["id"]] == wanted]
    shown.sort(key=lambda review: str(review["createdAt"]), reverse=True)
    place = Place(space, request)
    return ctx.paginate(
        shown,
        lambda review: _review_json(ctx, place, review, outdated=outdated[review["id"]], form=form),
    )


@routes.post(PREFIX + "/reviews", status=201)
def submit_review(ctx: Ctx, spaceId: str, changeRequestId: str) -> dict[str, Any]:
    space, request = find_change_request(ctx, spaceId, changeRequestId, "review")
    _require_reviewable(request)
    if request["status"] == "draft":
        raise HttpError(
            409,
            f"Change request #{request['number']} is a draft: it must be open (submitted for "
            "review) before it can be reviewed.",
        )
    body = ctx.parse(ReviewPost)
    now = ctx.now()
    review_id = ctx.store.new_id("change-request-review")
    asked = ctx.store.get("change-request-reviewer", f"{request['id']}:{ctx.caller['id']}")
    review: Doc = {
        "id": review_id,
        "reviewer": ctx.caller["id"],
        "status": body.status,
        "revision": request["revision"],
        "createdAt": now,
        "updatedAt": now,
    }
    if asked is not None:
        review["requestedBy"] = asked["requestedBy"]
        ctx.store.delete("change-request-reviewer", asked["id"])
    if body.comment is not None and (body.comment.markdown or body.comment.document):
        comment: Doc = {
            "id": ctx.store.new_id("comment"),
            "space": spaceId,
            "changeRequest": request["id"],
            "postedBy": ctx.caller["id"],
            "postedAt": now,
            "markdown": required_markdown(body.comment, "review's comment"),
            "target": {"revision": request["revision"], "review": review_id},
            "reactions": {},
            "status": "open",
        }
        save_comment(ctx, comment)
        review["comment"] = comment["id"]
    ctx.store.put("change-request-review", review, scope=spaceId, parent=request["id"])
    request["updatedAt"] = now
    save_change_request(ctx, request)
    recount_space(ctx.store, spaceId)
    ctx.response_headers["Location"] = ctx.api_url(
        f"/v1/spaces/{spaceId}/change-requests/{request['id']}/reviews/{review_id}"
    )
    return _review_json(ctx, Place(space, request), review, outdated=False, form="markdown")


# -- requested reviewers ----------------------------------------------------------------------


@routes.get(PREFIX + "/requested-reviewers")
def list_requested_reviewers(ctx: Ctx, spaceId: str, changeRequestId: str) -> dict[str, Any]:
    _, request = find_change_request(ctx, spaceId, changeRequestId)
    requests = sorted(_requests(ctx, request), key=lambda reviewer: str(reviewer["createdAt"]))
    return ctx.paginate(requests, lambda reviewer: _reviewer_json(ctx, reviewer))


@routes.post(PREFIX + "/requested-reviewers")
def request_reviewers(ctx: Ctx, spaceId: str, changeRequestId: str) -> dict[str, Any]:
    space, request = find_change_request(ctx, spaceId, changeRequestId, "edit")
    _require_reviewable(request)
    body = ctx.parse(ReviewersPost)
    users = list(dict.fromkeys(body.users))
    if not users:
        raise HttpError(400, "Invalid request: `users` must name at least one user.")
    for user_id in users:
        member = ctx.store.get("member", f"{space['organization']}:{user_id}")
        if member is None or member.get("disabled"):
            raise HttpError(
                400,
                f"Invalid request: user {user_id} is not a member of the organization, so "
                "they cannot review this change request.",
            )
    now = ctx.now()
    sent: list[Doc] = []
    for user_id in users:
        reviewer: Doc = {
            "id": f"{request['id']}:{user_id}",
            "user": user_id,
            "requestedBy": ctx.caller["id"],
            "revision": request["revision"],
            "createdAt": now,
        }
        ctx.store.put("change-request-reviewer", reviewer, scope=spaceId, parent=request["id"])
        sent.append(reviewer)
    if body.given("subject") and body.subject is not None:
        request["subject"] = body.subject
    if body.given("description") and body.description is not None:
        if body.description.get("object") != "document":
            raise HttpError(400, "Invalid request: `description.object` must be document.")
        request["description"] = body.description
    request["updatedAt"] = now
    save_change_request(ctx, request)
    return {"users": [_reviewer_json(ctx, reviewer) for reviewer in sent]}


@routes.delete(PREFIX + "/requested-reviewers/{userId}")
def remove_requested_reviewer(ctx: Ctx, spaceId: str, changeRequestId: str, userId: str) -> None:
    _, request = find_change_request(ctx, spaceId, changeRequestId, "edit")
    key = f"{request['id']}:{userId}"
    if ctx.store.get("change-request-reviewer", key) is None:
        ctx.status = 204  # as the official document says: the reviewer was not found
        return
    ctx.store.delete("change-request-reviewer", key)
    ctx.status = 205
