"""Provides the administration's registration with the shell: its views, members, teams,
specifications and who has access to a space or a collection, with their screens, and the
views the palette jumps to by name ("members", "teams", "sso"…).

The screens are imported when a place is first opened, not here: the app registers every
feature at start, and the first frame must not wait for them (tests/shell/test_startup.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .locations import ADMIN_VIEWS, admin_view_location, admin_view_of, admin_view_of_key

if TYPE_CHECKING:
    from textual.screen import Screen

    from ..shell.navigation import Focus, Location
    from ..shell.registry import Registry, ViewJump

__all__ = ["PALETTE_VIEWS", "register"]

PALETTE_VIEWS: dict[str, str] = {
    "members": "the organisation's members",
    "teams": "the organisation's teams",
    "sso": "single sign-on",
    "openapi": "OpenAPI specifications",
    "translations": "translations",
    "git": "Git sync",
    "access": "who can … on …?",
    # The Invites view: offered once ADMIN_VIEWS names "invites".
    "invites": "invites and invite links",
    "organization": "the organisation's settings",
}
"""The views the palette jumps to when their name is typed, with what each shows."""


def register(registry: Registry) -> None:
    registry.place("admin", "administration", _admin_screen)
    registry.place("admin-view", "administration", _admin_screen)
    registry.place("member", "member", _admin_screen)
    registry.place("team", "team", _admin_screen)
    registry.place("openapi-spec", "OpenAPI specification", _admin_screen)
    registry.place("content-access", "access", _content_access_screen)
    for view, about in PALETTE_VIEWS.items():
        registry.view(view, about, _jump_to(view))


def _jump_to(view: str) -> ViewJump:
    def jump(organization_id: str, _place: Location | None) -> Location | None:
        return admin_view_location(organization_id, view) if view in ADMIN_VIEWS else None

    return jump


def _admin_screen(place: Location, focus: Focus) -> Screen[Any]:
    """The screen of the administration showing a place (a view, a member, a team…)."""
    from .admin import AdminScreen
    from .admin_access import AccessScreen
    from .admin_git import GitScreen
    from .admin_invites import InvitesScreen
    from .admin_member import MemberScreen
    from .admin_members import MembersScreen
    from .admin_openapi import OpenAPIScreen
    from .admin_openapi_spec import SpecScreen
    from .admin_organization import OrganizationSettingsScreen
    from .admin_sso import SsoScreen
    from .admin_team import TeamScreen
    from .admin_teams import TeamsScreen
    from .admin_translations import TranslationsScreen

    views: dict[str, Callable[[str], Screen[Any]]] = {
        "members": MembersScreen,
        "teams": TeamsScreen,
        "sso": SsoScreen,
        "openapi": OpenAPIScreen,
        "translations": TranslationsScreen,
        "git": GitScreen,
        "organization": OrganizationSettingsScreen,
        "access": AccessScreen,
        "invites": InvitesScreen,
    }
    organization_id = place.organization
    if place.kind == "member":
        via = admin_view_of_key(place.parent) if place.parent else "members"
        return MemberScreen(organization_id, place.id.rpartition("/")[2], via=via)
    if place.kind == "team":
        return TeamScreen(organization_id, place.id)
    if place.kind == "openapi-spec":
        return SpecScreen(organization_id, place.id.rpartition("/")[2])
    if place.kind == "admin-view" and admin_view_of(place) in views:
        return views[admin_view_of(place)](organization_id)
    return AdminScreen(organization_id)


def _content_access_screen(place: Location, focus: Focus) -> Screen[Any]:
    """Who has access to a space or a collection (a site's: tui/sites/registration.py)."""
    from .content_access import ContentAccessScreen

    return ContentAccessScreen(place)
