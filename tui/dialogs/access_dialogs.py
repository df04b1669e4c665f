"""Provides the access view's dialogs: "who can … on …?" and the CSV export to a chosen path."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Static

from ..data.access import ROLE_RANK, AccessMatrix
from ..humanize import plural
from ..widgets import ChoiceField, TextField
from .base import ActionDialog, heading

__all__ = ["AccessQuestion", "ExportCsvForm", "WhoCanDialog"]

ROLES_STRONGEST_FIRST = sorted(ROLE_RANK, key=lambda role: -ROLE_RANK[role])


@dataclass(frozen=True)
class AccessQuestion:
    """Who has at least ``role`` on the spaces whose title holds ``space``."""

    role: str
    space: str


class WhoCanDialog(ActionDialog[AccessQuestion]):
    """Asks the question; nothing is sent, the view filters what it has built."""

    def __init__(self, spaces: list[str], question: AccessQuestion | None = None) -> None:
        super().__init__(heading("Who can …?"), confirm_label="Show them")
        self.spaces = spaces
        self.question = question

    def compose_body(self) -> ComposeResult:
        yield ChoiceField(
            "At least the role",
            [(f"{role}", role) for role in ROLES_STRONGEST_FIRST],
            self.question.role if self.question else "edit",
            id="role",
        )
        yield TextField(
            "On the spaces whose title holds",
            self.question.space if self.question else "",
            placeholder="e.g. API reference (empty: every space)",
            id="space",
        )
        if self.spaces:
            shown = ", ".join(self.spaces[:8]) + (" …" if len(self.spaces) > 8 else "")
            yield Static(Content.styled(f"Spaces: {shown}", "$text-muted"), classes="impact")

    def on_mount(self) -> None:
        self.query_one("#space", TextField).input.focus()

    async def send(self) -> AccessQuestion:
        return AccessQuestion(
            str(self.query_one("#role", ChoiceField).value),
            self.query_one("#space", TextField).value,
        )


class ExportCsvForm(ActionDialog[Path]):
    """Writes the rows shown as CSV to a path (owner-only; cells never read as formulas)."""

    sending_note = "Writing…"

    def __init__(self, matrix: AccessMatrix, default_path: str) -> None:
        super().__init__(
            heading(f"Export {plural(len(matrix), 'row')} as CSV"), confirm_label="Export"
        )
        self.matrix = matrix
        self.default_path = default_path

    def compose_body(self) -> ComposeResult:
        yield Static(
            Content(
                "The file lists who reaches which space, with e-mails: it is readable by you "
                "only. A cell that a spreadsheet would run as a formula is written as text."
            ),
            classes="impact",
        )
        yield TextField("File", self.default_path, required=True, id="path")

    def on_mount(self) -> None:
        self.query_one("#path", TextField).input.focus()

    def problems_before_sending(self) -> str | None:
        target = Path(self.query_one("#path", TextField).value).expanduser()
        if target.is_dir():
            return f"{target} is a folder: name a file in it."
        if not target.parent.is_dir():
            return f"There is no folder {target.parent}."
        return None

    def submit(self, *, pressed: bool = False) -> None:
        # A local file, written at once: nothing goes to the service.
        field = self.query_one("#path", TextField)
        if not field.check():
            return
        problem = self.problems_before_sending()
        if problem:
            self.say(problem, error=True)
            return
        try:
            written = self.matrix.export_csv(field.value)
        except OSError as error:
            reason = error.strerror or str(error)
            self.say(f"Nothing was written: {reason}.", error=True)
            return
        self.dismiss(written)
