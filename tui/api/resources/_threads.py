"""Provides CommentThreads: the comment operations, written once for a space and a change request.

The API has the same threads, replies and commenters below two prefixes, ``/spaces/{space}``
and ``/spaces/{space}/change-requests/{changeRequest}``, as the local service has one
implementation of them. The two public resource groups keep their own method names (those of
operations.tsv) and signatures, and hand their work to one ``CommentThreads`` with a ``Scope``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple, TypedDict

from .._params import UNSET, Unset, query_params
from .._params import body as json_body
from ..errors import BadRequestError
from ..limits import comment_body_problem
from ..models import Comment, CommentReply, Member, Page

if TYPE_CHECKING:
    from ._base import Requester

__all__ = [
    "CommentBodyInput",
    "CommentListOptions",
    "CommentThreads",
    "PageOptions",
    "ReactionOptions",
    "Scope",
    "comment_document",
]

CommentBodyInput = str | dict[str, Any]
"""A comment body: markdown text, or a Document as the API takes it (``{"markdown": ...}``)."""


def comment_document(value: CommentBodyInput | Unset) -> dict[str, Any] | Unset:
    """The Document the API takes for a body given as markdown text or as a Document.

    A markdown body over the service's limit is refused here, before anything is sent.
    """
    document = {"markdown": value} if isinstance(value, str) else value
    if isinstance(document, dict) and isinstance(document.get("markdown"), str):
        problem = comment_body_problem(document["markdown"])
        if problem is not None:
            raise BadRequestError(f"{problem} Nothing was sent.")
    return document


class Scope(NamedTuple):
    """Where threads live: a path prefix with ``{}`` for each id, and those ids in order."""

    prefix: str
    ids: tuple[str | int, ...]

    def path(self, rest: str = "") -> str:
        return self.prefix + rest


def space_scope(space_id: str) -> Scope:
    return Scope("/spaces/{}", (space_id,))


def change_request_scope(space_id: str, change_request_id: str | int) -> Scope:
    return Scope("/spaces/{}/change-requests/{}", (space_id, change_request_id))


class PageOptions(TypedDict, total=False):
    """A page of a list: its token and size."""

    page: str
    limit: int


class CommentListOptions(TypedDict, total=False):
    """How to list threads: ``status`` is ``all`` (default), ``open`` or ``resolved``;
    ``authors`` keeps the comments of these user ids; ``format`` is ``markdown`` or
    ``document``; newest first unless ``order="asc"``."""

    page: str
    limit: int
    order: str
    status: str
    format: str
    target_page: str
    authors: list[str]


class ReactionOptions(TypedDict, total=False):
    """Emoji to add or remove."""

    added_reactions: list[str]
    removed_reactions: list[str]


class CommentThreads:
    """The comment operations below one ``Scope``."""

    def __init__(self, client: Requester) -> None:
        self._request = client.request

    async def list(self, scope: Scope, **options: Any) -> Page[Comment]:
        return await self._request(
            "GET",
            scope.path("/comments"),
            *scope.ids,
            params=query_params(**options),
            result=Page[Comment],
        )

    async def post(
        self,
        scope: Scope,
        *,
        body: CommentBodyInput | Unset,
        page: str | Unset = UNSET,
        node: str | Unset = UNSET,
        table_cell: dict[str, str] | Unset = UNSET,
    ) -> Comment:
        return await self._request(
            "POST",
            scope.path("/comments"),
            *scope.ids,
            json=json_body(
                body=comment_document(body), page=page, node=node, table_cell=table_cell
            ),
            result=Comment,
        )

    async def get(self, scope: Scope, comment_id: str, *, format: str | Unset) -> Comment:
        return await self._request(
            "GET",
            scope.path("/comments/{}"),
            *scope.ids,
            comment_id,
            params=query_params(format=format),
            result=Comment,
        )

    async def update(
        self,
        scope: Scope,
        comment_id: str,
        *,
        resolved: bool | Unset,
        body: CommentBodyInput | Unset,
        **reactions: Any,
    ) -> Comment:
        return await self._request(
            "PUT",
            scope.path("/comments/{}"),
            *scope.ids,
            comment_id,
            json=json_body(resolved=resolved, body=comment_document(body), **reactions),
            result=Comment,
        )

    async def delete(self, scope: Scope, comment_id: str) -> None:
        await self._request("DELETE", scope.path("/comments/{}"), *scope.ids, comment_id)

    async def list_replies(
        self, scope: Scope, comment_id: str, *, format: str | Unset, **options: Any
    ) -> Page[CommentReply]:
        return await self._request(
            "GET",
            scope.path("/comments/{}/replies"),
            *scope.ids,
            comment_id,
            params=query_params(**options, format=format),
            result=Page[CommentReply],
        )

    async def post_reply(
        self, scope: Scope, comment_id: str, *, body: CommentBodyInput
    ) -> CommentReply:
        return await self._request(
            "POST",
            scope.path("/comments/{}/replies"),
            *scope.ids,
            comment_id,
            json=json_body(body=comment_document(body)),
            result=CommentReply,
        )

    async def get_reply(
        self, scope: Scope, comment_id: str, reply_id: str, *, format: str | Unset
    ) -> CommentReply:
        return await self._request(
            "GET",
            scope.path("/comments/{}/replies/{}"),
            *scope.ids,
            comment_id,
            reply_id,
            params=query_params(format=format),
            result=CommentReply,
        )

    async def update_reply(
        self,
        scope: Scope,
        comment_id: str,
        reply_id: str,
        *,
        body: CommentBodyInput | Unset,
        resolved: bool | Unset = UNSET,
        **reactions: Any,
    ) -> CommentReply:
        return await self._request(
            "PUT",
            scope.path("/comments/{}/replies/{}"),
            *scope.ids,
            comment_id,
            reply_id,
            json=json_body(resolved=resolved, body=comment_document(body), **reactions),
            result=CommentReply,
        )

    async def delete_reply(self, scope: Scope, comment_id: str, reply_id: str) -> None:
        await self._request(
            "DELETE", scope.path("/comments/{}/replies/{}"), *scope.ids, comment_id, reply_id
        )

    async def list_commenters(self, scope: Scope, **options: Any) -> Page[Member]:
        return await self._request(
            "GET",
            scope.path("/commenters"),
            *scope.ids,
            params=query_params(**options),
            result=Page[Member],
        )
