"""Provides the routes of teams and their members: list, create, read, rename, delete, and the
ways of changing who is in a team.

Stored as ``team`` (scope: organization id; fields organization, title, createdAt) and
``team-member`` (id ``"{team}:{user}"``; scope: team id; parent ``"{org}:{user}"``, so that a
member's teams are one indexed lookup; fields team, user, organization, role). A team is managed
by the organization's admins and by its own owners.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from ..http import Body, Ctx, HttpError, RouteTable, not_found
from ..permissions import content_grant_counts
from ..records import find_organization, member_json
from ..store import Doc

__all__ = [
    "can_manage_team",
    "find_team",
    "resolve_members",
    "routes",
    "team_json",
]

routes = RouteTable()

TeamRole = Literal["owner", "member"]
TeamTitle = Annotated[str, Field(min_length=1, max_length=64)]


class TeamCreate(Body):
    title: TeamTitle
    members: list[str] | None = None


class TeamRename(Body):
    title: TeamTitle


class TeamMembership(Body):
    role: TeamRole


class TeamMemberPut(Body):
    role: TeamRole = "member"


class TeamMembersUpdate(Body):
    add: list[str] | None = None
    remove: list[str] | None = None
    memberships: dict[str, TeamMembership] | None = None


# -- records shared with members and SSO ------------------------------------------------------


def _member_key(organization_id: str, user_id: str) -> str:
    return f"{organization_id}:{user_id}"


def can_manage_team(ctx: Ctx, team: Doc, user_id: str | None = None) -> bool:
    """Whether a user (the caller by default) may rename the team and change its members."""
    organization_id = team["organization"]
    if user_id is None or user_id == ctx.caller["id"]:
        if ctx.can(organization_id, "admin"):
            return True
        user_id = ctx.caller["id"]
    else:
        member = ctx.store.get("member", _member_key(organization_id, user_id))
        if member is None or member.get("disabled"):
            return False
        if member.get("role") == "admin":
            return True
    membership = ctx.store.get("team-member", f"{team['id']}:{user_id}")
    return membership is not None and membership.get("role") == "owner"


def team_json(ctx: Ctx, team: Doc) -> dict[str, Any]:
    return {
        "object": "team",
        "id": team["id"],
        "title": team["title"],
        "members": ctx.store.count("team-member", scope=team["id"]),
        "spaces": content_grant_counts(ctx.store, team["id"], "space"),
        "createdAt": team["createdAt"],
        "permissions": {"admin": can_manage_team(ctx, team), "view": True},
    }


def find_team(ctx: Ctx, organization_id: str, team_id: str, *, manage: bool = False) -> Doc:
    """The team of the organization; with ``manage``, only for an admin or an owner of it."""
    find_organization(ctx, organization_id)
    team = ctx.store.get("team", team_id)
    if team is None or team["organization"] != organization_id:
        raise not_found("The team")
    if manage and not can_manage_team(ctx, team):
        raise HttpError(
            403,
            "Only the organization's admins and the team's owners can manage this team.",
        )
    return team


def resolve_members(ctx: Ctx, organization_id: str, references: list[str]) -> dict[str, Doc]:
    """The organization members named by user id or e-mail, refusing with 400 unknown ones."""
    by_email: dict[str, Doc] | None = None
    found: dict[str, Doc] = {}
    unknown: list[str] = []
    for reference in references:
        member = ctx.store.get("member", _member_key(organization_id, reference))
        if member is None and "@" in reference:
            if by_email is None:
                by_email = {}
                for candidate in ctx.store.list("member", scope=organization_id):
                    user = ctx.store.get("user", candidate["user"]) or {}
                    if user.get("email"):
                        by_email[user["email"].lower()] = candidate
            member = by_email.get(reference.lower())
        if member is None:
            unknown.append(reference)
        else:
            found[reference] = member
    if unknown:
        names = ", ".join(f"`{name}`" for name in unknown)
        raise HttpError(400, f"Invalid request: not members of the organization: {names}.")
    return found


def _save_team(ctx: Ctx, team: Doc) -> None:
    ctx.store.put("team", team, scope=team["organization"])


def _put_membership(ctx: Ctx, team: Doc, user_id: str, role: str) -> None:
    organization_id = team["organization"]
    membership: Doc = {
        "id": f"{team['id']}:{user_id}",
        "team": team["id"],
        "user": user_id,
        "organization": organization_id,
        "role": role,
    }
    ctx.store.put(
        "team-member", membership, scope=team["id"], parent=_member_key(organization_id, user_id)
    )


def _add_membership(ctx: Ctx, team: Doc, user_id: str) -> None:
    """Join a user to the team as a member; someone already in it keeps their role."""
    if ctx.store.get("team-member", f"{team['id']}:{user_id}") is None:
        _put_membership(ctx, team, user_id, "member")


# -- teams ------------------------------------------------------------------------------------


@routes.get("/v1/orgs/{organizationId}/teams")
def list_teams(ctx: Ctx, organizationId: str) -> dict[str, Any]:
    find_organization(ctx, organizationId)
    teams = ctx.store.list("team", scope=organizationId)
    owner = ctx.q_str("owner")
    if owner:
        teams = [team for team in teams if can_manage_team(ctx, team, owner)]
    title = (ctx.q_str("title") or "").lower()
    if title:
        teams = [team for team in teams if title in team["title"].lower()]
    return ctx.paginate(teams, lambda team: team_json(ctx, team))


@routes.put("/v1/orgs/{organizationId}/teams", status=201)
def create_team(ctx: Ctx, organizationId: str) -> dict[str, Any]:
    find_organization(ctx, organizationId, "admin")
    request = ctx.parse(TeamCreate)
    if not request.title.strip():
        raise HttpError(400, "Invalid request: `title` cannot be blank.")
    members = resolve_members(ctx, organizationId, request.members or [])
    team: Doc = {
        "id": ctx.store.new_id("team"),
        "organization": organizationId,
        "title": request.title,
        "createdAt": ctx.now(),
    }
    _save_team(ctx, team)
    # The document names no owner: listed people join as members, and the organization's
    # admins manage every team, so a new team is never without someone to manage it.
    for member in members.values():
        _add_membership(ctx, team, member["user"])
    ctx.response_headers["Location"] = ctx.api_url(f"/v1/orgs/{organizationId}/teams/{team['id']}")
    return team_json(ctx, team)


@routes.get("/v1/orgs/{organizationId}/teams/{teamId}")
def get_team(ctx: Ctx, organizationId: str, teamId: str) -> dict[str, Any]:
    return team_json(ctx, find_team(ctx, organizationId, teamId))


@routes.patch("/v1/orgs/{organizationId}/teams/{teamId}")
def rename_team(ctx: Ctx, organizationId: str, teamId: str) -> dict[str, Any]:
    team = find_team(ctx, organizationId, teamId, manage=True)
    request = ctx.parse(TeamRename)
    if not request.title.strip():
        raise HttpError(400, "Invalid request: `title` cannot be blank.")
    team["title"] = request.title
    _save_team(ctx, team)
    return team_json(ctx, team)


@routes.delete("/v1/orgs/{organizationId}/teams/{teamId}")
def delete_team(ctx: Ctx, organizationId: str, teamId: str) -> None:
    find_organization(ctx, organizationId)
    team = ctx.store.get("team", teamId)
    if team is None or team["organization"] != organizationId:
        return
    find_team(ctx, organizationId, teamId, manage=True)
    ctx.store.delete_where("team-member", scope=teamId)
    ctx.store.delete("team", teamId)


# -- team members -----------------------------------------------------------------------------


def _team_member_json(ctx: Ctx, membership: Doc) -> dict[str, Any]:
    member = ctx.store.get("member", _member_key(membership["organization"], membership["user"]))
    if member is None:  # left the organization between two writes; shown as a former member
        member = {
            "organization": membership["organization"],
            "user": membership["user"],
            "role": None,
            "joinedAt": "1970-01-01T00:00:00.000Z",
        }
    return {
        "organization": member_json(ctx, member),
        "team": {"role": membership["role"]},
        "permissions": {"view": True},
    }


@routes.get("/v1/orgs/{organizationId}/teams/{teamId}/members")
def list_team_members(ctx: Ctx, organizationId: str, teamId: str) -> dict[str, Any]:
    find_team(ctx, organizationId, teamId)
    return ctx.paginate_stored(
        "team-member", lambda membership: _team_member_json(ctx, membership), scope=teamId
    )


@routes.put("/v1/orgs/{organizationId}/teams/{teamId}/members")
def update_team_members(ctx: Ctx, organizationId: str, teamId: str) -> None:
    team = find_team(ctx, organizationId, teamId, manage=True)
    request = ctx.parse(TeamMembersUpdate)
    memberships = request.memberships or {}
    # Every name is checked before anything changes, so a typo changes nothing.
    named = resolve_members(
        ctx, organizationId, [*(request.add or []), *memberships, *(request.remove or [])]
    )
    for reference in request.add or []:
        _add_membership(ctx, team, named[reference]["user"])
    for reference, membership in memberships.items():
        _put_membership(ctx, team, named[reference]["user"], membership.role)
    # Removal comes last: a user named in both `add` and `remove` ends up out of the team.
    for reference in request.remove or []:
        ctx.store.delete("team-member", f"{teamId}:{named[reference]['user']}")


@routes.put("/v1/orgs/{organizationId}/teams/{teamId}/members/{userId}")
def put_team_member(ctx: Ctx, organizationId: str, teamId: str, userId: str) -> None:
    team = find_team(ctx, organizationId, teamId, manage=True)
    request = ctx.parse(TeamMemberPut)
    member = ctx.store.get("member", _member_key(organizationId, userId))
    if member is None:
        raise not_found("The member")
    _put_membership(ctx, team, userId, request.role)


@routes.delete("/v1/orgs/{organizationId}/teams/{teamId}/members/{userId}")
def delete_team_member(ctx: Ctx, organizationId: str, teamId: str, userId: str) -> None:
    find_team(ctx, organizationId, teamId, manage=True)
    ctx.store.delete("team-member", f"{teamId}:{userId}")
