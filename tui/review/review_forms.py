"""Provides the forms that act on a change request: review, subject, status, update, merge.

Each says what it will do before anything is sent; the merge names what lands on main and warns
when the change request is outdated, has unresolved threads or has changes requested. Values the
service would refuse (a subject too long, a status it never takes, a comment too long) are refused
here first. After a lost answer each reads the change request (or its reviews) again to tell
whether it was applied (``tui.dialogs.applied``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui.core import text
from tui.core.humanize import plural
from tui.dialogs.applied import reads_as
from tui.dialogs.base import ActionDialog, heading
from tui.review.applied_review import merged, review_ids, reviewed, updated_from_main
from tui.review.logic.drafts import DraftKind, DraftStore, ThreadKey

from ..api import UNSET
from ..api.models import ChangeRequest, ChangeRequestResult, ChangeRequestReview
from ..review.loading import ChangeRequestView
from ..widgets import TextField
from .comment_form import DraftedDialog

__all__ = [
    "SUBJECT_MAX",
    "MergeDialog",
    "ReviewDialog",
    "StatusDialog",
    "SubjectDialog",
    "UpdateDialog",
    "merge_warnings",
    "status_choices",
]

SUBJECT_MAX = 100
"""The service's limit on a change request's subject."""

_STATUS_WORDS = {
    "draft": "Draft: not ready for review yet",
    "open": "Open: ready for review",
    "archived": "Archived: closed without merging",
}


def _title(change_request: ChangeRequest) -> str:
    return f"#{change_request.number} {change_request.subject}".strip()


def status_choices(current: str) -> list[tuple[str, str]]:
    """The statuses a change request may be moved to by hand (never ``merged``)."""
    return [(words, status) for status, words in _STATUS_WORDS.items() if status != current]


class ReviewDialog(DraftedDialog[ChangeRequestReview]):
    """Approve, or ask for changes, with an optional comment (which opens a thread).

    The comment is a draft like any other: Esc keeps it, and it comes back next time."""

    draft_kind = DraftKind.REVIEW
    body_id = "review-comment"
    body_required = False
    body_hint = "Markdown · Tab then Enter sends (or Ctrl+S) · Esc keeps a draft"

    def __init__(self, view: ChangeRequestView, status: str, store: DraftStore) -> None:
        approve = status == "approved"
        verb = "Approve " if approve else "Request changes on "
        super().__init__(
            heading(verb, _title(view.change_request)),
            store,
            ThreadKey(view.space.id, change_request_id=view.change_request.id),
            label=f"Review of {_title(view.change_request)}",
            confirm_label="Approve" if approve else "Request changes",
        )
        self.view = view
        self.status = status
        self._before: set[str] = set()

    def compose_before(self) -> ComposeResult:
        what = (
            "Your approval is recorded against the change request as it is now."
            if self.status == "approved"
            else "The author is asked to change the change request before it is merged."
        )
        yield Static(Content(what), classes="impact")

    def body_label(self) -> str:
        return "Comment (optional: it opens a thread)"

    async def send(self) -> ChangeRequestReview:
        comment = self.body.value
        space, request = self.view.space.id, self.view.change_request.id
        # The reviews there are before: after a lost answer, a new one of mine is this one.
        with self.client.revalidating():
            self._before = await review_ids(self.client, space, request)
        return await self.client.change_request_reviews.submit_change_request_review(
            space, request, status=self.status, comment=comment or UNSET
        )

    async def check_applied(self) -> ChangeRequestReview | None:
        return await reviewed(
            self.client,
            self.view.space.id,
            self.view.change_request.id,
            before=self._before,
            reviewer=self.view.me.id,
            status=self.status,
        )


class SubjectDialog(ActionDialog[ChangeRequest]):
    """A new subject for the change request."""

    def __init__(self, view: ChangeRequestView) -> None:
        super().__init__(heading("Rename ", _title(view.change_request)))
        self.view = view
        self._subject = ""

    def compose_body(self) -> ComposeResult:
        yield TextField(
            "Subject",
            self.view.change_request.subject,
            max_length=SUBJECT_MAX,
            required=True,
            id="subject",
        )

    def on_mount(self) -> None:
        self.query_one("#subject", TextField).input.focus()

    def problems_before_sending(self) -> str | None:
        if self.query_one("#subject", TextField).value == self.view.change_request.subject:
            return "That is its subject already: nothing to send."
        return None

    async def send(self) -> ChangeRequest:
        self._subject = self.query_one("#subject", TextField).value
        return await self.client.change_requests.update_change_request_by_id(
            self.view.space.id, self.view.change_request.id, subject=self._subject
        )

    async def check_applied(self) -> ChangeRequest | None:
        return await changed_to(self, lambda request: request.subject == self._subject)


class StatusDialog(ActionDialog[ChangeRequest]):
    """Draft, open or archived (a change request becomes merged only by merging).

    The choices are a list with the first one under the cursor: Enter on a choice saves it,
    as do Ctrl+S and the Save button; Esc cancels.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "save", "Save", id="dialog.save", tooltip="Save the chosen status"),
    ]

    def __init__(self, view: ChangeRequestView) -> None:
        super().__init__(heading("Status of ", _title(view.change_request)))
        self.view = view
        self._status = ""

    def compose_body(self) -> ComposeResult:
        current = self.view.change_request.status
        yield Static(
            Content.assemble("It is ", Content.styled(current, "bold"), " now. Make it:"),
            classes="impact",
        )
        yield OptionList(
            *(Option(words, id=status) for words, status in status_choices(current)),
            id="status",
            compact=True,
        )
        yield Static(
            Content.styled("Enter saves the choice under the cursor (or Ctrl+S)", "$text-muted")
        )

    def on_mount(self) -> None:
        super().on_mount()
        choices = self.query_one("#status", OptionList)
        choices.highlighted = 0
        choices.focus()

    @property
    def chosen(self) -> str:
        """The status under the cursor."""
        option = self.query_one("#status", OptionList).highlighted_option
        return (option.id or "") if option is not None else ""

    @on(OptionList.OptionSelected, "#status")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.submit()

    def action_save(self) -> None:
        self.submit()

    async def send(self) -> ChangeRequest:
        status = self.chosen
        if status not in _STATUS_WORDS:  # a value of the list only, but never send others
            raise ValueError(f"not a status one can set: {status}")
        self._status = status
        return await self.client.change_requests.update_change_request_by_id(
            self.view.space.id, self.view.change_request.id, status=status
        )

    async def check_applied(self) -> ChangeRequest | None:
        return await changed_to(self, lambda request: request.status == self._status)


async def changed_to(
    dialog: SubjectDialog | StatusDialog, wanted: Callable[[ChangeRequest], bool]
) -> ChangeRequest | None:
    """The change request of a dialog, read again, when an update's change holds."""
    view = dialog.view
    read = dialog.client.change_requests.get_change_request_by_id
    return await reads_as(lambda: read(view.space.id, view.change_request.id), wanted)


def merge_warnings(view: ChangeRequestView) -> list[str]:
    """What a reviewer should know before merging, most serious first."""
    change_request = view.change_request
    warnings = []
    if change_request.outdated:
        warnings.append(
            "Main has moved on since this change request was last updated: update it first "
            "(u) to review what will really land."
        )
    state = view.state
    if state.changes_requested:
        warnings.append(f"Changes were requested by {', '.join(state.changes_requested)}.")
    if change_request.comments:
        warnings.append(
            f"{plural(change_request.comments, 'thread is', 'threads are')} unresolved."
        )
    if change_request.status == "draft":
        warnings.append("It is still a draft.")
    if not state.approved:
        warnings.append("Nobody has approved it yet.")
    return warnings


class MergeDialog(ActionDialog[ChangeRequestResult]):
    """Says what the merge does to main and what stands against it; merges only on Merge."""

    confirm_label = "Merge"
    confirm_variant = "warning"
    sending_note = "Merging…"

    def __init__(self, view: ChangeRequestView) -> None:
        super().__init__(heading("Merge ", _title(view.change_request), "?"))
        self.view = view
        self.warnings = merge_warnings(view)

    def compose_body(self) -> ComposeResult:
        summary = self.view.changes.merge_summary(text.one_line(self.view.space.title))
        yield Static(
            Content.assemble(Content.styled("It " + summary + ".", "bold")), classes="impact"
        )
        for warning in self.warnings:
            yield Static(Content.styled(f"⚠ {warning}", "$text-warning"), classes="warning")
        yield Static(
            Content("Nothing is sent until you press Merge; Esc cancels."), classes="impact"
        )

    def on_mount(self) -> None:
        self.query_one("#cancel").focus()

    async def send(self) -> ChangeRequestResult:
        return await self.client.change_requests.merge_change_request(
            self.view.space.id, self.view.change_request.id
        )

    async def check_applied(self) -> ChangeRequestResult | None:
        return await merged(self.client, self.view.space.id, self.view.change_request.id)


class UpdateDialog(ActionDialog[ChangeRequestResult]):
    """Brings main's later changes into the change request."""

    confirm_label = "Update"
    sending_note = "Updating…"

    def __init__(self, view: ChangeRequestView) -> None:
        super().__init__(heading("Update ", _title(view.change_request), " from main?"))
        self.view = view

    def compose_body(self) -> ComposeResult:
        yield Static(
            Content(
                "Main's changes since this change request started are brought into it, so it "
                "no longer shows as outdated. Its current reviews then count as outdated."
            ),
            classes="impact",
        )

    def on_mount(self) -> None:
        self.query_one("#cancel").focus()

    async def send(self) -> ChangeRequestResult:
        return await self.client.change_requests.update_change_request(
            self.view.space.id, self.view.change_request.id
        )

    async def check_applied(self) -> ChangeRequestResult | None:
        # Applied when it no longer stands on the main revision it stood on when opened.
        request = self.view.change_request
        return await updated_from_main(
            self.client, self.view.space.id, request.id, request.revision_merged_ancestor
        )
