"""Provides sites' registration with the shell: the sites of an organisation, a site, a
section, who can see a site, with their screens, and the palette's "sites" view.

The screens are imported when a place is first opened, not here: the app registers every
feature at start, and the first frame must not wait for them (tests/shell/test_startup.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .locations import SitesFocus, sites_location

if TYPE_CHECKING:
    from textual.screen import Screen

    from ..shell.navigation import Focus, Location
    from ..shell.registry import Registry

__all__ = ["register"]


def register(registry: Registry) -> None:
    registry.place("sites", "sites", _sites_screen)
    registry.place("site", "site", _site_screen)
    registry.place("site-section", "site section", _site_screen)
    # Who has access: a site's is shown here, a space's or a collection's by the
    # administration (tui/admin/registration.py), under the same kind of place.
    registry.place("content-access", "access", _site_access_screen, claims=_is_a_sites)
    registry.view(
        "sites",
        "the organisation's sites",
        lambda organization_id, _place: sites_location(organization_id),
    )


def _sites_screen(place: Location, focus: Focus) -> Screen[Any]:
    from .sites import SitesScreen

    space = focus.space if isinstance(focus, SitesFocus) else ""
    return SitesScreen(place.id, space_id=space)


def _site_screen(place: Location, focus: Focus) -> Screen[Any]:
    """A site, or the site of a section with that section highlighted."""
    from .site import SiteScreen

    if place.kind == "site-section":
        site_id = place.parent[1] if place.parent else ""
        return SiteScreen(site_id, place.organization, select=f"site-section:{place.id}")
    return SiteScreen(place.id, place.organization)


def _is_a_sites(place: Location) -> bool:
    return place.id.startswith("site:")


def _site_access_screen(place: Location, focus: Focus) -> Screen[Any]:
    from .site_access import SiteAccessScreen

    return SiteAccessScreen(place)
