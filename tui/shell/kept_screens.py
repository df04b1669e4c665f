"""Provides KeptScreens: the screens left this session, kept whole to be shown again at once.

Opening a space seen a minute ago from the cache costs no request but still builds its
screen anew (a long page's Markdown took half a second). The app keeps the browsing screens
it pops, installed so that Textual does not remove them, most recent first, within a budget
of screens and of an estimate of their memory; opening a place one of them holds pushes it
again (``focus_on`` shows the place asked for). A screen shown again asks the service only
if what it shows is stale (see ``BrowserScreen.on_screen_resume``).
"""

from __future__ import annotations

from collections import OrderedDict
from typing import TYPE_CHECKING, Any

from .navigation import Location

if TYPE_CHECKING:
    from textual.app import App
    from textual.screen import Screen

    from .screen import BrowserScreen

__all__ = ["KeptScreens", "memory_estimate"]

MAX_SCREENS = 8
"""At most this many screens are kept."""

MEMORY_BUDGET = 48 * 1024 * 1024
"""The estimated bytes all kept screens may hold together (see ``memory_estimate``)."""

_BYTES_PER_WIDGET = 6 * 1024
"""What a widget costs, styles, caches and rendered lines included (measured, roughly)."""
_BYTES_PER_TREE_ROW = 1024
"""What a row of a tree costs: its node, its label and the model behind it."""


def memory_estimate(screen: Screen[Any]) -> int:
    """A rough count of the bytes a screen holds: its widgets, and the rows of its trees."""
    from textual.widgets import Tree  # not before the first frame, which has no tree

    widgets = 0
    rows = 0
    for widget in screen.walk_children(with_self=True):
        widgets += 1
        if isinstance(widget, Tree):
            rows += len(widget._tree_nodes)
    return widgets * _BYTES_PER_WIDGET + rows * _BYTES_PER_TREE_ROW


class KeptScreens:
    """The screens of this session the user left, newest last, each keyed by its place."""

    def __init__(
        self,
        app: App[Any],
        *,
        max_screens: int = MAX_SCREENS,
        budget: int = MEMORY_BUDGET,
    ) -> None:
        self._app = app
        self._screens: OrderedDict[str, BrowserScreen[Any]] = OrderedDict()
        self.max_screens = max_screens
        self.budget = budget

    def __len__(self) -> int:
        return len(self._screens)

    def keep(self, screen: BrowserScreen[Any]) -> None:
        """Keep a screen being opened, so that it survives being left."""
        name = f"kept-{id(screen)}"
        self._app.install_screen(screen, name)
        self._screens[name] = screen

    def find(self, place: Location) -> BrowserScreen[Any] | None:
        """A kept screen, not on the stack, that holds ``place`` (the newest of them)."""
        stack = self._app.screen_stack
        for name, screen in reversed(self._screens.items()):
            if screen not in stack and screen.is_attached and screen.holds(place):
                self._screens.move_to_end(name)
                return screen
        return None

    def trim(self) -> None:
        """Let go of the oldest screens not on the stack beyond the count and the budget."""
        stack = self._app.screen_stack
        left = [(name, s) for name, s in self._screens.items() if s not in stack]
        total = sum(memory_estimate(s) for _, s in left)
        count = len(left)
        for name, screen in left:
            if count <= self.max_screens and total <= self.budget:
                break
            total -= memory_estimate(screen)
            count -= 1
            self._forget(name, screen)

    def drop(self, screen: Screen[Any]) -> None:
        """Let go of a screen whose place is gone (a space deleted), once it is popped."""
        for name, kept in list(self._screens.items()):
            if kept is screen:
                del self._screens[name]
                self._app.call_after_refresh(self._release, name, screen)

    def _release(self, name: str, screen: Screen[Any]) -> None:
        if screen not in self._app.screen_stack:
            self._app.uninstall_screen(name)
            if screen.is_attached:
                screen.remove()

    def clear(self) -> None:
        """Let go of every kept screen not on the stack (a new connection)."""
        stack = self._app.screen_stack
        for name, screen in list(self._screens.items()):
            if screen not in stack:
                self._forget(name, screen)

    def _forget(self, name: str, screen: Screen[Any]) -> None:
        del self._screens[name]
        self._release(name, screen)
