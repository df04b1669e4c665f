"""Provides browse's registration with the shell: organisations, collections, spaces, pages,
searches, and the screens that show them.

The screens are imported when a place is first opened, not here: the app registers every
feature at start, and the first frame must not wait for them (tests/shell/test_startup.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.screen import Screen

    from ..shell.navigation import Focus, Location
    from ..shell.registry import Registry

__all__ = ["register"]


def register(registry: Registry) -> None:
    registry.place("organization", "organisation", _organization_screen)
    registry.place("collection", "collection", _collection_screen)
    registry.place("space", "space", _space_screen)
    registry.place("page", "page", _page_screen)
    registry.place("search", "search", _search_screen)


def _organization_screen(place: Location, focus: Focus) -> Screen[Any]:
    from .organization import OrganizationScreen

    return OrganizationScreen(place.id)


def _collection_screen(place: Location, focus: Focus) -> Screen[Any]:
    from .organization import OrganizationScreen

    return OrganizationScreen(place.organization, reveal=place.id)


def _space_screen(place: Location, focus: Focus) -> Screen[Any]:
    from .space import SpaceScreen

    return SpaceScreen(place.id, organization_id=place.organization)


def _page_screen(place: Location, focus: Focus) -> Screen[Any]:
    from .space import SpaceScreen

    return SpaceScreen(
        place.space or "",
        organization_id=place.organization,
        page_id=place.id,
        anchor=focus.anchor,
        section_title=focus.section,
    )


def _search_screen(place: Location, focus: Focus) -> Screen[Any]:
    from .search import SearchScreen

    return SearchScreen(place, query=focus.query)
