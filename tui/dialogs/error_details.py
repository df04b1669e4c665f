"""Provides ErrorDetailsScreen: the details of the last failure, which can be copied."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from tui.core import text

from ..shell.error_report import ErrorReport
from .fitting import FittedDialog

__all__ = ["ErrorDetailsScreen"]


class ErrorDetailsScreen(FittedDialog, ModalScreen[None]):
    """The details of the last failure, which can be copied."""

    CSS_PATH = "../styles/dialogs.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss", "Close", id="dialog.close"),
        Binding("q", "dismiss", "Close", show=False, id="dialog.close_q"),
        Binding("y", "copy", "Copy details", id="error.copy"),
    ]

    def __init__(self, report: ErrorReport) -> None:
        super().__init__()
        self.report = report

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(text.content(self.report.title), classes="dialog-title error-title")
            with VerticalScroll(classes="dialog-body"):
                yield Static(text.block(self.report.message))
                yield Static(text.block(self.report.hint), classes="hint")
                yield Static(text.block(self.report.details), classes="details")
            with Horizontal(classes="dialog-buttons"):
                yield Button(Content("Copy details (y)"), id="copy")
                yield Button(Content("Close (Esc)"), id="close", variant="primary")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "copy":
            self.action_copy()
        else:
            self.dismiss()

    def action_copy(self) -> None:
        self.app.copy_to_clipboard(self.report.as_text())
        self.notify("Error details copied to the clipboard.")
