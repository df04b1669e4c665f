"""Provides the routes of invitations: inviting people to an organization by e-mail, and invite
links to the organization, a space or a collection (list, create, read, change the role).

Invited addresses become members at once, with the role asked for (the official document says
the answer lists "the users who were added to the organization"); an address without an account
gets one, named after the address. Invite links are stored as ``invite`` (scope: organization),
with ``role`` for the organization or ``level`` and ``space`` or ``collection``.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import Field

from ..http import Body, Ctx, HttpError, RouteTable, not_found
from ..permissions import effective_roles, rank
from ..records import collection_json, find_organization, space_json
from ..store import Doc

routes = RouteTable()

Role = Literal["admin", "create", "review", "edit", "comment", "read"]
Email = Annotated[str, Field(min_length=3, max_length=254)]
# One @, something on each side, a dot in the domain and no spaces: what a mail server needs.
_EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s.]+")


class EmailWithRole(Body):
    email: Email
    role: Role | None


class InviteUsers(Body):
    emails: Annotated[list[Email | EmailWithRole], Field(min_length=1, max_length=1000)]
    role: Role | None = None
    sso: bool | None = None


class InviteToOrganization(Body):
    role: Role | None


class InviteToSpace(Body):
    level: Role | None
    space: str


class InviteToCollection(Body):
    level: Role | None
    collection: str


class InviteRole(Body):
    role: Role | None = None
    level: Role | None = None


# -- inviting by e-mail -----------------------------------------------------------------------


def _users_by_email(ctx: Ctx) -> dict[str, Doc]:
    def compute() -> dict[str, Doc]:
        return {user["email"].lower(): user for user in ctx.store.list("user") if user.get("email")}

    return ctx.store.derived("user", "by-email", compute)


@routes.post("/v1/orgs/{organizationId}/invites")
def invite_users(ctx: Ctx, organizationId: str) -> dict[str, Any]:
    organization = find_organization(ctx, organizationId, "admin")
    invite = ctx.parse(InviteUsers)
    default = invite.role if invite.given("role") else organization.get("defaultRole")
    wanted: dict[str, str | None] = {}
    for entry in invite.emails:
        email, role = (entry, default) if isinstance(entry, str) else (entry.email, entry.role)
        email = email.strip()
        if not _EMAIL.fullmatch(email):
            raise HttpError(400, f"Invalid request: `{email}` is not an e-mail address.")
        wanted.setdefault(email.lower(), role)
    added: list[str] = []
    failed_sso: list[str] = []
    known = _users_by_email(ctx)
    for email, role in wanted.items():
        user = known.get(email)
        if user is None:
            user = {"id": ctx.store.new_id("user"), "displayName": email, "email": email}
            ctx.store.put("user", user)
        elif ctx.store.get("member", f"{organizationId}:{user['id']}") is not None:
            continue  # already a member: nothing to add
        sso = bool(invite.sso)
        if sso and any(
            m["organization"] != organizationId for m in ctx.store.list("member", parent=user["id"])
        ):
            failed_sso.append(email)
            sso = False
        ctx.store.put(
            "member",
            {
                "id": f"{organizationId}:{user['id']}",
                "organization": organizationId,
                "user": user["id"],
                "role": role,
                "joinedAt": ctx.now(),
                "disabled": False,
                "sso": sso,
            },
            scope=organizationId,
            parent=user["id"],
        )
        added.append(user["id"])
    result: dict[str, Any] = {"users": added, "invited": len(added)}
    if failed_sso:
        result["failedSSOEmails"] = failed_sso
    return result


# -- invite links -----------------------------------------------------------------------------


def _redundant(ctx: Ctx, invite: Doc) -> bool:
    """Whether the caller already has everything the link grants."""
    me = ctx.caller["id"]
    if "space" in invite or "collection" in invite:
        kind = "space" if "space" in invite else "collection"
        content = ctx.store.get(kind, invite[kind])
        grant = effective_roles(ctx, content, kind, only=[me]).get(me) if content else None
        return grant is not None and rank(grant.role) >= rank(invite.get("level"))
    role = ctx.role_in(invite["organization"])
    return role is not None and rank(None if role == "guest" else role) >= rank(invite.get("role"))


def _invite_json(ctx: Ctx, invite: Doc) -> dict[str, Any]:
    result: dict[str, Any] = {
        "object": "invite",
        "id": invite["id"],
        "redundant": _redundant(ctx, invite),
    }
    space = ctx.store.get("space", invite["space"]) if "space" in invite else None
    collection = (
        ctx.store.get("collection", invite["collection"]) if "collection" in invite else None
    )
    # Every link has a `role` in the organization (the listing's schema requires it): a link
    # to a space or a collection makes its follower a guest there, with `level` on the content.
    result["role"] = invite.get("role")
    if space is not None:
        result.update(level=invite.get("level"), space=space_json(ctx, space))
    elif collection is not None:
        result.update(level=invite.get("level"), collection=collection_json(ctx, collection))
    return result


def _live_invites(ctx: Ctx, organization_id: str) -> list[Doc]:
    """The organization's links, less those whose space or collection is gone."""
    found = []
    for invite in ctx.store.list("invite", scope=organization_id):
        target = ctx.store.get("space", invite["space"]) if "space" in invite else None
        if "collection" in invite:
            target = ctx.store.get("collection", invite["collection"])
        if ("space" in invite or "collection" in invite) and (
            target is None or target.get("deletedAt")
        ):
            continue
        found.append(invite)
    return found


def _find_invite(ctx: Ctx, organization_id: str, invite_id: str) -> Doc:
    invite = ctx.store.get("invite", invite_id)
    if invite is None or invite.get("organization") != organization_id:
        raise not_found("The invite")
    return invite


def _target(ctx: Ctx, organization_id: str, kind: str, target_id: str) -> Doc:
    target = ctx.store.get(kind, target_id)
    if target is None or target.get("organization") != organization_id or target.get("deletedAt"):
        raise HttpError(
            400, f"Invalid request: no {kind} with id `{target_id}` in this organization."
        )
    return target


@routes.get("/v1/orgs/{organizationId}/link-invites")
def list_invite_links(ctx: Ctx, organizationId: str) -> dict[str, Any]:
    find_organization(ctx, organizationId, "admin")
    return ctx.paginate(_live_invites(ctx, organizationId), lambda i: _invite_json(ctx, i))


@routes.post("/v1/orgs/{organizationId}/link-invites", status=201)
def create_invite_link(ctx: Ctx, organizationId: str) -> dict[str, Any]:
    find_organization(ctx, organizationId, "admin")
    body = ctx.body if isinstance(ctx.body, dict) else {}
    invite: Doc = {"id": ctx.store.new_id("invite"), "organization": organizationId}
    if "space" in body:
        to_space = ctx.parse(InviteToSpace)
        invite.update(
            level=to_space.level, space=_target(ctx, organizationId, "space", to_space.space)["id"]
        )
    elif "collection" in body:
        to_collection = ctx.parse(InviteToCollection)
        target = _target(ctx, organizationId, "collection", to_collection.collection)
        invite.update(level=to_collection.level, collection=target["id"])
    else:
        invite["role"] = ctx.parse(InviteToOrganization).role
    invite["createdAt"] = ctx.now()
    ctx.store.put("invite", invite, scope=organizationId)
    return _invite_json(ctx, invite)


@routes.get("/v1/orgs/{organizationId}/link-invites/{inviteId}")
def get_invite_link(ctx: Ctx, organizationId: str, inviteId: str) -> dict[str, Any]:
    find_organization(ctx, organizationId, "admin")
    return _invite_json(ctx, _find_invite(ctx, organizationId, inviteId))


@routes.patch("/v1/orgs/{organizationId}/link-invites/{inviteId}")
def update_invite_link(ctx: Ctx, organizationId: str, inviteId: str) -> dict[str, Any]:
    find_organization(ctx, organizationId, "admin")
    invite = _find_invite(ctx, organizationId, inviteId)
    update = ctx.parse(InviteRole)
    content_link = "space" in invite or "collection" in invite
    field = "level" if content_link else "role"
    if not update.given(field):
        other = "role" if content_link else "level"
        if update.given(other):
            raise HttpError(
                400,
                f"Invalid request: this link gives a {'level on its content' if content_link else 'role in the organization'}; send `{field}`, not `{other}`.",
            )
        raise HttpError(400, f"Invalid request: `{field}` is required.")
    invite[field] = getattr(update, field)
    ctx.store.put("invite", invite, scope=organizationId)
    return _invite_json(ctx, invite)
