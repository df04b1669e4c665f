"""Provides the places the app can show and the registry of those seen so far.

Every screen records what it shows (organisations, collections, spaces, pages) with their
parent; the registry then gives breadcrumbs (the chain of parents) and the command palette's
"jump to" list, most recently seen first.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass

__all__ = ["KINDS", "Location", "LocationRegistry"]

KINDS = ("organization", "collection", "space", "page")


@dataclass(frozen=True)
class Location:
    """A place: its kind, id, title (server text) and where it sits."""

    kind: str
    """One of KINDS."""
    id: str
    title: str
    organization: str
    """The id of the organisation it belongs to (its own id for an organisation)."""
    parent: tuple[str, str] | None = None
    """(kind, id) of the place that holds it: a collection, the organisation or the space."""
    url: str | None = None
    """Its page in the web app."""
    icon: str = ""
    space: str | None = None
    """For a page: the id of its space."""

    @property
    def key(self) -> tuple[str, str]:
        return (self.kind, self.id)


class LocationRegistry:
    """The places seen so far, most recently seen last."""

    def __init__(self, limit: int = 2000) -> None:
        self._places: OrderedDict[tuple[str, str], Location] = OrderedDict()
        self._limit = limit

    def __len__(self) -> int:
        return len(self._places)

    def __iter__(self) -> Iterator[Location]:
        """Most recently seen first."""
        return reversed(list(self._places.values()))

    def see(self, *locations: Location) -> None:
        for location in locations:
            self._places[location.key] = location
            self._places.move_to_end(location.key)
        if len(self._places) > self._limit:
            # Forget the oldest places, but never an organisation: they are few, and every
            # trail of breadcrumbs ends in one.
            excess = len(self._places) - self._limit
            for key in [k for k in self._places if k[0] != "organization"][:excess]:
                del self._places[key]

    def get(self, kind: str, id: str) -> Location | None:
        return self._places.get((kind, id))

    def trail(self, location: Location) -> list[Location]:
        """The location and the places holding it, outermost first; unknown parents are skipped."""
        chain = [location]
        seen = {location.key}
        parent = location.parent
        while parent is not None and parent not in seen:
            seen.add(parent)
            holder = self._places.get(parent)
            if holder is None:
                break
            chain.append(holder)
            parent = holder.parent
        if chain[-1].kind != "organization":
            organization = self._places.get(("organization", location.organization))
            if organization is not None:
                chain.append(organization)
        return list(reversed(chain))

    def clear(self) -> None:
        self._places.clear()
