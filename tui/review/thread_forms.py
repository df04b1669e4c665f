"""Provides the small forms of a thread: deleting a message (asks first), and the reactions picker."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui.core import text
from tui.core.humanize import plural
from tui.dialogs.base import ActionDialog
from tui.review.applied_review import message_gone, reaction_is

from ..api.models import Comment, CommentReply
from ..review.threads import ThreadScope

__all__ = ["REACTIONS", "DeleteMessageDialog", "ReactionPicker"]

REACTIONS = ("👍", "👎", "😄", "🎉", "😕", "🚀", "👀", "✅")
"""The short list of emoji offered; every terminal draws them two cells wide."""

Message = Comment | CommentReply


def _preview(message: Message) -> str:
    flat = text.one_line(message.body.markdown or "")
    return flat if len(flat) <= 80 else flat[:79] + "…"


class DeleteMessageDialog(ActionDialog[bool]):
    """Says what goes (a reply, or the thread with its replies) and deletes only on Delete."""

    confirm_label = "Delete"
    confirm_variant = "error"
    sending_note = "Deleting…"

    def __init__(self, scope: ThreadScope, comment_id: str, message: Message, replies: int) -> None:
        whole = isinstance(message, Comment)
        super().__init__(Content("Delete this thread?" if whole else "Delete this reply?"))
        self.scope = scope
        self.comment_id = comment_id
        self.message = message
        self.replies = replies

    def compose_body(self) -> ComposeResult:
        if isinstance(self.message, Comment):
            what = "The thread is removed for everyone"
            if self.replies:
                what += f", with its {plural(self.replies, 'reply', 'replies')}"
        else:
            what = "The reply is removed for everyone"
        yield Static(Content(what + ". This cannot be undone."), classes="impact")
        yield Static(
            Content.assemble("“", text.content(_preview(self.message), "italic"), "”"),
            classes="impact",
        )

    def on_mount(self) -> None:
        self.query_one("#cancel").focus()

    async def send(self) -> bool:
        if isinstance(self.message, Comment):
            await self.scope.delete(self.client, self.comment_id)
        else:
            await self.scope.delete_reply(self.client, self.comment_id, self.message.id)
        return True

    async def check_applied(self) -> bool | None:
        reply = None if isinstance(self.message, Comment) else self.message.id
        return await message_gone(self.client, self.scope, self.comment_id, reply) or None


class ReactionPicker(ActionDialog[bool]):
    """Enter on an emoji adds it, or removes it when it is already yours."""

    confirm_label = "React"
    sending_note = "Sending…"

    def __init__(self, scope: ThreadScope, comment_id: str, message: Message, me: str) -> None:
        super().__init__(Content("React"))
        self.scope = scope
        self.comment_id = comment_id
        self.message = message
        self.me = me
        self._sent = ""
        self.mine = {
            reaction.emoji
            for reaction in message.reactions
            if any(user.user.id == me for user in reaction.users)
        }

    def compose_body(self) -> ComposeResult:
        counts = {reaction.emoji: reaction.count for reaction in self.message.reactions}
        options = []
        for emoji in REACTIONS:
            note = "yours: Enter removes it" if emoji in self.mine else ""
            count = f" {counts[emoji]}" if counts.get(emoji) else ""
            options.append(
                Option(
                    Content.assemble(emoji, count, Content.styled(f"  {note}", "$text-muted")),
                    id=emoji,
                )
            )
        yield OptionList(*options, id="reactions")

    def on_mount(self) -> None:
        self.query_one("#reactions", OptionList).focus()

    @on(OptionList.OptionSelected, "#reactions")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.submit()

    def chosen(self) -> str:
        listing = self.query_one("#reactions", OptionList)
        option = listing.highlighted_option
        return option.id if option is not None and option.id else REACTIONS[0]

    async def send(self) -> bool:
        emoji = self._sent = self.chosen()
        change = (
            {"removed_reactions": [emoji]} if emoji in self.mine else {"added_reactions": [emoji]}
        )
        if isinstance(self.message, Comment):
            await self.scope.update(self.client, self.comment_id, **change)
        else:
            await self.scope.update_reply(self.client, self.comment_id, self.message.id, **change)
        return True

    async def check_applied(self) -> bool | None:
        reply = None if isinstance(self.message, Comment) else self.message.id
        now = await reaction_is(
            self.client,
            self.scope,
            self.comment_id,
            reply,
            emoji=self._sent,
            me=self.me,
            present=self._sent not in self.mine,
        )
        return True if now is not None else None
