"""Provides the routes of organizations: list, read, update, invites and e-mail domains."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from ..http import Body, Ctx, HttpError, RouteTable
from ..records import find_organization, organization_json

routes = RouteTable()

Role = Literal["admin", "create", "review", "edit", "comment", "read"]


class DefaultContent(Body):
    type: Literal["site"]
    site: str


class OrganizationUpdate(Body):
    title: Annotated[str, Field(min_length=2, max_length=255)] | None = None
    emailDomains: list[Annotated[str, Field(min_length=1, max_length=255)]] | None = None
    hostname: (
        Annotated[str, Field(min_length=3, max_length=32, pattern=r"^[a-z0-9][a-z0-9-]*[a-z0-9]$")]
        | None
    ) = None
    defaultRole: Role | None = None
    defaultContent: DefaultContent | None = None
    logo: Annotated[str, Field(max_length=2048, pattern=r"^https?://")] | None = None
    sso: bool | None = None
    ai: bool | None = None
    inviteLinks: bool | None = None


def _member_organizations(ctx: Ctx) -> list[dict[str, Any]]:
    organizations = []
    for member in ctx.store.list("member", parent=ctx.caller["id"]):
        organization = ctx.store.get("organization", member["organization"])
        if organization is not None and not member.get("disabled"):
            organizations.append(organization)
    return organizations


@routes.get("/v1/orgs")
def list_organizations(ctx: Ctx) -> dict[str, Any]:
    return ctx.paginate(_member_organizations(ctx), lambda org: organization_json(ctx, org))


@routes.get("/v1/orgs/{organizationId}")
def get_organization(ctx: Ctx, organizationId: str) -> dict[str, Any]:
    return organization_json(ctx, find_organization(ctx, organizationId))


@routes.patch("/v1/orgs/{organizationId}")
def update_organization(ctx: Ctx, organizationId: str) -> dict[str, Any]:
    organization = find_organization(ctx, organizationId, "admin")
    update = ctx.parse(OrganizationUpdate)
    for name in ("title", "emailDomains", "hostname", "sso", "ai", "inviteLinks"):
        if update.given(name):
            if getattr(update, name) is None:
                if name == "title":
                    raise HttpError(400, "Invalid request: `title` cannot be removed.")
                organization.pop(name, None)
            else:
                organization[name] = getattr(update, name)
    if update.given("defaultRole"):
        organization["defaultRole"] = update.defaultRole
    if update.given("logo"):
        organization["logo"] = update.logo
    if update.given("defaultContent"):
        if update.defaultContent is None:
            organization.pop("defaultContent", None)
        else:
            site = ctx.store.get("site", update.defaultContent.site)
            if site is None or site.get("organization") != organizationId:
                raise HttpError(
                    400, "Invalid default content: the site does not exist in this organization."
                )
            organization["defaultContent"] = {"type": "site", "site": site["id"]}
    ctx.store.put("organization", organization)
    return organization_json(ctx, organization)


@routes.delete("/v1/orgs/{organizationId}/link-invites/{inviteId}")
def delete_invite(ctx: Ctx, organizationId: str, inviteId: str) -> None:
    find_organization(ctx, organizationId, "admin")
    invite = ctx.store.get("invite", inviteId)
    if invite is not None and invite.get("organization") == organizationId:
        ctx.store.delete("invite", inviteId)
        ctx.status = 205  # deleted; 204 says there was no such invite


@routes.get("/v1/email-domains/{emailDomain}/orgs")
def organizations_for_email_domain(ctx: Ctx, emailDomain: str) -> dict[str, Any]:
    domain = emailDomain.lower()
    found = [
        organization_json(ctx, organization)
        for organization in ctx.store.list("organization")
        if domain in [d.lower() for d in organization.get("emailDomains", [])]
    ]
    return {"organizations": found}
