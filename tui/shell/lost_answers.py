"""Provides the one verdict on a write whose answer was lost, and write_checked for keys.

When the connection drops after a write went out (or no answer comes in time), the client
raises ``AnswerLostError``: the service may have applied the write. Nobody sends it again by
itself. ``find_out`` re-reads what the write touched, with the feature's check and the cache
bypassed, and gives a ``Verdict``:

- applied: the check found it, and its result is what the write would have returned;
- not applied: the check found nothing, and the answer was lost, not late;
- cannot tell: there is no check, the check could not read the service either, or it found
  nothing yet although the service may still be working on it (no answer in time).

Three doors use it, each keeping its own checks beside it (``tui.dialogs.applied`` has the
shapes; each feature has its ``applied_*`` module):

- a dialog (``tui.dialogs.base.ActionDialog.check_applied``) closes when applied, else stays
  as typed and offers "Send again", and "Check again" while nobody can tell;
- a key (``write_checked`` below) says what it found in a notification; when nobody can tell,
  the ``AnswerLostError`` goes on to the app's one failure path, which says that the write may
  have been applied and reloads the screen;
- a bulk change (``tui.admin.bulk_dialog.BulkDialog.check_item``) stops at the item and its
  report says what was found.

What the user is told about a lost answer is written once, at the end of this module.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Generic, Literal, TypeVar

from textual.dom import DOMNode

from ..api import Client
from ..api.errors import AnswerLostError, ApiError

__all__ = [
    "CHECKING",
    "Known",
    "Verdict",
    "find_out",
    "write_checked",
]

T = TypeVar("T")

Known = Literal["applied", "not applied", "cannot tell"]
"""What re-reading the service tells of a write whose answer was lost."""

Doubt = Literal["", "no check", "check failed", "still working"]
"""Why nobody can tell: no check for this write, the check could not read the service, or the
answer was late and the service may still be working on it."""


@dataclass(frozen=True)
class Verdict(Generic[T]):
    """What re-reading showed of a write whose answer was lost."""

    known: Known
    result: T | None = None
    """When applied, what the write would have returned (the check's result)."""
    doubt: Doubt = ""
    """When nobody can tell, why."""
    error: ApiError | None = None
    """When the check could not read the service, its error."""

    @property
    def applied(self) -> bool | None:
        """True when applied, False when not, None when nobody can tell."""
        return {"applied": True, "not applied": False}.get(self.known)


async def find_out(
    client: Client,
    lost: AnswerLostError,
    check: Callable[[], Awaitable[T | None]] | None,
) -> Verdict[T]:
    """Whether the write that raised ``lost`` was applied, from ``check`` run uncached.

    ``check`` returns the write's result when it finds the write applied, None when not, and
    raises the client's error when it cannot read the service; None means there is no check.
    The write is never sent again. Any other error of the check (a bug) is raised as it is.
    """
    if check is None:
        return Verdict("cannot tell", doubt="no check")
    try:
        with client.revalidating():
            result = await check()
    except ApiError as error:
        return Verdict("cannot tell", doubt="check failed", error=error)
    if result is not None:
        return Verdict("applied", result)
    if lost.timed_out:
        # Not applied yet, but the service may still be working on it: sending again could act
        # twice.
        return Verdict("cannot tell", doubt="still working")
    return Verdict("not applied")


async def write_checked(
    node: DOMNode,
    client: Client,
    write: Callable[[], Awaitable[T]],
    check: Callable[[], Awaitable[T | None]],
    *,
    again: str,
) -> T | None:
    """``write``'s result; after a lost answer, the result ``check`` finds, or None if it was
    not applied (then the user is told ``again``: how to do it again, e.g. "press c").

    Raises the ``AnswerLostError`` when nobody can tell: the check could not read the service,
    or found nothing yet although the service may still be working (no answer in time).
    """
    try:
        return await write()
    except AnswerLostError as error:
        lost = error
    node.app.notify(CHECKING, title=LOST, severity="warning", markup=False)
    verdict = await find_out(client, lost, check)
    if verdict.known == "cannot tell":
        raise lost  # nobody knows: the app's failure path says so
    if verdict.known == "not applied":
        node.app.notify(
            f"It was not applied: {again}", title=LOST, severity="warning", markup=False
        )
        return None
    node.app.notify(APPLIED_AFTER_A_KEY, title=APPLIED_TITLE, markup=False)
    return verdict.result


# -- what the user is told -------------------------------------------------------------------

LOST = "Sent, but the answer was lost"
"""How each of these begins; the title of a key's notifications."""

CHECKING = f"{LOST}: checking whether it was applied…"
"""What the app says while it re-reads what a write whose answer was lost touched."""

APPLIED_TITLE = "It was applied"
APPLIED_AFTER_A_KEY = "Reading it again shows it was applied."
APPLIED_IN_A_DIALOG = f"{LOST}: reading it again shows it was applied."
APPLIED_LAST_OF_MANY = "Sent, but the last answer was lost: reading it again shows it was applied."

SEND_AGAIN = "Send again"
CHECK_AGAIN = "Check again"
"""The labels of a dialog's buttons after a lost answer."""

NO_CHECK_IN_A_DIALOG = (
    f"{LOST}: it may have been applied, and this form cannot check. Cancel and look (press r) "
    f"before sending it again; press {SEND_AGAIN} only if it was not applied."
)
"""What a dialog without a check says (a dialog may say better: ``unchecked_note``)."""

CHECK_CRASHED = f"{LOST}, and docdeck failed while checking."

CLOSED_WITHOUT_KNOWING_TITLE = "Closed without knowing"
CLOSED_WITHOUT_KNOWING = "The last request was sent and may have been applied: press r to see."


def in_a_dialog(verdict: Verdict[T], no_check: str = NO_CHECK_IN_A_DIALOG) -> str:
    """What a dialog says above its buttons of a write not found applied."""
    if verdict.known == "not applied":
        return f"{LOST}, and it was not applied: send again?"
    if verdict.doubt == "still working":
        return (
            "Sent, but no answer came in time, and it is not applied yet: the service may still "
            f"be working on it. Press {CHECK_AGAIN} (or Enter) in a moment; {SEND_AGAIN} only "
            "if it still is not applied."
        )
    if verdict.error is not None:
        return (
            f"{LOST}, and checking whether it was applied failed too ({verdict.error.title}: "
            f"{verdict.error.message}). Press {CHECK_AGAIN} (or Enter) to look again; "
            f"{SEND_AGAIN} only if you know it was not applied."
        )
    return no_check


_IN_A_REPORT: dict[Known | Literal["checking"], str] = {
    "checking": "checking whether it was applied…",
    "applied": "reading it again shows it was applied.",
    "not applied": "it was not applied.",
    "cannot tell": "whether it was applied cannot be told yet: look (r) before doing it again.",
}


def in_a_report(name: str, known: Known | Literal["checking"]) -> str:
    """The line of a bulk change's report on the item whose answer was lost."""
    return f"Sent for {name}, but the answer was lost: {_IN_A_REPORT[known]}"


def stopped_at_a_lost_answer(made: str, *, checking: bool) -> str:
    """What a bulk change says when it stopped at a lost answer, ``made`` changes in."""
    if checking:
        return f"Stopped at a lost answer: {made} made; checking the last one…"
    return f"Stopped at a lost answer: {made} made."
