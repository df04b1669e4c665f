"""Provides apply_one_by_one: a bulk change applied item after item, stopping at the first refusal.

A bulk action (change the role of eight members, remove three) is confirmed once and then
sent one request at a time, so that the first refusal stops it with a clear account of what
happened: which items were changed, which one was refused and why, which were not tried.

    outcome = await apply_one_by_one(members, change_role, is_refusal, on_progress=show)
    outcome.applied, outcome.refused, outcome.not_tried
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

__all__ = ["BulkOutcome", "apply_one_by_one"]

Item = TypeVar("Item")


@dataclass(frozen=True)
class BulkOutcome(Generic[Item]):
    """What a bulk change did."""

    applied: list[Item] = field(default_factory=list)
    """The items changed, in order."""
    refused: tuple[Item, Exception] | None = None
    """The item the service refused, with its error; None when nothing was refused."""
    not_tried: list[Item] = field(default_factory=list)
    """The items after the refused one, left as they were."""

    @property
    def complete(self) -> bool:
        return self.refused is None and not self.not_tried


async def apply_one_by_one(
    items: Sequence[Item],
    apply: Callable[[Item], Awaitable[object]],
    is_refusal: Callable[[Exception], bool],
    *,
    on_progress: Callable[[int, int], object] | None = None,
) -> BulkOutcome[Item]:
    """``apply`` each item in order; the first error that ``is_refusal`` stops the run.

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
            if not is_refusal(error):
                raise
            return BulkOutcome(applied, (item, error), list(items[index + 1 :]))
        applied.append(item)
        if on_progress is not None:
            on_progress(len(applied), len(items))
    return BulkOutcome(applied)
