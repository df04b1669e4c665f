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
from dataclasses import dataclass

from textual.timer import Timer
from textual.widget import Widget

DEFAULT_POLL_INTERVAL = 60.0
"""Seconds between two looks for others' activity, by default."""

__all__ = ["ActivityPoller", "Poller"]


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


class ActivityPoller:
    """Looks for others' activity by itself, on ``PollSchedule``'s rhythm.

    ``look`` starts one look; the screen says how it went with ``answered(changed=…)`` or
    ``throttled(retry_after)``, which arm the next one. Looking stops while another screen
    covers this one (``pause``/``resume``) and while the terminal says it is not focused
    (Textual's ``app_focus``, from AppBlur and AppFocus); it looks at once when the terminal
    is focused again, and a while after the screen is shown again.
    Tests drive it by calling ``look_now`` and reading ``delay``: no clock waits.
    """

    def __init__(self, owner: Widget, look: Callable[[], object], interval: float) -> None:
        self.owner = owner
        self.look = look
        self.schedule = PollSchedule(interval)
        self.enabled = interval > 0
        self.looks = 0
        """How many looks were started (for tests and benchmarks)."""
        self._timer: Timer | None = None
        self._covered = False
        self._blurred = False
        self._missed = False
        self._watching = False

    @property
    def delay(self) -> float:
        return self.schedule.delay

    @property
    def armed(self) -> bool:
        return self._timer is not None

    def start(self) -> None:
        """The view is shown: look again after the interval."""
        if not self._watching and self.enabled:
            self._watching = True
            self.owner.watch(self.owner.app, "app_focus", self._focus_changed, init=False)
        self._arm(self.schedule.delay)

    def answered(self, *, changed: bool) -> None:
        self._arm(self.schedule.answered(changed=changed))

    def throttled(self, retry_after: float | None) -> None:
        self._arm(self.schedule.throttled(retry_after))

    def look_now(self) -> None:
        self._stop()
        self.looks += 1
        self.look()

    def pause(self) -> None:
        self._covered = True
        self._missed = self._missed or self._timer is not None
        self._stop()

    def resume(self) -> None:
        """Shown again: the screen reloads what went stale; the next look is a while off."""
        self._covered = False
        if self._missed and not self._blurred:
            self._missed = False
            self._arm(self.schedule.delay)

    def _focus_changed(self, focused: bool) -> None:
        self._blurred = not focused
        if self._blurred:
            self._missed = self._missed or self._timer is not None
            self._stop()
        else:
            self._wake()

    def _wake(self) -> None:
        if self._missed and not self._covered and not self._blurred:
            self._missed = False
            self.look_now()

    def _arm(self, delay: float) -> None:
        self._stop()
        if not self.enabled:
            return
        if self._covered or self._blurred:
            self._missed = True  # looked for when the user comes back
            return
        self._timer = self.owner.set_timer(delay, self.look_now)

    def _stop(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None


@dataclass
class PollSchedule:
    """When to look again: ``interval`` after a change, doubling while nothing changes (up to
    ``ceiling`` times the interval), and at least what a 429 asks (else doubling too)."""

    interval: float = DEFAULT_POLL_INTERVAL
    ceiling: float = 8.0
    delay: float = 0.0

    def __post_init__(self) -> None:
        self.delay = self.interval

    def answered(self, *, changed: bool) -> float:
        """The delay before the next look, after an answer that changed something or not."""
        if changed:
            self.delay = self.interval
        else:
            self.delay = min(self.delay * 2, self.interval * self.ceiling)
        return self.delay

    def throttled(self, retry_after: float | None) -> float:
        """The delay after a 429: what the service asks, and never less than doubling."""
        doubled = min(self.delay * 2, self.interval * self.ceiling)
        self.delay = max(doubled, retry_after or 0.0)
        return self.delay
