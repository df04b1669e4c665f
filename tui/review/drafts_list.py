"""Provides DraftsDialog: every unsent draft of the profile, newest first; Enter opens its thread."""

from __future__ import annotations

from textual.content import Content

from tui.core import text
from tui.core.humanize import describe_age, plural
from tui.dialogs.list_dialog import ListDialog
from tui.review.logic.drafts import Draft, DraftKind

from ..review.drafts import draft_store
from ..review.rows import body_preview
from ..widgets import ListEntry

__all__ = ["DraftsDialog"]

_KINDS = {
    DraftKind.REPLY: "reply",
    DraftKind.NEW_COMMENT: "new thread",
    DraftKind.EDIT: "edit",
    DraftKind.REVIEW: "review comment",
}


class DraftsDialog(ListDialog[Draft]):
    """What was typed and not sent yet: replies, new threads, edits, review comments."""

    empty = "No unsent draft: everything typed was sent or thrown away."
    hint = "Enter opens the thread of a reply or an edit · Esc closes"

    def __init__(self) -> None:
        super().__init__(Content("Unsent drafts"))

    async def fetch(self, choice: str) -> tuple[list[ListEntry], Content]:
        drafts = draft_store(self.docdeck).list()
        now = self.docdeck.clock()
        entries = []
        for draft in drafts:
            label = text.one_line(draft.label) or _KINDS[draft.kind]
            aside = " (from another window)" if draft.slot else ""
            age = describe_age(max(0.0, now - draft.updated_at.timestamp()))
            prompt = Content("\n").join(
                [
                    Content.assemble(
                        Content(label + aside).stylize("bold"),
                        Content.styled(f" · {_KINDS[draft.kind]} · {age}", "$text-muted"),
                    ),
                    Content("   " + body_preview(draft.body, 100)),
                ]
            )
            key = f"{draft.key}/{draft.kind}/{draft.slot}"
            entries.append(ListEntry(key, prompt, f"{label} {draft.body}", draft))
        return entries, Content(plural(len(drafts), "unsent draft"))
