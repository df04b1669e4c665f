"""Provides form fields: a labelled control with a line under it for a hint or an error."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.css.query import NoMatches
from textual.widget import Widget
from textual.widgets import Input, Label, Select, Static

from tui.core import text

__all__ = [
    "ChoiceField",
    "ConfirmField",
    "FormField",
    "TextField",
    "length_problem",
    "typing_key",
]


def length_problem(
    label: str, value: str, max_length: int | None, *, required: bool = False
) -> str | None:
    """What is wrong with a text against the service's limit, in a sentence; None if fine.

    ``length_problem("Title", "x" * 51, 50)`` → ``Title is 51 characters long; the limit is
    50: remove 1.``
    """
    if required and not value:
        return f"{label} cannot be empty."
    if max_length is not None and len(value) > max_length:
        extra = len(value) - max_length
        return (
            f"{label} is {len(value)} characters long; the limit is {max_length}: remove {extra}."
        )
    return None


class FormField(Vertical):
    """A label, a control and a message line: a muted hint, or the field's error in red.

    Subclasses say what is wrong with their value in ``problem()``; the form asks every field
    before sending, so that nothing leaves with a value the service would refuse.
    """

    DEFAULT_CSS = """
    FormField {
        height: auto;
        margin-bottom: 1;
    }
    FormField > .form-field--label {
        color: $text-muted;
    }
    FormField > .form-field--message {
        height: auto;
        color: $text-muted;
    }
    FormField > .form-field--message.-empty {
        display: none;
    }
    FormField.-invalid > .form-field--label, FormField.-invalid > .form-field--message {
        color: $text-error;
    }
    FormField.-invalid > Input, FormField.-invalid > Select SelectCurrent {
        background-tint: $error 25%;
    }
    """

    def __init__(
        self, label: str, control: Widget, *, hint: str = "", id: str | None = None
    ) -> None:
        super().__init__(id=id)
        self.label = label
        self.control = control
        self._hint = hint
        self._error = ""

    def compose(self) -> ComposeResult:
        yield Label(Content(self.label), classes="form-field--label")
        yield self.control
        yield Static(classes="form-field--message")

    def on_mount(self) -> None:
        self._show_message()

    # A class rather than ``:focus-within``: Textual restyles, on a focus change, the subtree
    # of the highest ancestor with such a rule, which the label (a sibling of the control) is
    # not under unless the field itself had one.
    def on_descendant_focus(self) -> None:
        self.add_class("-focused")

    def on_descendant_blur(self) -> None:
        self.remove_class("-focused")

    @property
    def error(self) -> str:
        """The error shown under the field; empty when the value is fine."""
        return self._error

    def problem(self) -> str | None:
        """What is wrong with the value, in a sentence; None when it can be sent."""
        return None

    def check(self) -> bool:
        """Show the field's problem, if any; True when the value can be sent."""
        problem = self.problem()
        self.show_error(problem or "")
        return problem is None

    def show_error(self, message: str) -> None:
        self._error = message
        self.set_class(bool(message), "-invalid")
        self._show_message()

    def set_hint(self, hint: str) -> None:
        self._hint = hint
        self._show_message()

    def _show_message(self) -> None:
        try:
            message = self.query_one(".form-field--message", Static)
        except NoMatches:
            return  # not composed yet: on_mount shows it
        shown = self._error or self._hint
        message.update(Content(shown))
        message.set_class(not shown, "-empty")


class TextField(FormField):
    """A one-line text input that counts its characters against the service's limit."""

    def __init__(
        self,
        label: str,
        value: str = "",
        *,
        max_length: int | None = None,
        required: bool = False,
        placeholder: str = "",
        hint: str = "",
        id: str | None = None,
    ) -> None:
        # The limit is checked rather than enforced by the Input: a pasted text that is too
        # long stays whole, so the user sees how much to cut instead of losing the end.
        self.input = Input(value, placeholder=placeholder, compact=True)
        super().__init__(label, self.input, hint=hint, id=id)
        self.max_length = max_length
        self.required = required
        self._base_hint = hint

    @property
    def value(self) -> str:
        """What was typed, without the spaces around it."""
        return self.input.value.strip()

    def on_mount(self) -> None:
        self._count()

    def on_input_changed(self, event: Input.Changed) -> None:
        self._count()
        if self.error:
            # An error clears as soon as the value is right again, not only on the next send.
            self.show_error(self.problem() or "")

    def _count(self) -> None:
        if self.max_length is None:
            return
        counter = f"{len(self.value)}/{self.max_length} characters"
        self.set_hint(f"{self._base_hint} · {counter}" if self._base_hint else counter)

    def problem(self) -> str | None:
        return length_problem(self.label, self.value, self.max_length, required=self.required)


class ChoiceField(FormField):
    """A choice among fixed values, as a drop-down (Enter or ↓ opens it, type to jump).

    Labels are plain strings or rich ``Text`` (use ``tui.core.text.text`` for server titles): the
    drop-down's type-to-search reads those, and neither is ever read as markup.
    """

    def __init__(
        self,
        label: str,
        options: Sequence[tuple[str | Text, Any]],
        value: Any,
        *,
        hint: str = "",
        id: str | None = None,
    ) -> None:
        if not any(v == value for _, v in options):
            # A value the service holds whose name is not known yet (a team, a section…):
            # kept as a choice of its own, shown as it is, rather than refused (Textual raises)
            # or replaced by another, which saving would then send.
            options = [*options, (text.text(str(value)), value)]
        self.select: Select[Any] = Select(
            _literal(options), value=value, allow_blank=False, compact=True
        )
        super().__init__(label, self.select, hint=hint, id=id)

    @property
    def value(self) -> Any:
        return self.select.value

    def set_options(self, options: Sequence[tuple[str | Text, Any]], value: Any) -> None:
        """Replace the choices, keeping ``value`` chosen (the first choice if it is gone)."""
        self.select.set_options(_literal(options))
        if any(v == value for _, v in options):
            self.select.value = value


def _literal(options: Sequence[tuple[str | Text, Any]]) -> list[tuple[Text, Any]]:
    return [(label if isinstance(label, Text) else Text(label), v) for label, v in options]


def typing_key(value: str) -> str:
    """The letters and digits of a text, in lower case: what typing a name must reproduce.

    Emoji, symbols, punctuation and the pictures of control characters are hard or impossible
    to type, so they are left out on both sides; the letters still have to be typed.
    """
    return "".join(char for char in value.casefold() if char.isalnum())


class ConfirmField(TextField):
    """Asks for an item's name before a destructive action, so that no stray key can do it.

    A name with no letter or digit at all (only emoji, say) is replaced by the verb's word.
    """

    def __init__(self, item_name: str, *, verb: str = "delete", id: str | None = None) -> None:
        name = text.one_line(item_name)
        self.expected = name if typing_key(name) else verb.split()[0]
        super().__init__(
            f"Type {self.expected} to {verb}",
            placeholder=self.expected,
            hint="Case, spaces, symbols and emoji do not matter",
            id=id,
        )

    @property
    def matches(self) -> bool:
        """Whether the name's letters and digits were typed."""
        return bool(self.value) and typing_key(self.value) == typing_key(self.expected)

    def problem(self) -> str | None:
        if self.matches:
            return None
        return f"Type the name as shown above the field ({self.expected}) to go on."
