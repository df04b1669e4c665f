"""Provides PickDialog: a short list of fixed choices; Enter picks one, Esc closes without."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Generic, TypeVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static

from tui.core import text

from ..widgets import ItemList, ListEntry
from .fitting import FittedDialog

__all__ = ["Choice", "PickDialog"]

T = TypeVar("T")

Choice = tuple[str, Any]
"""(label, value): a label that is app text or server text, shown literally."""


class PickDialog(FittedDialog, ModalScreen[T | None], Generic[T]):
    """A title, a line of explanation and the choices; the current one is highlighted."""

    CSS_PATH = ["../styles/dialogs.tcss", "../styles/admin_dialogs.tcss"]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close", id="dialog.close", tooltip="Close without choosing"),
    ]

    def __init__(
        self,
        title: str | Content,
        choices: Sequence[Choice],
        *,
        current: Any = None,
        explanation: str = "",
    ) -> None:
        super().__init__()
        self.title_content = title if isinstance(title, Content) else Content(title)
        self.choices = list(choices)
        self.current = current
        self.explanation = explanation

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog list-dialog"):
            yield Static(self.title_content, classes="dialog-title")
            if self.explanation:
                yield Static(Content(self.explanation), classes="impact")
            with VerticalScroll(classes="dialog-body"):
                yield ItemList(id="choices")
            yield Static(
                Content.styled("Enter chooses · Esc closes", "$text-muted"),
                classes="dialog-footer",
            )

    def on_mount(self) -> None:
        listing = self.query_one("#choices", ItemList)
        listing.set_entries(
            ListEntry(str(index), text.content(label), text.one_line(label), index)
            for index, (label, _value) in enumerate(self.choices)
        )
        for index, (_label, value) in enumerate(self.choices):
            if value == self.current:
                listing.select_key(str(index))
        listing.focus()
        self.call_after_refresh(self.fit_body)

    @on(OptionList.OptionSelected, "#choices")
    def _chosen(self) -> None:
        entry = self.query_one("#choices", ItemList).highlighted_entry
        if entry is not None:
            self.dismiss(self.choices[entry.value][1])

    def action_close(self) -> None:
        self.dismiss(None)
