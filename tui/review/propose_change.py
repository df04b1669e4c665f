"""Provides ProposeChangeDialog: start a change request on a space, with content imported into it.

The only ways the API offers to propose content are ``create_change_request`` (a draft of the
space's current content, with a subject) and ``import_content_in_change_request`` (the content
at a web address becomes new pages of the change request). The dialog does both; the space's
screen then opens the change request for review at once.

When the change request is made and the import is refused, the change request stays (it is
where the user would try again): the outcome says why the import failed.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Static

from tui.browse.content_forms import IMPORT_SOURCES, IMPORT_URL_MAX, AddressField
from tui.dialogs.base import ActionDialog, heading

from ..api.errors import ApiError
from ..api.models import ChangeRequest, ImportContentResult, Space
from ..widgets import ChoiceField, TextField
from .review_forms import SUBJECT_MAX

__all__ = ["ProposeChangeDialog", "ProposedChange"]


@dataclass(frozen=True)
class ProposedChange:
    """The change request made, and what its import did (or why it failed)."""

    change_request: ChangeRequest
    url: str = ""
    imported: ImportContentResult | None = None
    import_failure: str = ""
    """The service's refusal of the import, in its words (the change request was made)."""


class ProposeChangeDialog(ActionDialog[ProposedChange]):
    """A subject and, optionally, an address whose content becomes new pages of the change."""

    confirm_label = "Propose"
    sending_note = "Creating the change request…"

    def __init__(self, space: Space) -> None:
        super().__init__(heading("Propose a change to ", space.title))
        self.space = space

    def compose_body(self) -> ComposeResult:
        yield Static(
            Content(
                "A change request starts from the space's current content. The content at the "
                "address, if one is given, becomes new pages of it; main is not touched."
            ),
            classes="impact",
        )
        yield TextField("Subject", max_length=SUBJECT_MAX, required=True, id="propose-subject")
        yield AddressField(
            "Import from (optional)",
            max_length=IMPORT_URL_MAX,
            placeholder="https://…",
            id="propose-url",
        )
        yield ChoiceField("What it is", IMPORT_SOURCES, "website", id="propose-source")

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#propose-subject", TextField).input.focus()

    async def send(self) -> ProposedChange:
        subject = self.query_one("#propose-subject", TextField).value
        url = self.query_one("#propose-url", AddressField).value
        source = str(self.query_one("#propose-source", ChoiceField).value)
        client = self.client
        change_request = await client.change_requests.create_change_request(
            self.space.id, subject=subject
        )
        if not url:
            return ProposedChange(change_request)
        try:
            imported = await client.change_request_content.import_content_in_change_request(
                self.space.id, change_request.id, url=url, source=source
            )
        except ApiError as error:
            # The change request exists now: keep it, and say what became of the import.
            return ProposedChange(
                change_request, url, import_failure=f"{error.title}: {error.message}"
            )
        return ProposedChange(change_request, url, imported)
