"""Provides the routes of site spaces (the links between a site and its spaces).

Their table is merged into ``site_structure.routes``; records and order are described in
``site_records``. A site space's order is store order within its section (or the root
level), so a move is what the next list shows.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from ..http import Body, Ctx, HttpError, RouteTable
from ..records import reorder
from ..store import Doc
from .site_records import (
    SiteView,
    add_site_space,
    find_site,
    save_site_space,
    space_in_organization,
)

routes = RouteTable()

SITE_SPACES = "/v1/orgs/{organizationId}/sites/{siteId}/site-spaces"


class SiteSpaceCreate(Body):
    spaceId: str
    sectionId: str | None = None


class SiteSpaceUpdate(Body):
    path: Annotated[str, Field(min_length=1, max_length=100)] | None = None
    condition: Annotated[str, Field(max_length=1024)] | None = None
    spaceId: str | None = None


class SiteSpacePointer(Body):
    type: Literal["site-space"]
    siteSpace: str


class SiteSpacePosition(Body):
    before: SiteSpacePointer | None = None
    after: SiteSpacePointer | None = None


class SiteSpaceMove(Body):
    position: SiteSpacePosition | None = None


def _site_space(view: SiteView, site_space_id: str) -> Doc:
    found = next((s for s in view.site_spaces if s["id"] == site_space_id), None)
    if found is None:
        raise HttpError(404, "The site space could not be found.")
    return found


@routes.get(SITE_SPACES)
def list_site_spaces(ctx: Ctx, organizationId: str, siteId: str) -> dict[str, Any]:
    view = SiteView(ctx, find_site(ctx, organizationId, siteId))
    site_spaces = view.ordered_site_spaces()
    wanted = ctx.q_bool("default")
    if wanted is not None:
        site_spaces = [
            s
            for s in site_spaces
            if ((view.default_site_space(s.get("section")) or {}).get("id") == s["id"]) == wanted
        ]
    return ctx.paginate(site_spaces, view.site_space_json)


@routes.post(SITE_SPACES, status=201)
def add_site_space_route(ctx: Ctx, organizationId: str, siteId: str) -> dict[str, Any]:
    site = find_site(ctx, organizationId, siteId, "admin")
    request = ctx.parse(SiteSpaceCreate)
    view = SiteView(ctx, site)
    if request.sectionId is not None:
        if request.sectionId not in view.sections:
            raise HttpError(400, "Invalid sectionId: no section with this id in the site.")
        section_id: str | None = request.sectionId
    else:  # to the default section, or to the root level of a site without sections
        default = view.default_section()
        section_id = default["id"] if default else None
    space = space_in_organization(ctx, organizationId, request.spaceId)
    site_space = add_site_space(ctx, site, space, section_id)
    ctx.response_headers["Location"] = ctx.api_url(
        SITE_SPACES.format(organizationId=organizationId, siteId=siteId) + f"/{site_space['id']}"
    )
    return SiteView(ctx, site).site_space_json(site_space)


@routes.patch(SITE_SPACES + "/{siteSpaceId}")
def update_site_space(
    ctx: Ctx, organizationId: str, siteId: str, siteSpaceId: str
) -> dict[str, Any]:
    site = find_site(ctx, organizationId, siteId, "admin")
    view = SiteView(ctx, site)
    site_space = _site_space(view, siteSpaceId)
    update = ctx.parse(SiteSpaceUpdate)
    for name in ("path", "spaceId"):
        if update.given(name) and getattr(update, name) is None:
            raise HttpError(400, f"Invalid request: `{name}` cannot be null.")
    if update.path is not None:
        siblings = view.container(site_space.get("section"))
        if any(s["path"] == update.path and s["id"] != siteSpaceId for s in siblings):
            raise HttpError(
                400, f"Invalid path: another site space next to this one uses `{update.path}`."
            )
        site_space["path"] = update.path
    if update.given("condition"):  # omitted keeps, null removes
        if update.condition is None:
            site_space.pop("condition", None)
        else:
            site_space["condition"] = update.condition
    if update.spaceId is not None:
        site_space["space"] = space_in_organization(ctx, organizationId, update.spaceId)["id"]
    save_site_space(ctx.store, site_space)
    return SiteView(ctx, site).site_space_json(site_space)


@routes.delete(SITE_SPACES + "/{siteSpaceId}")
def delete_site_space(ctx: Ctx, organizationId: str, siteId: str, siteSpaceId: str) -> None:
    find_site(ctx, organizationId, siteId, "admin")
    site_space = ctx.store.get("site-space", siteSpaceId)
    if site_space is not None and site_space.get("site") == siteId:
        ctx.store.delete("site-space", siteSpaceId)


@routes.post(SITE_SPACES + "/{siteSpaceId}/move")
def move_site_space(ctx: Ctx, organizationId: str, siteId: str, siteSpaceId: str) -> dict[str, Any]:
    site = find_site(ctx, organizationId, siteId, "admin")
    view = SiteView(ctx, site)
    site_space = _site_space(view, siteSpaceId)
    position = ctx.parse(SiteSpaceMove).position or SiteSpacePosition()
    siblings = [s["id"] for s in view.container(site_space.get("section"))]
    reorder(
        ctx.store,
        "site-space",
        siblings,
        siteSpaceId,
        before=position.before.siteSpace if position.before else None,
        after=position.after.siteSpace if position.after else None,
    )
    return SiteView(ctx, site).site_space_json(site_space)
