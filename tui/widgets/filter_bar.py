"""Provides FilterBar: the `/` input that narrows the list in view as you type."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import Input

__all__ = ["FilterBar"]


class FilterBar(Input):
    """A one-line filter, hidden until opened; Enter keeps the filter, Esc clears it."""

    DEFAULT_CSS = """
    FilterBar {
        display: none;
        height: 1;
        border: none;
        padding: 0 1;
        background: $boost;
    }
    FilterBar.-open {
        display: block;
    }
    FilterBar:focus {
        border: none;
        background: $boost;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "clear", "Clear filter", id="filter.clear"),
        Binding("enter", "done", "Keep filter", id="filter.done"),
        Binding("down", "done", "To the list", show=False, id="filter.down"),
    ]

    class Applied(Message):
        """The filter text changed; an empty text shows everything."""

        def __init__(self, bar: FilterBar, value: str) -> None:
            super().__init__()
            self.bar = bar
            self.value = value

        @property
        def control(self) -> FilterBar:
            return self.bar

    class Done(Message):
        """The user left the filter: focus should go back to the list."""

        def __init__(self, bar: FilterBar) -> None:
            super().__init__()
            self.bar = bar

        @property
        def control(self) -> FilterBar:
            return self.bar

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(placeholder="Filter… (Enter keeps it, Esc clears it)", id=id)

    @property
    def is_open(self) -> bool:
        return self.has_class("-open")

    def open(self) -> None:
        self.add_class("-open")
        # At once, not after a refresh as focus() does: the keys typed right after / (a
        # paste, a fast typist over SSH) are the filter's, not the list's shortcuts.
        self.screen.set_focus(self)

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input is self:
            event.stop()
            self.post_message(self.Applied(self, event.value))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input is self:
            event.stop()

    def action_done(self) -> None:
        if not self.value:
            self.remove_class("-open")
        self.post_message(self.Done(self))

    def action_clear(self) -> None:
        self.value = ""
        self.remove_class("-open")
        self.post_message(self.Done(self))
