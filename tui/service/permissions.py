"""Provides who may do what on a space or a collection: direct and team permissions, and the
effective role each member gets from them, from the collections above and from the organization.

Permissions are stored as ``content-permission`` (id ``"{content}:{principal}:{subject}"``;
scope: the space or collection id; parent: the user or team id, so that what one user or team
was given is one indexed lookup). Fields: ``content``, ``contentType`` (``space`` or
``collection``), ``organization``, ``principal`` (``user`` or ``team``), ``subject`` (its id) and
``role``.

A member's effective role on a piece of content is the highest of:
- the organization's share: their organization role, unless the content (or the nearest
  collection above it) sets a default level other than ``inherit``, which then applies to every
  member but admins (a level of null gives them nothing); guests get nothing from it;
- each permission given to them, or to a team they are in, on the content itself or on a
  collection above it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .http import ROLES, Ctx
from .store import Doc, Store

__all__ = [
    "Grant",
    "content_chain",
    "effective_roles",
    "grants_on",
    "guest_spaces",
    "higher",
    "member_roles",
    "put_grant",
]

KIND = "content-permission"


@dataclass(frozen=True)
class Grant:
    """Where a member's effective role comes from: ``organization``, or a space or collection
    (``via_team`` set when a team of theirs was given it)."""

    role: str
    source: str  # "organization", "space" or "collection"
    content: str | None = None
    via_team: str | None = None


def rank(role: str | None) -> int:
    return ROLES.index(role) if role in ROLES else -1


def higher(role: str | None, other: str | None) -> str | None:
    return role if rank(role) >= rank(other) else other


def grant_id(content_id: str, principal: str, subject: str) -> str:
    return f"{content_id}:{principal}:{subject}"


def put_grant(
    store: Store, content: Doc, content_type: str, principal: str, subject: str, role: str
) -> None:
    store.put(
        KIND,
        {
            "id": grant_id(content["id"], principal, subject),
            "content": content["id"],
            "contentType": content_type,
            "organization": content["organization"],
            "principal": principal,
            "subject": subject,
            "role": role,
        },
        scope=content["id"],
        parent=subject,
    )


def grants_on(store: Store, content_id: str, principal: str | None = None) -> list[Doc]:
    """The permissions given on one space or collection, oldest first."""
    grants = store.list(KIND, scope=content_id)
    return [g for g in grants if principal is None or g["principal"] == principal]


def content_chain(store: Store, content: Doc, content_type: str) -> list[tuple[str, Doc]]:
    """The content and the collections above it, nearest first."""
    chain = [(content_type, content)]
    seen = {content["id"]}
    parent = content.get("parent")
    while parent and parent not in seen:
        collection = store.get("collection", parent)
        if collection is None:
            break
        seen.add(parent)
        chain.append(("collection", collection))
        parent = collection.get("parent")
    return chain


def member_roles(ctx: Ctx, organization_id: str) -> dict[str, str | None]:
    """Every active member's organization role (None for guests), in the order they joined."""

    def compute() -> dict[str, str | None]:
        return {
            member["user"]: member.get("role")
            for member in ctx.store.list("member", scope=organization_id)
            if not member.get("disabled")
        }

    return ctx.store.derived("member", ("roles", organization_id), compute)


def _team_members(store: Store, team_ids: Iterable[str]) -> dict[str, list[str]]:
    return {
        team_id: [membership["user"] for membership in store.list("team-member", scope=team_id)]
        for team_id in set(team_ids)
    }


def effective_roles(
    ctx: Ctx, content: Doc, content_type: str, only: Iterable[str] | None = None
) -> dict[str, Grant]:
    """Each member's effective role on the content and where it comes from; members who get
    nothing are left out. ``only`` limits the work to some users."""
    organization_id = content["organization"]
    roles = member_roles(ctx, organization_id)
    users = list(roles) if only is None else [user for user in only if user in roles]
    chain = content_chain(ctx.store, content, content_type)
    default = next(
        (
            doc.get("defaultLevel")
            for _, doc in chain
            if doc.get("defaultLevel", "inherit") != "inherit"
        ),
        "inherit",
    )
    result: dict[str, Grant] = {}
    for user in users:
        role = roles[user]
        if role is None:
            continue
        share = role if default == "inherit" or role == "admin" else default
        if share is not None:
            result[user] = Grant(share, "organization")
    wanted = set(users)
    for kind, doc in chain:
        grants = grants_on(ctx.store, doc["id"])
        teams = _team_members(ctx.store, (g["subject"] for g in grants if g["principal"] == "team"))
        for g in grants:
            holders = [g["subject"]] if g["principal"] == "user" else teams.get(g["subject"], [])
            for user in holders:
                if user not in wanted:
                    continue
                current = result.get(user)
                # Ties go to the nearer, more specific grant: the chain is walked nearest first.
                if current is None or rank(g["role"]) > rank(current.role):
                    via = g["subject"] if g["principal"] == "team" else None
                    result[user] = Grant(g["role"], kind, doc["id"], via)
    return result


def guest_spaces(store: Store, member: Doc) -> list[Doc]:
    """The live spaces a guest was given, or a team of theirs was, directly or through a
    collection above."""
    subjects = [member["user"]] + [
        membership["team"] for membership in store.list("team-member", parent=member["id"])
    ]
    given = {g["content"] for subject in subjects for g in store.list(KIND, parent=subject)}
    if not given:
        return []
    return [
        space
        for space in store.list("space", scope=member["organization"])
        if any(doc["id"] in given for _, doc in content_chain(store, space, "space"))
    ]


def content_grant_counts(store: Store, subject: str, content_type: str) -> int:
    """How many pieces of content of a type a user or team was given directly."""
    return sum(1 for g in store.list(KIND, parent=subject) if g["contentType"] == content_type)


def as_origin(grant: Grant, organization_id: str) -> dict[str, Any]:
    """A grant as the official document's pointer to what enforced it."""
    if grant.source == "space" and grant.content:
        return {"type": "space", "space": grant.content}
    return {"type": "organization", "organization": organization_id}
