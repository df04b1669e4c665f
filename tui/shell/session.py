"""Provides Session: what the app remembers while it runs (places seen, each feature's slot).

One Session lives on the app (``app.session``) and starts again with each connection. Nothing
here is a module global, so two apps (two tests) never share a memory. A feature keeps its own
state in a slot, made on first use: ``session.slot("review", ReviewMemory)`` (the queue last
opened, the diff layout), ``session.slot("sites", SitesMemory)`` (the journal of changes),
browse's trash of deleted spaces; the shell knows nothing of what is inside.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar, cast

from .navigation import PlacesSeen

__all__ = ["Session"]

T = TypeVar("T")


class Session:
    """What one connection's browsing remembers.

    A plain class: a dataclass would cost the first frame 0.3 ms to define.
    """

    def __init__(self) -> None:
        self.places = PlacesSeen()
        """Every place seen so far: breadcrumbs and the palette's "go to" come from here."""
        self._slots: dict[str, object] = {}

    def __repr__(self) -> str:
        return f"Session({len(self.places)} places, slots {sorted(self._slots)})"

    def slot(self, key: str, factory: Callable[[], T]) -> T:
        """A feature's own state for this session, made by ``factory`` on first use.

        ``key`` names the slot (the feature's name, e.g. ``review``); ``factory`` is the
        same each time for one key (the class of the feature's state).
        """
        if key not in self._slots:
            self._slots[key] = factory()
        value = self._slots[key]
        if isinstance(factory, type) and not isinstance(value, factory):
            raise TypeError(f"the session's slot {key!r} holds a {type(value).__name__}")
        return cast("T", value)
