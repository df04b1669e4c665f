"""Provides ReviewActions: the keys that act on a change request, a mixin of its screen.

Approve or request changes, ask or withdraw reviewers, rename, change the status, update from
main, merge, and the PDF link. Each action first checks what the space's ``permissions`` and the
change request's status allow and says politely why not, sending nothing; then its dialog asks
and sends. After a write the screen loads again: the client's cache marked what the write
touched as stale, so the space, its lists and their counts refresh from the service.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.binding import Binding, BindingType

from tui.core import text
from tui.review.pdf_link import PdfLink, PdfLinkDialog
from tui.review.review_forms import (
    MergeDialog,
    ReviewDialog,
    StatusDialog,
    SubjectDialog,
    UpdateDialog,
)
from tui.review.reviewers import ReviewersDialog

from ..api.models import ChangeRequest, ChangeRequestResult, ChangeRequestReview
from ..dialogs import allowed
from ..review.drafts import draft_store
from ..review.loading import ChangeRequestView
from ..shell.read_only import mutating

if TYPE_CHECKING:
    from ..shell.screen import BrowserScreen

    _Screen = BrowserScreen[Any]
else:
    _Screen = object

__all__ = ["PRIMARY_REVIEW_BINDINGS", "REVIEW_BINDINGS", "ReviewActions"]


def _binding(
    key: str, action: str, description: str, id: str, tooltip: str, show: bool = True
) -> Binding:
    return Binding(key, action, description, show=show, id=id, tooltip=tooltip)


PRIMARY_REVIEW_BINDINGS: list[BindingType] = [
    _binding("a", "approve", "Approve", "change_request.approve", "Approve the change request"),
    _binding("m", "merge", "Merge", "change_request.merge", "Merge into main (asks first)"),
]
"""The keys the footer shows first, right after those of the diff."""

REVIEW_BINDINGS: list[BindingType] = [
    _binding(
        "x",
        "request_changes",
        "Request changes",
        "change_request.request_changes",
        "Ask the author for changes, with an optional comment",
        show=False,
    ),
    _binding(
        "u",
        "update_from_main",
        "Update",
        "change_request.update",
        "Bring main's later changes into the change request (asks first)",
    ),
    _binding(
        "R",
        "reviewers",
        "Reviewers",
        "change_request.reviewers",
        "Ask members to review, or withdraw a request",
        show=False,
    ),
    _binding(
        "e", "edit_subject", "Rename", "change_request.subject", "Change the subject", show=False
    ),
    _binding(
        "S",
        "change_status",
        "Status",
        "change_request.status",
        "Make it a draft, open it, or archive it",
        show=False,
    ),
    _binding(
        "P",
        "pdf",
        "PDF",
        "change_request.pdf",
        "Copy or open the PDF link of the change request or of the page",
        show=False,
    ),
]


class ReviewActions(_Screen):
    """Mixin of the change request screen: ``self.view`` is what the actions act on."""

    view: ChangeRequestView | None

    def current_page(self) -> tuple[str, str] | None:
        """(id, title) of the page whose diff is shown."""
        change = getattr(self, "current_change", lambda: None)()
        return (change.page_id, change.title) if change is not None else None

    def _ready(self) -> ChangeRequestView | None:
        if self.view is None:
            self.notify("The change request is still loading.", severity="warning")
        return self.view

    def _still_open(self, view: ChangeRequestView, doing: str) -> bool:
        status = view.change_request.status
        if status in ("merged", "archived"):
            self.notify(
                f"This change request is {status}: it cannot be {doing}."
                + (" Reopen it first (S)." if status == "archived" else ""),
                title="Not possible",
                severity="warning",
            )
            return False
        return True

    # -- reviews ---------------------------------------------------------------------------

    @mutating
    def action_approve(self) -> None:
        self._review("approved")

    @mutating
    def action_request_changes(self) -> None:
        self._review("changes-requested")

    def _review(self, status: str) -> None:
        view = self._ready()
        if view is None or not allowed(
            self, view.space.permissions.review, "review", "review this change request"
        ):
            return
        if not self._still_open(view, "reviewed"):
            return
        if view.change_request.status == "draft":
            self.notify(
                "This change request is a draft: it is reviewed once it is open (S opens it).",
                title="Not yet",
                severity="warning",
            )
            return
        dialog = ReviewDialog(view, status, draft_store(self.docdeck))
        self.app.push_screen(dialog, self._reviewed)

    def _reviewed(self, review: ChangeRequestReview | None) -> None:
        if review is not None:
            said = "approved" if review.approved else "asked for changes on"
            self.after_review_change(f"You {said} this change request.")

    @mutating
    def action_reviewers(self) -> None:
        view = self._ready()
        if view is None or not allowed(
            self, view.space.permissions.edit, "edit", "ask for reviews"
        ):
            return
        if not self._still_open(view, "reviewed"):
            return
        self.app.push_screen(ReviewersDialog(view), self._reviewers_changed)

    def _reviewers_changed(self, changed: bool | None) -> None:
        if changed:
            self.after_review_change("The reviewers changed.")

    # -- subject and status ----------------------------------------------------------------

    @mutating
    def action_edit_subject(self) -> None:
        view = self._ready()
        if view is None or not allowed(
            self, view.space.permissions.edit, "edit", "rename this change request"
        ):
            return
        if self._still_open(view, "renamed"):
            self.app.push_screen(SubjectDialog(view), self._saved("Renamed"))

    @mutating
    def action_change_status(self) -> None:
        view = self._ready()
        if view is None or not allowed(
            self, view.space.permissions.edit, "edit", "change the status of this change request"
        ):
            return
        if view.change_request.is_merged:
            self.notify(
                "A merged change request keeps its status.",
                title="Not possible",
                severity="warning",
            )
            return
        self.app.push_screen(StatusDialog(view), self._saved("Status changed"))

    def _saved(self, title: str) -> Any:
        def done(change_request: ChangeRequest | None) -> None:
            if change_request is not None:
                self.after_review_change(
                    f"#{change_request.number} {text.one_line(change_request.subject)} is "
                    f"{change_request.status}.",
                    title=title,
                )

        return done

    # -- update and merge ------------------------------------------------------------------

    @mutating
    def action_update_from_main(self) -> None:
        view = self._ready()
        if view is None or not allowed(
            self, view.space.permissions.edit, "edit", "update this change request"
        ):
            return
        if not self._still_open(view, "updated"):
            return
        if not view.change_request.outdated:
            self.notify("It is up to date with main already: nothing to do.", title="Update")
            return
        self.app.push_screen(UpdateDialog(view), self._updated)

    def _updated(self, result: ChangeRequestResult | None) -> None:
        if result is None:
            return
        if result.result == "conflicts":
            self.after_review_change(
                "Main's changes conflict with this change request: resolve them in the web app.",
                title="Conflicts",
            )
            return
        self.after_review_change("It now includes main's latest changes.", title="Updated")

    @mutating
    def action_merge(self) -> None:
        view = self._ready()
        if view is None or not allowed(
            self, view.space.permissions.merge, "review", "merge this change request"
        ):
            return
        if not self._still_open(view, "merged"):
            return
        self.app.push_screen(MergeDialog(view), self._merged)

    def _merged(self, result: ChangeRequestResult | None) -> None:
        if result is None:
            return
        view = self.view
        where = text.one_line(view.space.title) if view else "main"
        if result.result == "conflicts":
            self.after_review_change(
                "It conflicts with main: nothing was merged. Update it first (u).",
                title="Not merged",
            )
            return
        self.after_review_change(f"Merged into {where}.", title="Merged")

    # -- PDF -------------------------------------------------------------------------------

    def action_pdf(self) -> None:
        view = self._ready()
        if view is not None:
            self.app.push_screen(PdfLinkDialog(view, self.current_page()), self._pdf)

    def _pdf(self, link: PdfLink | None) -> None:
        if link is None:
            return
        if link.open:
            self.docdeck.open_in_browser(link.url)
        else:
            self.docdeck.copy_text(link.url, what="PDF link")

    # -- after a change --------------------------------------------------------------------

    def after_review_change(self, message: str, *, title: str = "Done") -> None:
        """Say what happened, and load the change request again (what changed is stale)."""
        self.notify(message, title=title, markup=False)
        self.reload_after_change()
