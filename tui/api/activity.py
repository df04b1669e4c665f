"""Provides Activity: what the client is waiting for right now, for a status line to say.

The client's requests can take a while (a slow service, a total deadline of a minute, a rate
limit that asks for a wait): the app polls ``Activity.now()`` while it loads and says it, so
that no wait is silent.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["Activity", "Underway", "Waiting"]


@dataclass
class Waiting:
    """The longest wait under way: for an answer, or before trying again as asked."""

    seconds: float
    """How long the oldest request has waited so far, or how long the asked wait has left."""
    rate_limited: bool = False
    """The service asked to wait (429 with Retry-After); ``seconds`` is what is left of it."""


@dataclass(eq=False)  # each is itself: two started at once are still two
class Underway:
    """One request under way: since when, and until when it waits as the service asked."""

    started: float
    retry_at: float | None = None


class Activity:
    """The requests under way, by a monotonic clock."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._entries: list[Underway] = []

    def begin(self) -> Underway:
        entry = Underway(self._clock())
        self._entries.append(entry)
        return entry

    def end(self, entry: Underway) -> None:
        if entry in self._entries:
            self._entries.remove(entry)

    def retry_in(self, entry: Underway, seconds: float) -> None:
        """The service asked ``entry`` to wait ``seconds`` before it is sent again."""
        entry.retry_at = self._clock() + seconds

    def sending_again(self, entry: Underway) -> None:
        entry.retry_at = None
        entry.started = self._clock()

    def now(self) -> Waiting | None:
        """The wait to tell: an asked-for wait first, else the oldest request; None if idle."""
        if not self._entries:
            return None
        now = self._clock()
        asked = [e.retry_at - now for e in self._entries if e.retry_at is not None]
        if asked:
            return Waiting(max(0.0, max(asked)), rate_limited=True)
        return Waiting(max(0.0, now - min(e.started for e in self._entries)))
