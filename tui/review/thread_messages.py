"""Provides MessageBox, one message of a thread, and what a thread's look for activity compares.

A message posted since the user last looked at its thread carries a "● new" mark.
"""

from __future__ import annotations

from datetime import datetime

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Markdown, Static

from tui.core import text
from tui.review.logic.review_queue import latest

from ..api.models import Comment, CommentReply

__all__ = ["Message", "MessageBox", "newest_message", "thread_facts"]

Message = Comment | CommentReply


def newest_message(messages: list[Message]) -> datetime | None:
    """When the newest of the messages was posted."""
    return latest(*(message.posted_at for message in messages))


def thread_facts(comment: Comment, replies: int) -> tuple[object, ...]:
    """What a look compares: a change in any of these reads the thread again."""
    reactions = tuple((r.emoji, r.count) for r in comment.reactions)
    return (replies, comment.resolved, comment.edited_at, reactions)


class MessageBox(Vertical, can_focus=True):
    """A comment or a reply: who and when, the body as markdown, the reactions."""

    DEFAULT_CSS = """
    MessageBox {
        height: auto;
        padding: 0 1;
        margin-bottom: 1;
        border-left: outer $border-blurred;
    }
    MessageBox.-new {
        border-left: outer $accent-darken-1;
    }
    MessageBox:focus {
        border-left: outer $accent;
        background-tint: $foreground 3%;
    }
    MessageBox > Markdown {
        margin: 0;
        padding: 0;
    }
    MessageBox > .message-reactions {
        color: $text-muted;
    }
    """

    def __init__(
        self, message: Message, heading: Content, reactions: Content, *, new: bool = False
    ) -> None:
        super().__init__(classes="-new" if new else None)
        self.message = message
        self.new = new
        """Posted since the user last looked at the thread (marked ● new)."""
        if new:
            heading = Content.assemble(heading, Content.styled("  ● new", "bold $text-accent"))
        self._heading = heading
        self._reactions = reactions

    def compose(self) -> ComposeResult:
        yield Static(self._heading, classes="message-heading")
        # The body is markdown from the server: made safe, and never read as Textual markup.
        yield Markdown(text.safe(self.message.body.markdown or "*(no text)*"), open_links=False)
        if self._reactions:
            yield Static(self._reactions, classes="message-reactions")
