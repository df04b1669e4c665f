"""Provides PdfLinkDialog: the PDF of a change request, or of one of its pages; copy or open its link.

The service signs the link for about an hour, so it is fetched when asked for, never kept.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual import on
from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Button, Static

from tui.dialogs.base import ActionDialog, heading

from ..api import UNSET
from ..review.loading import ChangeRequestView
from ..widgets import ChoiceField

__all__ = ["PdfLink", "PdfLinkDialog"]

WHOLE = "whole"


@dataclass(frozen=True)
class PdfLink:
    """The link fetched, and what to do with it."""

    url: str
    open: bool


class PdfLinkDialog(ActionDialog[PdfLink]):
    """Which PDF, then Copy link (the default) or Open."""

    confirm_label = "Copy link"
    sending_note = "Asking for the link…"

    def __init__(self, view: ChangeRequestView, page: tuple[str, str] | None) -> None:
        cr = view.change_request
        super().__init__(heading("PDF of ", f"#{cr.number} {cr.subject}"))
        self.view = view
        self.page = page
        self._open = False

    def compose_body(self) -> ComposeResult:
        yield Static(
            Content("The link works for about an hour, for anyone who has it."), classes="impact"
        )
        choices = [("The whole change request", WHOLE)]
        if self.page is not None:
            choices.append((f"Only the page {self.page[1]}", self.page[0]))
        yield ChoiceField("Print", choices, WHOLE, id="pdf-scope")

    def on_mount(self) -> None:
        buttons = self.query_one(".dialog-buttons")
        buttons.mount(Button("Open", id="open"), before=self.query_one("#confirm"))

    @on(Button.Pressed, "#confirm")
    def _copy_pressed(self) -> None:
        self._open = False  # the base class sends

    @on(Button.Pressed, "#open")
    def _open_pressed(self) -> None:
        self._open = True
        self.submit()

    async def send(self) -> PdfLink:
        scope = str(self.query_one("#pdf-scope", ChoiceField).value)
        page = scope if scope != WHOLE else None
        answer = await self.client.change_requests.get_change_request_pdf(
            self.view.space.id,
            self.view.change_request.id,
            only=True if page else UNSET,
            page=page or UNSET,
        )
        return PdfLink(answer.url, self._open)
