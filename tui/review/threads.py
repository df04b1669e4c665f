"""Provides ThreadScope: the comment threads of a change request or of a space, one interface.

The API has the same thread operations under a space and under a change request, with their own
names; the screens act on a ``ThreadScope`` and never care which. It also finds the next open
thread, for the key that walks a change request's threads (and, from the review queue, those of
the next change request).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tui.review.logic.drafts import ThreadKey

from ..api import UNSET, Client
from ..api.models import Comment, CommentReply, Member, Page

__all__ = ["THREAD_PAGE_SIZE", "ThreadScope", "next_open_thread"]

THREAD_PAGE_SIZE = 50
"""Threads listed at once: a change request with 1,000 comments loads as the list scrolls."""


@dataclass(frozen=True)
class ThreadScope:
    """Where threads live: a space, or one of its change requests."""

    space_id: str
    change_request_id: str | None = None

    @property
    def is_change_request(self) -> bool:
        return self.change_request_id is not None

    def key(self, comment_id: str | None = None, page_id: str | None = None) -> ThreadKey:
        """Where a draft of this scope belongs."""
        return ThreadKey(
            self.space_id,
            change_request_id=self.change_request_id,
            page_id=page_id,
            comment_id=comment_id,
        )

    # -- threads ---------------------------------------------------------------------------

    async def list_threads(self, client: Client, **options: Any) -> Page[Comment]:
        if self.change_request_id is not None:
            return await client.change_request_comments.list_comments_in_change_request(
                self.space_id, self.change_request_id, **options
            )
        return await client.space_comments.list_comments_in_space(self.space_id, **options)

    async def get(self, client: Client, comment_id: str) -> Comment:
        if self.change_request_id is not None:
            return await client.change_request_comments.get_comment_in_change_request(
                self.space_id, self.change_request_id, comment_id
            )
        return await client.space_comments.get_comment_in_space(self.space_id, comment_id)

    async def post(
        self, client: Client, body: str, *, page: str | None = None, node: str | None = None
    ) -> Comment:
        """Start a thread, on a page (its id) and a block of it (a node id) when given."""
        target = page if page else UNSET
        block = node if node else UNSET
        if self.change_request_id is not None:
            return await client.change_request_comments.post_comment_in_change_request(
                self.space_id, self.change_request_id, body=body, page=target, node=block
            )
        return await client.space_comments.post_comment_in_space(
            self.space_id, body=body, page=target, node=block
        )

    async def page_document(self, client: Client, page_id: str) -> dict[str, Any] | None:
        """A page of this scope's current content as a structured document (its blocks)."""
        if self.change_request_id is not None:
            page = await client.change_request_content.get_page_in_change_request_by_id(
                self.space_id, self.change_request_id, page_id, format="document"
            )
        else:
            page = await client.space_content.get_page_by_id(
                self.space_id, page_id, format="document"
            )
        return page.document

    async def update(self, client: Client, comment_id: str, **changes: Any) -> Comment:
        if self.change_request_id is not None:
            return await client.change_request_comments.update_comment_in_change_request(
                self.space_id, self.change_request_id, comment_id, **changes
            )
        return await client.space_comments.update_comment_in_space(
            self.space_id, comment_id, **changes
        )

    async def delete(self, client: Client, comment_id: str) -> None:
        if self.change_request_id is not None:
            await client.change_request_comments.delete_comment_in_change_request(
                self.space_id, self.change_request_id, comment_id
            )
        else:
            await client.space_comments.delete_comment_in_space(self.space_id, comment_id)

    # -- replies ---------------------------------------------------------------------------

    async def replies(self, client: Client, comment_id: str, **options: Any) -> Page[CommentReply]:
        if self.change_request_id is not None:
            return await client.change_request_comments.list_comment_replies_in_change_request(
                self.space_id, self.change_request_id, comment_id, **options
            )
        return await client.space_comments.list_comment_replies_in_space(
            self.space_id, comment_id, **options
        )

    async def get_reply(self, client: Client, comment_id: str, reply_id: str) -> CommentReply:
        if self.change_request_id is not None:
            return await client.change_request_comments.get_comment_reply_in_change_request(
                self.space_id, self.change_request_id, comment_id, reply_id
            )
        return await client.space_comments.get_comment_reply_in_space(
            self.space_id, comment_id, reply_id
        )

    async def message(
        self, client: Client, comment_id: str, reply_id: str | None = None
    ) -> Comment | CommentReply:
        """A thread's comment, or one of its replies when ``reply_id`` is given."""
        if reply_id is None:
            return await self.get(client, comment_id)
        return await self.get_reply(client, comment_id, reply_id)

    async def reply(self, client: Client, comment_id: str, body: str) -> CommentReply:
        if self.change_request_id is not None:
            return await client.change_request_comments.post_comment_reply_in_change_request(
                self.space_id, self.change_request_id, comment_id, body=body
            )
        return await client.space_comments.post_comment_reply_in_space(
            self.space_id, comment_id, body=body
        )

    async def update_reply(
        self, client: Client, comment_id: str, reply_id: str, **changes: Any
    ) -> CommentReply:
        if self.change_request_id is not None:
            return await client.change_request_comments.update_comment_reply_in_change_request(
                self.space_id, self.change_request_id, comment_id, reply_id, **changes
            )
        return await client.space_comments.update_comment_reply_in_space(
            self.space_id, comment_id, reply_id, **changes
        )

    async def delete_reply(self, client: Client, comment_id: str, reply_id: str) -> None:
        if self.change_request_id is not None:
            await client.change_request_comments.delete_comment_reply_in_change_request(
                self.space_id, self.change_request_id, comment_id, reply_id
            )
        else:
            await client.space_comments.delete_comment_reply_in_space(
                self.space_id, comment_id, reply_id
            )

    async def commenters(self, client: Client) -> list[Member]:
        if self.change_request_id is not None:
            page = await client.change_request_comments.list_commenters_in_change_request(
                self.space_id, self.change_request_id, limit=100
            )
        else:
            page = await client.space_comments.list_commenters_in_space(self.space_id, limit=100)
        return page.items


async def next_open_thread(
    client: Client, scope: ThreadScope, after: str | None = None
) -> Comment | None:
    """The open thread after ``after`` (a comment id), oldest first; the first when None.

    Walks the list a page at a time and stops as soon as it has found it.
    """
    token: str | None = None
    passed = after is None
    while True:
        options: dict[str, Any] = {"status": "open", "order": "asc", "limit": 100}
        if token:
            options["page"] = token
        page = await scope.list_threads(client, **options)
        for comment in page.items:
            if passed:
                return comment
            passed = comment.id == after
        token = page.next_page
        if not token:
            return None
