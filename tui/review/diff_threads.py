"""Provides DiffThreads: threads tied to the blocks of a change request's diff, a screen mixin.

A block with threads carries a mark in the diff's gutter (``DiffView.set_blocks``); Enter on it
opens its thread (a choice when it has several). ``c`` with the diff focused starts a thread on
the block of the line under the cursor, or on the page when the line belongs to no block, and
the diff stays: the new mark appears in place. ``go_to_block`` shows a thread's block (its page
opened, the block highlighted), or says that the block was removed.

Which block each line belongs to comes from the page's document (``format=document``), asked
only when the page has threads on blocks or a thread is started from the diff.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from textual.content import Content
from textual.widgets import TabbedContent

from tui.core import text
from tui.review.comment_form import NewThreadDialog
from tui.review.diff_view import DiffView
from tui.review.logic.changes import ChangeKind, ChangeSet, PageChange
from tui.review.logic.page_blocks import BlockMark, document_blocks, line_blocks, thread_marks

from ..api.errors import ApiError
from ..api.models import Comment
from ..dialogs import allowed
from ..dialogs.pick_dialog import PickDialog
from ..review.drafts import draft_store
from ..review.loading import PageDiff
from ..review.rows import thread_row
from ..review.threads import ThreadScope
from ..shell.read_only import mutating
from .thread_listing import open_thread

if TYPE_CHECKING:
    from .thread_listing import ThreadListing

    _Screen = ThreadListing
else:
    _Screen = object

__all__ = ["BLOCK_REMOVED", "DiffThreads", "PageBlocks"]

BLOCK_REMOVED = "its block was removed"
"""What a thread says when the block it is attached to is no longer in the content."""


@dataclass(frozen=True)
class PageBlocks:
    """The block of each line of a page's new side, and the text of each block."""

    owners: list[str | None]
    texts: dict[str, str]


class DiffThreads(_Screen):
    """Mixin of the change request screen (after ThreadListing): blocks and their threads."""

    _block_comments: dict[str, Comment]
    _block_marks: dict[str, dict[str, BlockMark]]
    _page_blocks: dict[tuple[str, str], PageBlocks]
    _pending_block: str

    # What the screen gives.

    @property
    def diff_view(self) -> DiffView:
        raise NotImplementedError

    @property
    def changes(self) -> ChangeSet | None:
        raise NotImplementedError

    def shown_page_diff(self) -> PageDiff | None:
        """The page diff in the diff pane (None: a message, or nothing yet)."""
        raise NotImplementedError

    def select_change(self, change: PageChange) -> None:
        raise NotImplementedError

    def _init_blocks(self, pending: str = "") -> None:
        self._block_comments = {}
        self._block_marks = {}
        self._page_blocks = {}
        self._pending_block = pending

    # -- marks -----------------------------------------------------------------------------

    def block_threads_changed(self, threads: list[Comment]) -> None:
        self._block_comments = {comment.id: comment for comment in threads}
        self._block_marks = thread_marks(threads)
        self.show_blocks()

    def show_blocks(self, then: Callable[[PageBlocks], None] | None = None) -> None:
        """Give the diff its blocks' marks (the page's blocks are asked for when needed), point
        at the block asked for, then call ``then`` with the page's blocks."""
        page_diff = self.shown_page_diff()
        if page_diff is None:
            return
        marks = self._block_marks.get(page_diff.page_id, {})
        if not (marks or self._pending_block or then):
            return
        blocks = self._page_blocks.get((page_diff.page_id, page_diff.new))
        if blocks is None:
            self._load_blocks(page_diff, then)
            return
        self.diff_view.set_blocks(blocks.owners, marks)
        if self._pending_block:
            key, self._pending_block = self._pending_block, ""
            if not self.diff_view.highlight_block(key):
                self.set_note(f"This thread's block is not in the page any more: {BLOCK_REMOVED}")
        if then is not None:
            then(blocks)

    def _load_blocks(self, page_diff: PageDiff, then: Callable[[PageBlocks], None] | None) -> None:
        client, scope = self.client, self.thread_scope()
        change = self.changes.find(page_diff.page_id) if self.changes else None
        removed = change is not None and change.is_(ChangeKind.REMOVED)
        done: list[bool] = []

        async def fetch() -> PageBlocks:
            if removed:  # no new side: no block to comment on
                return PageBlocks([None] * len(page_diff.diff.new_lines), {})
            document = await scope.page_document(client, page_diff.page_id)
            blocks = document_blocks(document)
            owners = await asyncio.to_thread(line_blocks, page_diff.diff.new_lines, blocks)
            return PageBlocks(owners, {block.key: block.text for block in blocks})

        def show(blocks: PageBlocks) -> None:
            self._page_blocks[(page_diff.page_id, page_diff.new)] = blocks
            shown = self.shown_page_diff()
            if shown is None or shown.page_id != page_diff.page_id or done:
                return
            done.append(True)  # painted from the cache, then from the service: act once
            self.show_blocks(then)

        def failed(error: ApiError) -> None:
            self.set_note(f"The blocks of the page could not be read: {error.message}")

        self.load(fetch, show, group="blocks", on_error=failed)

    # -- from a mark to its threads --------------------------------------------------------

    def on_diff_view_threads_wanted(self, event: DiffView.ThreadsWanted) -> None:
        holder = self.thread_holder()
        comments = [
            self._block_comments[cid] for cid in event.mark.threads if cid in self._block_comments
        ]
        if holder is None or not comments:
            return
        if len(comments) == 1:
            open_thread(self, holder, comments[0])
            return
        now = self.docdeck.clock()
        choices = [(thread_row(comment, now, "").plain, comment) for comment in comments]

        def chosen(comment: Comment | None) -> None:
            if comment is not None:
                open_thread(self, holder, comment)

        self.app.push_screen(
            PickDialog(
                Content(f"The {len(comments)} threads of this block"),
                choices,
                explanation="Enter opens one.",
            ),
            chosen,
        )

    # -- from a thread to its block --------------------------------------------------------

    def go_to_block(self, page_id: str, block: str) -> None:
        """Show a page's diff with one of its blocks highlighted."""
        changes = self.changes
        change = changes.find(page_id) if changes is not None else None
        if change is None:
            self.set_note("This thread's page is not among the pages this change request changes")
            return
        self._pending_block = block
        self.query_one(TabbedContent).active = "changes"
        shown = self.shown_page_diff()
        if shown is not None and shown.page_id == page_id:
            self.show_blocks()
        else:
            self.select_change(change)
        self.diff_view.focus()

    # -- a thread on the block under the cursor --------------------------------------------

    @mutating
    def action_new_thread(self) -> None:
        page_diff = self.shown_page_diff()
        if not self.diff_view.has_focus or page_diff is None:
            super().action_new_thread()
            return
        holder = self.thread_holder()
        if holder is None or not allowed(
            self, self.can_comment(), "comment", "start a thread here"
        ):
            return
        self.show_blocks(then=lambda blocks: self._start_on_block(blocks, page_diff.page_id))

    def _start_on_block(self, blocks: PageBlocks, page_id: str) -> None:
        key = self.diff_view.block_at_cursor()
        page = self.thread_page()
        scope: ThreadScope = self.thread_scope()
        dialog = NewThreadDialog(
            scope,
            draft_store(self.docdeck),
            page_id=page_id,
            page_title=page[1] if page else "",
            node_id=key,
            block=blocks.texts.get(key, "") if key else "",
        )
        self.app.push_screen(dialog, self._posted_in_place)

    def _posted_in_place(self, comment: Comment | None) -> None:
        if comment is None:
            return
        where = "on this block" if comment.target.node is not None else "on the page"
        self.notify(f"Your thread is posted {where}: Enter on its mark opens it.", title="Comment")
        self.load_threads()
        self.load_thread_marks(refresh=True)
        # The header counts it at once, and the next look for activity starts from it: the
        # user's own thread is not announced as news.
        self.reload_after_change()


def block_quote(preview: str, *, removed: bool) -> Content:
    """The block a thread is attached to, quoted (server text, never markup)."""
    line = text.one_line(preview) or "(a block without text)"
    parts: list[Any] = [Content.styled("▎ ", "$text-accent"), text.content(line, "italic")]
    if removed:
        parts.append(Content.styled(f"  ({BLOCK_REMOVED})", "$text-warning"))
    return Content.assemble(*parts)
