"""Provides the operations of the change request comments group."""

from __future__ import annotations

# `body` is also an argument name of these operations, hence the alias.
from .._params import UNSET, Unset, query_params
from .._params import body as json_body
from ..models import Comment, CommentReply, Member, Page
from ._base import Resource
from .space_comments import CommentBodyInput, comment_document

__all__ = ["ChangeRequestCommentsResource"]

_COMMENTS = "/spaces/{}/change-requests/{}/comments"


class ChangeRequestCommentsResource(Resource):
    """Threads on a change request; ``change_request_id`` is its id or its number."""

    async def list_comments_in_change_request(
        self,
        space_id: str,
        change_request_id: str,
        *,
        page: str | Unset = UNSET,
        limit: int | Unset = UNSET,
        order: str | Unset = UNSET,
        format: str | Unset = UNSET,
        status: str | Unset = UNSET,
        target_page: str | Unset = UNSET,
        authors: list[str] | Unset = UNSET,
    ) -> Page[Comment]:
        """The change request's threads, newest first unless ``order="asc"``.

        ``status`` is ``all`` (default), ``open`` or ``resolved``; ``authors`` keeps the
        comments posted by these user ids; ``format`` is ``markdown`` or ``document``.
        """
        return await self._request(
            "GET",
            _COMMENTS,
            space_id,
            change_request_id,
            params=query_params(
                page=page,
                limit=limit,
                order=order,
                format=format,
                status=status,
                target_page=target_page,
                authors=authors,
            ),
            result=Page[Comment],
        )

    async def post_comment_in_change_request(
        self,
        space_id: str,
        change_request_id: str,
        *,
        body: CommentBodyInput | Unset = UNSET,
        page: str | Unset = UNSET,
        node: str | Unset = UNSET,
        table_cell: dict[str, str] | Unset = UNSET,
    ) -> Comment:
        """Start a thread, optionally on a page (id) of the change request's content, a block
        of it (node id) or a table cell (``{"record": ..., "definition": ...}``)."""
        return await self._request(
            "POST",
            _COMMENTS,
            space_id,
            change_request_id,
            json=json_body(
                body=comment_document(body), page=page, node=node, table_cell=table_cell
            ),
            result=Comment,
        )

    async def get_comment_in_change_request(
        self,
        space_id: str,
        change_request_id: str,
        comment_id: str,
        *,
        format: str | Unset = UNSET,
    ) -> Comment:
        return await self._request(
            "GET",
            _COMMENTS + "/{}",
            space_id,
            change_request_id,
            comment_id,
            params=query_params(format=format),
            result=Comment,
        )

    async def update_comment_in_change_request(
        self,
        space_id: str,
        change_request_id: str,
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
            _COMMENTS + "/{}",
            space_id,
            change_request_id,
            comment_id,
            json=json_body(
                resolved=resolved,
                body=comment_document(body),
                added_reactions=added_reactions,
                removed_reactions=removed_reactions,
            ),
            result=Comment,
        )

    async def delete_comment_in_change_request(
        self, space_id: str, change_request_id: str, comment_id: str
    ) -> None:
        """Delete a thread with its replies."""
        await self._request("DELETE", _COMMENTS + "/{}", space_id, change_request_id, comment_id)

    async def list_comment_replies_in_change_request(
        self,
        space_id: str,
        change_request_id: str,
        comment_id: str,
        *,
        page: str | Unset = UNSET,
        limit: int | Unset = UNSET,
        format: str | Unset = UNSET,
    ) -> Page[CommentReply]:
        return await self._request(
            "GET",
            _COMMENTS + "/{}/replies",
            space_id,
            change_request_id,
            comment_id,
            params=query_params(page=page, limit=limit, format=format),
            result=Page[CommentReply],
        )

    async def post_comment_reply_in_change_request(
        self, space_id: str, change_request_id: str, comment_id: str, *, body: CommentBodyInput
    ) -> CommentReply:
        return await self._request(
            "POST",
            _COMMENTS + "/{}/replies",
            space_id,
            change_request_id,
            comment_id,
            json=json_body(body=comment_document(body)),
            result=CommentReply,
        )

    async def get_comment_reply_in_change_request(
        self,
        space_id: str,
        change_request_id: str,
        comment_id: str,
        comment_reply_id: str,
        *,
        format: str | Unset = UNSET,
    ) -> CommentReply:
        return await self._request(
            "GET",
            _COMMENTS + "/{}/replies/{}",
            space_id,
            change_request_id,
            comment_id,
            comment_reply_id,
            params=query_params(format=format),
            result=CommentReply,
        )

    async def update_comment_reply_in_change_request(
        self,
        space_id: str,
        change_request_id: str,
        comment_id: str,
        comment_reply_id: str,
        *,
        resolved: bool | Unset = UNSET,
        body: CommentBodyInput | Unset = UNSET,
        added_reactions: list[str] | Unset = UNSET,
        removed_reactions: list[str] | Unset = UNSET,
    ) -> CommentReply:
        """Edit a reply's body (author only) or react to it; ``resolved`` resolves or reopens
        the thread the reply belongs to."""
        return await self._request(
            "PUT",
            _COMMENTS + "/{}/replies/{}",
            space_id,
            change_request_id,
            comment_id,
            comment_reply_id,
            json=json_body(
                resolved=resolved,
                body=comment_document(body),
                added_reactions=added_reactions,
                removed_reactions=removed_reactions,
            ),
            result=CommentReply,
        )

    async def delete_comment_reply_in_change_request(
        self, space_id: str, change_request_id: str, comment_id: str, comment_reply_id: str
    ) -> None:
        await self._request(
            "DELETE",
            _COMMENTS + "/{}/replies/{}",
            space_id,
            change_request_id,
            comment_id,
            comment_reply_id,
        )

    async def list_commenters_in_change_request(
        self,
        space_id: str,
        change_request_id: str,
        *,
        page: str | Unset = UNSET,
        limit: int | Unset = UNSET,
    ) -> Page[Member]:
        """The members who posted comments or replies on the change request."""
        return await self._request(
            "GET",
            "/spaces/{}/change-requests/{}/commenters",
            space_id,
            change_request_id,
            params=query_params(page=page, limit=limit),
            result=Page[Member],
        )
