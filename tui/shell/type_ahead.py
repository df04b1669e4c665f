"""Provides KeysAhead: the keys typed while a screen loads, held, then played in order.

A key pressed while a screen's list is still empty would move a cursor that has nowhere to go
(or reach a screen with nothing focused yet) and be lost: five ``j`` typed just after Enter
moved the cursor 0 to 3 rows. The screen holds those keys (``hold``) and plays them, in
order, once its view is shown (``play``); from then on keys act as they arrive.

Played keys go straight to the widget that has the focus, as the app would send them, so a
key that arrives while they are played queues behind them there and order is kept.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import events
from textual.widget import Widget

if TYPE_CHECKING:
    from textual.screen import Screen

__all__ = ["HOLD_KEYS_AT_MOST", "KeysAhead"]

HOLD_KEYS_AT_MOST = 3.0
"""Seconds after a screen is mounted beyond which keys act at once, loaded or not: a service
that hangs must not leave the keys dead (and Esc is never held: it stops the wait)."""

_NEVER_HELD = frozenset({"escape", "ctrl+c", "ctrl+q"})
"""Keys that act at once, whatever loads: to leave, to stop waiting, to quit."""
_FIELDS = frozenset({"textual.widgets._input.Input", "textual.widgets._text_area.TextArea"})
"""The widgets that take letters typed (named: importing them would slow the first frame)."""


def _is_field(widget: Widget | None) -> bool:
    return widget is not None and any(
        f"{cls.__module__}.{cls.__qualname__}" in _FIELDS for cls in type(widget).__mro__
    )


class KeysAhead:
    """The keys a loading screen holds until its view is shown."""

    def __init__(self, screen: Screen[Any]) -> None:
        self._screen = screen
        self._held: list[events.Key] | None = []
        """The keys held so far; None once the screen plays keys as they arrive."""

    @property
    def holding(self) -> bool:
        return self._held is not None

    def hold(self, event: events.Key) -> bool:
        """Keep ``event`` for later if the screen is still loading; True if kept."""
        held = self._held
        if held is None or event.key in _NEVER_HELD:
            return False
        # Typing in a field needs nothing loaded (a field handles its own letters first).
        if _is_field(self._screen.focused):
            return False
        event.stop()
        event.prevent_default()
        key = events.Key(event.key, event.character)
        # As the app's own keys: a key sent by the screen would stop bubbling at the screen.
        key.set_sender(self._screen.app)
        held.append(key)
        return True

    def play(self) -> None:
        """The view is shown: play the keys held, in order, and hold no more."""
        if self._held is None:
            return
        target = self._screen.focused or self._screen
        # After what the list itself put off to its next frame (the cursor set on a row).
        target.call_after_refresh(self._forward, target)

    def _forward(self, target: Widget) -> None:
        held, self._held = self._held, None
        for key in held or ():
            target._forward_event(key)

    def drop(self) -> None:
        """Forget the keys held (the user pressed Esc) and hold no more."""
        self._held = None
