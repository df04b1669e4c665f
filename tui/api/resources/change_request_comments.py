"""Provides the operations of the change request comments group (implemented in ``_threads``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Unpack

from .._params import UNSET, Unset
from ..models import Comment, CommentReply, Member, Page
from ._base import Resource
from ._threads import (
    CommentBodyInput,
    CommentListOptions,
    CommentThreads,
    PageOptions,
    ReactionOptions,
    change_request_scope,
)

if TYPE_CHECKING:
    from ._base import Requester

__all__ = ["ChangeRequestCommentsResource"]


class ChangeRequestCommentsResource(Resource):
    """Threads on a change request; ``change_request_id`` is its id or its number."""

    def __init__(self, client: Requester) -> None:
        super().__init__(client)
        self._threads = CommentThreads(client)

    async def list_comments_in_change_request(
        self, space_id: str, change_request_id: str, **options: Unpack[CommentListOptions]
    ) -> Page[Comment]:
        """The change request's threads, newest first unless ``order="asc"``.

        ``status`` is ``all`` (default), ``open`` or ``resolved``; ``authors`` keeps the
        comments posted by these user ids; ``format`` is ``markdown`` or ``document``.
        """
        return await self._threads.list(
            change_request_scope(space_id, change_request_id), **options
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
        return await self._threads.post(
            change_request_scope(space_id, change_request_id),
            body=body,
            page=page,
            node=node,
            table_cell=table_cell,
        )

    async def get_comment_in_change_request(
        self,
        space_id: str,
        change_request_id: str,
        comment_id: str,
        *,
        format: str | Unset = UNSET,
    ) -> Comment:
        return await self._threads.get(
            change_request_scope(space_id, change_request_id), comment_id, format=format
        )

    async def update_comment_in_change_request(
        self,
        space_id: str,
        change_request_id: str,
        comment_id: str,
        *,
        resolved: bool | Unset = UNSET,
        body: CommentBodyInput | Unset = UNSET,
        **reactions: Unpack[ReactionOptions],
    ) -> Comment:
        """Resolve or reopen a thread, edit its body (author only), or react with emoji."""
        return await self._threads.update(
            change_request_scope(space_id, change_request_id),
            comment_id,
            resolved=resolved,
            body=body,
            **reactions,
        )

    async def delete_comment_in_change_request(
        self, space_id: str, change_request_id: str, comment_id: str
    ) -> None:
        """Delete a thread with its replies."""
        await self._threads.delete(change_request_scope(space_id, change_request_id), comment_id)

    async def list_comment_replies_in_change_request(
        self,
        space_id: str,
        change_request_id: str,
        comment_id: str,
        *,
        format: str | Unset = UNSET,
        **options: Unpack[PageOptions],
    ) -> Page[CommentReply]:
        return await self._threads.list_replies(
            change_request_scope(space_id, change_request_id), comment_id, format=format, **options
        )

    async def post_comment_reply_in_change_request(
        self, space_id: str, change_request_id: str, comment_id: str, *, body: CommentBodyInput
    ) -> CommentReply:
        return await self._threads.post_reply(
            change_request_scope(space_id, change_request_id), comment_id, body=body
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
        return await self._threads.get_reply(
            change_request_scope(space_id, change_request_id),
            comment_id,
            comment_reply_id,
            format=format,
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
        **reactions: Unpack[ReactionOptions],
    ) -> CommentReply:
        """Edit a reply's body (author only) or react to it; ``resolved`` resolves or reopens
        the thread the reply belongs to."""
        return await self._threads.update_reply(
            change_request_scope(space_id, change_request_id),
            comment_id,
            comment_reply_id,
            body=body,
            resolved=resolved,
            **reactions,
        )

    async def delete_comment_reply_in_change_request(
        self, space_id: str, change_request_id: str, comment_id: str, comment_reply_id: str
    ) -> None:
        await self._threads.delete_reply(
            change_request_scope(space_id, change_request_id), comment_id, comment_reply_id
        )

    async def list_commenters_in_change_request(
        self, space_id: str, change_request_id: str, **options: Unpack[PageOptions]
    ) -> Page[Member]:
        """The members who posted comments or replies on the change request."""
        return await self._threads.list_commenters(
            change_request_scope(space_id, change_request_id), **options
        )
