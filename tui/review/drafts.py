"""Provides the app's draft store, and DraftKeeper: one box's text kept on disk while it is typed.

A keeper writes the box at the latest ``DRAFT_LONGEST_WAIT`` after any change, sooner when
typing pauses for ``DRAFT_SAVE_DELAY``, and whenever asked (leaving, quitting, a hang-up: the
app asks every live keeper, see ``keep_every_draft``). A write the disk refuses is said beside
the box, and the text stays in it; a draft another window changed meanwhile is never
overwritten: this window's text goes beside it, and both are listed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tui.review.logic.drafts import (
    Draft,
    DraftChangedError,
    DraftKind,
    DraftNotKeptError,
    DraftStore,
    ThreadKey,
)

if TYPE_CHECKING:
    from textual.timer import Timer

    from ..shell.host import Host

__all__ = [
    "DRAFT_LONGEST_WAIT",
    "DRAFT_SAVE_DELAY",
    "DraftKeeper",
    "draft_store",
    "keep_every_draft",
]

DRAFT_SAVE_DELAY = 0.4
"""Seconds of quiet typing before a draft is written (each save writes and syncs a file)."""
DRAFT_LONGEST_WAIT = 1.0
"""Seconds at most between a change and its draft on disk, however steady the typing."""

ANOTHER_WINDOW = (
    "This was also being written in another window: both texts are kept as drafts "
    "(Ctrl+P, then 'drafts')."
)


def draft_store(app: Host) -> DraftStore:
    """The drafts of the connection in use (each profile keeps its own)."""
    return DraftStore.for_profile(app.connection_profile or "default")


def _live_keepers(app: Any) -> set[DraftKeeper]:
    # The app's own set (Host.draft_keepers); a bare App in a widget test has none.
    keepers: set[DraftKeeper] | None = getattr(app, "draft_keepers", None)
    if keepers is None:
        keepers = set()
        app.draft_keepers = keepers
    return keepers


def keep_every_draft(app: Any) -> None:
    """Write every box being typed in now (the app quits, or the terminal hangs up)."""
    for keeper in list(_live_keepers(app)):
        keeper.keep()


class DraftKeeper:
    """Keeps the text of one box as a draft (see the module's docstring).

    ``owner`` runs the timers (the screen or dialog of the box); ``text`` reads the box (None
    once it is gone); ``say`` shows a line beside the box. A text equal to ``initial`` (the
    comment an edit starts from) is no draft.
    """

    def __init__(
        self,
        owner: Any,
        store: DraftStore,
        key: ThreadKey,
        kind: DraftKind,
        *,
        text: Callable[[], str | None],
        say: Callable[[str], None],
        label: Callable[[], str],
        initial: str = "",
    ) -> None:
        self.owner = owner
        self.store = store
        self.key = key
        self.kind = kind
        self._text = text
        self._say = say
        self._label = label
        self.initial = initial
        self.slot = ""
        self._known: str | None = None
        self._pause: Timer | None = None
        self._deadline: Timer | None = None
        self.problem = ""
        """Why the last write failed ("could not keep a draft: disk full"), "" when it did not."""
        _live_keepers(owner.app).add(self)

    def load(self) -> Draft | None:
        """The draft kept for this box, remembered as what is on disk."""
        draft = self.store.load(self.key, self.kind)
        self._known = draft.body if draft is not None else None
        return draft

    def changed(self) -> None:
        """The box changed: write it at a pause, and at the latest after the longest wait."""
        if self._pause is not None:
            self._pause.stop()
        self._pause = self.owner.set_timer(DRAFT_SAVE_DELAY, self.keep)
        if self._deadline is None:
            self._deadline = self.owner.set_timer(DRAFT_LONGEST_WAIT, self.keep)

    def _stop_timers(self) -> None:
        for timer in (self._pause, self._deadline):
            if timer is not None:
                timer.stop()
        self._pause = self._deadline = None

    def keep(self) -> None:
        """Write the box now (an emptied box, or one back to ``initial``, discards the draft)."""
        self._stop_timers()
        body = self._text()
        if body is None:
            return
        if body.strip() == self.initial.strip():
            body = ""
        try:
            try:
                self.store.save(
                    self.key,
                    self.kind,
                    body,
                    label=self._label(),
                    slot=self.slot,
                    known=self._known,
                )
            except DraftChangedError:
                # Another window's text is there: it stays, and this one goes beside it.
                self.slot = self.store.aside_slot(self.key, self.kind)
                self._known = None
                self.store.save(self.key, self.kind, body, label=self._label(), slot=self.slot)
                self._say(ANOTHER_WINDOW)
        except (DraftNotKeptError, DraftChangedError) as error:
            if self.problem != str(error):
                self._say(f"{error}. Your text is still in the box.")
            self.problem = str(error)
            return
        if self.problem:
            self._say("Draft kept.")
        self.problem = ""
        self._known = body if body.strip() else None

    def discard(self) -> None:
        """The text reached the service (or was thrown away): no draft any more."""
        self._stop_timers()
        self.store.discard(self.key, self.kind, self.slot)
        self._known = None

    def close(self) -> None:
        """The box is gone: no more timers, and nothing for the app to keep at quit."""
        self._stop_timers()
        _live_keepers(self.owner.app).discard(self)
