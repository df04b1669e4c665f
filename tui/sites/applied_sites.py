"""Provides the re-reads that tell whether a docs site's write whose answer was lost was applied.

The same shapes as ``tui.dialogs.applied`` (whose helpers they use), for sites, their sections,
section groups and site spaces, their settings and defaults, the steps of a move and the
visitor schema. The API reads a section, a group or a site space only in its site's lists, so
a created one is looked for there (among ids not seen before sending) and a deleted one is
expected absent from them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tui.dialogs.applied import every, gone, holds, ids, new_item, same
from tui.sites.logic.site_structure import (
    JoinGroup,
    LeaveGroup,
    NodeKind,
    SiteOutline,
    Step,
    build_outline,
)

from ..api import Client
from ..api.errors import NotFoundError
from ..api.models import Site, SiteAdaptiveSchema, SiteSection, SiteSectionGroup, SiteSpace

__all__ = [
    "group_holds",
    "groups_of",
    "new_group",
    "new_section",
    "new_site",
    "new_site_space",
    "node_gone",
    "node_holds",
    "schema_is",
    "section_holds",
    "sections_of",
    "site_gone",
    "site_holds",
    "site_ids",
    "site_outline",
    "site_space_holds",
    "site_spaces_of",
    "step_taken",
]

Fields = Mapping[str, Any]


# -- sites --------------------------------------------------------------------------------


async def site_ids(client: Client, organization_id: str) -> set[str]:
    """The organisation's sites before creating one."""
    sites: list[Site] = await every(client, client.sites.list_sites, organization_id)
    return ids(sites)


async def new_site(
    client: Client, organization_id: str, before: set[str], title: str
) -> Site | None:
    """The site of that title not among those ``before``."""
    sites = await every(client, client.sites.list_sites, organization_id)
    return new_item(sites, before, lambda site: site.title == title)


async def site_gone(client: Client, organization_id: str, site_id: str) -> bool:
    """Whether the site is deleted."""
    return await gone(lambda: client.sites.get_site_by_id(organization_id, site_id))


def _site_field(site: Site, name: str) -> object:
    if name == "proxy":
        return site.proxy.origin if site.proxy is not None else None
    if name == "adaptive_content":
        return {"enabled": bool(site.adaptive_content and site.adaptive_content.enabled)}
    return getattr(site, name)


def _adaptive(sent: object) -> object:
    # Sent as the model or as ``{"enabled": …}``: compared as the latter.
    enabled = getattr(sent, "enabled", None)
    return {"enabled": bool(enabled)} if enabled is not None else sent


async def site_holds(
    client: Client, organization_id: str, site_id: str, sent: Fields
) -> Site | None:
    """The site when its settings are now those an update sent.

    The defaults are not fields of the site: the default section is the section marked
    default, the default site space the one marked default at the root level or in the
    default section.
    """
    site = await client.sites.get_site_by_id(organization_id, site_id)
    plain = {k: v for k, v in sent.items() if not k.startswith("default_")}
    if "adaptive_content" in plain:
        plain["adaptive_content"] = _adaptive(plain["adaptive_content"])
    if not all(same(_site_field(site, name), value) for name, value in plain.items()):
        return None
    if "default_site_section" in sent or "default_site_space" in sent:
        outline = await site_outline(client, organization_id, site_id)
        section = outline.default_section()
        if "default_site_section" in sent and (
            section is None or section.id != sent["default_site_section"]
        ):
            return None
        if "default_site_space" in sent:
            holder = section.key if section is not None else None
            default = next((n for n in outline.children_of(holder) if n.default), None)
            if default is None or default.id != sent["default_site_space"]:
                return None
    return site


# -- a site's structure -------------------------------------------------------------------


async def sections_of(client: Client, organization_id: str, site_id: str) -> list[SiteSection]:
    listing = client.site_sections.list_site_sections
    return await every(client, listing, organization_id, site_id)


async def groups_of(client: Client, organization_id: str, site_id: str) -> list[SiteSectionGroup]:
    listing = client.site_section_groups.list_site_section_groups
    return await every(client, listing, organization_id, site_id)


async def site_spaces_of(client: Client, organization_id: str, site_id: str) -> list[SiteSpace]:
    """Every site space of the site, at the root level and in its sections."""
    listing = client.site_spaces.list_site_spaces
    return await every(client, listing, organization_id, site_id)


async def site_outline(client: Client, organization_id: str, site_id: str) -> SiteOutline:
    """The site's structure as the service lists it now."""
    groups = await groups_of(client, organization_id, site_id)
    sections = await sections_of(client, organization_id, site_id)
    site_spaces = await site_spaces_of(client, organization_id, site_id)
    top = None
    if any(not group.sections for group in groups):
        # Where an empty group stands, only the published structure tells.
        published = await client.sites.get_published_content_site(organization_id, site_id)
        top = [(item.object, item.id) for item in published.structure.structure]
    return build_outline(groups, sections, site_spaces, top)


async def new_section(
    client: Client,
    organization_id: str,
    site_id: str,
    before: set[str],
    space_id: str,
    title: str = "",
) -> SiteSection | None:
    """The section showing ``space_id`` (titled ``title``, when one was typed), not among
    those ``before``."""

    def wanted(section: SiteSection) -> bool:
        shows = any(s.space is not None and s.space.id == space_id for s in section.site_spaces)
        return shows and (not title or section.title == title)

    return new_item(await sections_of(client, organization_id, site_id), before, wanted)


async def new_group(
    client: Client, organization_id: str, site_id: str, before: set[str], title: str
) -> SiteSectionGroup | None:
    """The section group of that title not among those ``before``."""
    groups = await groups_of(client, organization_id, site_id)
    return new_item(groups, before, lambda group: group.title == title)


async def new_site_space(
    client: Client,
    organization_id: str,
    site_id: str,
    before: set[str],
    space_id: str,
    section_id: str | None = None,
) -> SiteSpace | None:
    """The site space showing ``space_id`` (in ``section_id``, when one was chosen), not among
    those ``before``."""

    def wanted(site_space: SiteSpace) -> bool:
        shows = site_space.space is not None and site_space.space.id == space_id
        return shows and (section_id is None or site_space.section == section_id)

    return new_item(await site_spaces_of(client, organization_id, site_id), before, wanted)


def _default_site_space(section: SiteSection) -> str | None:
    return next((s.id for s in section.site_spaces if s.default), None)


async def section_holds(
    client: Client, organization_id: str, site_id: str, section_id: str, sent: Fields
) -> SiteSection | None:
    """The section when its fields are now those an update sent."""
    sections = await sections_of(client, organization_id, site_id)
    section = next((s for s in sections if s.id == section_id), None)
    read = {"default_site_space": _default_site_space}
    return section if section is not None and holds(section, sent, read) else None


async def group_holds(
    client: Client, organization_id: str, site_id: str, group_id: str, sent: Fields
) -> SiteSectionGroup | None:
    """The section group when its fields are now those an update sent."""
    groups = await groups_of(client, organization_id, site_id)
    group = next((g for g in groups if g.id == group_id), None)
    return group if group is not None and holds(group, sent) else None


async def site_space_holds(
    client: Client, organization_id: str, site_id: str, site_space_id: str, sent: Fields
) -> SiteSpace | None:
    """The site space when its fields are now those an update sent (``space_id``: the space
    it shows)."""
    site_spaces = await site_spaces_of(client, organization_id, site_id)
    site_space = next((s for s in site_spaces if s.id == site_space_id), None)
    read = {"space_id": lambda s: s.space.id if s.space is not None else None}
    return site_space if site_space is not None and holds(site_space, sent, read) else None


async def node_holds(
    client: Client,
    organization_id: str,
    site_id: str,
    kind: NodeKind,
    node_id: str,
    sent: Fields,
) -> object | None:
    """The section, group or site space when an update's fields read back."""
    if kind is NodeKind.SECTION:
        return await section_holds(client, organization_id, site_id, node_id, sent)
    if kind is NodeKind.GROUP:
        return await group_holds(client, organization_id, site_id, node_id, sent)
    return await site_space_holds(client, organization_id, site_id, node_id, sent)


async def node_gone(
    client: Client, organization_id: str, site_id: str, kind: NodeKind, node_id: str
) -> bool:
    """Whether the section, group or site space is no longer in the site (or the site is)."""
    try:
        outline = await site_outline(client, organization_id, site_id)
    except NotFoundError:
        return True
    return f"{kind}:{node_id}" not in outline


async def step_taken(client: Client, organization_id: str, site_id: str, step: Step) -> bool:
    """Whether one step of a move shows in the structure now: the section in (or out of) the
    group, the node right before (or after) its anchor."""
    outline = await site_outline(client, organization_id, site_id)
    if isinstance(step, JoinGroup | LeaveGroup):
        key = f"{NodeKind.SECTION}:{step.section_id}"
        if key not in outline:
            return False
        inside = outline.node(key).parent == f"{NodeKind.GROUP}:{step.group_id}"
        return inside if isinstance(step, JoinGroup) else not inside
    key, anchor = f"{step.kind}:{step.id}", f"{step.anchor_kind}:{step.anchor_id}"
    if key not in outline or anchor not in outline:
        return False
    siblings = [n.key for n in outline.siblings(outline.node(key))]
    index = siblings.index(key) + (1 if step.where == "before" else -1)
    return 0 <= index < len(siblings) and siblings[index] == anchor


# -- the visitor schema -------------------------------------------------------------------


async def schema_is(
    client: Client, organization_id: str, site_id: str, json_schema: Mapping[str, Any]
) -> SiteAdaptiveSchema | None:
    """The site's visitor schema when it is now the one sent."""
    try:
        stored = await client.sites.get_site_adaptive_schema(organization_id, site_id)
    except NotFoundError:
        return None
    return stored if stored.json_schema == dict(json_schema) else None
