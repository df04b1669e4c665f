"""Provides the places the app shows, the places seen so far, and the one breadcrumb builder.

A ``Location`` names a place by kind and id, with its title and the place that holds it:
``organization › collection › … › space › page``. Every screen records what it shows in the
session's ``PlacesSeen``; breadcrumbs are the chain of holders found there, and the palette's
"go to" list is the same memory, most recent first.

The factories here are those of the places every feature stands in (organisations,
collections, spaces, pages, searches); each feature writes those of its own kinds in its
``locations.py`` and registers them with the shell (``tui/shell/registry.py``), which knows
no feature. Screens never open each other: they ask the app to ``open_location(place, Focus(...))``.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from ..core.crumb import Crumb

if TYPE_CHECKING:
    # Types only: the first frame is painted before the models load (tui/first_screen.py).
    from ..api.models import Collection, Organization, RevisionPage, Space

__all__ = [
    "Focus",
    "Location",
    "PlacesSeen",
    "collection_location",
    "crumbs_for",
    "go_to_action",
    "organization_location",
    "page_location",
    "search_location",
    "space_location",
]


# A NamedTuple, not a frozen dataclass: about half the cost to define, before the first frame.
class Location(NamedTuple):
    """A place: its kind, id, title (server text) and where it sits."""

    kind: str
    """A kind of place a feature registered (``tui/shell/registry.py``): ``space``, ``site``…"""
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
    """For a page, a change request or a search of a space: the id of its space."""

    @property
    def key(self) -> tuple[str, str]:
        return (self.kind, self.id)

    @property
    def label(self) -> str:
        """The title with its icon, as crumbs and the palette show it."""
        return f"{self.icon} {self.title}" if self.icon else self.title


@dataclass(frozen=True)
class Focus:
    """What to show first inside a place: a section of a page, a query.

    A feature whose screens need more subclasses it (review's ``ReviewFocus`` names a thread
    to open, sites' ``SitesFocus`` a space whose sites to keep)."""

    anchor: str = ""
    """The anchor of a section of a page."""
    section: str = ""
    """The title of that section (found first by title, then by anchor)."""
    query: str = ""
    """The words of a search, or those that led to this place."""


# -- factories ----------------------------------------------------------------------------------


def organization_location(organization: Organization) -> Location:
    return Location(
        "organization",
        organization.id,
        organization.title,
        organization.id,
        url=organization.urls.app,
    )


def collection_location(collection: Collection) -> Location:
    parent = (
        ("collection", collection.parent)
        if collection.parent
        else ("organization", collection.organization)
    )
    return Location(
        "collection",
        collection.id,
        collection.title,
        collection.organization,
        parent=parent,
        url=collection.urls.app,
    )


def space_location(space: Space) -> Location:
    parent = ("collection", space.parent) if space.parent else ("organization", space.organization)
    return Location(
        "space",
        space.id,
        space.title,
        space.organization,
        parent=parent,
        url=space.urls.app,
        icon=space.emoji,
        space=space.id,
    )


def page_location(space: Space, page: RevisionPage) -> Location:
    return Location(
        "page",
        page.id,
        page.title,
        space.organization,
        parent=("space", space.id),
        url=page.urls.app,
        icon=page.emoji or "",
        space=space.id,
    )


def search_location(scope: Location) -> Location:
    """The search of an organisation or of a space (``scope``); never kept among places seen."""
    return Location(
        "search",
        f"{scope.kind}:{scope.id}",
        "Search",
        scope.organization,
        parent=scope.key,
        space=scope.id if scope.kind == "space" else None,
    )


# -- the places seen so far ---------------------------------------------------------------------


class PlacesSeen:
    """The places seen in this session, most recently seen last, at most ``limit`` of them.

    Seeing a place also refreshes the places holding it, so that a long list seen later (the
    2,000 pages of a space) never pushes out the trail of what is on screen. Organisations are
    never forgotten: they are few, and every trail ends in one.
    """

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
        if locations:
            self._touch_holders(locations[-1])
        if len(self._places) > self._limit:
            excess = len(self._places) - self._limit
            for key in [k for k in self._places if k[0] != "organization"][:excess]:
                del self._places[key]

    def _touch_holders(self, location: Location) -> None:
        parent, steps = location.parent, 0
        while parent is not None and parent in self._places and steps < 64:
            self._places.move_to_end(parent)
            parent, steps = self._places[parent].parent, steps + 1

    def get(self, kind: str, id: str) -> Location | None:
        return self._places.get((kind, id))

    def title(self, kind: str, id: str, default: str = "") -> str:
        """The title of a place seen so far, or ``default``."""
        place = self._places.get((kind, id))
        return place.title if place is not None else default

    def trail(self, location: Location) -> list[Location]:
        """The location and the places holding it, outermost first; unknown holders are skipped."""
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


# -- breadcrumbs --------------------------------------------------------------------------------


def go_to_action(place: Location) -> str:
    """The action a crumb runs: go back to the place, or open it."""
    return f"app.go_to({place.kind!r}, {place.id!r})"


def crumbs_for(
    places: PlacesSeen,
    location: Location | None,
    *,
    then: Sequence[Crumb] = (),
    current_links: bool = False,
) -> list[Crumb]:
    """The breadcrumbs of a place: its holders, outermost first, then itself, then ``then``.

    Every crumb but the current place links back to its place (the current one too with
    ``current_links``, e.g. a space whose crumb is followed by a page's). ``then`` adds what
    is not a place of its own: ``Search “tokens”``, a tab's name.
    """
    trail = places.trail(location) if location is not None else []
    crumbs = [
        Crumb(
            place.label,
            go_to_action(place) if index < len(trail) - 1 or current_links or then else None,
        )
        for index, place in enumerate(trail)
    ]
    return crumbs + list(then)
