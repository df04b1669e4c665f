"""A site's three lists make one tree, and every keyboard move sent as anchors is what the service
lists next; its recorded reverse puts everything back."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import ORG
from tui.sites.logic.conditions import Outcome, Visitor
from tui.sites.logic.site_structure import (
    DOWN,
    UP,
    CannotMove,
    JoinGroup,
    LeaveGroup,
    MoveStep,
    NodeKind,
    SiteOutline,
    Step,
    build_outline,
    plan_into_group,
    plan_out_of_group,
    plan_shift,
    verdicts,
)


async def site_id(client: Any, title: str) -> str:
    page = await client.sites.list_sites(ORG, title=title)
    return page.items[0].id


async def outline_of(client: Any, site: str) -> SiteOutline:
    groups = await client.site_section_groups.list_site_section_groups(ORG, site)
    sections = await client.site_sections.list_site_sections(ORG, site)
    site_spaces = await client.site_spaces.list_site_spaces(ORG, site)
    return build_outline(groups.items, sections.items, site_spaces.items)


def shape(outline: SiteOutline, key: str | None = None, depth: int = 0) -> list[str]:
    rows = []
    for node in outline.children_of(key):
        rows.append("  " * depth + node.title + (" *" if node.default else ""))
        rows.extend(shape(outline, node.key, depth + 1))
    return rows


async def send(client: Any, site: str, steps: tuple[Step, ...]) -> None:
    for step in steps:
        if isinstance(step, JoinGroup):
            await client.site_section_groups.add_section_to_group(
                ORG, site, step.group_id, section_id=step.section_id
            )
        elif isinstance(step, LeaveGroup):
            await client.site_section_groups.remove_section_from_group(
                ORG, site, step.group_id, step.section_id
            )
        elif step.kind is NodeKind.SECTION:
            await client.site_sections.move_site_section(
                ORG, site, step.id, position=step.position()
            )
        elif step.kind is NodeKind.GROUP:
            await client.site_section_groups.move_site_section_group(
                ORG, site, step.id, position=step.position()
            )
        else:
            await client.site_spaces.move_site_space(ORG, site, step.id, position=step.position())


def key_of(outline: SiteOutline, title: str) -> str:
    return next(n.key for n in outline.walk() if n.title == title)


NORTHWIND_DOCS = [
    "Guides *",
    "  Deploying to production *",
    "Developers",
    "  API",
    "    API Reference *",
    "    Python SDK",
    "    JavaScript SDK",
    "  Changelog",
    "    Release notes *",
]


async def test_northwind_docs_reads_as_groups_sections_and_site_spaces(admin):
    outline = await outline_of(admin, await site_id(admin, "Northwind Docs"))
    assert shape(outline) == NORTHWIND_DOCS
    sdk = outline.node(key_of(outline, "JavaScript SDK"))
    assert sdk.condition == "visitor.claims.beta_tester === true"
    assert sdk.url == "https://docs.northwind.dev/api/javascript-sdk/"
    assert outline.default_section().title == "Guides"


async def test_a_site_without_sections_lists_its_site_spaces_at_the_root(admin):
    outline = await outline_of(admin, await site_id(admin, "Internal Handbook"))
    assert shape(outline) == [
        "Team handbook *",
        "Engineering onboarding",
        "Incident runbooks",
    ]


@pytest.mark.parametrize(
    ("title", "direction", "top", "developers"),
    [
        # a section passes a group: the group is what moves
        ("Guides", DOWN, ["Developers", "Guides"], ["API", "Changelog"]),
        ("Developers", UP, ["Developers", "Guides"], ["API", "Changelog"]),
        ("Changelog", UP, ["Guides", "Developers"], ["Changelog", "API"]),
    ],
)
async def test_a_shift_is_what_the_service_lists_next_and_its_undo_restores(
    admin, title, direction, top, developers
):
    site = await site_id(admin, "Northwind Docs")
    before = await outline_of(admin, site)
    plan = plan_shift(before, key_of(before, title), direction)
    await send(admin, site, plan.steps)
    after = await outline_of(admin, site)
    assert _top(after) == top
    assert [n.title for n in after.children_of(key_of(after, "Developers"))] == developers
    await send(admin, site, plan.undo)
    assert shape(await outline_of(admin, site)) == NORTHWIND_DOCS


async def test_site_spaces_swap_within_their_section(admin):
    site = await site_id(admin, "Northwind Docs")
    before = await outline_of(admin, site)
    plan = plan_shift(before, key_of(before, "JavaScript SDK"), UP)
    assert plan.steps == (
        MoveStep(
            NodeKind.SITE_SPACE,
            before.node(key_of(before, "JavaScript SDK")).id,
            "before",
            NodeKind.SITE_SPACE,
            before.node(key_of(before, "Python SDK")).id,
        ),
    )
    await send(admin, site, plan.steps)
    after = await outline_of(admin, site)
    api = key_of(after, "API")
    assert [n.title for n in after.children_of(api)] == [
        "API Reference",
        "JavaScript SDK",
        "Python SDK",
    ]
    await send(admin, site, plan.undo)
    assert shape(await outline_of(admin, site)) == NORTHWIND_DOCS


async def test_into_the_group_above_and_out_again(admin):
    site = await site_id(admin, "Northwind Docs")
    outline = await outline_of(admin, site)
    # Guides goes below Developers first, then into it, as its last section.
    await send(admin, site, plan_shift(outline, key_of(outline, "Guides"), DOWN).steps)
    outline = await outline_of(admin, site)
    plan = plan_into_group(outline, key_of(outline, "Guides"))
    await send(admin, site, plan.steps)
    inside = await outline_of(admin, site)
    group = key_of(inside, "Developers")
    assert [n.title for n in inside.children_of(group)] == ["API", "Changelog", "Guides"]
    await send(admin, site, plan.undo)
    assert _top(await outline_of(admin, site)) == ["Developers", "Guides"]


async def test_into_the_group_below_becomes_its_first_section_and_undo_restores(admin):
    site = await site_id(admin, "Northwind Docs")
    outline = await outline_of(admin, site)
    plan = plan_into_group(outline, key_of(outline, "Guides"))
    await send(admin, site, plan.steps)
    inside = await outline_of(admin, site)
    assert [n.title for n in inside.children_of(key_of(inside, "Developers"))] == [
        "Guides",
        "API",
        "Changelog",
    ]
    await send(admin, site, plan.undo)
    assert shape(await outline_of(admin, site)) == NORTHWIND_DOCS


async def test_out_of_a_group_and_back_to_the_same_place(admin):
    site = await site_id(admin, "Northwind Docs")
    outline = await outline_of(admin, site)
    plan = plan_out_of_group(outline, key_of(outline, "API"))
    await send(admin, site, plan.steps)
    assert _top(await outline_of(admin, site)) == ["Guides", "Developers", "API"]
    await send(admin, site, plan.undo)
    assert shape(await outline_of(admin, site)) == NORTHWIND_DOCS


def _top(outline: SiteOutline) -> list[str]:
    return [n.title for n in outline.children_of(None)]


async def test_moves_that_cannot_be_made_say_why(admin):
    outline = await outline_of(admin, await site_id(admin, "Northwind Docs"))
    with pytest.raises(CannotMove, match="already the first"):
        plan_shift(outline, key_of(outline, "Guides"), UP)
    with pytest.raises(CannotMove, match="not in a section group"):
        plan_out_of_group(outline, key_of(outline, "Guides"))
    with pytest.raises(CannotMove, match="already in a section group"):
        plan_into_group(outline, key_of(outline, "API"))


async def test_an_anonymous_visitor_loses_what_reads_a_claim(admin):
    outline = await outline_of(admin, await site_id(admin, "Northwind Docs"))
    seen = verdicts(outline, Visitor.nobody())
    sdk = seen[key_of(outline, "JavaScript SDK")]
    assert sdk.outcome is Outcome.HIDDEN
    assert str(sdk) == (
        "hidden: visitor.claims.beta_tester === true (anonymous visitors have no claims)"
    )
    assert all(v.visible for k, v in seen.items() if k != key_of(outline, "JavaScript SDK"))


async def test_a_visitor_with_unset_claims_is_never_guessed(admin):
    outline = await outline_of(admin, await site_id(admin, "Northwind Docs"))
    seen = verdicts(outline, Visitor(claims={"plan_enterprise": True}))
    assert seen[key_of(outline, "JavaScript SDK")].outcome is Outcome.UNKNOWN
