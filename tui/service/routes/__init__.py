"""Provides the route table of the local service, one module per family of operations."""

from __future__ import annotations

from ..http import Route
from . import (
    change_request_content,
    change_requests,
    collections,
    comments,
    content,
    git,
    invites,
    members,
    openapi,
    organizations,
    permissions,
    reviews,
    revisions,
    site_structure,
    sites,
    spaces,
    sso,
    teams,
    translations,
    users,
)

__all__ = ["ALL_ROUTES"]

ALL_ROUTES: list[Route] = [
    route
    for module in (
        users,
        organizations,
        collections,
        spaces,
        content,
        change_requests,
        change_request_content,
        revisions,
        reviews,
        comments,
        sites,
        site_structure,
        members,
        teams,
        permissions,
        invites,
        sso,
        openapi,
        translations,
        git,
    )
    for route in module.routes.routes
]
