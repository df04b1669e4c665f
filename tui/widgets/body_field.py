"""Provides BodyField: a comment's markdown, typed in a box of several lines, checked before sending."""

from __future__ import annotations

from textual.widgets import TextArea

from .form_field import FormField, length_problem

__all__ = ["COMMENT_MAX_CHARACTERS", "BodyField"]

COMMENT_MAX_CHARACTERS = 100_000
"""The service's limit on a comment's markdown."""


class BodyField(FormField):
    """A multi-line text box (Tab leaves it, so Enter makes a new line and never sends)."""

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
        max_length: int = COMMENT_MAX_CHARACTERS,
        hint: str = "Markdown · Tab then Enter sends (or Ctrl+S) · Esc keeps a draft",
        id: str | None = None,
    ) -> None:
        self.area = TextArea(value, soft_wrap=True, tab_behavior="focus", show_line_numbers=False)
        super().__init__(label, self.area, hint=hint, id=id)
        self.required = required
        self.max_length = max_length

    @property
    def value(self) -> str:
        """What was typed, without blank lines around it."""
        return self.area.text.strip()

    def problem(self) -> str | None:
        return length_problem(self.label, self.value, self.max_length, required=self.required)

    def on_text_area_changed(self, event: TextArea.Changed) -> None:
        if self.error:
            self.show_error(self.problem() or "")
