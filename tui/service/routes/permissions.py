"""Provides the routes of permissions on spaces and collections (give users or teams a role,
list, change, remove, and everyone's effective role) and the aggregate of a site's."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal

from pydantic import Field

from ..http import ROLES, Body, Ctx, HttpError, RouteTable, not_found
from ..permissions import (
    Grant,
    as_origin,
    effective_roles,
    grant_id,
    grants_on,
    member_roles,
    put_grant,
    rank,
)
from ..records import find_collection, find_space, user_ref
from ..store import Doc
from .site_records import find_site
from .teams import team_json

routes = RouteTable()

Role = Literal["admin", "create", "review", "edit", "comment", "read"]
_ROLE_LIST = ", ".join(reversed(ROLES))


class Invite(Body):
    role: Role | None
    users: Annotated[list[str], Field(min_length=1, max_length=1000)] | None = None
    teams: Annotated[list[str], Field(min_length=1, max_length=1000)] | None = None


class RoleUpdate(Body):
    role: Role | None


def _role_of(role: str | None) -> str:
    """Content permissions need a role: a guest's null means nothing on a space."""
    if role is None:
        raise HttpError(400, f"Invalid request: `role` must be one of {_ROLE_LIST}.")
    return role


# -- finding the content and checking the caller ---------------------------------------------


Finder = Callable[[Ctx, str], Doc]


def _space(ctx: Ctx, space_id: str) -> Doc:
    return find_space(ctx, space_id)


def _collection(ctx: Ctx, collection_id: str) -> Doc:
    return find_collection(ctx, collection_id)


def _require_admin(ctx: Ctx, content: Doc, content_type: str) -> None:
    """Changing who has access takes the admin role on the content (from any source)."""
    grant = effective_roles(ctx, content, content_type, only=[ctx.caller["id"]]).get(
        ctx.caller["id"]
    )
    if grant is None or grant.role != "admin":
        held = grant.role if grant else ctx.role_in(content["organization"]) or "none"
        raise HttpError(
            403,
            f"Your role ({held}) does not allow you to change who has access to this "
            f"{content_type}; it needs the admin role.",
        )


def _user(ctx: Ctx, content: Doc, user_id: str) -> str:
    if user_id not in member_roles(ctx, content["organization"]):
        raise not_found("The user")
    return user_id


def _team(ctx: Ctx, content: Doc, team_id: str) -> Doc:
    team = ctx.store.get("team", team_id)
    if team is None or team["organization"] != content["organization"]:
        raise not_found("The team")
    return team


# -- one set of handlers for both kinds of content -------------------------------------------


def _invite(ctx: Ctx, content: Doc, content_type: str) -> None:
    _require_admin(ctx, content, content_type)
    invite = ctx.parse(Invite)
    role = _role_of(invite.role)
    if not invite.users and not invite.teams:
        raise HttpError(400, "Invalid request: give `users` or `teams` (at least one id).")
    users = [_user(ctx, content, user_id) for user_id in invite.users or []]
    teams = [_team(ctx, content, team_id)["id"] for team_id in invite.teams or []]
    for user_id in users:
        put_grant(ctx.store, content, content_type, "user", user_id, role)
    for team_id in teams:
        put_grant(ctx.store, content, content_type, "team", team_id, role)


def _list_users(ctx: Ctx, content: Doc) -> dict[str, Any]:
    return ctx.paginate(
        grants_on(ctx.store, content["id"], "user"),
        lambda g: {"permission": g["role"], "user": user_ref(ctx, g["subject"])},
    )


def _list_teams(ctx: Ctx, content: Doc) -> dict[str, Any]:
    grants = [
        g
        for g in grants_on(ctx.store, content["id"], "team")
        if ctx.store.get("team", g["subject"])
    ]
    return ctx.paginate(
        grants,
        lambda g: {
            "permission": g["role"],
            "team": team_json(ctx, ctx.store.get("team", g["subject"]) or {}),
        },
    )


def _aggregate(ctx: Ctx, content: Doc, content_type: str) -> dict[str, Any]:
    role = ctx.q_enum("role", ROLES)
    grants = effective_roles(ctx, content, content_type)
    rows = [(user, grant) for user, grant in grants.items() if role is None or grant.role == role]
    return ctx.paginate(
        [{"user": user, "role": grant.role} for user, grant in rows],
        lambda row: {"permission": row["role"], "user": user_ref(ctx, row["user"])},
    )


def _update(ctx: Ctx, content: Doc, content_type: str, principal: str, subject: str) -> None:
    _require_admin(ctx, content, content_type)
    role = _role_of(ctx.parse(RoleUpdate).role)
    if principal == "user":
        _user(ctx, content, subject)
    else:
        _team(ctx, content, subject)
    put_grant(ctx.store, content, content_type, principal, subject, role)


def _remove(ctx: Ctx, content: Doc, content_type: str, principal: str, subject: str) -> None:
    _require_admin(ctx, content, content_type)
    # 205 when a permission was removed; 204 (the route's status) when there was none.
    if ctx.store.delete("content-permission", grant_id(content["id"], principal, subject)):
        ctx.status = 205


def _register(prefix: str, param: str, content_type: str, find: Finder) -> None:
    """The eight routes of one kind of content; ``param`` is the official name of its id."""
    base = f"/v1/{prefix}/{{{param}}}/permissions"

    @routes.post(base, status=204)
    def invite(ctx: Ctx, **ids: str) -> None:
        _invite(ctx, find(ctx, ids[param]), content_type)

    @routes.get(base + "/users")
    def list_users(ctx: Ctx, **ids: str) -> dict[str, Any]:
        return _list_users(ctx, find(ctx, ids[param]))

    @routes.get(base + "/teams")
    def list_teams(ctx: Ctx, **ids: str) -> dict[str, Any]:
        return _list_teams(ctx, find(ctx, ids[param]))

    @routes.get(base + "/aggregate")
    def aggregate(ctx: Ctx, **ids: str) -> dict[str, Any]:
        return _aggregate(ctx, find(ctx, ids[param]), content_type)

    @routes.patch(base + "/users/{userId}", status=204)
    def update_user(ctx: Ctx, userId: str, **ids: str) -> None:
        _update(ctx, find(ctx, ids[param]), content_type, "user", userId)

    @routes.patch(base + "/teams/{teamId}", status=204)
    def update_team(ctx: Ctx, teamId: str, **ids: str) -> None:
        _update(ctx, find(ctx, ids[param]), content_type, "team", teamId)

    @routes.delete(base + "/users/{userId}")
    def remove_user(ctx: Ctx, userId: str, **ids: str) -> None:
        _remove(ctx, find(ctx, ids[param]), content_type, "user", userId)

    @routes.delete(base + "/teams/{teamId}")
    def remove_team(ctx: Ctx, teamId: str, **ids: str) -> None:
        content = find(ctx, ids[param])
        _team(ctx, content, teamId)
        _remove(ctx, content, content_type, "team", teamId)


_register("spaces", "spaceId", "space", _space)
_register("collections", "collectionId", "collection", _collection)


# -- sites ------------------------------------------------------------------------------------


@routes.get("/v1/orgs/{organizationId}/sites/{siteId}/permissions/aggregate")
def site_aggregate(ctx: Ctx, organizationId: str, siteId: str) -> dict[str, Any]:
    """Everyone who can reach the site: through their organization role, or through a higher
    role on one of its spaces (given there or on a collection above it)."""
    site = find_site(ctx, organizationId, siteId)
    best: dict[str, Grant] = {
        user: Grant(role, "organization")
        for user, role in member_roles(ctx, organizationId).items()
        if role is not None
    }
    for site_space in ctx.store.list("site-space", scope=site["id"]):
        space = ctx.store.get("space", site_space.get("space") or "")
        if space is None or space.get("deletedAt"):
            continue
        for user, grant in effective_roles(ctx, space, "space").items():
            current = best.get(user)
            if current is None or rank(grant.role) > rank(current.role):
                source = "organization" if grant.source == "organization" else "space"
                best[user] = Grant(grant.role, source, space["id"])
    return ctx.paginate(
        [{"user": user, "grant": grant} for user, grant in best.items()],
        lambda row: {
            "permission": row["grant"].role,
            "user": user_ref(ctx, row["user"]),
            "origin": as_origin(row["grant"], organizationId),
        },
    )
