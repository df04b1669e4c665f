"""Provides the session's journal of site changes as the site screens use it.

One ``Journal`` (``tui.sites.logic.journal``) per session, kept in sites' slot of the session
(``memory.py``) and stamped with the
app's clock. An entry's subject is ``<site id>/<what>`` (``site-1/site-section:abc``,
``site-1/settings``), so that ``u`` on a site undoes that site's last change and the journal
warns when a later change touched the same thing.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime

from tui.sites.logic.journal import ClientCall, Journal, JournalEntry, Undo, UndoneCheck

from ..shell.lost_answers import write_checked
from ..shell.screen import DocdeckScreen
from .memory import sites_memory

__all__ = ["journal_of", "last_change_of_site", "record_change", "site_of_entry", "undo_checked"]


def journal_of(screen: DocdeckScreen) -> Journal:
    """The session's journal of site changes (made on first use, with the app's clock)."""
    memory = sites_memory(screen.session)
    if memory.journal is None:
        clock = screen.docdeck.clock
        memory.journal = Journal(clock=lambda: datetime.fromtimestamp(clock(), UTC))
    return memory.journal


def record_change(
    screen: DocdeckScreen,
    site_id: str,
    what: str,
    description: str,
    undo: Undo,
    inverse: Iterable[ClientCall] = (),
    *,
    not_restorable: Iterable[str] = (),
    undone: UndoneCheck | None = None,
) -> JournalEntry:
    """Write a change that succeeded, with what reverses it, to the session's journal;
    ``undone`` re-reads whether the reversal is in place, after its answer was lost."""
    return journal_of(screen).record(
        description,
        undo,
        inverse,
        not_restorable=not_restorable,
        subject=f"{site_id}/{what}",
        undone_check=undone,
    )


async def undo_checked(screen: DocdeckScreen, entry: JournalEntry) -> JournalEntry | None:
    """Undo ``entry``; when the answer is lost, its check tells whether the undo is in place
    (None: it is not, and the user was told so). An entry without a check cannot tell: its lost
    answer goes on to the app's failure path, which says it may have been applied."""
    journal, check = journal_of(screen), entry.undone_check
    if check is None:
        return await journal.undo(entry)

    async def undone() -> JournalEntry | None:
        return journal.mark_undone(entry) if await check() else None

    again = "undo it again from the journal (U)."
    return await write_checked(
        screen, screen.client, lambda: journal.undo(entry), undone, again=again
    )


def site_of_entry(entry: JournalEntry) -> str:
    return (entry.subject or "").partition("/")[0]


def last_change_of_site(screen: DocdeckScreen, site_id: str) -> JournalEntry | None:
    """The latest change of this site that is still in place."""
    for entry in journal_of(screen).newest_first():
        if entry.can_undo and site_of_entry(entry) == site_id:
            return entry
    return None
