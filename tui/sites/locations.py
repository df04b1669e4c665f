"""Provides the places of sites (the sites of an organisation, a site, a section) and SitesFocus.

Pure data, like every feature's ``locations.py``: another feature opens a place of sites by
its location, and the app finds the screen that sites registered for it
(``tui/sites/registration.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..shell.navigation import Focus, Location

if TYPE_CHECKING:
    # Types only: the first frame is painted before the models load (tui/first_screen.py).
    from ..api.models import Site, SiteSection

__all__ = ["SitesFocus", "site_location", "site_section_location", "sites_location"]


@dataclass(frozen=True)
class SitesFocus(Focus):
    """What to show first in the sites of an organisation."""

    space: str = ""
    """Keep the sites that show this space (its id)."""


def sites_location(organization_id: str) -> Location:
    """The sites of an organisation: the crumb between the organisation and a site."""
    return Location(
        "sites",
        organization_id,
        "Sites",
        organization_id,
        parent=("organization", organization_id),
    )


def site_location(site: Site, organization_id: str) -> Location:
    return Location(
        "site",
        site.id,
        site.title,
        organization_id,
        parent=("sites", organization_id),
        url=site.urls.app,
    )


def site_section_location(site: Location, section: SiteSection) -> Location:
    """A section of a site; ``site`` is the site's own location."""
    return Location(
        "site-section",
        section.id,
        section.title,
        site.organization,
        parent=site.key,
        url=section.urls.app,
        # A section's icon is an icon's name ("book"), not a picture: crumbs leave it out.
    )
