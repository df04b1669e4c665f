"""Provides the undo journal of a session's site structure and settings edits.

Each change that succeeded is recorded with what reverses it: an async callable the screen
supplies (it knows the client), and the same reversal described as data (``ClientCall``s) for
the journal view. A deletion that the API cannot fully reverse says so in ``not_restorable``
("not fully restorable: the section's id changes"). An entry may carry ``undone_check``, which
re-reads the service: when an undo's answer is lost, it tells whether the undo is in place
(``mark_undone``). The journal lives for the session only.

    journal = Journal()
    entry = journal.record("Moved Guides above API", undo=move_back,
                           inverse=[ClientCall("site_sections", "move_site_section", ...)],
                           subject="section:sec-1")
    await journal.undo()          # the last change still in place
    await journal.undo(entry)     # any change; journal.later_on_same_subject(entry) to warn
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

__all__ = ["ClientCall", "EntryState", "Journal", "JournalEntry", "NothingToUndo"]

Undo = Callable[[], Awaitable[object]]
UndoneCheck = Callable[[], Awaitable[bool]]
"""Re-reads the service: whether an undo whose answer was lost is in place."""
# A repr longer than this is cut in descriptions: a journal line is for reading, not replaying.
_ARG_WIDTH = 40


class NothingToUndo(LookupError):
    """Undo was asked when no change can be undone (or that change is being undone)."""


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= _ARG_WIDTH else text[: _ARG_WIDTH - 1] + "…"


@dataclass(frozen=True, slots=True)
class ClientCall:
    """A client call as data: its resource group, method and arguments."""

    group: str
    method: str
    args: tuple[Any, ...] = ()
    kwargs: Mapping[str, Any] = field(default_factory=dict)

    def describe(self) -> str:
        """``site_sections.delete_site_section('org-1', 'site-1', 'sec-1')``, long values cut."""
        arguments = [_short(a) for a in self.args]
        arguments += [f"{name}={_short(value)}" for name, value in self.kwargs.items()]
        return f"{self.group}.{self.method}({', '.join(arguments)})"


class EntryState(StrEnum):
    DONE = "done"
    """The change is in place and can be undone."""
    UNDOING = "undoing"
    UNDONE = "undone"


@dataclass(eq=False)
class JournalEntry:
    """One change of the session and how to reverse it."""

    number: int
    description: str
    when: datetime
    undo_call: Undo = field(repr=False)
    inverse: tuple[ClientCall, ...] = ()
    not_restorable: tuple[str, ...] = ()
    """What undo cannot bring back, in words, each one shown as "not fully restorable: …"."""
    subject: str | None = None
    """What the change touched ("section:sec-1"), to warn about later changes of the same."""
    state: EntryState = EntryState.DONE
    last_error: str | None = None
    """Why the last undo failed (the change is then still in place, and undo can be retried)."""
    result: object = field(default=None, repr=False)
    """What the undo callable returned (a re-created node, whose id may be new)."""
    undone_check: UndoneCheck | None = field(default=None, repr=False)
    """Whether the undo is in place, read from the service (None: nothing tells)."""

    @property
    def can_undo(self) -> bool:
        return self.state is EntryState.DONE

    @property
    def fully_restorable(self) -> bool:
        return not self.not_restorable

    @property
    def notes(self) -> tuple[str, ...]:
        return tuple(f"not fully restorable: {note}" for note in self.not_restorable)

    def describe_inverse(self) -> str:
        """What undo sends, one call a line."""
        return "\n".join(call.describe() for call in self.inverse)


def _now() -> datetime:
    return datetime.now(UTC)


class Journal:
    """The changes of this session, oldest first; at most ``capacity`` are kept."""

    def __init__(self, clock: Callable[[], datetime] = _now, capacity: int = 500) -> None:
        self._clock = clock
        self._capacity = capacity
        self._entries: list[JournalEntry] = []
        self._numbers = 0

    def __len__(self) -> int:
        return len(self._entries)

    def __iter__(self) -> Iterator[JournalEntry]:
        return iter(self._entries)

    def newest_first(self) -> list[JournalEntry]:
        return self._entries[::-1]

    def record(
        self,
        description: str,
        undo: Undo,
        inverse: Iterable[ClientCall] = (),
        *,
        not_restorable: Iterable[str] = (),
        subject: str | None = None,
        undone_check: UndoneCheck | None = None,
    ) -> JournalEntry:
        """Record a change that succeeded, with what reverses it (and what tells that the
        reversal is in place, when its answer is lost)."""
        self._numbers += 1
        entry = JournalEntry(
            number=self._numbers,
            description=description,
            when=self._clock(),
            undo_call=undo,
            inverse=tuple(inverse),
            not_restorable=tuple(not_restorable),
            subject=subject,
            undone_check=undone_check,
        )
        self._entries.append(entry)
        # The oldest entries go first; ones being undone stay until they finish.
        while (
            len(self._entries) > self._capacity and self._entries[0].state is not EntryState.UNDOING
        ):
            self._entries.pop(0)
        return entry

    def last_undoable(self) -> JournalEntry | None:
        return next((e for e in reversed(self._entries) if e.can_undo), None)

    def later_on_same_subject(self, entry: JournalEntry) -> list[JournalEntry]:
        """Changes recorded after ``entry`` that touched the same thing and are still in place:
        undoing ``entry`` first may fail or surprise, so the screen asks before."""
        if entry.subject is None:
            return []
        return [
            e
            for e in self._entries
            if e.number > entry.number and e.subject == entry.subject and e.can_undo
        ]

    async def undo(self, entry: JournalEntry | None = None) -> JournalEntry:
        """Undo ``entry`` (by default the last change still in place) and return it.

        While it runs the entry is ``UNDOING``, so a second press does not send it twice. When
        the undo callable raises, the entry is back to ``DONE`` with ``last_error`` set and the
        error propagates for the screen to show.
        """
        target = entry if entry is not None else self.last_undoable()
        if target is None or not target.can_undo:
            state = "nothing" if target is None else f"‘{target.description}’ is {target.state}"
            raise NothingToUndo(f"Nothing to undo: {state}.")
        target.state = EntryState.UNDOING
        try:
            target.result = await target.undo_call()
        except asyncio.CancelledError:
            target.state = EntryState.DONE
            # The request may have reached the service before the cancel: say so, never guess.
            target.last_error = "the undo was interrupted: refresh to see whether it happened"
            raise
        except Exception as error:
            target.state = EntryState.DONE
            target.last_error = str(error) or type(error).__name__
            raise
        return self.mark_undone(target)

    def mark_undone(self, entry: JournalEntry) -> JournalEntry:
        """The entry's undo is in place: what ``undo`` does after an answer, and what a check
        that found it applied after a lost answer does."""
        entry.state = EntryState.UNDONE
        entry.last_error = None
        return entry
