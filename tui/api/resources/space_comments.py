"""Provides the operations of the space comments group."""

from __future__ import annotations

from typing import Any

# `body` is also an argument name of these operations, hence the alias.
from .._params import UNSET, Unset, query_params
from .._params import body as json_body
from ..models import Comment, CommentReply, Member, Page
from ._base import Resource

__all__ = ["CommentBodyInput", "SpaceCommentsResource", "comment_document"]

CommentBodyInput = str | dict[str, Any]
"""A comment body: markdown text, or a Document as the API takes it (``{"markdown": ...}``)."""


def comment_document(value: CommentBodyInput | Unset) -> dict[str, Any] | Unset:
    """The Document the API takes for a body given as markdown text or as a Document."""
    if isinstance(value, str):
        return {"markdown": value}
    return value


class SpaceCommentsResource(Resource):
    async def list_comments_in_space(
        self,
        space_id: str,
        *,
        page: str | Unset = UNSET,
        limit: int | Unset = UNSET,
        order: str | Unset = UNSET,
        status: str | Unset = UNSET,
        format: str | Unset = UNSET,
        target_page: str | Unset = UNSET,
        authors: list[str] | Unset = UNSET,
    ) -> Page[Comment]:
        """The space's threads, newest first unless ``order="asc"``.

        ``status`` is ``all`` (default), ``open`` or ``resolved``; ``authors`` keeps the
        comments posted by these user ids; ``format`` is ``markdown`` or ``document``.
        """
        return await self._request(
            "GET",
            "/spaces/{}/comments",
            space_id,
            params=query_params(
                page=page,
                limit=limit,
                order=order,
                status=status,
                format=format,
                target_page=target_page,
                authors=authors,
            ),
            result=Page[Comment],
        )

    async def post_comment_in_space(
        self,
        space_id: str,
        *,
        body: CommentBodyInput,
        page: str | Unset = UNSET,
        node: str | Unset = UNSET,
        table_cell: dict[str, str] | Unset = UNSET,
    ) -> Comment:
        """Start a thread, optionally on a page (id), a block of it (node id) or a table cell
        (``{"record": ..., "definition": ...}``)."""
        return await self._request(
            "POST",
            "/spaces/{}/comments",
            space_id,
            json=json_body(
                body=comment_document(body), page=page, node=node, table_cell=table_cell
            ),
            result=Comment,
        )

    async def get_comment_in_space(
        self, space_id: str, comment_id: str, *, format: str | Unset = UNSET
    ) -> Comment:
        return await self._request(
            "GET",
            "/spaces/{}/comments/{}",
            space_id,
            comment_id,
            params=query_params(format=format),
            result=Comment,
        )

    async def update_comment_in_space(
        self,
        space_id: str,
        comment_id: str,
        *,
        resolved: bool | Unset = UNSET,
        body: CommentBodyInput | Unset = UNSET,
        added_reactions: list[str] | Unset = UNSET,
        removed_reactions: list[str] | Unset = UNSET,
    ) -> Comment:
        """Resolve or reopen a thread, edit its body (author only), or react with emoji."""
        return await self._request(
            "PUT",
            "/spaces/{}/comments/{}",
            space_id,
            comment_id,
            json=json_body(
                resolved=resolved,
                body=comment_document(body),
                added_reactions=added_reactions,
                removed_reactions=removed_reactions,
            ),
            result=Comment,
        )

    async def delete_comment_in_space(self, space_id: str, comment_id: str) -> None:
        """Delete a thread with its replies."""
        await self._request("DELETE", "/spaces/{}/comments/{}", space_id, comment_id)

    async def list_comment_replies_in_space(
        self,
        space_id: str,
        comment_id: str,
        *,
        page: str | Unset = UNSET,
        limit: int | Unset = UNSET,
        format: str | Unset = UNSET,
    ) -> Page[CommentReply]:
        return await self._request(
            "GET",
            "/spaces/{}/comments/{}/replies",
            space_id,
            comment_id,
            params=query_params(page=page, limit=limit, format=format),
            result=Page[CommentReply],
        )

    async def post_comment_reply_in_space(
        self, space_id: str, comment_id: str, *, body: CommentBodyInput
    ) -> CommentReply:
        return await self._request(
            "POST",
            "/spaces/{}/comments/{}/replies",
            space_id,
            comment_id,
            json=json_body(body=comment_document(body)),
            result=CommentReply,
        )

    async def get_comment_reply_in_space(
        self,
        space_id: str,
        comment_id: str,
        comment_reply_id: str,
        *,
        format: str | Unset = UNSET,
    ) -> CommentReply:
        return await self._request(
            "GET",
            "/spaces/{}/comments/{}/replies/{}",
            space_id,
            comment_id,
            comment_reply_id,
            params=query_params(format=format),
            result=CommentReply,
        )

    async def update_comment_reply_in_space(
        self,
        space_id: str,
        comment_id: str,
        comment_reply_id: str,
        *,
        body: CommentBodyInput | Unset = UNSET,
        added_reactions: list[str] | Unset = UNSET,
        removed_reactions: list[str] | Unset = UNSET,
    ) -> CommentReply:
        return await self._request(
            "PUT",
            "/spaces/{}/comments/{}/replies/{}",
            space_id,
            comment_id,
            comment_reply_id,
            json=json_body(
                body=comment_document(body),
                added_reactions=added_reactions,
                removed_reactions=removed_reactions,
            ),
            result=CommentReply,
        )

    async def delete_comment_reply_in_space(
        self, space_id: str, comment_id: str, comment_reply_id: str
    ) -> None:
        await self._request(
            "DELETE",
            "/spaces/{}/comments/{}/replies/{}",
            space_id,
            comment_id,
            comment_reply_id,
        )

    async def list_commenters_in_space(
        self, space_id: str, *, page: str | Unset = UNSET, limit: int | Unset = UNSET
    ) -> Page[Member]:
        """The members who posted comments or replies in the space (listCommentersInSpace).

        The official document has this operation; operations.tsv does not list it.
        """
        return await self._request(
            "GET",
            "/spaces/{}/commenters",
            space_id,
            params=query_params(page=page, limit=limit),
            result=Page[Member],
        )
