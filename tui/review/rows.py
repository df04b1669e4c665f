"""Provides how review things read: a change request in a list, its header, a thread's row.

Everything here is built as ``Content`` from server text through ``tui.core.text``, never as a
markup string, so a subject of ``[/]`` shows as ``[/]``.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from textual.content import Content

from tui.core import text
from tui.core.humanize import describe_age, plural
from tui.core.plain import plain_text
from tui.review.logic.changes import ChangeKind, PageChange
from tui.review.logic.review_queue import QueueEntry, ReviewState

from ..api.models import ChangeRequest, Comment, CommentReaction, CommentReply, User

__all__ = [
    "CHANGE_MARKS",
    "STATUS_STYLES",
    "age",
    "body_preview",
    "change_mark",
    "change_request_line",
    "queue_row",
    "reactions_line",
    "status_badge",
    "thread_row",
]

STATUS_STYLES = {
    "open": "bold $text-success",
    "draft": "bold $text-muted",
    "merged": "bold $text-accent",
    "archived": "bold $text-warning",
    "resolved": "$text-muted",
}

CHANGE_MARKS = {
    ChangeKind.ADDED: "+",
    ChangeKind.REMOVED: "−",
    ChangeKind.EDITED: "~",
    ChangeKind.MOVED: "→",
    ChangeKind.RENAMED: "✎",
}
"""The mark of each kind of change in the tree of changes (a page may carry several)."""


def change_mark(change: PageChange) -> str:
    return "".join(mark for kind, mark in CHANGE_MARKS.items() if change.is_(kind))


def age(now: float, moment: datetime | None) -> str:
    """``3 h ago`` by the app's clock; empty when the moment is unknown."""
    if moment is None:
        return ""
    return describe_age(max(0.0, now - moment.timestamp()))


def status_badge(status: str) -> Content:
    return Content.styled(text.one_line(status), STATUS_STYLES.get(status, "bold"))


def _user(user: User | None) -> str:
    return text.one_line(user.display_name or user.id) if user is not None else "someone"


def _state_content(state: ReviewState | None) -> list[Content]:
    if state is None:
        return []
    label = state.label
    if not label:
        return [Content.styled(state.mine_outdated, "$text-warning")] if state.my_outdated else []
    style = {
        "review requested from you": "bold $text-accent",
        "changes requested": "$text-error",
        "approved": "$text-success",
    }.get(label, "$text-muted")
    said = [Content.styled(label, style)]
    if state.my_outdated:
        said.append(Content.styled(state.mine_outdated, "$text-warning"))
    return said


def change_request_line(
    change_request: ChangeRequest,
    now: float,
    state: ReviewState | None = None,
    *,
    active_at: datetime | None = None,
) -> Content:
    """``open · Ada Lovelace · 3 h ago · 2 threads · approved · outdated``; the age is of its
    last update, or of ``active_at`` (its latest activity known, a thread or a review)."""
    parts: list[Content] = [
        status_badge(change_request.status),
        Content(_user(change_request.created_by)),
    ]
    when = age(now, active_at or change_request.updated_at)
    if when:
        parts.append(Content(when))
    if change_request.comments:
        parts.append(Content(plural(change_request.comments, "open thread")))
    parts.extend(_state_content(state))
    if change_request.outdated:
        parts.append(Content.styled("outdated", "$text-warning"))
    return Content(" · ").join(parts)


def _title(number: int, subject: str) -> Content:
    return Content.assemble(
        Content.styled(f"#{number} ", "bold $text-primary"),
        text.content(subject or "(no subject)", "bold"),
    )


def list_row(change_request: ChangeRequest, now: float, state: ReviewState | None) -> Content:
    """A change request in a space's list: its title, then the facts on a second line."""
    return Content("\n").join(
        [
            _title(change_request.number, change_request.subject),
            Content.assemble("   ", change_request_line(change_request, now, state)),
        ]
    )


def queue_row(
    entry: QueueEntry, now: float, news: Sequence[str] = (), *, drafted: bool = False
) -> Content:
    """A change request in the review queue, with the space it belongs to; ``news`` is what
    changed since the user last looked (``2 new threads``, ``merged``), marked ●; ``drafted``
    marks one where an unsent draft waits (a reply, a comment, a review)."""
    value = entry.value
    change_request = value[1] if isinstance(value, tuple) else None
    if isinstance(change_request, ChangeRequest):
        # Its age is of its latest activity, as the queue is ordered.
        facts = change_request_line(change_request, now, entry.state, active_at=entry.active_at)
    else:
        facts = Content(text.one_line(entry.author_name))
    if news:
        facts = Content.assemble(
            facts, Content.styled("  ● " + ", ".join(news), "bold $text-accent")
        )
    return Content("\n").join(
        [
            Content.assemble(
                _title(entry.number, entry.subject),
                Content.styled("  in ", "$text-muted"),
                text.content(entry.space_title, "$text-secondary"),
                Content.styled("  ✎ unsent draft", "bold $text-warning") if drafted else "",
            ),
            Content.assemble("   ", facts),
        ]
    )


def body_preview(markdown: str | None, width: int = 120) -> str:
    """The first words of a comment's body, on one line."""
    flat = text.one_line(plain_text(markdown or ""))
    return flat if len(flat) <= width else flat[: width - 1] + "…"


def reactions_line(reactions: list[CommentReaction], me: str = "") -> Content:
    """``👍 2 · 🎉 1`` (the ones the user gave in bold)."""
    parts = []
    for reaction in reactions:
        if not reaction.count:
            continue
        mine = any(r.user.id == me for r in reaction.users)
        parts.append(
            Content.styled(
                f"{text.one_line(reaction.emoji)} {reaction.count}", "bold" if mine else ""
            )
        )
    return Content(" · ").join(parts)


def thread_row(comment: Comment, now: float, page_title: str = "") -> Content:
    """A thread in a list: state, author, age, page, replies, reactions, then its first words."""
    state = (
        Content.styled("✓ resolved", "$text-muted")
        if comment.resolved
        else Content.styled("● open", "bold $text-warning")
    )
    parts: list[Content] = [state, Content.styled(_user(comment.posted_by), "bold")]
    when = age(now, comment.posted_at)
    if when:
        parts.append(Content(when))
    page = comment.target.page
    title = page_title or (page.title if page is not None else "")
    if title:
        parts.append(Content.assemble("on ", text.content(title, "$text-secondary")))
    elif comment.target.review:
        parts.append(Content.styled("on a review", "$text-secondary"))
    if comment.replies:
        parts.append(Content(plural(comment.replies, "reply", "replies")))
    reactions = reactions_line(comment.reactions)
    if reactions:
        parts.append(reactions)
    return Content("\n").join(
        [
            Content(" · ").join(parts),
            Content.assemble("   ", Content.styled(body_preview(comment.body.markdown), "")),
        ]
    )


def message_heading(message: Comment | CommentReply, now: float) -> Content:
    """``Ada Lovelace · 3 h ago · edited`` above a comment or a reply."""
    parts: list[Content] = [Content.styled(_user(message.posted_by), "bold")]
    when = age(now, message.posted_at)
    if when:
        parts.append(Content.styled(when, "$text-muted"))
    if message.edited_at is not None:
        parts.append(Content.styled("edited", "$text-muted"))
    return Content(" · ").join(parts)
