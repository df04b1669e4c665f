"""Provides the places the app shows, the places seen so far, and the one breadcrumb builder.

A ``Location`` names a place by kind and id, with its title and the place that holds it:
``organization › collection › … › space › page``. Every screen records what it shows in the
session's ``PlacesSeen``; breadcrumbs are the chain of holders found there, and the palette's
"go to" list is the same memory, most recent first.

Adding a kind of place (a change request, a site, a section of a site, an admin view):

1. name it in ``KIND_LABELS`` (the palette says ``go to <label>: <title>``);
2. write its factory here, beside the others (``site_location(site, organization_id)``), with
   ``parent`` set to the place that holds it, so that its breadcrumbs come for free;
3. register the screen that shows it in the app's ``ScreenRegistry`` (``tui/app.py``).

Screens never open each other: they ask the app to ``open_location(place, Focus(...))``.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..widgets.breadcrumbs import Crumb

if TYPE_CHECKING:
    from textual.screen import Screen

    # Types only: the first frame is painted before the models load (tui/first_screen.py).
    from ..api.models import (
        ChangeRequest,
        Collection,
        Organization,
        RevisionPage,
        Site,
        SiteSection,
        Space,
    )

__all__ = [
    "ADMIN_VIEWS",
    "KIND_LABELS",
    "Focus",
    "Location",
    "PlacesSeen",
    "ScreenFactory",
    "ScreenRegistry",
    "admin_location",
    "admin_view_location",
    "admin_view_of",
    "admin_view_of_key",
    "change_request_location",
    "collection_location",
    "content_access_location",
    "crumbs_for",
    "go_to_action",
    "member_location",
    "openapi_spec_location",
    "organization_location",
    "page_location",
    "review_queue_location",
    "search_location",
    "site_location",
    "site_section_location",
    "sites_location",
    "space_location",
    "team_location",
    "thread_location",
]

KIND_LABELS: dict[str, str] = {
    "organization": "organisation",
    "collection": "collection",
    "space": "space",
    "page": "page",
    "search": "search",
    "change-request": "change request",
    "site": "site",
    "site-section": "site section",
    # -- administration (issue 11) --
    "admin": "administration",
    "admin-view": "administration",
    "member": "member",
    "team": "team",
    "openapi-spec": "OpenAPI specification",
    # -- end of administration --
    # -- review (issue 8) --
    "review-queue": "review queue",
    "comment-thread": "thread",
    # -- sites (issue 10) --
    "sites": "sites",
    # -- access (issue 17) --
    "content-access": "access",
}
"""Every kind of place, with the word the app uses for it."""


@dataclass(frozen=True)
class Location:
    """A place: its kind, id, title (server text) and where it sits."""

    kind: str
    """One of KIND_LABELS."""
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
    """What to show first inside a place: a section of a page, a query, an item to highlight."""

    anchor: str = ""
    """The anchor of a section of a page."""
    section: str = ""
    """The title of that section (found first by title, then by anchor)."""
    query: str = ""
    """The words of a search, or those that led to this place."""
    # -- review (issue 8) --
    thread: str = ""
    """A comment thread to open once the place is shown: its id, or ``next-open``."""
    page: str = ""
    """A page of a change request to show first (its id)."""
    block: str = ""
    """A block of that page to point at in its diff (a node id, as a comment's target)."""
    # -- sites (issue 10) --
    space: str = ""
    """For the sites of an organisation: keep those that show this space (its id)."""


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


def change_request_location(space: Space, change_request: ChangeRequest) -> Location:
    return Location(
        "change-request",
        change_request.id,
        f"#{change_request.number} {change_request.subject}".strip(),
        space.organization,
        parent=("space", space.id),
        url=change_request.urls.app,
        space=space.id,
    )


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


def content_access_location(holder: Location) -> Location:
    """Who has access to a space or a collection (``holder`` is its own location)."""
    return Location(
        "content-access",
        f"{holder.kind}:{holder.id}",
        "Access",
        holder.organization,
        parent=holder.key,
        url=holder.url,
        space=holder.space,
    )


# -- administration (issue 11) ------------------------------------------------------------------

ADMIN_VIEWS: dict[str, str] = {
    "organization": "Organisation",
    "members": "Members",
    "teams": "Teams",
    "sso": "Single sign-on",
    "openapi": "OpenAPI",
    "translations": "Translations",
    "git": "Git sync",
    "access": "Access",
    "invites": "Invites",
}
"""The views of an organisation's administration, by id, with their titles."""


def admin_location(organization_id: str) -> Location:
    """The administration of an organisation: the list of its views."""
    return Location(
        "admin",
        organization_id,
        "Administration",
        organization_id,
        parent=("organization", organization_id),
    )


def admin_view_location(organization_id: str, view: str) -> Location:
    """One view of the administration (``members``, ``teams``…; see ADMIN_VIEWS)."""
    return Location(
        "admin-view",
        f"{organization_id}/{view}",
        ADMIN_VIEWS[view],
        organization_id,
        parent=("admin", organization_id),
    )


def admin_view_of(place: Location) -> str:
    """The view an ``admin-view`` place shows: ``members`` of ``org-1/members``."""
    return place.id.rpartition("/")[2]


def admin_view_of_key(key: tuple[str, str]) -> str:
    """The view a place key names: ``access`` of ``("admin-view", "org-1/access")``."""
    return key[1].rpartition("/")[2] if key[0] == "admin-view" else "members"


def member_location(
    organization_id: str, user_id: str, name: str, *, via: str = "members"
) -> Location:
    """A member, held by the administration view it was opened from (Members or Access)."""
    return Location(
        "member",
        f"{organization_id}/{user_id}",
        name,
        organization_id,
        parent=("admin-view", f"{organization_id}/{via}"),
    )


def team_location(organization_id: str, team_id: str, title: str) -> Location:
    return Location(
        "team",
        team_id,
        title,
        organization_id,
        parent=("admin-view", f"{organization_id}/teams"),
    )


def openapi_spec_location(organization_id: str, slug: str, url: str | None = None) -> Location:
    return Location(
        "openapi-spec",
        f"{organization_id}/{slug}",
        slug,
        organization_id,
        parent=("admin-view", f"{organization_id}/openapi"),
        url=url,
    )


# -- end of administration ----------------------------------------------------------------------
# -- review (issue 8) ---------------------------------------------------------------------------


def review_queue_location(organization: Location) -> Location:
    """The review queue of an organisation (``organization`` is its own location)."""
    return Location(
        "review-queue",
        organization.id,
        "Review queue",
        organization.id,
        parent=organization.key,
        url=organization.url,
    )


def thread_location(holder: Location, comment_id: str, title: str) -> Location:
    """A comment thread of a change request or of a space (``holder`` is that place)."""
    return Location(
        "comment-thread",
        comment_id,
        title,
        holder.organization,
        parent=holder.key,
        url=holder.url,
        space=holder.space,
    )


# -- review (issue 8) ends ----------------------------------------------------------------------


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


# -- which screen shows a place -----------------------------------------------------------------

ScreenFactory = Callable[[Location, Focus], "Screen[Any]"]
"""Makes the screen that shows a place, focused on what ``Focus`` names."""


class ScreenRegistry:
    """Kind of place → the screen that shows it; the app fills it, new areas add their kinds."""

    def __init__(self) -> None:
        self._factories: dict[str, ScreenFactory] = {}

    def register(self, kind: str, factory: ScreenFactory) -> None:
        if kind not in KIND_LABELS:
            raise ValueError(f"unknown kind of place {kind!r}: name it in KIND_LABELS first")
        self._factories[kind] = factory

    def __contains__(self, kind: object) -> bool:
        return kind in self._factories

    def screen_for(self, place: Location, focus: Focus | None = None) -> Screen[Any] | None:
        """A new screen showing the place, or None when no screen shows its kind."""
        factory = self._factories.get(place.kind)
        return factory(place, focus or Focus()) if factory is not None else None
