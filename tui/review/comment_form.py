"""Provides the comment forms: a new thread on a page, the edit of a comment or reply; none loses a word.

What is typed is kept on disk as a draft while typing pauses (``tui.review.logic.drafts``), so it
survives closing the form, leaving the screen, a crash and a restart; opening the same form again
offers it back. The draft is discarded once the service has the text, or when the box is emptied. A
body over the service's limit is refused under the box before anything is sent; after a lost answer
the thread (or the message) is read again to tell whether the text got there.
"""

from __future__ import annotations

from typing import Any, ClassVar, TypeVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.widgets import Button, Static, TextArea

from tui.core import text
from tui.core.humanize import describe_age
from tui.dialogs.base import ActionDialog, heading
from tui.review.applied_review import message_reads, new_thread, thread_ids
from tui.review.logic.drafts import DraftKind, DraftStore, ThreadKey

from ..api.limits import comment_body_problem
from ..api.models import Comment, CommentReply
from ..review.drafts import DraftKeeper
from ..review.threads import ThreadScope
from ..widgets import BodyField

__all__ = ["DraftedDialog", "EditMessageDialog", "NewThreadDialog"]

T = TypeVar("T")


class DraftedDialog(ActionDialog[T]):
    """An action dialog whose body box is kept as a draft until the service has it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "send", "Send", id="dialog.send", tooltip="Send what is typed"),
    ]
    draft_kind: ClassVar[DraftKind] = DraftKind.NEW_COMMENT
    body_id: ClassVar[str] = "body"
    body_required: ClassVar[bool] = True
    body_hint: ClassVar[str] = "Markdown · Tab then Enter sends (or Ctrl+S) · Esc keeps a draft"

    def __init__(
        self,
        title: Content,
        store: DraftStore,
        key: ThreadKey,
        *,
        label: str,
        initial: str = "",
        confirm_label: str = "",
    ) -> None:
        super().__init__(title, confirm_label=confirm_label)
        self.store = store
        self.key = key
        self.label = label
        self.initial = initial
        self._keeper: DraftKeeper | None = None
        self._offered = ""
        self._closing_unkept = False

    def compose_body(self) -> ComposeResult:
        yield from self.compose_before()
        self._keeper = DraftKeeper(
            self,
            self.store,
            self.key,
            self.draft_kind,
            text=self._typed_text,
            say=lambda message: self.say(message, error=True),
            label=lambda: text.one_line(self.label),
            initial=self.initial,
        )
        draft = self._keeper.load()
        value = draft.body if draft is not None else self.initial
        if draft is not None and draft.body != self.initial:
            seconds = max(0.0, self.docdeck.clock() - draft.updated_at.timestamp())
            self._offered = f"Your unsent text from {describe_age(seconds)} is back in the box."
        yield BodyField(
            self.body_label(),
            value,
            required=self.body_required,
            rule=comment_body_problem,
            hint=self.body_hint,
            id=self.body_id,
        )

    def compose_before(self) -> ComposeResult:
        yield from ()

    def body_label(self) -> str:
        return "Comment"

    def on_mount(self) -> None:
        # Tab from the box goes straight to the button that sends (Esc cancels).
        self.query_one("#cancel").can_focus = False
        self.body.area.focus()
        self.body.area.move_cursor(self.body.area.document.end)
        if self._offered:
            self.say(self._offered)

    @property
    def body(self) -> BodyField:
        return self.query_one(f"#{self.body_id}", BodyField)

    def _typed_text(self) -> str | None:
        try:
            return self.body.area.text
        except Exception:  # the dialog is gone
            return None

    @on(TextArea.Changed)
    def _typed(self) -> None:
        if self._keeper is not None:
            self._keeper.changed()

    def keep_draft(self) -> None:
        """Write what is typed now (an emptied box discards the draft); a disk that refuses is
        said above the buttons, and the text stays in the box."""
        if self._keeper is not None:
            self._keeper.keep()

    def action_send(self) -> None:
        self.submit()

    @on(Button.Pressed, "#cancel")
    def _cancel_pressed(self, event: Button.Pressed) -> None:
        event.prevent_default()  # the base's Cancel would close without keeping the draft
        self.action_cancel()

    def action_cancel(self) -> None:
        if self.sending:
            return
        self.keep_draft()
        problem = self._keeper.problem if self._keeper is not None else ""
        if problem and not self._closing_unkept:
            # The draft could not be kept: the words stay in the open box until Esc again.
            self._closing_unkept = True
            self.say(f"{problem}. Esc again closes and loses the text: copy it first.", error=True)
            return
        if self.body.value and self.body.value != self.initial.strip():
            self.notify(
                "What you typed is kept as a draft: it comes back when you open this again.",
                title="Draft kept",
            )
        self.dismiss(None)

    async def _send(self) -> None:
        self.keep_draft()  # whatever happens next, the words are on disk
        await super()._send()

    def dismiss(self, result: Any = None) -> Any:
        if self._keeper is not None:
            if result is not None:
                self._keeper.discard()
            self._keeper.close()
        return super().dismiss(result)


class NewThreadDialog(DraftedDialog[Comment]):
    """A new thread, on a page when one is given, and on a block of it (quoted above the box)."""

    confirm_label = "Post"
    sending_note = "Posting…"
    draft_kind = DraftKind.NEW_COMMENT

    def __init__(
        self,
        scope: ThreadScope,
        store: DraftStore,
        *,
        page_id: str | None = None,
        page_title: str = "",
        node_id: str | None = None,
        block: str = "",
    ) -> None:
        where = f"on {text.one_line(page_title)}" if page_title else ""
        super().__init__(
            heading("New thread on ", page_title) if page_title else Content("New thread"),
            store,
            scope.key(page_id=page_id),
            label=f"New thread {where}".strip(),
        )
        self.scope = scope
        self.page_id = page_id
        self.node_id = node_id
        self.block = block
        self._sent = ""
        self._before: set[str] = set()

    def compose_before(self) -> ComposeResult:
        if self.node_id:
            yield Static(
                Content.assemble(
                    Content.styled("On the block  ", "$text-muted"),
                    text.content(text.one_line(self.block)[:200] or "(no text)", "italic"),
                ),
                id="thread-block",
                classes="impact",
            )

    async def send(self) -> Comment:
        self._sent = self.body.value
        # The newest threads before: after a lost answer, a new one with this text is it.
        with self.client.revalidating():
            self._before = await thread_ids(self.client, self.scope)
        return await self.scope.post(self.client, self._sent, page=self.page_id, node=self.node_id)

    async def check_applied(self) -> Comment | None:
        return await new_thread(
            self.client, self.scope, before=self._before, body=self._sent, page=self.page_id
        )


class EditMessageDialog(DraftedDialog[Comment | CommentReply]):
    """The edit of one's own comment or reply, starting from what it says now."""

    confirm_label = "Save"
    draft_kind = DraftKind.EDIT

    def __init__(
        self,
        scope: ThreadScope,
        store: DraftStore,
        *,
        comment_id: str,
        reply_id: str | None,
        current: str,
    ) -> None:
        key = scope.key(comment_id=comment_id)
        if reply_id is not None:
            key = ThreadKey(key.space_id, key.change_request_id, None, comment_id, reply_id)
        what = "reply" if reply_id else "comment"
        super().__init__(
            Content(f"Edit your {what}"),
            store,
            key,
            label=f"Edit of your {what}",
            initial=current,
        )
        self.scope = scope
        self.comment_id = comment_id
        self.reply_id = reply_id
        self._sent = ""

    def compose_before(self) -> ComposeResult:
        yield Static(
            Content("Everyone who can read the thread sees that it was edited."), classes="impact"
        )

    async def send(self) -> Comment | CommentReply:
        self._sent = self.body.value
        if self.reply_id is not None:
            return await self.scope.update_reply(
                self.client, self.comment_id, self.reply_id, body=self._sent
            )
        return await self.scope.update(self.client, self.comment_id, body=self._sent)

    async def check_applied(self) -> Comment | CommentReply | None:
        return await message_reads(
            self.client, self.scope, self.comment_id, self.reply_id, self._sent
        )
