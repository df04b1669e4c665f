"""Provides the core records of the local service (users, organizations, members, collections,
spaces): how they are stored, found and written out as the API shows them."""

from __future__ import annotations

from typing import Any

from .http import ROLES, Ctx, HttpError, not_found
from .permissions import guest_spaces
from .store import Doc, Store

__all__ = [
    "APP_URL",
    "collection_json",
    "find_collection",
    "find_organization",
    "find_space",
    "member_json",
    "organization_json",
    "recount_space",
    "space_json",
    "user_json",
]

APP_URL = "https://app.gitbook.com"
PUBLISHED_URL = "https://docs.example.com"


# -- users ------------------------------------------------------------------------------------


def user_json(ctx: Ctx, user: Doc) -> dict[str, Any]:
    result = {
        "object": "user",
        "id": user["id"],
        "displayName": user["displayName"],
        "urls": {"location": ctx.api_url(f"/v1/users/{user['id']}")},
    }
    if user.get("email"):
        result["email"] = user["email"]
    if user.get("photoURL"):
        result["photoURL"] = user["photoURL"]
    return result


def user_ref(ctx: Ctx, user_id: str) -> dict[str, Any]:
    """The embedded User for an id, even when the user has since left."""
    user = ctx.store.get("user", user_id) or {"id": user_id, "displayName": "Former member"}
    return user_json(ctx, user)


# -- organizations ----------------------------------------------------------------------------


def find_organization(ctx: Ctx, organization_id: str, needed: str = "read") -> Doc:
    """The organization, if the caller is a member with at least ``needed``."""
    organization = ctx.store.get("organization", organization_id)
    if organization is None or ctx.role_in(organization_id) is None:
        raise not_found("The organization")
    ctx.require(organization_id, needed)
    return organization


def organization_json(ctx: Ctx, organization: Doc) -> dict[str, Any]:
    org_id = organization["id"]
    admin = ctx.can(org_id, "admin")
    create = ctx.can(org_id, "create")
    member = ctx.role_in(org_id) is not None
    result: dict[str, Any] = {
        "object": "organization",
        "id": org_id,
        "title": organization["title"],
        "createdAt": organization["createdAt"],
        "emailDomains": organization.get("emailDomains", []),
        "type": organization.get("type", "business"),
        "useCase": organization.get("useCase", "internalDocs"),
        "defaultRole": organization.get("defaultRole"),
        "sso": organization.get("sso", False),
        "ai": organization.get("ai", True),
        "inviteLinks": organization.get("inviteLinks", True),
        "plan": organization.get("plan", "pro_2024"),
        "mergeRules": {"type": "none"},
        "trial": {"status": "notapplicable"},
        "urls": {
            "location": ctx.api_url(f"/v1/orgs/{org_id}"),
            "app": f"{APP_URL}/o/{org_id}/",
        },
        "permissions": {
            "view": member,
            "admin": admin,
            "ownTeam": admin,
            "createContent": create,
            "createOpenAPISpec": admin,
            "ingestConversations": admin,
            "viewBilling": admin,
            "listMembers": member,
            "listTeams": member,
            "listIntegrations": admin,
            "listInstallations": admin,
            "installIntegration": admin,
        },
    }
    for key in ("hostname", "communityType", "customHostname"):
        if organization.get(key):
            result[key] = organization[key]
    if organization.get("defaultContent"):
        result["defaultContent"] = organization["defaultContent"]
    if organization.get("logo"):
        result["urls"]["logo"] = organization["logo"]
    return result


# -- members ----------------------------------------------------------------------------------


def member_json(ctx: Ctx, member: Doc) -> dict[str, Any]:
    """A Member; its ``spaces`` and ``teams`` counts are computed, never stored.

    A member with a role reaches every live space of the organization; a guest, the spaces
    given to them (or a team of theirs); a disabled member, none.
    """
    organization_id = member["organization"]
    user = ctx.store.get("user", member["user"]) or {"id": member["user"], "displayName": "?"}
    reaches_spaces = bool(member.get("role")) and not member.get("disabled")
    result = {
        "object": "member",
        "id": member["user"],
        "role": member.get("role"),
        "user": user_json(ctx, user),
        "disabled": member.get("disabled", False),
        "joinedAt": member["joinedAt"],
        "sso": member.get("sso", False),
        "spaces": (
            ctx.once(
                ("live spaces", organization_id),
                lambda: ctx.store.count("space", scope=organization_id),
            )
            if reaches_spaces
            else 0
            if member.get("disabled")
            else len(guest_spaces(ctx.store, member))
        ),
        "teams": ctx.store.count("team-member", parent=f"{organization_id}:{member['user']}"),
    }
    if member.get("lastSeenAt"):
        result["lastSeenAt"] = member["lastSeenAt"]
    return result


# -- collections ------------------------------------------------------------------------------


def find_collection(ctx: Ctx, collection_id: str, needed: str = "read") -> Doc:
    collection = ctx.store.get("collection", collection_id)
    if collection is None or ctx.role_in(collection["organization"]) is None:
        raise not_found("The collection")
    ctx.require(collection["organization"], needed)
    return collection


def collection_json(ctx: Ctx, collection: Doc) -> dict[str, Any]:
    org_id = collection["organization"]
    admin = ctx.can(org_id, "admin")
    result: dict[str, Any] = {
        "object": "collection",
        "id": collection["id"],
        "title": collection["title"],
        "organization": org_id,
        "defaultLevel": collection.get("defaultLevel"),
        "urls": {
            "location": ctx.api_url(f"/v1/collections/{collection['id']}"),
            "app": f"{APP_URL}/o/{org_id}/c/{collection['id']}",
        },
        "permissions": {
            "view": True,
            "admin": admin,
            "viewInviteLinks": admin,
            "create": ctx.can(org_id, "create"),
        },
    }
    if collection.get("description"):
        result["description"] = collection["description"]
    if collection.get("parent"):
        result["parent"] = collection["parent"]
    return result


# -- spaces -----------------------------------------------------------------------------------


def find_space(ctx: Ctx, space_id: str, needed: str = "read", *, deleted: bool = False) -> Doc:
    """The space, refusing a deleted one unless ``deleted`` is asked for."""
    space = ctx.store.get("space", space_id)
    if space is None or ctx.role_in(space["organization"]) is None:
        raise not_found("The space")
    if bool(space.get("deletedAt")) != deleted:
        raise not_found("The space" if not deleted else "A deleted space with this id")
    ctx.require(space["organization"], needed)
    return space


def require_unlocked(space: Doc) -> None:
    """A locked space refuses every edit of its content."""
    if space.get("editMode") == "locked":
        raise HttpError(
            403, "This space is locked: all edits are blocked until its edit mode is set to live."
        )


def _space_permissions(ctx: Ctx, organization_id: str) -> dict[str, bool]:
    """What the caller may do in every space of an organization (computed once per request)."""

    def compute() -> dict[str, bool]:
        role = ctx.role_in(organization_id)
        rank = ROLES.index(role) if role in ROLES else -1
        viewer = rank >= 0 or role == "guest"
        admin = rank >= ROLES.index("admin")
        edit = rank >= ROLES.index("edit")
        review = rank >= ROLES.index("review")
        return {
            "view": viewer,
            "access": viewer,
            "admin": admin,
            "viewInviteLinks": admin,
            "edit": edit,
            "triggerGitSync": edit,
            "comment": rank >= ROLES.index("comment"),
            "merge": review,
            "review": review,
            "installIntegration": admin,
        }

    return ctx.once(("space permissions", organization_id), compute)


def space_json(ctx: Ctx, space: Doc) -> dict[str, Any]:
    org_id = space["organization"]
    slug = space.get("slug") or space["id"]
    result: dict[str, Any] = {
        "object": "space",
        "id": space["id"],
        "title": space["title"],
        "emoji": space.get("emoji", ""),
        "visibility": space.get("visibility", "private"),
        "createdAt": space["createdAt"],
        "updatedAt": space["updatedAt"],
        "editMode": space.get("editMode", "live"),
        "mergeRules": {"type": "inherit"},
        "organization": org_id,
        "language": space.get("language", "en"),
        "revision": space["revision"],
        "defaultLevel": space.get("defaultLevel", "inherit"),
        "comments": space.get("comments", 0),
        "changeRequests": space.get("changeRequests", 0),
        "changeRequestsOpen": space.get("changeRequestsOpen", 0),
        "changeRequestsDraft": space.get("changeRequestsDraft", 0),
        "urls": {
            "location": ctx.api_url(f"/v1/spaces/{space['id']}"),
            "app": f"{APP_URL}/o/{org_id}/s/{space['id']}/",
        },
        # A copy: a caller may change one space's answer without changing the others'.
        "permissions": dict(_space_permissions(ctx, org_id)),
    }
    if space.get("visibility", "private") != "private":
        result["urls"]["published"] = f"{PUBLISHED_URL}/{slug}/"
    if space.get("visibility") == "public":
        result["urls"]["public"] = f"{PUBLISHED_URL}/{slug}/"
    for key in ("parent", "deletedAt", "gitSync", "visitorAuth"):
        if space.get(key):
            result[key] = space[key]
    return result


def recount_space(store: Store, space_id: str) -> None:
    """Refresh the counts a space shows of its open comments and change requests."""
    space = store.get("space", space_id)
    if space is None:
        return
    requests = store.list("change-request", scope=space_id)
    space["changeRequests"] = len(requests)
    space["changeRequestsOpen"] = sum(1 for cr in requests if cr.get("status") == "open")
    space["changeRequestsDraft"] = sum(1 for cr in requests if cr.get("status") == "draft")
    space["comments"] = sum(
        1
        for comment in store.list("comment", scope=space_id, parent="space")
        if comment.get("status") != "resolved"
    )
    store.put("space", space, scope=space["organization"], parent=space.get("parent"))


# -- ordering ---------------------------------------------------------------------------------


def reorder(
    store: Store,
    kind: str,
    siblings: list[str],
    moved: str,
    *,
    before: str | None = None,
    after: str | None = None,
) -> None:
    """Place ``moved`` among ``siblings`` before or after an anchor, and make it so in the store.

    Refuses with 400 an anchor that is not a sibling, or the moved item itself.
    """
    order = [item for item in siblings if item != moved]
    index = len(order)
    for anchor, offset in ((before, 0), (after, 1)):
        if anchor is None:
            continue
        if anchor == moved or anchor not in order:
            raise HttpError(400, "Invalid position: the anchor is not a sibling of the moved item.")
        index = order.index(anchor) + offset
        break
    order.insert(index, moved)
    store.set_order(kind, order)
