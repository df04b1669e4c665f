"""Provides Registry: what each feature tells the shell, which knows none of them.

Each feature package has a ``registration.py`` whose ``register(registry)`` names its kinds of
place (with the word the app uses for each, and the screen that shows it), the views the
palette jumps to by name, and its palette commands; the app calls each feature's in turn
(``tui/app.py``, ``register_features``). Adding a kind of place:

1. write its location factory in the feature's ``locations.py``, with ``parent`` set to the
   place that holds it, so that its breadcrumbs come for free;
2. register it in the feature's ``registration.py``: ``registry.place(kind, label, factory)``,
   the factory importing its screen when called (screens load after the first frame).

Screens never open each other: they ask the app to ``open_location(place, focus)``, and the
registry says which screen shows it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .navigation import Focus, Location

if TYPE_CHECKING:
    from textual.app import App
    from textual.screen import Screen

__all__ = ["PaletteCommand", "Registry", "ScreenFactory", "ViewJump"]

ScreenFactory = Callable[[Location, Focus], "Screen[Any]"]
"""Makes the screen that shows a place, focused on what ``Focus`` names."""

ViewJump = Callable[[str, Location | None], Location | None]
"""Where a view of an organisation is, from its id and its own place (None if not seen);
None when the view does not exist (yet)."""


@dataclass(frozen=True)
class PaletteCommand:
    """A command the palette offers wherever the app is: ``drafts: list the unsent drafts``."""

    title: str
    help: str
    run: Callable[[App[Any]], None]


@dataclass(frozen=True)
class _Shows:
    factory: ScreenFactory
    claims: Callable[[Location], bool] | None


class Registry:
    """Kinds of place (labels, screens), the palette's views and commands, as features add them."""

    def __init__(self) -> None:
        self._labels: dict[str, str] = {}
        self._screens: dict[str, list[_Shows]] = {}
        self._views: dict[str, tuple[str, ViewJump]] = {}
        self._commands: list[PaletteCommand] = []

    # -- kinds of place ------------------------------------------------------------------------

    def place(
        self,
        kind: str,
        label: str,
        screen: ScreenFactory | None = None,
        *,
        claims: Callable[[Location], bool] | None = None,
    ) -> None:
        """Name a kind of place, and the screen that shows it.

        Two features may show one kind (``content-access``: a site's in sites, a space's in
        the administration): the one that ``claims`` a place is asked first.
        """
        known = self._labels.setdefault(kind, label)
        if known != label:
            raise ValueError(f"the kind of place {kind!r} is already called {known!r}")
        if screen is not None:
            shows = self._screens.setdefault(kind, [])
            shows.append(_Shows(screen, claims))
            shows.sort(key=lambda entry: entry.claims is None)

    def label(self, kind: str) -> str:
        """The word the app uses for a kind of place (``change request``), else the kind."""
        return self._labels.get(kind, kind)

    @property
    def kinds(self) -> dict[str, str]:
        """Every kind of place named so far, with its label."""
        return dict(self._labels)

    def __contains__(self, kind: object) -> bool:
        return kind in self._screens

    def screen_for(self, place: Location, focus: Focus | None = None) -> Screen[Any] | None:
        """A new screen showing the place, or None when no screen shows its kind."""
        for entry in self._screens.get(place.kind, ()):
            if entry.claims is None or entry.claims(place):
                return entry.factory(place, focus or Focus())
        return None

    # -- the palette ---------------------------------------------------------------------------

    def view(self, name: str, about: str, jump: ViewJump) -> None:
        """A view the palette goes to when its name is typed (``members``, ``sites``)."""
        self._views[name] = (about, jump)

    @property
    def views(self) -> dict[str, tuple[str, ViewJump]]:
        return dict(self._views)

    def command(self, title: str, help: str, run: Callable[[App[Any]], None]) -> None:
        """A command the palette offers wherever the app is; ``run`` gets the app."""
        self._commands.append(PaletteCommand(title, help, run))

    @property
    def commands(self) -> list[PaletteCommand]:
        return list(self._commands)
