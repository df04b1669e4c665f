"""Provides the operations of the space comments group (implemented in ``_threads``)."""

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
    comment_document,
    space_scope,
)

if TYPE_CHECKING:
    from ._base import Requester

__all__ = ["CommentBodyInput", "SpaceCommentsResource", "comment_document"]


class SpaceCommentsResource(Resource):
    """Threads on a space's main content; the same operations as on a change request."""

    def __init__(self, client: Requester) -> None:
        super().__init__(client)
        self._threads = CommentThreads(client)

    async def list_comments_in_space(
        self, space_id: str, **options: Unpack[CommentListOptions]
    ) -> Page[Comment]:
        """The space's threads, newest first unless ``order="asc"``.

        ``status`` is ``all`` (default), ``open`` or ``resolved``; ``authors`` keeps the
        comments posted by these user ids; ``format`` is ``markdown`` or ``document``.
        """
        return await self._threads.list(space_scope(space_id), **options)

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
        return await self._threads.post(
            space_scope(space_id), body=body, page=page, node=node, table_cell=table_cell
        )

    async def get_comment_in_space(
        self, space_id: str, comment_id: str, *, format: str | Unset = UNSET
    ) -> Comment:
        return await self._threads.get(space_scope(space_id), comment_id, format=format)

    async def update_comment_in_space(
        self,
        space_id: str,
        comment_id: str,
        *,
        resolved: bool | Unset = UNSET,
        body: CommentBodyInput | Unset = UNSET,
        **reactions: Unpack[ReactionOptions],
    ) -> Comment:
        """Resolve or reopen a thread, edit its body (author only), or react with emoji."""
        return await self._threads.update(
            space_scope(space_id), comment_id, resolved=resolved, body=body, **reactions
        )

    async def delete_comment_in_space(self, space_id: str, comment_id: str) -> None:
        """Delete a thread with its replies."""
        await self._threads.delete(space_scope(space_id), comment_id)

    async def list_comment_replies_in_space(
        self,
        space_id: str,
        comment_id: str,
        *,
        format: str | Unset = UNSET,
        **options: Unpack[PageOptions],
    ) -> Page[CommentReply]:
        return await self._threads.list_replies(
            space_scope(space_id), comment_id, format=format, **options
        )

    async def post_comment_reply_in_space(
        self, space_id: str, comment_id: str, *, body: CommentBodyInput
    ) -> CommentReply:
        return await self._threads.post_reply(space_scope(space_id), comment_id, body=body)

    async def get_comment_reply_in_space(
        self,
        space_id: str,
        comment_id: str,
        comment_reply_id: str,
        *,
        format: str | Unset = UNSET,
    ) -> CommentReply:
        return await self._threads.get_reply(
            space_scope(space_id), comment_id, comment_reply_id, format=format
        )

    async def update_comment_reply_in_space(
        self,
        space_id: str,
        comment_id: str,
        comment_reply_id: str,
        *,
        body: CommentBodyInput | Unset = UNSET,
        **reactions: Unpack[ReactionOptions],
    ) -> CommentReply:
        return await self._threads.update_reply(
            space_scope(space_id), comment_id, comment_reply_id, body=body, **reactions
        )

    async def delete_comment_reply_in_space(
        self, space_id: str, comment_id: str, comment_reply_id: str
    ) -> None:
        await self._threads.delete_reply(space_scope(space_id), comment_id, comment_reply_id)

    async def list_commenters_in_space(
        self, space_id: str, **options: Unpack[PageOptions]
    ) -> Page[Member]:
        """The members who posted comments or replies in the space (listCommentersInSpace).

        The official document has this operation; operations.tsv does not list it.
        """
        return await self._threads.list_commenters(space_scope(space_id), **options)
