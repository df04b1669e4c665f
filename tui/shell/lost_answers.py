"""Provides write_checked: a write made by a screen's key, whose lost answer is checked.

A dialog checks a lost answer itself (``tui.dialogs.base``). A write sent straight from a key
(duplicate a space, resolve a thread…) has no form to stay in: ``write_checked`` sends it, and
when its answer is lost, says so, re-reads what it touched with the caller's ``check``, and
tells whether it was applied. It never sends the write again: the user presses the key again
if they want to. When the check cannot read the service either, the ``AnswerLostError`` goes
on to the app's one failure path, which says that the write may have been applied and reloads
the screen.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TypeVar

from textual.dom import DOMNode

from ..api import Client
from ..api.errors import AnswerLostError, ApiError

__all__ = ["CHECKING", "write_checked"]

T = TypeVar("T")

CHECKING = "Sent, but the answer was lost: checking whether it was applied…"
"""What the app says while it re-reads what a write whose answer was lost touched."""

LOST = "Sent, but the answer was lost"


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

    Raises the ``AnswerLostError`` when nobody knows: the check could not read the service,
    or found nothing yet although the service may still be working (no answer in time).
    """
    lost: AnswerLostError
    try:
        return await write()
    except AnswerLostError as error:
        lost = error
        node.app.notify(CHECKING, title=LOST, severity="warning", markup=False)
        try:
            with client.revalidating():
                result = await check()
        except ApiError:
            raise lost from None  # nobody knows: the app's failure path says so
    if result is None and lost.timed_out:
        raise lost  # not applied yet, but the service may still be working on it
    if result is None:
        node.app.notify(
            f"It was not applied: {again}", title=LOST, severity="warning", markup=False
        )
        return None
    node.app.notify("Reading it again shows it was applied.", title="It was applied", markup=False)
    return result
