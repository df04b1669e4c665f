"""Provides the routes of a site's structure: sections and section groups here, site spaces in
``site_space_routes`` (merged into this table, so that only this module is registered).

Records, filing and order are described in ``site_records``.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, TypeVar

from pydantic import Field

from ..http import Body, Ctx, HttpError, RouteTable
from ..store import Doc
from .site_records import (
    GROUP,
    SECTION,
    SiteView,
    add_site_space,
    find_site,
    save_section,
    slug,
    space_in_organization,
    unique_path,
)
from .site_space_routes import routes as site_space_routes

routes = RouteTable()

SectionTitle = Annotated[str, Field(min_length=2, max_length=128)]
GroupTitle = Annotated[str, Field(min_length=1, max_length=100)]
Icon = Annotated[str, Field(max_length=50)]
SECTIONS = "/v1/orgs/{organizationId}/sites/{siteId}/sections"
GROUPS = "/v1/orgs/{organizationId}/sites/{siteId}/section-groups"

T = TypeVar("T")


class SectionCreate(Body):
    spaceId: str
    title: SectionTitle | None = None
    icon: Icon | None = None


class SectionUpdate(Body):
    title: SectionTitle | None = None
    path: Annotated[str, Field(min_length=1, max_length=100)] | None = None
    defaultSiteSpace: str | None = None
    condition: Annotated[str, Field(min_length=1, max_length=1024)] | None = None
    icon: Icon | None = None
    description: Annotated[str, Field(max_length=256)] | None = None


class SectionPointer(Body):
    type: Literal["site-section"]
    siteSection: str


class SectionPosition(Body):
    before: SectionPointer | None = None
    after: SectionPointer | None = None


class SectionMove(Body):
    position: SectionPosition | None = None


class GroupCreate(Body):
    title: GroupTitle
    icon: Icon | None = None
    sections: list[str] | None = None


class GroupUpdate(Body):
    title: GroupTitle | None = None
    icon: Icon | None = None


class GroupSection(Body):
    sectionId: str


class GroupPointer(Body):
    type: Literal["site-section", "site-section-group"]
    id: str


class GroupPosition(Body):
    before: GroupPointer | None = None
    after: GroupPointer | None = None


class GroupMove(Body):
    position: GroupPosition | None = None


def place(items: list[T], moved: T, before: T | None, after: T | None) -> list[T]:
    """``items`` with ``moved`` before or after an anchor (at the end when there is none).

    Refuses with 400 an anchor that is not a sibling, or the moved item itself.
    """
    order = [item for item in items if item != moved]
    index = len(order)
    for anchor, offset in ((before, 0), (after, 1)):
        if anchor is None:
            continue
        if anchor == moved or anchor not in order:
            raise HttpError(400, "Invalid position: the anchor is not a sibling of the moved item.")
        index = order.index(anchor) + offset
        break
    order.insert(index, moved)
    return order


def _reject_nulls(request: Body, *names: str) -> None:
    for name in names:
        if request.given(name) and getattr(request, name) is None:
            raise HttpError(400, f"Invalid request: `{name}` cannot be null.")


def _set_or_remove(doc: Doc, request: Body, *names: str) -> None:
    """Omitted keeps, null removes, a value replaces."""
    for name in names:
        if request.given(name):
            value = getattr(request, name)
            if value is None:
                doc.pop(name, None)
            else:
                doc[name] = value


def _section(view: SiteView, section_id: str) -> Doc:
    section = view.sections.get(section_id)
    if section is None:
        raise HttpError(404, "The site section could not be found.")
    return section


def _group(view: SiteView, group_id: str) -> Doc:
    group = view.groups.get(group_id)
    if group is None:
        raise HttpError(404, "The site section group could not be found.")
    return group


def _section_of_body(view: SiteView, section_id: str) -> str:
    if section_id not in view.sections:
        raise HttpError(400, f"Invalid section: no section with id `{section_id}` in this site.")
    return section_id


# -- sections ----------------------------------------------------------------------------------


@routes.get(SECTIONS)
def list_sections(ctx: Ctx, organizationId: str, siteId: str) -> dict[str, Any]:
    view = SiteView(ctx, find_site(ctx, organizationId, siteId))
    return ctx.paginate(view.ordered_sections(), view.section_json)


@routes.post(SECTIONS, status=201)
def add_section(ctx: Ctx, organizationId: str, siteId: str) -> dict[str, Any]:
    site = find_site(ctx, organizationId, siteId, "admin")
    request = ctx.parse(SectionCreate)
    space = space_in_organization(ctx, organizationId, request.spaceId)
    view = SiteView(ctx, site)
    title = request.title or (space["title"] if len(space["title"]) >= 2 else "Untitled section")
    section: Doc = {
        "id": ctx.store.new_id("site-section"),
        "site": siteId,
        "title": title,
        "path": unique_path(slug(title), {s["path"] for s in view.sections.values()}),
        "createdAt": ctx.now(),
    }
    if request.icon is not None:
        section["icon"] = request.icon
    section["defaultSiteSpace"] = add_site_space(ctx, site, space, section["id"])["id"]
    save_section(ctx.store, section)
    if not view.sections:  # the first section of a site is its default
        site["defaultSiteSection"] = section["id"]
    view.top.append((SECTION, section["id"]))
    view.save_structure()
    ctx.response_headers["Location"] = ctx.api_url(
        SECTIONS.format(organizationId=organizationId, siteId=siteId) + f"/{section['id']}"
    )
    return SiteView(ctx, site).section_json(section)


@routes.patch(SECTIONS + "/{siteSectionId}")
def update_section(
    ctx: Ctx, organizationId: str, siteId: str, siteSectionId: str
) -> dict[str, Any]:
    site = find_site(ctx, organizationId, siteId, "admin")
    view = SiteView(ctx, site)
    section = _section(view, siteSectionId)
    update = ctx.parse(SectionUpdate)
    _reject_nulls(update, "title", "path", "defaultSiteSpace")
    if update.title is not None:
        section["title"] = update.title
    if update.path is not None:
        taken = {s["path"] for s in view.sections.values() if s["id"] != siteSectionId}
        if update.path in taken:
            raise HttpError(
                400, f"Invalid path: another section of this site uses `{update.path}`."
            )
        section["path"] = update.path
    if update.defaultSiteSpace is not None:
        if update.defaultSiteSpace not in {s["id"] for s in view.container(siteSectionId)}:
            raise HttpError(
                400, "Invalid defaultSiteSpace: no site space with this id in the section."
            )
        section["defaultSiteSpace"] = update.defaultSiteSpace
    _set_or_remove(section, update, "condition", "icon", "description")
    save_section(ctx.store, section)
    return SiteView(ctx, site).section_json(section)


@routes.delete(SECTIONS + "/{siteSectionId}")
def delete_section(ctx: Ctx, organizationId: str, siteId: str, siteSectionId: str) -> None:
    site = find_site(ctx, organizationId, siteId, "admin")
    view = SiteView(ctx, site)
    if siteSectionId not in view.sections:
        return
    ctx.store.delete_where("site-space", scope=siteId, parent=siteSectionId)
    ctx.store.delete(SECTION, siteSectionId)
    view.detach(siteSectionId)
    del view.sections[siteSectionId]
    if site.get("defaultSiteSection") == siteSectionId:
        remaining = view.ordered_sections()
        if remaining:
            site["defaultSiteSection"] = remaining[0]["id"]
        else:
            site.pop("defaultSiteSection", None)
    view.save_structure()


@routes.post(SECTIONS + "/{siteSectionId}/move")
def move_section(ctx: Ctx, organizationId: str, siteId: str, siteSectionId: str) -> dict[str, Any]:
    site = find_site(ctx, organizationId, siteId, "admin")
    view = SiteView(ctx, site)
    section = _section(view, siteSectionId)
    position = ctx.parse(SectionMove).position or SectionPosition()
    before = position.before.siteSection if position.before else None
    after = position.after.siteSection if position.after else None
    group = view.group_of(siteSectionId)
    if group is not None:  # a grouped section moves among the sections of its group
        group["sections"] = place(group["sections"], siteSectionId, before, after)
    else:
        view.top = place(
            view.top,
            (SECTION, siteSectionId),
            (SECTION, before) if before else None,
            (SECTION, after) if after else None,
        )
    view.save_structure()
    return SiteView(ctx, site).section_json(section)


# -- section groups ----------------------------------------------------------------------------


@routes.get(GROUPS)
def list_groups(ctx: Ctx, organizationId: str, siteId: str) -> dict[str, Any]:
    view = SiteView(ctx, find_site(ctx, organizationId, siteId))
    return ctx.paginate(view.ordered_groups(), view.group_json)


@routes.post(GROUPS, status=201)
def add_group(ctx: Ctx, organizationId: str, siteId: str) -> dict[str, Any]:
    site = find_site(ctx, organizationId, siteId, "admin")
    request = ctx.parse(GroupCreate)
    view = SiteView(ctx, site)
    members = list(dict.fromkeys(_section_of_body(view, s) for s in request.sections or []))
    group: Doc = {
        "id": ctx.store.new_id("site-section-group"),
        "site": siteId,
        "title": request.title,
        "sections": [],
        "createdAt": ctx.now(),
    }
    if request.icon is not None:
        group["icon"] = request.icon
    # The group takes the place of the first of its sections that stands at the top level.
    index = next(
        (i for i, (kind, item) in enumerate(view.top) if kind == SECTION and item in members),
        len(view.top),
    )
    view.top.insert(index, (GROUP, group["id"]))
    for section_id in members:
        view.detach(section_id)
    group["sections"] = members
    view.groups[group["id"]] = group
    view.save_structure()
    ctx.response_headers["Location"] = ctx.api_url(
        GROUPS.format(organizationId=organizationId, siteId=siteId) + f"/{group['id']}"
    )
    return SiteView(ctx, site).group_json(group)


@routes.patch(GROUPS + "/{siteSectionGroupId}")
def update_group(
    ctx: Ctx, organizationId: str, siteId: str, siteSectionGroupId: str
) -> dict[str, Any]:
    site = find_site(ctx, organizationId, siteId, "admin")
    view = SiteView(ctx, site)
    group = _group(view, siteSectionGroupId)
    update = ctx.parse(GroupUpdate)
    _reject_nulls(update, "title")
    if update.title is not None:
        group["title"] = update.title
    _set_or_remove(group, update, "icon")
    view.save_structure()
    return SiteView(ctx, site).group_json(group)


@routes.delete(GROUPS + "/{siteSectionGroupId}")
def delete_group(ctx: Ctx, organizationId: str, siteId: str, siteSectionGroupId: str) -> None:
    site = find_site(ctx, organizationId, siteId, "admin")
    view = SiteView(ctx, site)
    group = view.groups.pop(siteSectionGroupId, None)
    if group is None:
        return
    # Its sections stay, ungrouped, where the group stood.
    index = view.top.index((GROUP, siteSectionGroupId))
    view.top[index : index + 1] = [(SECTION, s) for s in group["sections"]]
    ctx.store.delete(GROUP, siteSectionGroupId)
    view.save_structure()


@routes.post(GROUPS + "/{siteSectionGroupId}/sections", status=201)
def add_section_to_group(
    ctx: Ctx, organizationId: str, siteId: str, siteSectionGroupId: str
) -> dict[str, Any]:
    site = find_site(ctx, organizationId, siteId, "admin")
    view = SiteView(ctx, site)
    group = _group(view, siteSectionGroupId)
    section_id = _section_of_body(view, ctx.parse(GroupSection).sectionId)
    if section_id not in group["sections"]:
        view.detach(section_id)
        group["sections"].append(section_id)
        view.save_structure()
    ctx.response_headers["Location"] = ctx.api_url(
        GROUPS.format(organizationId=organizationId, siteId=siteId) + f"/{group['id']}"
    )
    return SiteView(ctx, site).group_json(group)


@routes.delete(GROUPS + "/{siteSectionGroupId}/sections/{siteSectionId}")
def remove_section_from_group(
    ctx: Ctx, organizationId: str, siteId: str, siteSectionGroupId: str, siteSectionId: str
) -> None:
    site = find_site(ctx, organizationId, siteId, "admin")
    view = SiteView(ctx, site)
    group = view.groups.get(siteSectionGroupId)
    if group is None or siteSectionId not in group["sections"]:
        return
    view.detach(siteSectionId)
    # The section leaves the group for the top level, right after the group.
    index = view.top.index((GROUP, siteSectionGroupId))
    view.top.insert(index + 1, (SECTION, siteSectionId))
    view.save_structure()


@routes.post(GROUPS + "/{siteSectionGroupId}/move")
def move_group(
    ctx: Ctx, organizationId: str, siteId: str, siteSectionGroupId: str
) -> dict[str, Any]:
    site = find_site(ctx, organizationId, siteId, "admin")
    view = SiteView(ctx, site)
    group = _group(view, siteSectionGroupId)
    position = ctx.parse(GroupMove).position or GroupPosition()

    def anchor(pointer: GroupPointer | None) -> tuple[str, str] | None:
        return None if pointer is None else (pointer.type, pointer.id)

    view.top = place(
        view.top, (GROUP, siteSectionGroupId), anchor(position.before), anchor(position.after)
    )
    view.save_structure()
    return SiteView(ctx, site).group_json(group)


routes.routes.extend(site_space_routes.routes)
