"""Provides the routes of organization members: list, read, change role, remove, mark as SSO,
the last-seen ping, and a member's spaces and teams.

Members are stored as ``member`` (id ``"{org}:{user}"``; scope: organization; parent: user).
"""

from __future__ import annotations

import base64
import hashlib
import json
from typing import Any, Literal

from ..http import ROLES, Body, Ctx, HttpError, RouteTable, not_found, parse_iso
from ..permissions import effective_roles, guest_spaces
from ..records import find_organization, member_json, space_json
from ..store import Doc
from .teams import team_json

routes = RouteTable()

Role = Literal["admin", "create", "review", "edit", "comment", "read"]
ORDERS = ("asc", "desc")


class MemberUpdate(Body):
    role: Role | None = None


def _save(ctx: Ctx, member: Doc) -> None:
    ctx.store.put("member", member, scope=member["organization"], parent=member["user"])


def _find_member(ctx: Ctx, organization_id: str, user_id: str, needed: str = "read") -> Doc:
    find_organization(ctx, organization_id, needed)
    member = ctx.store.get("member", f"{organization_id}:{user_id}")
    if member is None:
        raise not_found("The member")
    return member


def _display_name(ctx: Ctx, user_id: str) -> str:
    user = ctx.store.get("user", user_id)
    return user["displayName"] if user else user_id


def _refuse_losing_last_admin(ctx: Ctx, member: Doc, action: str) -> None:
    """An organization always keeps at least one active admin."""
    if member.get("role") != "admin" or member.get("disabled"):
        return
    admins = [
        other
        for other in ctx.store.list("member", scope=member["organization"])
        if other.get("role") == "admin" and not other.get("disabled")
    ]
    if len(admins) <= 1:
        raise HttpError(
            400,
            f"{_display_name(ctx, member['user'])} is the organization's last admin and cannot be "
            f"{action}: make another member an admin first.",
        )


def _matches(ctx: Ctx, member: Doc, text: str) -> bool:
    user = ctx.store.get("user", member["user"]) or {}
    return any(text in (user.get(key) or "").lower() for key in ("displayName", "email"))


@routes.get("/v1/orgs/{organizationId}/members")
def list_members(ctx: Ctx, organizationId: str) -> dict[str, Any]:
    find_organization(ctx, organizationId)
    order = ctx.q_enum("order", ORDERS, "desc")
    sort = ctx.q_enum("sort", ("joinedAt", "lastSeenAt"), "joinedAt") or "joinedAt"
    role = ctx.q_enum("role", (*ROLES, "guest"))
    search = (ctx.q_str("search") or "").strip().lower()
    members = ctx.store.list("member", scope=organizationId)
    if role is not None:
        wanted = None if role == "guest" else role
        members = [member for member in members if member.get("role") == wanted]
    if search:
        members = [member for member in members if _matches(ctx, member, search)]
    if sort == "lastSeenAt":
        # Sorting by last seen lists only the members who have been seen at all.
        members = [member for member in members if member.get("lastSeenAt")]
    members.sort(
        key=lambda member: (parse_iso(member[sort]), member["user"]), reverse=order == "desc"
    )
    return ctx.paginate(members, lambda member: member_json(ctx, member))


@routes.get("/v1/orgs/{organizationId}/members/{userId}")
def get_member(ctx: Ctx, organizationId: str, userId: str) -> dict[str, Any]:
    return member_json(ctx, _find_member(ctx, organizationId, userId))


@routes.patch("/v1/orgs/{organizationId}/members/{userId}")
def update_member(ctx: Ctx, organizationId: str, userId: str) -> dict[str, Any]:
    member = _find_member(ctx, organizationId, userId, "admin")
    update = ctx.parse(MemberUpdate)
    if update.given("role") and update.role != member.get("role"):
        if update.role != "admin":
            _refuse_losing_last_admin(ctx, member, "demoted")
        member["role"] = update.role
        _save(ctx, member)
    return member_json(ctx, member)


@routes.delete("/v1/orgs/{organizationId}/members/{userId}")
def remove_member(ctx: Ctx, organizationId: str, userId: str) -> None:
    # Anyone may leave an organization; removing someone else takes an admin.
    needed = "read" if userId == ctx.caller["id"] else "admin"
    find_organization(ctx, organizationId, needed)
    member = ctx.store.get("member", f"{organizationId}:{userId}")
    if member is None:
        return
    _refuse_losing_last_admin(ctx, member, "removed")
    ctx.store.delete_where("team-member", parent=member["id"])
    ctx.store.delete("member", member["id"])


def _visitor_claims(ctx: Ctx, member: Doc) -> str:
    """An opaque token of claims about the caller, shaped like an unsigned-looking JWT."""

    def encode(value: dict[str, Any]) -> str:
        raw = json.dumps(value, separators=(",", ":"), sort_keys=True).encode()
        return base64.urlsafe_b64encode(raw).decode().rstrip("=")

    header = encode({"alg": "HS256", "typ": "JWT"})
    payload = encode(
        {
            "sub": member["user"],
            "org": member["organization"],
            "role": member.get("role") or "guest",
            "iat": int(ctx.now_dt().timestamp()),
        }
    )
    signature = (
        base64.urlsafe_b64encode(hashlib.sha256(f"{header}.{payload}".encode()).digest())
        .decode()
        .rstrip("=")
    )
    return f"{header}.{payload}.{signature}"


@routes.post("/v1/orgs/{organizationId}/ping")
def ping(ctx: Ctx, organizationId: str) -> dict[str, Any]:
    member = _find_member(ctx, organizationId, ctx.caller["id"])
    member["lastSeenAt"] = ctx.now()
    _save(ctx, member)
    return {"serviceVisitorClaims": _visitor_claims(ctx, member)}


@routes.post("/v1/orgs/{organizationId}/members/{userId}/sso")
def mark_sso_member(ctx: Ctx, organizationId: str, userId: str) -> dict[str, Any]:
    member = _find_member(ctx, organizationId, userId, "admin")
    member["sso"] = True
    _save(ctx, member)
    return member_json(ctx, member)


def accessible_spaces(ctx: Ctx, member: Doc) -> list[Doc]:
    """The spaces a member can open: every live space of the organization for anyone with a
    role; for a guest, those given to them or to a team of theirs, directly or through a
    collection above; none for a disabled member. ``member_json`` counts them the same way."""
    if member.get("disabled"):
        return []
    if member.get("role"):
        return ctx.store.list("space", scope=member["organization"])
    return guest_spaces(ctx.store, member)


def _space_role(ctx: Ctx, member: Doc, space: Doc) -> str | None:
    grant = effective_roles(ctx, space, "space", only=[member["user"]]).get(member["user"])
    return grant.role if grant else member.get("role")


@routes.get("/v1/orgs/{organizationId}/members/{userId}/spaces")
def list_member_spaces(ctx: Ctx, organizationId: str, userId: str) -> dict[str, Any]:
    member = _find_member(ctx, organizationId, userId)
    order = ctx.q_enum("order", ORDERS, "desc")
    spaces = accessible_spaces(ctx, member)
    spaces.sort(
        key=lambda space: (parse_iso(space["createdAt"]), space["id"]), reverse=order == "desc"
    )
    return ctx.paginate(
        spaces,
        lambda space: {
            "permission": _space_role(ctx, member, space),
            "space": space_json(ctx, space),
        },
    )


@routes.get("/v1/orgs/{organizationId}/members/{userId}/teams")
def list_member_teams(ctx: Ctx, organizationId: str, userId: str) -> dict[str, Any]:
    member = _find_member(ctx, organizationId, userId)
    title = (ctx.q_str("title") or "").lower()
    found: list[Doc] = []
    for membership in ctx.store.list("team-member", parent=member["id"]):
        team = ctx.store.get("team", membership["team"])
        if team is not None and title in team["title"].lower():
            found.append({"team": team, "role": membership["role"]})
    return ctx.paginate(
        found, lambda item: {"team": team_json(ctx, item["team"]), "member": {"role": item["role"]}}
    )
