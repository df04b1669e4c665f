"""Provides BulkDialog: one confirmation for a change to several items, applied one by one.

It names the items and what the change does; once confirmed, it sends one request per item
in order, with the progress above the buttons, and stops at the first refusal. Its report then
says which items were changed, which was refused and why, and which were not tried; the
dialog closes with that outcome (``tui.admin.logic.bulk.BulkOutcome``), so the screen shows the
service's state, whatever happened.

A request whose answer was lost stops the run too, and is never sent again: the report says
that item's outcome is being checked, then the verdict of the shell's one mechanism
(``tui.shell.lost_answers.find_out``) on the dialog's ``check_item``, which re-reads the item.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar, Generic, TypeVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Button, Input, Static

from tui.admin.logic.bulk import BulkOutcome, apply_one_by_one
from tui.core import text
from tui.core.humanize import plural
from tui.dialogs.base import ActionDialog

from ..api.errors import AnswerLostError, ApiError
from ..shell.lost_answers import (
    APPLIED_LAST_OF_MANY,
    APPLIED_TITLE,
    find_out,
    in_a_report,
    stopped_at_a_lost_answer,
)
from ..widgets import ConfirmField

__all__ = ["BulkDialog", "describe_outcome", "names_line"]

Item = TypeVar("Item")

SHOWN_NAMES = 12
"""How many names the dialog lists before ``and 5 more``."""


def names_line(names: Sequence[str]) -> str:
    """``Ada, Grace and Linus``; ``Ada, …, Mei and 5 more`` past SHOWN_NAMES."""
    shown = [text.one_line(name) for name in names[:SHOWN_NAMES]]
    rest = len(names) - len(shown)
    if rest:
        return ", ".join(shown) + f" and {rest} more"
    if len(shown) > 1:
        return ", ".join(shown[:-1]) + " and " + shown[-1]
    return shown[0] if shown else ""


def describe_outcome(outcome: BulkOutcome[Item], name: Callable[[Item], str], done: str) -> Content:
    """The report of a bulk change, e.g. ``Changed 2 of 4: Ada and Grace.`` then the refusal."""
    pending = outcome.lost is not None and outcome.lost_state != "applied"
    total = len(outcome.applied) + len(outcome.not_tried) + (1 if outcome.refused else 0) + pending
    lines = []
    if outcome.applied:
        lines.append(
            Content(
                f"{done} {len(outcome.applied)} of {total}: "
                f"{names_line([name(i) for i in outcome.applied])}."
            )
        )
    else:
        lines.append(Content(f"Nothing was changed ({total} asked)."))
    if outcome.refused is not None:
        item, error = outcome.refused
        reason = f"{error.title}: {error.message}" if isinstance(error, ApiError) else str(error)
        lines.append(
            Content.styled(
                f"Refused for {text.one_line(name(item))}: {text.one_line(reason)}",
                "$text-error",
            )
        )
    if outcome.lost is not None:
        lost_name = text.one_line(name(outcome.lost[0]))
        lines.append(
            Content.styled(
                in_a_report(lost_name, outcome.lost_state or "cannot tell"),
                "$text-success" if outcome.lost_state == "applied" else "$text-warning",
            )
        )
    if outcome.not_tried:
        lines.append(
            Content(
                f"Not tried ({len(outcome.not_tried)}): "
                f"{names_line([name(i) for i in outcome.not_tried])}."
            )
        )
    return Content("\n").join(lines)


class BulkDialog(ActionDialog[BulkOutcome[Item]], Generic[Item]):
    """A change to several items: subclasses say what it does to one (``apply``).

    Once it stops, the report takes the place of the form (the names and fields said what was
    asked; the report says what happened), and the arrows and page keys scroll it while the
    focus is on Close: a long report is never cut below the fold.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "scroll_body(-1)", show=False),
        Binding("down", "scroll_body(1)", show=False),
        Binding("pageup", "scroll_body(-10)", show=False),
        Binding("pagedown", "scroll_body(10)", show=False),
    ]

    done_word = "Changed"
    """How the report says it: ``Changed 3 of 8: …``."""

    def __init__(
        self,
        title: Content,
        items: Sequence[Item],
        name: Callable[[Item], str],
        impact: Content,
        *,
        confirm_label: str,
        typed: str | None = None,
        destructive: bool = False,
    ) -> None:
        super().__init__(title, confirm_label=confirm_label)
        self.items = list(items)
        self.name_of = name
        self.impact = impact
        self.typed = typed
        self.destructive = destructive
        self.outcome: BulkOutcome[Item] | None = None
        if destructive:
            self.confirm_variant = "error"  # type: ignore[misc]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog action-dialog"):
            yield Static(self.title_content, classes="dialog-title")
            with VerticalScroll(classes="dialog-body"):
                yield Static(self.impact, classes="impact")
                yield from self.compose_names()
                yield from self.compose_body()
                if self.typed is not None:
                    yield ConfirmField(self.typed, verb=self.typed_verb(), id="confirm-name")
                yield Static(id="report", classes="report")
            yield Static(id="progress", classes="progress")
            yield Static(id="dialog-status", classes="-empty")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Cancel", id="cancel")
                yield Button(Content(self.confirm_text), id="confirm", variant=self.confirm_variant)

    def compose_names(self) -> ComposeResult:
        """Who the change is for (a role change shows each member's current → new role)."""
        yield Static(Content(names_line([self.name_of(i) for i in self.items])), classes="names")

    def typed_verb(self) -> str:
        return "confirm"

    def action_scroll_body(self, rows: int) -> None:
        self.query_one(".dialog-body", VerticalScroll).scroll_relative(y=rows, animate=False)

    def on_mount(self) -> None:
        self.query_one("#report").display = False
        self.query_one("#progress").display = False
        self.set_class(self.destructive, "-destructive")
        if self.typed is not None:
            self.query_one("#confirm-name", ConfirmField).input.focus()
        else:
            self.focus_first()
        self.refresh_ready()

    def focus_first(self) -> None:
        """Focus the first field of the body (or the action's button)."""
        self.query_one("#confirm").focus()

    @on(Input.Changed)
    def _typed(self) -> None:
        self.refresh_ready()

    def is_ready(self) -> bool:
        if self.outcome is not None or self.typed is None:
            return True
        return self.query_one("#confirm-name", ConfirmField).matches

    # -- applying --------------------------------------------------------------------------

    async def apply(self, item: Item) -> object:
        """The request for one item; the client's error stops the run there."""
        raise NotImplementedError

    async def check_item(self, item: Item) -> bool:
        """After ``apply``'s answer was lost: re-read the item to tell whether it was applied.

        Raise the client's error when the service cannot be read.
        """
        raise NotImplementedError

    @property
    def can_check(self) -> bool:
        return type(self).check_item is not BulkDialog.check_item

    def action_cancel(self) -> None:
        if self.sending:
            return
        self.dismiss(self.outcome)

    def submit(self, *, pressed: bool = False) -> None:
        if self.outcome is not None:
            self.dismiss(self.outcome)
            return
        super().submit(pressed=pressed)

    async def _send(self) -> None:
        # Replaces ActionDialog's: a refusal is the run's outcome, reported here, not an error.
        progress = self.query_one("#progress", Static)

        progress.display = True

        def show(done: int, total: int) -> None:
            progress.update(Content(f"{self.done_word} {done} of {total}…"))

        try:
            outcome = await apply_one_by_one(
                self.items,
                self.apply,
                lambda error: isinstance(error, ApiError),
                is_lost=lambda error: isinstance(error, AnswerLostError),
                on_progress=show,
            )
            if outcome.lost is not None:
                self._report(outcome)
                outcome = await self._find_out_item(outcome)
        except Exception:
            self.say("docdeck failed part way (press ! for the details).", error=True)
            raise
        finally:
            self.sending = False
            self.refresh_ready()
        if outcome.complete:
            if outcome.lost is not None:
                self.notify(APPLIED_LAST_OF_MANY, title=APPLIED_TITLE, markup=False)
            self.dismiss(outcome)
            return
        # Stopped at a refusal or a lost answer: stay open with the report; the button closes.
        self.outcome = outcome
        self._report(outcome)

    def _report(self, outcome: BulkOutcome[Item]) -> None:
        self.query_one("#progress").display = False
        report = self.query_one("#report", Static)
        report.update(describe_outcome(outcome, self.name_of, self.done_word))
        body = self.query_one(".dialog-body", VerticalScroll)
        for part in body.children:
            part.display = part is report
        report.display = True
        body.scroll_home(animate=False)
        # The status line below the body grew: the body gets the rows that are left.
        self.call_after_refresh(self.fit_body)
        made = plural(len(outcome.applied), "change")
        if outcome.lost is None:
            self.say(f"Stopped at the first refusal: {made} made.", error=True)
        elif outcome.lost_state == "checking":
            self.say(stopped_at_a_lost_answer(made, checking=True))
            return
        else:
            self.say(stopped_at_a_lost_answer(made, checking=False), error=True)
        button = self.query_one("#confirm", Button)
        button.label = Content("Close")
        button.variant = "default"
        button.focus()
        self.query_one("#cancel", Button).display = False
        self.refresh_ready()

    async def _find_out_item(self, outcome: BulkOutcome[Item]) -> BulkOutcome[Item]:
        """The outcome once the item whose answer was lost is checked; it is never resent."""
        assert outcome.lost is not None
        item, error = outcome.lost
        assert isinstance(error, AnswerLostError)  # what ``apply_one_by_one`` was told is lost

        async def check() -> bool | None:
            return True if await self.check_item(item) else None

        verdict = await find_out(self.client, error, check if self.can_check else None)
        return outcome.found(verdict.applied)
