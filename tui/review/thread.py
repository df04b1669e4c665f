"""Provides ThreadScreen: one comment thread, every reply, and a reply box that never loses a word."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from functools import partial
from typing import ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Button, Static, TextArea

from tui.core import text
from tui.core.humanize import describe_age, plural
from tui.dialogs.applied import ids
from tui.review.applied_review import new_reply, resolved_as
from tui.review.comment_form import EditMessageDialog
from tui.review.diff_threads import BLOCK_REMOVED, block_quote
from tui.review.logic.activity import SeenStore, new_since
from tui.review.logic.drafts import DraftKind
from tui.review.logic.page_blocks import document_blocks
from tui.review.logic.review_queue import latest
from tui.review.memory import review_memory
from tui.review.thread_forms import DeleteMessageDialog, ReactionPicker
from tui.review.thread_listing import walk_to_next_thread
from tui.review.thread_messages import Message, MessageBox, newest_message, thread_facts

from ..api.errors import AnswerLostError, ApiError, NotFoundError, RateLimitError
from ..api.limits import comment_body_problem
from ..api.models import Comment, CommentReply, Space, User
from ..dialogs import allowed
from ..review.drafts import DraftKeeper, draft_store
from ..review.loading import holders_to_fetch
from ..review.rows import message_heading, reactions_line
from ..review.threads import ThreadScope
from ..shell.lost_answers import write_checked
from ..shell.navigation import (
    Location,
    collection_location,
    organization_location,
    space_location,
)
from ..shell.polling import ActivityPoller
from ..shell.read_only import mutating
from ..shell.screen import BrowserScreen
from ..widgets.form_field import length_problem
from ..widgets.text_box import TextBox
from .locations import ReviewFocus, change_request_location, thread_location

__all__ = ["ThreadScreen"]


@dataclass
class ThreadView:
    comment: Comment
    replies: list[CommentReply]
    space: Space
    me: User
    holder: Location
    block_gone: bool = False
    """Whether the block the thread is attached to is no longer in its page."""


class ThreadScreen(BrowserScreen[ThreadView]):
    """The thread from its first comment down; the reply box at the bottom."""

    NAMESPACE = "thread"
    CSS_PATH = "../styles/thread.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "reply", "Reply", id="thread.reply", tooltip="Write a reply"),
        Binding("ctrl+s", "send", "Send", id="thread.send", tooltip="Send the reply"),
        Binding(
            "x",
            "resolve",
            "Resolve/reopen",
            id="thread.resolve",
            tooltip="Mark the thread resolved, or open it again",
        ),
        Binding(
            "t",
            "next_thread",
            "Next thread",
            id="thread.next_open",
            tooltip="Open the next unresolved thread (then those of the queue's next change request)",
        ),
        Binding(
            "plus",
            "react",
            "React",
            id="thread.react",
            tooltip="Add or remove a reaction on the highlighted message",
        ),
        Binding("e", "edit", "Edit", id="thread.edit", tooltip="Edit your highlighted message"),
        Binding(
            "d,delete",
            "delete",
            "Delete",
            id="thread.delete",
            tooltip="Delete your highlighted message (asks first)",
        ),
        Binding(
            "g",
            "go_to_block",
            "Its block",
            show=False,
            id="thread.block",
            tooltip="Show the block the thread is on, highlighted in its page's diff",
        ),
        Binding("j", "step(1)", "Next message", show=False, id="thread.down"),
        Binding("k", "step(-1)", "Previous message", show=False, id="thread.up"),
    ]

    def __init__(self, place: Location) -> None:
        super().__init__()
        kind, holder_id = place.parent or ("space", place.space or "")
        self.place = place
        self.scope = ThreadScope(place.space or "", holder_id if kind == "change-request" else None)
        self.comment_id = place.id
        self.view: ThreadView | None = None
        self._keeper: DraftKeeper | None = None
        self._draft_offered = False
        self._focus_index = 0
        self.activity = ActivityPoller(
            self, self.look_for_activity, self.docdeck.config.poll_interval
        )
        self._seen_at: datetime | None = None
        """When the newest message seen before this visit was posted: later ones are new."""
        self._seen_read = False
        self._looking = False

    def compose_body(self) -> ComposeResult:
        yield Static(Content("Loading the thread…"), id="thread-header")
        yield Static(id="thread-block")
        yield VerticalScroll(id="messages")
        with Vertical(id="reply-box"):
            yield TextBox(
                soft_wrap=True,
                tab_behavior="focus",
                placeholder="Write a reply… (c; Ctrl+S sends)",
                id="reply",
            )
            with Horizontal(id="reply-bar"):
                yield Static(id="reply-status")
                yield Button("Send", id="send", variant="primary", compact=True)

    def on_mount(self) -> None:
        self.show_location(self.place)
        self._keeper = DraftKeeper(
            self,
            draft_store(self.docdeck),
            self.scope.key(comment_id=self.comment_id),
            DraftKind.REPLY,
            text=self._reply_text,
            say=lambda message: self._status(message, error=True),
            label=self._draft_label,
        )
        self._offer_draft()

    @property
    def reply_area(self) -> TextArea:
        return self.query_one("#reply", TextArea)

    # -- the view --------------------------------------------------------------------------

    async def fetch_view(self) -> ThreadView:
        client, scope = self.client, self.scope
        comment = await scope.get(client, self.comment_id)
        replies = [
            reply
            async for reply in client.paginate(scope.replies, client, self.comment_id, limit=100)
        ]
        space = await client.spaces.get_space_by_id(scope.space_id)
        me = await client.users.get_authenticated_user()
        places = self.session.places
        holder = places.get(*self.place.parent) if self.place.parent else None
        if holder is None:
            # Opened without its holder seen (a restart, the palette): fetch what the crumbs need.
            organization, collections = await holders_to_fetch(client, space, places)
            if organization is not None:
                places.see(organization_location(organization))
            places.see(*(collection_location(c) for c in reversed(collections)))
            places.see(space_location(space))
            if scope.change_request_id is not None:
                change_request = await client.change_requests.get_change_request_by_id(
                    space.id, scope.change_request_id
                )
                holder = change_request_location(space, change_request)
            else:
                holder = space_location(space)
        return ThreadView(comment, replies, space, me, holder, await self._block_gone(comment))

    async def _block_gone(self, comment: Comment) -> bool:
        """Whether the thread's block has left its page (or the page has left the content)."""
        node, page = comment.target.node, comment.target.page
        if node is None or page is None:
            return False
        if page.outdated:
            return True
        try:
            document = await self.scope.page_document(self.client, page.id)
        except NotFoundError:
            return True
        return node.id not in {block.key for block in document_blocks(document)}

    async def show_view(self, view: ThreadView) -> None:
        self.view = view
        self.session.places.see(view.holder)
        who = view.comment.posted_by.display_name if view.comment.posted_by else "someone"
        self.show_location(thread_location(view.holder, view.comment.id, f"Thread by {who}"))
        self._show_header()
        self._show_block()
        await self._show_messages()
        self._show_reply_state()
        self._note_activity(view)
        self._see(view)
        if not self._looking and not self.showing_cached:
            self._looking = True
            self.activity.start()

    # -- what is new -----------------------------------------------------------------------

    def _seen_store(self) -> SeenStore:
        store = self.docdeck.seen_store
        assert isinstance(store, SeenStore)  # the app's, made for review (tui/shell/host.py)
        return store

    def _thread_key(self) -> str:
        return f"{self.scope.space_id}/{self.scope.change_request_id or ''}/{self.comment_id}"

    def _seen_before(self, view: ThreadView) -> datetime | None:
        """When the newest message seen before this visit was posted (read once a visit; a
        thread never seen starts from what it shows now, so messages come in as new)."""
        if not self._seen_read:
            self._seen_read = True
            self._seen_at = self._seen_store().thread_seen_at(self._thread_key())
            if self._seen_at is None:
                self._seen_at = newest_message([view.comment, *view.replies])
        return self._seen_at

    def _see(self, view: ThreadView) -> None:
        newest = newest_message([view.comment, *view.replies])
        if newest is None:
            return
        try:
            self._seen_store().see_thread(self._thread_key(), newest)
        except OSError as error:
            self._status(f"What was seen could not be kept: {error.strerror}", error=True)

    def look_for_activity(self) -> None:
        """Ask for the thread's first comment (one request): when its replies, its status, its
        text or its reactions moved, read the thread again; new messages are marked."""
        view = self.view
        if view is None:
            self.activity.answered(changed=False)
            return
        client, scope, comment_id = self.client, self.scope, self.comment_id
        before = thread_facts(view.comment, len(view.replies))

        async def look() -> None:
            try:
                with client.revalidating():
                    comment = await scope.get(client, comment_id)
            except RateLimitError as error:
                self.activity.throttled(error.retry_after)
                return
            except ApiError:
                self.activity.answered(changed=False)
                return
            changed = thread_facts(comment, comment.replies) != before
            if changed:
                self.reload(refresh=True)
            self.activity.answered(changed=changed)

        self.run_task(look, group="activity")

    def on_screen_resume(self) -> None:
        # (Textual calls BrowserScreen's own handler too: it reloads what went stale.)
        self.activity.resume()

    def _note_activity(self, view: ThreadView) -> None:
        """The replies read here tell the queue when its change request last saw activity (a
        reply moves no ``updatedAt``, and the queue does not read every thread's replies)."""
        run = review_memory(self.session).run
        change_request_id = self.scope.change_request_id
        if run is None or change_request_id is None:
            return
        messages: list[Message] = [view.comment, *view.replies]
        moments = [latest(message.posted_at, message.edited_at) for message in messages]
        run.queue.note_activity((self.scope.space_id, change_request_id), latest(*moments))

    def _show_header(self) -> None:
        view = self.view
        if view is None:
            return
        comment = view.comment
        parts: list[Content] = [
            Content.styled("✓ resolved", "bold $text-success")
            if comment.resolved
            else Content.styled("● open", "bold $text-warning")
        ]
        page = comment.target.page
        if page is not None:
            where = Content.assemble("on ", text.content(page.title, "bold"))
            if page.outdated:
                where = Content.assemble(
                    where, Content.styled(" (page since removed)", "$text-muted")
                )
            parts.append(where)
        elif comment.target.review:
            parts.append(Content("on a review"))
        replies = len(view.replies)
        parts.append(Content(plural(replies, "reply", "replies") if replies else "no reply yet"))
        if comment.resolved and comment.resolved_by is not None:
            parts.append(
                Content.assemble("resolved by ", text.content(comment.resolved_by.display_name))
            )
        keys = []
        # A reader is offered only what a reader can do.
        if view.space.permissions.comment:
            keys.append("x reopens" if comment.resolved else "x resolves")
            if comment.permissions.reply:
                keys.append("c replies")
        keys.append("t next open thread")
        if comment.target.node is not None and view.holder.kind == "change-request":
            keys.append("g its block")
        parts.append(Content.styled(" · ".join(keys), "$text-muted"))
        self.query_one("#thread-header", Static).update(Content(" · ").join(parts))

    def _show_block(self) -> None:
        view = self.view
        quote = self.query_one("#thread-block", Static)
        node = view.comment.target.node if view is not None else None
        quote.display = node is not None
        if view is not None and node is not None:
            quote.update(block_quote(node.preview or "", removed=view.block_gone))

    async def _show_messages(self) -> None:
        view = self.view
        assert view is not None
        now = self.docdeck.clock()
        container = self.query_one("#messages", VerticalScroll)
        focused = self._focused_index()
        if focused is None:
            # A dialog (a reaction, an edit) had the focus: the message it acted on keeps it.
            focused = self._focus_index
        await container.remove_children()
        messages: list[Message] = [view.comment, *view.replies]
        new = new_since(
            [(m.id, m.posted_at, m.posted_by.id if m.posted_by else "") for m in messages],
            self._seen_before(view),
            view.me.id,
        )
        boxes = [
            MessageBox(
                message,
                message_heading(message, now),
                reactions_line(message.reactions, view.me.id),
                new=message.id in new,
            )
            for message in messages
        ]
        await container.mount_all(boxes)
        index = min(focused, len(boxes) - 1)
        if self._draft_offered and not self.reply_area.disabled:
            # The box that shows an unsent reply keeps the focus (once: then as the user moves).
            self._draft_offered = False
            self.reply_area.focus()
        elif self.focused is None or not isinstance(self.focused, TextArea):
            boxes[index].focus()
            self._focus_index = index

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        index = self._focused_index()
        if index is not None:
            self._focus_index = index

    def _focused_index(self) -> int | None:
        boxes = list(self.query(MessageBox))
        for index, box in enumerate(boxes):
            if box.has_focus:
                return index
        return None

    def _show_reply_state(self) -> None:
        view = self.view
        if view is None:
            return
        may_reply = view.space.permissions.comment and view.comment.permissions.reply
        area = self.reply_area
        area.disabled = not may_reply
        self.query_one("#send", Button).disabled = not may_reply
        if not may_reply:
            self._status(
                "You can read this thread; replying needs the comment role on this space.",
                error=False,
            )

    # -- the reply box and its draft -------------------------------------------------------

    def _offer_draft(self) -> None:
        assert self._keeper is not None
        draft = self._keeper.load()
        if draft is None:
            return
        self.reply_area.text = draft.body
        self.reply_area.move_cursor(self.reply_area.document.end)
        # The box that shows the words has the focus: a key typed next goes into it, never
        # to a thread's action (x would resolve the thread).
        self.reply_area.focus()
        seconds = max(0.0, self.docdeck.clock() - draft.updated_at.timestamp())
        self._draft_offered = True
        self._status(
            f"Your unsent reply from {describe_age(seconds)} is back in the box: send it "
            "(Tab then Enter, or Ctrl+S), or empty the box to discard it."
        )

    def _status(self, message: str, *, error: bool = False) -> None:
        status = self.query_one("#reply-status", Static)
        status.update(text.block(message, "$text-error" if error else "$text-muted"))

    @on(TextArea.Changed, "#reply")
    def _typed(self) -> None:
        if self._keeper is not None:
            self._keeper.changed()

    def _reply_text(self) -> str | None:
        try:
            return self.reply_area.text
        except Exception:  # the box is gone (the screen is being removed)
            return None

    def _draft_label(self) -> str:
        view = self.view
        who = view.comment.posted_by.display_name if view and view.comment.posted_by else ""
        return text.one_line(f"Reply to {who}".strip())

    def keep_draft(self) -> None:
        """Write the reply box to disk (an empty box discards the draft); a disk that refuses
        is said beside the box, and the reply stays in it."""
        if self._keeper is not None:
            self._keeper.keep()

    def on_screen_suspend(self) -> None:
        self.keep_draft()
        self.activity.pause()

    def on_unmount(self) -> None:
        if self._keeper is not None:
            self._keeper.keep()  # typed less than a pause ago: keep it too
            self._keeper.close()

    @mutating
    def action_reply(self) -> None:
        if self.reply_area.disabled:
            allowed(self, False, "comment", "reply to this thread")
            return
        self.reply_area.focus()

    @on(Button.Pressed, "#send")
    @mutating
    def action_send(self) -> None:
        view = self.view
        if view is None:
            return
        if not allowed(self, not self.reply_area.disabled, "comment", "reply to this thread"):
            return
        body = self.reply_area.text.strip()
        problem = length_problem("A reply", body, None, required=True) or comment_body_problem(body)
        if problem:
            self._status(f"Nothing was sent: {problem}", error=True)
            return
        self.keep_draft()
        self._status("Sending…")
        self.query_one("#send", Button).disabled = True
        client, scope, comment_id = self.client, self.scope, self.comment_id
        # Every reply is on the screen (it reloads after each write): after a lost answer, a
        # reply of mine with these words that is not among them is this one.
        before = ids(view.replies)

        async def send() -> None:
            try:
                reply = await write_checked(
                    self,
                    client,
                    partial(scope.reply, client, comment_id, body),
                    partial(
                        new_reply,
                        client,
                        scope,
                        comment_id,
                        before=before,
                        body=body,
                        author=view.me.id,
                    ),
                    again="your reply is still in the box; Ctrl+S sends it again.",
                )
            except AnswerLostError:
                self._status(
                    "Sent, but the answer was lost, and whether your reply got there cannot be "
                    "told yet: press r to look before sending it again. It is still in the box.",
                    error=True,
                )
                return
            except ApiError as error:
                # The words stay in the box, and on disk.
                self._status(
                    f"Not sent. {error.title}: {error.message}\n{error.hint} "
                    "Your reply is still in the box.",
                    error=True,
                )
                return
            finally:
                self.query_one("#send", Button).disabled = self.reply_area.disabled
            if reply is None:
                self._status(
                    "Sent, but the answer was lost, and it was not applied: your reply is still "
                    "in the box; Ctrl+S sends it again.",
                    error=True,
                )
                return
            if self._keeper is not None:
                self._keeper.discard()
            self.reply_area.text = ""
            self._status("Sent.")
            self.reload_after_change()

        self.run_task(send, group="send")

    # -- acting on messages ----------------------------------------------------------------

    def _focused_message(self) -> Message | None:
        """The message under the focus; the thread's first comment when none is."""
        focused = self.focused
        if focused is not None:
            for node in focused.ancestors_with_self:
                if isinstance(node, MessageBox):
                    return node.message
        return self.view.comment if self.view is not None else None

    def action_step(self, step: int) -> None:
        boxes = list(self.query(MessageBox))
        if not boxes:
            return
        index = self._focused_index()
        target = 0 if index is None else max(0, min(len(boxes) - 1, index + step))
        boxes[target].focus()
        boxes[target].scroll_visible(animate=False)

    @mutating
    def action_resolve(self) -> None:
        view = self.view
        if view is None or not allowed(
            self, view.space.permissions.comment, "comment", "resolve or reopen threads"
        ):
            return
        resolved = not view.comment.resolved
        client, scope, comment_id = self.client, self.scope, self.comment_id

        async def send() -> None:
            done = await write_checked(
                self,
                client,
                partial(scope.update, client, comment_id, resolved=resolved),
                partial(resolved_as, client, scope, comment_id, resolved),
                again="press x to do it again.",
            )
            if done is not None:
                self.notify(
                    "Resolved." if resolved else "Open again.", title="Thread", markup=False
                )
            self.reload_after_change()

        self.run_task(send, group="resolve")

    @mutating
    def action_react(self) -> None:
        view = self.view
        message = self._focused_message()
        if view is None or message is None:
            return
        if not allowed(self, view.space.permissions.comment, "comment", "react to messages"):
            return
        self.app.push_screen(
            ReactionPicker(self.scope, self.comment_id, message, view.me.id),
            lambda done: self.reload_after_change() if done else None,
        )

    @mutating
    def action_edit(self) -> None:
        view = self.view
        message = self._focused_message()
        if view is None or message is None:
            return
        if not message.permissions.edit:
            self.notify(
                "Only its author can edit a message.", title="Not allowed", severity="warning"
            )
            return
        reply_id = message.id if isinstance(message, CommentReply) else None
        self.app.push_screen(
            EditMessageDialog(
                self.scope,
                draft_store(self.docdeck),
                comment_id=self.comment_id,
                reply_id=reply_id,
                current=message.body.markdown or "",
            ),
            lambda done: self.reload_after_change() if done else None,
        )

    @mutating
    def action_delete(self) -> None:
        view = self.view
        message = self._focused_message()
        if view is None or message is None:
            return
        if not message.permissions.delete:
            self.notify(
                "Only its author or an administrator can delete a message.",
                title="Not allowed",
                severity="warning",
            )
            return
        whole = isinstance(message, Comment)
        self.app.push_screen(
            DeleteMessageDialog(self.scope, self.comment_id, message, len(view.replies)),
            lambda done: self._deleted(whole) if done else None,
        )

    def _deleted(self, whole: bool) -> None:
        if whole:
            self.notify("The thread is deleted.", title="Deleted")
            if self._keeper is not None:
                self._keeper.discard()
            self.docdeck.action_back_from(self)
        else:
            self.notify("Your reply is deleted.", title="Deleted")
            self.reload_after_change()

    def action_go_to_block(self) -> None:
        view = self.view
        if view is None:
            return
        target = view.comment.target
        if target.page is None or view.holder.kind != "change-request":
            self.notify(
                "This thread is not on a page of a change request: there is no diff to show.",
                title="No block",
                markup=False,
            )
            return
        if view.block_gone:
            self.notify(
                f"The thread stays, but {BLOCK_REMOVED}: its page is shown instead.",
                title="Block removed",
                markup=False,
            )
        block = target.node.id if target.node is not None and not view.block_gone else ""
        self.docdeck.go_to_location(view.holder, ReviewFocus(page=target.page.id, block=block))

    def action_next_thread(self) -> None:
        view = self.view
        if view is None:
            return

        async def walk() -> None:
            self.keep_draft()
            await walk_to_next_thread(
                self, self.scope, self.location or self.place, self.comment_id
            )

        self.run_task(walk, group="walk")

    # -- back ------------------------------------------------------------------------------

    def can_handle_back(self) -> bool:
        return super().can_handle_back() or self.reply_area.has_focus

    def handle_back(self) -> bool:
        if super().handle_back():
            return True
        if self.reply_area.has_focus:
            self.keep_draft()
            self.action_step(0)
            return True
        return False

    def holds(self, place: Location) -> bool:
        return place.kind == "comment-thread" and place.id == self.comment_id

    def current_url(self) -> str | None:
        view = self.view
        if view is not None and view.comment.urls.app:
            return view.comment.urls.app
        return self.place.url
