"""Provides the error details dialog and ErrorReport, what the app remembers of a failure."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from .. import text
from ..api.errors import ApiError, StatusError, UnexpectedResponseError

__all__ = ["ErrorDetailsScreen", "ErrorReport"]


@dataclass(frozen=True)
class ErrorReport:
    """A failure as the user sees it: what failed, why, what to do, and the details."""

    title: str
    message: str
    hint: str
    details: str

    @classmethod
    def from_exception(cls, error: BaseException) -> ErrorReport:
        if isinstance(error, ApiError):
            lines = [f"{type(error).__name__}: {error.message}"]
            status = getattr(error, "status", 0)
            if isinstance(error, StatusError | UnexpectedResponseError) and status:
                lines.append(f"HTTP status: {status}")
            if error.method:
                lines.append(f"Request: {error.method} {error.path}")
            return cls(error.title, error.message, error.hint, "\n".join(lines))
        return cls(
            "Unexpected error",
            f"{type(error).__name__}: {error}",
            "This is a bug in docdeck: please report it with these details.",
            f"{type(error).__module__}.{type(error).__qualname__}: {error}",
        )

    def as_text(self) -> str:
        return f"{self.title}\n{self.message}\n{self.hint}\n\n{self.details}"


class ErrorDetailsScreen(ModalScreen[None]):
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
