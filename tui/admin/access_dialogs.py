"""Provides the access view's dialogs: "who can … on …?" and the CSV export to a chosen path."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Static

from tui.admin.logic.access import ROLE_RANK
from tui.core.humanize import plural
from tui.dialogs.base import ActionDialog, heading

from ..widgets import ChoiceField, TextField

__all__ = ["AccessQuestion", "ExportCsvForm", "Exported", "WhoCanDialog"]

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


@dataclass(frozen=True)
class Exported:
    """Where the CSV was written, and how many rows it has."""

    path: Path
    rows: int


class ExportCsvForm(ActionDialog[Exported]):
    """Writes rows as CSV to a path (owner-only; cells never read as formulas).

    ``write(path)`` writes the file (whole or not at all) and returns its rows; it may take a
    while (a copy of millions of rows, a list fetched first), so it runs in a worker and the
    dialog says "Writing…" meanwhile.
    """

    sending_note = "Writing…"

    def __init__(
        self,
        rows: int,
        default_path: str,
        write: Callable[[Path], Awaitable[int]],
        *,
        what: str = "who reaches which space",
        note: str = "",
        noun: tuple[str, str] = ("row", "rows"),
    ) -> None:
        super().__init__(heading(f"Export {plural(rows, *noun)} as CSV"), confirm_label="Export")
        self.write = write
        self.default_path = default_path
        self.what = what
        self.note = note

    def compose_body(self) -> ComposeResult:
        yield Static(
            Content(
                f"The file lists {self.what}, with e-mails: it is readable by you only. A "
                "cell that a spreadsheet would run as a formula is written as text."
            ),
            classes="impact",
        )
        if self.note:
            yield Static(Content(self.note), classes="impact")
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
        # A local file: nothing goes to the service, and a lost answer cannot happen.
        if self.sending:
            return
        field = self.query_one("#path", TextField)
        if not field.check():
            self.say("Nothing was written: the file is missing.", error=True)
            return
        problem = self.problems_before_sending()
        if problem:
            self.say(problem, error=True)
            return
        self.sending = True
        self.refresh_ready()
        self.say(self.sending_note)
        self.start(partial(self._write, Path(field.value).expanduser()), group="send")

    async def _write(self, target: Path) -> None:
        try:
            rows = await self.write(target)
        except OSError as error:
            reason = error.strerror or str(error)
            self.say(f"Nothing was written: {reason}.", error=True)
            return
        finally:
            self.sending = False
            self.refresh_ready()
        self.dismiss(Exported(target, rows))
