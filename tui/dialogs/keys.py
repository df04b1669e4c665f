"""Provides the keys dialog: the bindings active on the screen below, with what they do."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from ..shell.key_help import KeyHelp
from .fitting import FittedDialog

__all__ = ["KeysScreen"]


class KeysScreen(FittedDialog, ModalScreen[None]):
    """Lists the keys of the current screen; any of Esc, ? or q closes it."""

    CSS_PATH = "../styles/dialogs.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss", "Close", id="dialog.close"),
        Binding("question_mark", "dismiss", "Close", show=False, id="dialog.close_help"),
        Binding("q", "dismiss", "Close", show=False, id="dialog.close_q"),
        # As in every list of the app: j and k move (here they scroll the keys).
        Binding("j", "scroll(1)", "Down", show=False, id="dialog.keys_down"),
        Binding("k", "scroll(-1)", "Up", show=False, id="dialog.keys_up"),
    ]

    def __init__(self, title: str, keys: Sequence[KeyHelp]) -> None:
        super().__init__()
        self.title_text = title
        self.keys = list(keys)

    def action_scroll(self, lines: int) -> None:
        self.query_one(".dialog-body", VerticalScroll).scroll_relative(y=lines, animate=False)

    def compose(self) -> ComposeResult:
        width = max((len(k.keys) for k in self.keys), default=0)
        lines = [
            Content.assemble((k.keys.ljust(width), "bold $text-accent"), "  ", k.description)
            for k in self.keys
        ]
        with Vertical(classes="dialog"):
            yield Static(Content(self.title_text), classes="dialog-title")
            with VerticalScroll(classes="dialog-body"):
                yield Static(Content("\n").join(lines), id="key-list")
            yield Static(
                Content.styled(
                    "Esc closes · keys can be remapped by id in the config file", "$text-muted"
                ),
                classes="dialog-footer",
            )
