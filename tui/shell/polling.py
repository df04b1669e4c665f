"""Provides Poller: ask the service again, with back-off, while something is still under way.

An OpenAPI specification being processed, a translation running: the screen showing it asks
again after 1 s, then 1.6 s, 2.6 s… up to 8 s, until nothing is under way. Polling stops while
another screen covers it, starts again when it is shown, and ends with the screen (its timers
go with it).

    self.poller = Poller(self, lambda: self.reload(refresh=True))
    ...
    self.poller.update(pending=any(spec.processing_state != "complete" for spec in specs))
"""

from __future__ import annotations

from collections.abc import Callable

from textual.timer import Timer
from textual.widget import Widget

__all__ = ["Poller"]


class Poller:
    """Calls ``poll`` after growing delays while ``update(pending=True)`` says so."""

    start: float = 1.0
    """Seconds before the first poll (tests make it short)."""
    factor: float = 1.6
    ceiling: float = 8.0

    def __init__(self, owner: Widget, poll: Callable[[], object]) -> None:
        self.owner = owner
        self.poll = poll
        self.delay = self.start
        self.pending = False
        self.polls = 0
        """How many times it asked again (for tests and benchmarks)."""
        self._timer: Timer | None = None
        self._paused = False

    @property
    def active(self) -> bool:
        return self._timer is not None

    def update(self, *, pending: bool) -> None:
        """What the latest answer says: something is under way (poll again) or not (stop)."""
        self.pending = pending
        if not pending:
            self.delay = self.start
            self._stop()
        elif self._timer is None and not self._paused:
            self._timer = self.owner.set_timer(self.delay, self._fire)

    def _fire(self) -> None:
        self._timer = None
        self.delay = min(self.delay * self.factor, self.ceiling)
        self.polls += 1
        self.poll()

    def _stop(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def pause(self) -> None:
        """Another screen covers this one: stop asking."""
        self._paused = True
        self._stop()

    def resume(self) -> None:
        """Shown again: ask again at once if something was under way."""
        self._paused = False
        if self.pending and self._timer is None:
            self.delay = self.start
            self._timer = self.owner.set_timer(0, self._fire)
