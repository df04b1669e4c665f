"""Provides BodyField: a comment's markdown, typed in a box of several lines, checked before sending."""

from __future__ import annotations

from collections.abc import Callable

from textual.widgets import TextArea

from .form_field import FormField, length_problem
from .text_box import TextBox

__all__ = ["BodyField"]


class BodyField(FormField):
    """A multi-line text box (Tab leaves it, so Enter makes a new line and never sends).

    Its ``rule`` says what the service would refuse (a comment over its limit): the form shows
    it under the box before anything is sent, and the text stays as typed.
    """

    DEFAULT_CSS = """
    BodyField > TextArea {
        height: 6;
        min-height: 3;
    }
    """

    def __init__(
        self,
        label: str,
        value: str = "",
        *,
        required: bool = True,
        rule: Callable[[str], str | None] | None = None,
        hint: str = "Markdown · Tab then Enter sends (or Ctrl+S) · Esc keeps a draft",
        id: str | None = None,
    ) -> None:
        self.area = TextBox(value, soft_wrap=True, tab_behavior="focus", show_line_numbers=False)
        super().__init__(label, self.area, hint=hint, id=id)
        self.required = required
        self.rule = rule

    @property
    def value(self) -> str:
        """What was typed, without blank lines around it."""
        return self.area.text.strip()

    def problem(self) -> str | None:
        problem = length_problem(self.label, self.value, None, required=self.required)
        if problem is None and self.rule is not None:
            problem = self.rule(self.value)
        return problem

    def on_text_area_changed(self, event: TextArea.Changed) -> None:
        if self.error:
            self.show_error(self.problem() or "")
