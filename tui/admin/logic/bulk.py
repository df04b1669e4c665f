"""Provides apply_one_by_one: a bulk change applied item after item, stopping at the first refusal.

A bulk action (change the role of eight members, remove three) is confirmed once and then
sent one request at a time, so that the first refusal stops it with a clear account of what
happened: which items were changed, which one was refused and why, which were not tried.
A request whose answer was lost stops it too: nobody knows yet whether that item was changed,
until its check says (``BulkOutcome.found``).

    outcome = await apply_one_by_one(members, change_role, is_refusal, on_progress=show)
    outcome.applied, outcome.refused, outcome.not_tried, outcome.lost
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Generic, Literal, TypeVar

__all__ = ["BulkOutcome", "LostState", "apply_one_by_one"]

Item = TypeVar("Item")

LostState = Literal["", "checking", "applied", "not applied", "cannot tell"]
"""What is known of the item whose answer was lost: nothing lost (""), being checked, then the
verdict of its check (``tui.shell.lost_answers.Known``)."""


@dataclass(frozen=True)
class BulkOutcome(Generic[Item]):
    """What a bulk change did."""

    applied: list[Item] = field(default_factory=list)
    """The items changed, in order."""
    refused: tuple[Item, Exception] | None = None
    """The item the service refused, with its error; None when nothing was refused."""
    not_tried: list[Item] = field(default_factory=list)
    """The items after the refused (or lost) one, left as they were."""
    lost: tuple[Item, Exception] | None = None
    """The item whose request was sent but whose answer was lost, with the error."""
    lost_state: LostState = ""
    """What is known of ``lost``; once found applied, it is in ``applied`` too."""

    @property
    def complete(self) -> bool:
        return self.refused is None and not self.not_tried and self.lost_state in ("", "applied")

    def found(self, applied: bool | None) -> BulkOutcome[Item]:
        """The outcome once the lost item was checked: applied, not applied, or None: nobody
        can tell."""
        if self.lost is None:
            return self
        if applied:
            return replace(self, applied=[*self.applied, self.lost[0]], lost_state="applied")
        return replace(self, lost_state="not applied" if applied is False else "cannot tell")


async def apply_one_by_one(
    items: Sequence[Item],
    apply: Callable[[Item], Awaitable[object]],
    is_refusal: Callable[[Exception], bool],
    *,
    is_lost: Callable[[Exception], bool] = lambda _: False,
    on_progress: Callable[[int, int], object] | None = None,
) -> BulkOutcome[Item]:
    """``apply`` each item in order; the first error that ``is_refusal`` stops the run, and so
    does the first that ``is_lost`` (an answer lost: the outcome's ``lost``, being checked).

    ``on_progress(done, total)`` is called before the first item and after each one applied.
    Any other error (a bug) is raised as it is, after the items before it were applied.
    """
    applied: list[Item] = []
    if on_progress is not None:
        on_progress(0, len(items))
    for index, item in enumerate(items):
        try:
            await apply(item)
        except Exception as error:
            rest = list(items[index + 1 :])
            if is_lost(error):
                return BulkOutcome(applied, None, rest, (item, error), "checking")
            if not is_refusal(error):
                raise
            return BulkOutcome(applied, (item, error), rest)
        applied.append(item)
        if on_progress is not None:
            on_progress(len(applied), len(items))
    return BulkOutcome(applied)
