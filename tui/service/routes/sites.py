"""Provides the routes of docs sites: list, create, read, update, delete, the adaptive-content
schema and the published view.

Records, filing and order are described in ``site_records``. Creating a site with
``spaces: "new"`` creates a new empty space for it (titled like the site), the way the app
starts a site from scratch; the specification does not show that value, so ``"new"`` is
this service's choice.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from ..http import Body, Ctx, HttpError, RouteTable
from ..records import find_organization
from ..store import Doc
from .site_adaptive import normalise_schema, template_conditions
from .site_records import (
    GROUP,
    SECTION,
    SiteView,
    add_site_space,
    find_site,
    save_section,
    save_site,
    slug,
    space_in_organization,
)

routes = RouteTable()

NEW_SPACE = "new"
HOSTNAME_PATTERN = r"^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?[.]){2,}[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$"
PROXY_PATTERN = r"^([\w-]+\.)*[\w-]+\.[a-zA-Z]{2,}(/[\w-]+)+$"

SiteType = Literal["basic", "premium", "ultimate", "sponsored", "legacy-basic", "legacy-premium"]
Visibility = Literal["public", "unlisted", "share-link", "visitor-auth"]
Title = Annotated[str, Field(min_length=2, max_length=128)]


class SiteCreate(Body):
    type: SiteType = "basic"
    title: Title | None = None
    visibility: Visibility = "public"
    # A list of space ids, or NEW_SPACE; checked by hand for a clearer message.
    spaces: Any = None


class AdaptiveContent(Body):
    enabled: bool


class SiteUpdate(Body):
    title: Title | None = None
    visibility: Visibility | None = None
    basename: Annotated[str, Field(min_length=1, max_length=100)] | None = None
    hostname: Annotated[str, Field(max_length=512, pattern=HOSTNAME_PATTERN)] | None = None
    adaptiveContent: AdaptiveContent | None = None
    agentsContext: Literal["excluded", "included"] | None = None
    defaultSiteSpace: str | None = None
    defaultSiteSection: str | None = None
    proxy: Annotated[str, Field(max_length=512, pattern=PROXY_PATTERN)] | None = None


class AdaptiveSchemaUpdate(Body):
    jsonSchema: Any


# Settings a published site shows before anyone customises it.
DEFAULT_CUSTOMIZATION: dict[str, Any] = {
    "styling": {
        "theme": "clean",
        "primaryColor": {"light": "#346DDB", "dark": "#346DDB"},
        "infoColor": {"light": "#787878", "dark": "#787878"},
        "successColor": {"light": "#00C950", "dark": "#00C950"},
        "warningColor": {"light": "#FE9A00", "dark": "#FE9A00"},
        "dangerColor": {"light": "#FB2C36", "dark": "#FB2C36"},
        "corners": "rounded",
        "depth": "subtle",
        "links": "default",
        "font": "Inter",
        "monospaceFont": "IBMPlexMono",
        "background": "plain",
        "icons": "regular",
        "sidebar": {"background": "default", "list": "default"},
        "search": "subtle",
    },
    "internationalization": {"locale": "en"},
    "favicon": {},
    "header": {"preset": "default", "links": []},
    "footer": {"groups": []},
    "themes": {"default": "light", "toggeable": True},
    "pdf": {"enabled": True},
    "feedback": {"enabled": False},
    "ai": {"mode": "search"},
    "advancedCustomization": {"enabled": True},
    "trademark": {"enabled": True},
    "externalLinks": {"target": "self"},
    "pagination": {"enabled": True},
    "pageActions": {"externalAI": True, "markdown": True, "mcp": True},
    "git": {"showEditLink": False},
    "privacyPolicy": {},
    "socialPreview": {},
    "insights": {"trackingCookie": True},
}


def new_space(ctx: Ctx, organization_id: str, title: str) -> Doc:
    """An empty private space at the top of the organization, filed as the Builder does."""
    space_id = ctx.store.new_id("space")
    now = ctx.now()
    revision: Doc = {
        "id": ctx.store.new_id("revision"),
        "space": space_id,
        "parents": [],
        "type": "edits",
        "createdAt": now,
        "pages": [],
        "files": [],
        "variables": {},
        "reusableContents": [],
    }
    ctx.store.put("revision", revision, scope=space_id)
    space: Doc = {
        "id": space_id,
        "title": title[:50],
        "emoji": "",
        "visibility": "private",
        "organization": organization_id,
        "createdAt": now,
        "updatedAt": now,
        "editMode": "live",
        "language": "en",
        "revision": revision["id"],
        "defaultLevel": "inherit",
        "slug": slug(title),
        "comments": 0,
        "changeRequests": 0,
        "changeRequestsOpen": 0,
        "changeRequestsDraft": 0,
    }
    ctx.store.put("space", space, scope=organization_id)
    return space


def _share_key(ctx: Ctx, site: Doc) -> None:
    if site.get("visibility") == "share-link" and not site.get("shareKey"):
        site["shareKey"] = ctx.store.new_id("share-key", length=32)


def _site_json(ctx: Ctx, site: Doc) -> dict[str, Any]:
    return SiteView(ctx, site).site_json()


@routes.get("/v1/orgs/{organizationId}/sites")
def list_sites(ctx: Ctx, organizationId: str) -> dict[str, Any]:
    find_organization(ctx, organizationId)
    sites = ctx.store.list("site", scope=organizationId)
    space_id = ctx.q_str("space")
    if space_id:
        sites = [
            s
            for s in sites
            if any(x["space"] == space_id for x in ctx.store.list("site-space", scope=s["id"]))
        ]
    title = ctx.q_str("title")
    if title:
        sites = [s for s in sites if title.casefold() in s["title"].casefold()]
    published = ctx.q_bool("published")
    if published is not None:
        sites = [s for s in sites if bool(s.get("published")) == published]
    return ctx.paginate(sites, lambda s: _site_json(ctx, s))


@routes.post("/v1/orgs/{organizationId}/sites", status=201)
def create_site(ctx: Ctx, organizationId: str) -> dict[str, Any]:
    find_organization(ctx, organizationId, "admin")
    request = ctx.parse(SiteCreate)
    title = request.title or "Untitled site"
    spaces: list[Doc] = []
    if isinstance(request.spaces, list) and all(isinstance(s, str) for s in request.spaces):
        spaces = [space_in_organization(ctx, organizationId, s) for s in request.spaces]
    elif request.spaces == NEW_SPACE:
        spaces = [new_space(ctx, organizationId, title)]
    elif request.spaces is not None:
        raise HttpError(
            400, f'Invalid request: `spaces` must be a list of space ids or "{NEW_SPACE}".'
        )
    site: Doc = {
        "id": ctx.store.new_id("site"),
        "organization": organizationId,
        "type": request.type,
        "title": title,
        "visibility": request.visibility,
        "published": False,
        "createdAt": ctx.now(),
        "basename": slug(title),
        "agentsContext": "included",
        "structure": [],
    }
    _share_key(ctx, site)
    save_site(ctx.store, site)
    for space in spaces:
        add_site_space(ctx, site, space, None)
    ctx.response_headers["Location"] = ctx.api_url(f"/v1/orgs/{organizationId}/sites/{site['id']}")
    return _site_json(ctx, site)


@routes.get("/v1/orgs/{organizationId}/sites/{siteId}")
def get_site(ctx: Ctx, organizationId: str, siteId: str) -> dict[str, Any]:
    return _site_json(ctx, find_site(ctx, organizationId, siteId))


@routes.patch("/v1/orgs/{organizationId}/sites/{siteId}")
def update_site(ctx: Ctx, organizationId: str, siteId: str) -> dict[str, Any]:
    site = find_site(ctx, organizationId, siteId, "admin")
    update = ctx.parse(SiteUpdate)
    for name in ("title", "visibility", "basename", "agentsContext", "adaptiveContent"):
        if update.given(name) and getattr(update, name) is None:
            raise HttpError(400, f"Invalid request: `{name}` cannot be null.")
    if update.title is not None:
        site["title"] = update.title
    if update.visibility is not None:
        site["visibility"] = update.visibility
        _share_key(ctx, site)
    if update.basename is not None:
        site["basename"] = update.basename
    if update.agentsContext is not None:
        site["agentsContext"] = update.agentsContext
    if update.adaptiveContent is not None:
        site["adaptiveContent"] = {"enabled": update.adaptiveContent.enabled}
    for name in ("hostname", "proxy"):
        if update.given(name):
            if getattr(update, name) is None:
                site.pop(name, None)
            else:
                site[name] = getattr(update, name)
    view = SiteView(ctx, site)
    if update.defaultSiteSection is not None:
        if update.defaultSiteSection not in view.sections:
            raise HttpError(400, "Invalid defaultSiteSection: no section with this id in the site.")
        site["defaultSiteSection"] = update.defaultSiteSection
        view = SiteView(ctx, site)
    if update.defaultSiteSpace is not None:
        _set_default_site_space(ctx, view, update.defaultSiteSpace)
    save_site(ctx.store, site)
    return _site_json(ctx, site)


def _set_default_site_space(ctx: Ctx, view: SiteView, site_space_id: str) -> None:
    """Make a site space the default at the root level, or in the site's default section."""
    site_space = next((s for s in view.site_spaces if s["id"] == site_space_id), None)
    default_section = view.default_section()
    if site_space is None:
        raise HttpError(400, "Invalid defaultSiteSpace: no site space with this id in the site.")
    section_id = site_space.get("section")
    if section_id is None:
        view.site["defaultSiteSpace"] = site_space_id
    elif default_section is not None and section_id == default_section["id"]:
        default_section["defaultSiteSpace"] = site_space_id
        save_section(ctx.store, default_section)
    else:
        raise HttpError(
            400,
            "Invalid defaultSiteSpace: the site space must be at the root level or in the "
            "site's default section.",
        )


@routes.delete("/v1/orgs/{organizationId}/sites/{siteId}")
def delete_site(ctx: Ctx, organizationId: str, siteId: str) -> None:
    find_organization(ctx, organizationId, "admin")
    site = ctx.store.get("site", siteId)
    if site is None or site.get("organization") != organizationId:
        return
    for kind in ("site-space", SECTION, GROUP):
        ctx.store.delete_where(kind, scope=siteId)
    ctx.store.delete("site", siteId)


# -- adaptive content --------------------------------------------------------------------------


def _adaptive_json(site: Doc) -> dict[str, Any]:
    stored = site["adaptiveSchema"]
    return {
        "object": "site-adaptive-schema",
        "jsonSchema": stored["jsonSchema"],
        "updatedAt": stored["updatedAt"],
    }


@routes.get("/v1/orgs/{organizationId}/sites/{siteId}/adaptive-schema")
def get_adaptive_schema(ctx: Ctx, organizationId: str, siteId: str) -> dict[str, Any]:
    site = find_site(ctx, organizationId, siteId)
    if not site.get("adaptiveSchema"):
        raise HttpError(404, "This site has no visitor schema yet: set one with PUT first.")
    return _adaptive_json(site)


@routes.put("/v1/orgs/{organizationId}/sites/{siteId}/adaptive-schema")
def update_adaptive_schema(ctx: Ctx, organizationId: str, siteId: str) -> dict[str, Any]:
    site = find_site(ctx, organizationId, siteId, "admin")
    request = ctx.parse(AdaptiveSchemaUpdate)
    if not request.given("jsonSchema"):
        raise HttpError(400, "Invalid request: `jsonSchema` is required.")
    site["adaptiveSchema"] = {
        "jsonSchema": normalise_schema(request.jsonSchema),
        "updatedAt": ctx.now(),
    }
    save_site(ctx.store, site)
    return _adaptive_json(site)


@routes.get("/v1/orgs/{organizationId}/sites/{siteId}/adaptive-schema/template-conditions")
def list_template_conditions(ctx: Ctx, organizationId: str, siteId: str) -> dict[str, Any]:
    site = find_site(ctx, organizationId, siteId)
    schema = (site.get("adaptiveSchema") or {}).get("jsonSchema")
    return {"items": template_conditions(schema)}


# -- published view ----------------------------------------------------------------------------


@routes.get("/v1/orgs/{organizationId}/sites/{siteId}/published")
def get_published_site(ctx: Ctx, organizationId: str, siteId: str) -> dict[str, Any]:
    view = SiteView(ctx, find_site(ctx, organizationId, siteId))
    return {
        "object": "published-content-site",
        "site": view.site_json(),
        "structure": view.structure_json(),
        "customizations": {"site": DEFAULT_CUSTOMIZATION, "siteSpaces": {}},
        "scripts": [],
    }
