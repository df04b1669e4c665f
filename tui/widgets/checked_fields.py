"""Provides CheckedField (a text field with a rule of its own) and AreaField (several lines)."""

from __future__ import annotations

from collections.abc import Callable

from textual.widgets import TextArea

from .form_field import FormField, TextField, length_problem

__all__ = ["AreaField", "CheckedField"]


class CheckedField(TextField):
    """A text field whose value is checked by a rule (a web address, a slug, a branch)."""

    def __init__(
        self,
        label: str,
        value: str = "",
        *,
        rule: Callable[[str], str | None],
        max_length: int | None = None,
        placeholder: str = "",
        hint: str = "",
        id: str | None = None,
    ) -> None:
        super().__init__(
            label, value, max_length=max_length, placeholder=placeholder, hint=hint, id=id
        )
        self.rule = rule

    def problem(self) -> str | None:
        return self.rule(self.value)


class AreaField(FormField):
    """Several lines of text (a certificate, instructions), counted against a limit."""

    def __init__(
        self,
        label: str,
        value: str = "",
        *,
        max_length: int | None = None,
        rule: Callable[[str], str | None] | None = None,
        hint: str = "",
        id: str | None = None,
    ) -> None:
        self.rule = rule
        self.area = TextArea(value, soft_wrap=True, show_line_numbers=False, compact=True)
        super().__init__(label, self.area, hint=hint, id=id)
        self.max_length = max_length
        self._base_hint = hint

    @property
    def value(self) -> str:
        return self.area.text.strip()

    def on_mount(self) -> None:
        self._count()

    def on_text_area_changed(self) -> None:
        self._count()
        if self.error:
            self.show_error(self.problem() or "")

    def _count(self) -> None:
        if self.max_length is None:
            return
        counter = f"{len(self.value)}/{self.max_length} characters"
        self.set_hint(f"{self._base_hint} · {counter}" if self._base_hint else counter)

    def problem(self) -> str | None:
        problem = length_problem(self.label, self.value, self.max_length)
        if problem is None and self.rule is not None:
            problem = self.rule(self.value)
        return problem
