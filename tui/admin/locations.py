"""Provides the places of the administration (its views, a member, a team, a specification,
who has access to a space or a collection) and ADMIN_VIEWS.

Pure data, like every feature's ``locations.py``: another feature opens a place of the
administration by its location, and the app finds the screen that the administration
registered for it (``tui/admin/registration.py``).
"""

from __future__ import annotations

from ..shell.navigation import Location

__all__ = [
    "ADMIN_VIEWS",
    "admin_location",
    "admin_view_location",
    "admin_view_of",
    "admin_view_of_key",
    "content_access_location",
    "member_location",
    "openapi_spec_location",
    "team_location",
]

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
