"""Provides ListDialog: a modal list loaded from the service, narrowed by a choice, Enter to go.

The links of a page, its backlinks, a file's backlinks and the space's link report are such
lists. A subclass says how to fetch its rows for the chosen filter (``fetch``); the dialog
loads them in a guarded worker, shows the service's refusal in place, and closes with the
value of the row chosen with Enter (a place to go to), or None with Esc.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Generic, TypeVar, cast

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import OptionList, Select, Static

from ..api.errors import ApiError
from ..shell.failures import GuardedWork
from ..shell.host import Hosted
from ..widgets import ChoiceField, ItemList, ListEntry
from .fitting import FittedDialog

__all__ = ["ListDialog"]

T = TypeVar("T")


class ListDialog(FittedDialog, GuardedWork, Hosted, ModalScreen[T | None], Generic[T]):
    """A title, an optional choice that narrows the list, the list, and what the keys do."""

    CSS_PATH = "../styles/dialogs.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close", id="dialog.close", tooltip="Close the list"),
    ]

    choices: ClassVar[Sequence[tuple[str, str]]] = ()
    """(label, value) of the filter above the list; none: no filter."""
    empty: ClassVar[str] = "Nothing here."
    hint: ClassVar[str] = "Enter goes there · Esc closes"

    def __init__(self, title: Content, *, choice: str = "") -> None:
        super().__init__()
        self.title_content = title
        self.choice = choice or (self.choices[0][1] if self.choices else "")
        self.count = 0
        """How many rows the service has for the current choice."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog list-dialog"):
            yield Static(self.title_content, classes="dialog-title")
            if self.choices:
                yield ChoiceField("Show", list(self.choices), self.choice, id="list-choice")
            yield Static(id="list-summary", classes="impact")
            with VerticalScroll(classes="dialog-body"):
                yield ItemList(id="list-rows")
            yield Static(Content.styled(self.hint, "$text-muted"), classes="dialog-footer")

    def on_mount(self) -> None:
        self.query_one("#list-rows", ItemList).focus()
        self.reload()

    # -- loading ---------------------------------------------------------------------------

    def reload(self) -> None:
        rows = self.query_one("#list-rows", ItemList)
        rows.set_entries([], empty="Loading…")
        self.run_guarded(self._load, group="load")

    async def _load(self) -> None:
        choice = self.choice
        try:
            entries, summary = await self.fetch(choice)
        except ApiError as error:
            self.query_one("#list-rows", ItemList).set_entries(
                [], empty=f"{error.title}: {error.message}"
            )
            return
        if choice != self.choice:
            return  # the choice changed meanwhile: a newer load follows
        self.query_one("#list-summary", Static).update(summary)
        self.query_one("#list-rows", ItemList).set_entries(entries, empty=self.empty)
        self.call_after_refresh(self.fit_body)

    async def fetch(self, choice: str) -> tuple[list[ListEntry], Content]:
        """The rows for ``choice``, and a line above them (``3 broken links of 12``)."""
        raise NotImplementedError

    # -- choosing --------------------------------------------------------------------------

    @on(Select.Changed)
    def _choice_changed(self, event: Select.Changed) -> None:
        value = event.value
        if isinstance(value, str) and value != self.choice:
            self.choice = value
            self.reload()

    @on(OptionList.OptionSelected, "#list-rows")
    def _chosen(self) -> None:
        entry = self.query_one("#list-rows", ItemList).highlighted_entry
        if entry is not None and entry.value is not None:
            self.dismiss(self.result_of(entry.value))

    def result_of(self, value: Any) -> T | None:
        """What choosing a row's value closes the dialog with (by default, the value)."""
        return cast("T", value)

    def action_close(self) -> None:
        self.dismiss(None)
