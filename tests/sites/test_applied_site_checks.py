"""The checks that tell whether a docs site's write whose answer was lost was applied: each says
"not applied" before the write and finds it after, read from the local service without the app."""

from __future__ import annotations

from tests.conftest import ORG
from tui.sites.applied_sites import (
    group_holds,
    groups_of,
    new_group,
    new_section,
    new_site,
    new_site_space,
    node_gone,
    node_holds,
    schema_is,
    section_holds,
    sections_of,
    site_gone,
    site_holds,
    site_ids,
    site_outline,
    site_space_holds,
    site_spaces_of,
    step_taken,
)
from tui.sites.logic.site_structure import JoinGroup, LeaveGroup, MoveStep, NodeKind


async def site_named(client, title: str):
    page = await client.sites.list_sites(ORG, limit=100)
    return next(s for s in page.items if s.title == title)


async def space_named(client, title: str):
    page = await client.spaces.list_spaces_in_organization_by_id(ORG, limit=100)
    return next(s for s in page.items if s.title == title)


async def node_ids(client, site_id: str) -> dict[str, str]:
    """title → id of every node of the site."""
    return {n.title: n.id for n in (await site_outline(client, ORG, site_id)).walk()}


# -- sites --------------------------------------------------------------------------------


async def test_a_site_created_then_deleted_reads_back(admin):
    before = await site_ids(admin, ORG)
    assert await new_site(admin, ORG, before, "Status Page") is None
    space = await space_named(admin, "Team handbook")
    site = await admin.sites.create_site(ORG, title="Status Page", spaces=[space.id])
    assert (await new_site(admin, ORG, before, "Status Page")).id == site.id
    assert await new_site(admin, ORG, before | {site.id}, "Status Page") is None
    assert not await site_gone(admin, ORG, site.id)
    await admin.sites.delete_site_by_id(ORG, site.id)
    assert await site_gone(admin, ORG, site.id)


async def test_a_site_s_settings_read_back_as_sent(admin):
    site = await site_named(admin, "Partner Portal")
    changes = {
        "title": "Partners",
        "basename": "partners",
        "adaptive_content": {"enabled": True},
        "agents_context": "excluded",
    }
    assert await site_holds(admin, ORG, site.id, changes) is None
    await admin.sites.update_site_by_id(ORG, site.id, **changes)
    assert (await site_holds(admin, ORG, site.id, changes)).title == "Partners"
    assert await site_holds(admin, ORG, site.id, {"adaptive_content": {"enabled": False}}) is None


async def test_the_default_section_and_site_space_read_back(admin):
    site = await site_named(admin, "Northwind Docs")
    ids = await node_ids(admin, site.id)
    to_api = {"default_site_section": ids["API"]}
    assert await site_holds(admin, ORG, site.id, to_api) is None
    await admin.sites.update_site_by_id(ORG, site.id, **to_api)
    assert await site_holds(admin, ORG, site.id, to_api) is not None
    python = {"default_site_space": ids["Python SDK"]}
    assert await section_holds(admin, ORG, site.id, ids["API"], python) is None
    await admin.site_sections.update_site_section_by_id(ORG, site.id, ids["API"], **python)
    assert await section_holds(admin, ORG, site.id, ids["API"], python) is not None
    assert await site_holds(admin, ORG, site.id, python) is not None  # the default section's


# -- sections, groups and site spaces -----------------------------------------------------


async def test_a_section_added_edited_and_deleted_reads_back(admin):
    site = await site_named(admin, "Northwind Docs")
    space = await space_named(admin, "Team handbook")
    before = {s.id for s in await sections_of(admin, ORG, site.id)}
    assert await new_section(admin, ORG, site.id, before, space.id, "Handbook") is None
    section = await admin.site_sections.add_section_to_site(
        ORG, site.id, space_id=space.id, title="Handbook"
    )
    assert (await new_section(admin, ORG, site.id, before, space.id, "Handbook")).id == section.id
    assert await new_section(admin, ORG, site.id, before, space.id, "Other") is None
    edit = {"title": "The handbook", "path": "handbook", "description": None}
    assert await section_holds(admin, ORG, site.id, section.id, edit) is None
    await admin.site_sections.update_site_section_by_id(ORG, site.id, section.id, **edit)
    assert await node_holds(admin, ORG, site.id, NodeKind.SECTION, section.id, edit) is not None
    assert not await node_gone(admin, ORG, site.id, NodeKind.SECTION, section.id)
    await admin.site_sections.delete_site_section_by_id(ORG, site.id, section.id)
    assert await node_gone(admin, ORG, site.id, NodeKind.SECTION, section.id)


async def test_a_section_group_created_renamed_and_deleted_reads_back(admin):
    site = await site_named(admin, "Northwind Docs")
    ids = await node_ids(admin, site.id)
    before = {g.id for g in await groups_of(admin, ORG, site.id)}
    assert await new_group(admin, ORG, site.id, before, "Start here") is None
    group = await admin.site_section_groups.add_section_group_to_site(
        ORG, site.id, title="Start here", sections=[ids["Guides"]]
    )
    assert (await new_group(admin, ORG, site.id, before, "Start here")).id == group.id
    assert await group_holds(admin, ORG, site.id, group.id, {"title": "Begin"}) is None
    await admin.site_section_groups.update_site_section_group_by_id(
        ORG, site.id, group.id, title="Begin", icon="flag"
    )
    assert await group_holds(admin, ORG, site.id, group.id, {"title": "Begin", "icon": "flag"})
    assert not await node_gone(admin, ORG, site.id, NodeKind.GROUP, group.id)
    await admin.site_section_groups.delete_site_section_group_by_id(ORG, site.id, group.id)
    assert await node_gone(admin, ORG, site.id, NodeKind.GROUP, group.id)


async def test_a_site_space_added_changed_and_deleted_reads_back(admin):
    site = await site_named(admin, "Northwind Docs")
    ids = await node_ids(admin, site.id)
    space = await space_named(admin, "Team handbook")
    before = {s.id for s in await site_spaces_of(admin, ORG, site.id)}
    assert await new_site_space(admin, ORG, site.id, before, space.id, ids["API"]) is None
    added = await admin.site_spaces.add_space_to_site(
        ORG, site.id, space_id=space.id, section_id=ids["API"]
    )
    assert await new_site_space(admin, ORG, site.id, before, space.id, ids["Guides"]) is None
    assert (await new_site_space(admin, ORG, site.id, before, space.id, ids["API"])).id == (
        added.id
    )
    edit = {"path": "handbook", "condition": "visitor.claims.beta_tester === true"}
    assert await site_space_holds(admin, ORG, site.id, added.id, edit) is None
    await admin.site_spaces.update_site_space_by_id(ORG, site.id, added.id, **edit)
    assert await site_space_holds(admin, ORG, site.id, added.id, edit) is not None
    other = await space_named(admin, "API Reference")
    assert await site_space_holds(admin, ORG, site.id, added.id, {"space_id": other.id}) is None
    assert not await node_gone(admin, ORG, site.id, NodeKind.SITE_SPACE, added.id)
    await admin.site_spaces.delete_site_space_by_id(ORG, site.id, added.id)
    assert await node_gone(admin, ORG, site.id, NodeKind.SITE_SPACE, added.id)


# -- moves --------------------------------------------------------------------------------


async def test_a_move_step_shows_once_taken(admin):
    site = await site_named(admin, "Northwind Docs")
    ids = await node_ids(admin, site.id)
    step = MoveStep(
        NodeKind.SITE_SPACE, ids["JavaScript SDK"], "before", NodeKind.SITE_SPACE, ids["Python SDK"]
    )
    assert not await step_taken(admin, ORG, site.id, step)
    await admin.site_spaces.move_site_space(ORG, site.id, step.id, position=step.position())
    assert await step_taken(admin, ORG, site.id, step)


async def test_a_section_joining_and_leaving_a_group_shows_once_sent(admin):
    site = await site_named(admin, "Northwind Docs")
    ids = await node_ids(admin, site.id)
    join = JoinGroup(ids["Developers"], ids["Guides"])
    assert not await step_taken(admin, ORG, site.id, join)
    await admin.site_section_groups.add_section_to_group(
        ORG, site.id, join.group_id, section_id=join.section_id
    )
    assert await step_taken(admin, ORG, site.id, join)
    leave = LeaveGroup(ids["Developers"], ids["Guides"])
    assert not await step_taken(admin, ORG, site.id, leave)
    await admin.site_section_groups.remove_section_from_group(
        ORG, site.id, leave.group_id, leave.section_id
    )
    assert await step_taken(admin, ORG, site.id, leave)


# -- the visitor schema -------------------------------------------------------------------


async def test_a_visitor_schema_reads_back_as_sent(admin):
    site = await site_named(admin, "Internal Handbook")
    schema = {
        "type": "object",
        "properties": {"staff": {"type": "boolean", "description": "On the staff"}},
        "additionalProperties": False,
    }
    assert await schema_is(admin, ORG, site.id, schema) is None
    await admin.sites.update_site_adaptive_schema(ORG, site.id, json_schema=schema)
    assert await schema_is(admin, ORG, site.id, schema) is not None
