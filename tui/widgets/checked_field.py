"""Provides CheckedField: a text field checked as you type against the service's limits and pattern."""

from __future__ import annotations

import re

from textual.widgets import Input

from .form_field import TextField, length_problem

__all__ = ["CheckedField"]


class CheckedField(TextField):
    """A TextField whose problem (too short, too long, not matching the pattern) shows at once.

    ``optional`` fields may be left empty (``empty_means`` says what that does, e.g. "removes
    the proxy"); a required one must hold at least ``min_length`` characters. ``refusal`` is the
    service's last word about the value: it stays under the field until the value changes.
    """

    def __init__(
        self,
        label: str,
        value: str = "",
        *,
        min_length: int = 0,
        max_length: int | None = None,
        pattern: str | None = None,
        pattern_words: str = "",
        optional: bool = False,
        empty_means: str = "",
        placeholder: str = "",
        hint: str = "",
        id: str | None = None,
    ) -> None:
        super().__init__(
            label,
            value,
            max_length=max_length,
            required=not optional,
            placeholder=placeholder,
            hint=hint or empty_means,
            id=id,
        )
        self.min_length = min_length
        self.pattern = re.compile(pattern) if pattern else None
        self.pattern_words = pattern_words
        self.optional = optional
        self.initial = value
        self._refusal: tuple[str, str] | None = None

    def problem(self) -> str | None:
        value = self.value
        if self._refusal is not None and self._refusal[0] == value:
            return self._refusal[1]
        if self.optional and not value:
            return None
        if not value:
            return f"{self.label} cannot be empty."
        if len(value) < self.min_length:
            return f"{self.label} needs at least {self.min_length} characters."
        too_long = length_problem(self.label, value, self.max_length)
        if too_long:
            return too_long
        if self.pattern is not None and not self.pattern.fullmatch(value):
            return f"{self.label} must be {self.pattern_words or 'of the expected form'}."
        return None

    def refuse(self, message: str) -> None:
        """Show the service's refusal under the field, kept until the value changes."""
        self._refusal = (self.value, message)
        self.show_error(message)

    @property
    def changed(self) -> bool:
        return self.value != self.initial.strip()

    def reset(self, value: str) -> None:
        """A new saved value (after the service agreed): the field starts from it."""
        self.initial = value
        self._refusal = None
        self.input.value = value
        self.show_error("")

    def on_input_changed(self, event: Input.Changed) -> None:
        self._count()
        self.show_error(self.problem() or "")
