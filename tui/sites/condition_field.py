"""Provides ConditionField: a condition editor that parses as you type and completes claim names.

The condition is checked against the site's visitor schema at every key
(``tui.sites.logic.conditions``): a syntax error or an unknown claim shows under the field with its
column and the part of the condition it is about, underlined with ``^``. A claim reference being
typed is completed from the schema: the rest shows greyed after the cursor and → (or Tab) accepts
it; the others are listed. An empty field means no condition, sent as null (which removes it).
"""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.suggester import Suggester
from textual.widgets import Input

from tui.core import text
from tui.sites.logic.conditions import ConditionError, complete, parse
from tui.sites.logic.visitor_schema import VisitorSchema
from tui.widgets.form_field import FormField

__all__ = ["ClaimSuggester", "ConditionField", "pointer"]

_WINDOW = 56
"""Characters of a long condition shown around its problem."""


def pointer(source: str, error: ConditionError) -> tuple[str, str]:
    """The part of ``source`` around the problem, and a line of ``^`` under the problem."""
    start = max(0, min(error.offset, len(source)) - _WINDOW // 2)
    excerpt = source[start : start + _WINDOW]
    prefix = "…" if start else ""
    suffix = "…" if start + _WINDOW < len(source) else ""
    shown = prefix + text.one_line(excerpt) + suffix
    column = len(prefix) + error.offset - start
    width = max(1, min(error.length, len(shown) - column))
    return shown, " " * column + "^" * width


class ClaimSuggester(Suggester):
    """Suggests the rest of the claim reference typed at the end of the condition."""

    def __init__(self, schema: VisitorSchema) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.schema = schema

    async def get_suggestion(self, value: str) -> str | None:
        found = complete(value, len(value), self.schema)
        typed = value[found.start :]
        for candidate in found.candidates:
            if candidate.startswith(typed) and candidate != typed:
                return value[: found.start] + candidate
        return None


class ConditionInput(Input):
    """An Input where Tab also accepts the greyed completion (when there is one)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("tab", "accept_completion", "Complete", show=False, id="condition.complete"),
    ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "accept_completion":
            # Without a completion, Tab goes to the next field as everywhere else.
            return len(self._suggestion) > len(self.value) and self.cursor_at_end
        return True

    def action_accept_completion(self) -> None:
        self.value = self._suggestion
        self.cursor_position = len(self.value)


class ConditionField(FormField):
    """One line for the condition, and under it what is wrong with it, or how to complete it."""

    DEFAULT_CSS = """
    ConditionField > Input {
        background: $boost;
    }
    """

    def __init__(
        self,
        label: str,
        value: str | None,
        schema: VisitorSchema | None,
        *,
        id: str | None = None,
    ) -> None:
        self.schema = schema or VisitorSchema()
        self.input = ConditionInput(
            value or "",
            placeholder="e.g. visitor.claims.beta_tester === true (empty: no condition)",
            suggester=ClaimSuggester(self.schema),
            compact=True,
        )
        super().__init__(label, self.input, id=id)
        self.initial = (value or "").strip()
        self.has_schema = schema is not None
        self._refusal: tuple[str, str] | None = None

    @property
    def value(self) -> str:
        return self.input.value.strip()

    @property
    def to_send(self) -> str | None:
        """None for an empty field (the condition is removed), else the condition as typed."""
        return self.value or None

    @property
    def changed(self) -> bool:
        return self.value != self.initial

    def on_mount(self) -> None:
        self._explain()

    def on_input_changed(self, event: Input.Changed) -> None:
        self._explain()
        if self.input.has_focus:
            # The message under the field is what the user reads while typing: keep it in view.
            self.call_after_refresh(self.scroll_visible, animate=False)

    def problem(self) -> str | None:
        value = self.value
        if self._refusal is not None and self._refusal[0] == value:
            return self._refusal[1]
        if not value:
            return None
        try:
            parse(value, self.schema)
        except ConditionError as error:
            return str(error)
        return None

    def refuse(self, message: str) -> None:
        """The service's refusal of this condition, kept until it is edited."""
        self._refusal = (self.value, message)
        self._explain()

    def _explain(self) -> None:
        value = self.value
        if self._refusal is not None and self._refusal[0] == value:
            self.show_error(self._refusal[1])
            return
        if not value:
            self.show_error("")
            self.set_hint("Left empty: no condition, every visitor sees it.")
            return
        found = complete(self.input.value, self.input.cursor_position, self.schema)
        typed = self.input.value[found.start : self.input.cursor_position]
        offered = [c for c in found.candidates if c != typed]
        completes = "→ or Tab completes: " + ", ".join(offered[:4]) if offered and typed else ""
        try:
            condition = parse(value, self.schema)
        except ConditionError as error:
            shown, marks = pointer(value, error)
            lines = [str(error), f"  {shown}", f"  {marks}"]
            self.show_error("\n".join([*lines, completes] if completes else lines))
            return
        self.show_error("")
        lines = [f"⚠ {warning}" for warning in condition.warnings]
        if completes:
            lines.append(completes)
        if not lines:
            claims = ", ".join(c.name for c in self.schema.claims) or "none"
            lines.append(f"Reads the claims of the site's visitor schema: {claims}.")
        self.set_hint("\n".join(lines))
