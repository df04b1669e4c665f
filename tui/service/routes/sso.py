"""Provides the routes of single sign-on: the organization's SAML providers and its SSO logins.

Providers are stored as ``saml-provider`` (scope: organization id; fields organization, label,
ssoURL, entityID, certificate, defaultTeam (a team id), defaultRole, createdAt). A provider is
``active`` once the identity provider's URL, entity id and certificate are all known, and
``pending`` until then; only active providers are offered for login. Only administrators see
or change providers; any member sees the SSO logins.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from ..http import Body, Ctx, HttpError, RouteTable, http_url, not_found
from ..records import APP_URL, find_organization
from ..store import Doc
from .teams import team_json

routes = RouteTable()

Role = Literal["admin", "create", "review", "edit", "comment", "read"]
Label = Annotated[str, Field(min_length=1, max_length=30)]
EntityId = Annotated[str, Field(max_length=1024)]
Certificate = Annotated[str, Field(max_length=10000)]
Url = Annotated[str, Field(max_length=2048)]


class ProviderFields(Body):
    entityID: EntityId | None = None
    certificate: Certificate | None = None
    ssoURL: Url | None = None
    defaultTeam: str | None = None
    defaultRole: Role | None = None


class ProviderCreate(ProviderFields):
    label: Label


class ProviderUpdate(ProviderFields):
    label: Label | None = None


def _auth_url(provider_id: str, suffix: str) -> str:
    return f"{APP_URL}/__/auth/saml/{provider_id}/{suffix}"


def _status(provider: Doc) -> str:
    ready = all(provider.get(key) for key in ("ssoURL", "entityID", "certificate"))
    return "active" if ready else "pending"


def provider_json(ctx: Ctx, provider: Doc) -> dict[str, Any]:
    organization_id = provider["organization"]
    result: dict[str, Any] = {
        "object": "saml-provider",
        "id": provider["id"],
        "label": provider["label"],
        "ssoURL": provider.get("ssoURL", ""),
        "entityID": provider.get("entityID", ""),
        "certificate": provider.get("certificate", ""),
        "defaultRole": provider.get("defaultRole"),
        "createdAt": provider["createdAt"],
        "status": _status(provider),
        "service": {
            "acsURL": _auth_url(provider["id"], "acs"),
            "startURL": _auth_url(provider["id"], "start"),
            "entityID": _auth_url(provider["id"], "metadata"),
        },
        "urls": {"location": ctx.api_url(f"/v1/orgs/{organization_id}/saml/{provider['id']}")},
    }
    team = ctx.store.get("team", provider["defaultTeam"]) if provider.get("defaultTeam") else None
    # A deleted default team simply stops being one.
    if team is not None and team["organization"] == organization_id:
        result["defaultTeam"] = team_json(ctx, team)
    return result


def _find_provider(ctx: Ctx, organization_id: str, provider_id: str) -> Doc:
    find_organization(ctx, organization_id, "admin")
    provider = ctx.store.get("saml-provider", provider_id)
    if provider is None or provider["organization"] != organization_id:
        raise not_found("The SAML provider")
    return provider


def _apply(ctx: Ctx, provider: Doc, request: ProviderFields) -> None:
    """Copy the given fields onto the provider: omitted keeps, null removes."""
    if request.given("ssoURL") and request.ssoURL:
        http_url(request.ssoURL, "ssoURL")
    if request.given("defaultTeam") and request.defaultTeam:
        team = ctx.store.get("team", request.defaultTeam)
        if team is None or team["organization"] != provider["organization"]:
            raise HttpError(
                400, "Invalid request: `defaultTeam` is not a team of this organization."
            )
    for name in ("ssoURL", "entityID", "certificate", "defaultTeam"):
        if request.given(name):
            value = getattr(request, name)
            if value:
                provider[name] = value
            else:
                provider.pop(name, None)
    if request.given("defaultRole"):
        provider["defaultRole"] = request.defaultRole


def _save(ctx: Ctx, provider: Doc) -> None:
    ctx.store.put("saml-provider", provider, scope=provider["organization"])


@routes.get("/v1/orgs/{organizationId}/saml")
def list_providers(ctx: Ctx, organizationId: str) -> dict[str, Any]:
    # Certificates and entity ids are an administrator's, as the organization's
    # `permissions.admin` tells; the SSO logins below are for everyone who signs in.
    find_organization(ctx, organizationId, "admin")
    return ctx.paginate_stored(
        "saml-provider", lambda provider: provider_json(ctx, provider), scope=organizationId
    )


@routes.post("/v1/orgs/{organizationId}/saml", status=201)
def create_provider(ctx: Ctx, organizationId: str) -> dict[str, Any]:
    organization = find_organization(ctx, organizationId, "admin")
    request = ctx.parse(ProviderCreate)
    provider: Doc = {
        "id": ctx.store.new_id("saml-provider"),
        "organization": organizationId,
        "label": request.label,
        # Without a role of its own, a provider admits people as the organization would.
        "defaultRole": organization.get("defaultRole"),
        "createdAt": ctx.now(),
    }
    _apply(ctx, provider, request)
    _save(ctx, provider)
    ctx.response_headers["Location"] = ctx.api_url(
        f"/v1/orgs/{organizationId}/saml/{provider['id']}"
    )
    return provider_json(ctx, provider)


@routes.get("/v1/orgs/{organizationId}/saml/{samlProviderId}")
def get_provider(ctx: Ctx, organizationId: str, samlProviderId: str) -> dict[str, Any]:
    return provider_json(ctx, _find_provider(ctx, organizationId, samlProviderId))


@routes.patch("/v1/orgs/{organizationId}/saml/{samlProviderId}")
def update_provider(ctx: Ctx, organizationId: str, samlProviderId: str) -> dict[str, Any]:
    provider = _find_provider(ctx, organizationId, samlProviderId)
    request = ctx.parse(ProviderUpdate)
    if request.given("label"):
        if request.label is None:
            raise HttpError(400, "Invalid request: `label` cannot be removed.")
        provider["label"] = request.label
    _apply(ctx, provider, request)
    _save(ctx, provider)
    return provider_json(ctx, provider)


@routes.delete("/v1/orgs/{organizationId}/saml/{samlProviderId}")
def delete_provider(ctx: Ctx, organizationId: str, samlProviderId: str) -> None:
    find_organization(ctx, organizationId, "admin")
    provider = ctx.store.get("saml-provider", samlProviderId)
    if provider is not None and provider["organization"] == organizationId:
        ctx.store.delete("saml-provider", samlProviderId)


@routes.get("/v1/orgs/{organizationId}/sso")
def list_sso_logins(ctx: Ctx, organizationId: str) -> dict[str, Any]:
    find_organization(ctx, organizationId)
    providers = ctx.store.list("saml-provider", scope=organizationId)
    return {
        "items": [
            {
                "id": provider["id"],
                "label": provider["label"],
                "startURL": _auth_url(provider["id"], "start"),
            }
            for provider in providers
            if _status(provider) == "active"
        ]
    }
