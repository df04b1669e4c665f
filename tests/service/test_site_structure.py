"""A site's structure, end to end against the in-process service: sections, section groups and
site spaces, and the order a move leaves them in."""

from __future__ import annotations

import pytest

from tests.conftest import ORG, OTHER_ORG
from tui.api import errors
from tui.service.datasets.demo_sites import HANDBOOK_SHARE_KEY


async def _site(client, title="Northwind Docs"):
    page = await client.sites.list_sites(ORG)
    return next(site for site in page.items if site.title == title)


async def _space(client, title, organization=ORG):
    page = await client.spaces.list_spaces_in_organization_by_id(organization)
    return next(space for space in page.items if space.title == title)


async def _sections(client, site_id):
    return {s.title: s for s in (await client.site_sections.list_site_sections(ORG, site_id)).items}


async def _titles(client, site_id):
    return [s.title for s in (await client.site_sections.list_site_sections(ORG, site_id)).items]


async def _group(client, site_id, title="Developers"):
    page = await client.site_section_groups.list_site_section_groups(ORG, site_id)
    return next(group for group in page.items if group.title == title)


async def _site_space_titles(client, site_id, section_id=None):
    page = await client.site_spaces.list_site_spaces(ORG, site_id)
    return [s.title for s in page.items if s.section == section_id]


# -- sections -----------------------------------------------------------------------------------


async def test_sections_list_in_reading_order_with_their_site_spaces_and_group(admin):
    docs = await _site(admin)
    page = await admin.site_sections.list_site_sections(ORG, docs.id)
    assert [(s.title, s.path, s.default) for s in page.items] == [
        ("Guides", "guides", True),
        ("API", "api", False),
        ("Changelog", "changelog", False),
    ]
    developers = await _group(admin, docs.id)
    assert [s.section_group for s in page.items] == [None, developers.id, developers.id]
    api = page.items[1]
    assert api.description and api.icon == "code"
    assert [(s.title, s.default, s.condition) for s in api.site_spaces] == [
        ("API Reference", True, None),
        ("Python SDK", False, None),
        ("JavaScript SDK", False, "visitor.claims.beta_tester === true"),
    ]
    assert api.urls.published == "https://docs.northwind.dev/api/"


async def test_sections_are_paginated(admin):
    docs = await _site(admin)
    first = await admin.site_sections.list_site_sections(ORG, docs.id, limit=2)
    assert len(first.items) == 2 and first.count == 3
    rest = await admin.site_sections.list_site_sections(ORG, docs.id, page=first.next_page)
    assert [s.title for s in rest.items] == ["Changelog"]


async def test_adding_a_section_creates_its_first_site_space(admin, transport):
    docs = await _site(admin)
    onboarding = await _space(admin, "Engineering onboarding")
    section = await admin.site_sections.add_section_to_site(
        ORG, docs.id, space_id=onboarding.id, title="Onboarding", icon="user"
    )
    assert transport.sent[-1].json == {
        "spaceId": onboarding.id,
        "title": "Onboarding",
        "icon": "user",
    }
    assert (section.title, section.path, section.icon, section.default) == (
        "Onboarding",
        "onboarding",
        "user",
        False,
    )
    [first] = section.site_spaces
    assert first.space.id == onboarding.id and first.default and first.section == section.id
    assert await _titles(admin, docs.id) == ["Guides", "API", "Changelog", "Onboarding"]
    assert (await admin.sites.get_site_by_id(ORG, docs.id)).site_spaces == 6


async def test_a_section_without_a_title_takes_its_spaces_title(admin):
    docs = await _site(admin)
    runbooks = await _space(admin, "Incident runbooks")
    section = await admin.site_sections.add_section_to_site(
        ORG, docs.id, space_id=runbooks.id, title=None
    )
    assert (section.title, section.path) == ("Incident runbooks", "incident-runbooks")


async def test_the_first_section_of_a_site_becomes_its_default(admin):
    handbook = await _site(admin, "Internal Handbook")
    onboarding = await _space(admin, "Engineering onboarding")
    section = await admin.site_sections.add_section_to_site(
        ORG, handbook.id, space_id=onboarding.id, title="People"
    )
    assert section.default
    published = await admin.sites.get_published_content_site(ORG, handbook.id)
    assert published.structure.type == "sections"
    assert [s.title for s in published.structure.structure] == ["People"]


@pytest.mark.parametrize(
    "fields",
    [
        {"space_id": "missing"},
        {"space_id": None},
        {"title": "A"},
        {"title": "t" * 129},
        {"icon": "i" * 51},
    ],
)
async def test_a_section_needs_a_space_of_the_organization_and_fitting_names(admin, fields):
    docs = await _site(admin)
    reference = await _space(admin, "API Reference")
    with pytest.raises(errors.BadRequestError):
        await admin.site_sections.add_section_to_site(
            ORG, docs.id, **{"space_id": reference.id, **fields}
        )
    assert await _titles(admin, docs.id) == ["Guides", "API", "Changelog"]


async def test_a_section_of_another_organizations_space_is_refused(admin):
    docs = await _site(admin)
    guidelines = await _space(admin, "Community guidelines", OTHER_ORG)
    with pytest.raises(errors.BadRequestError) as caught:
        await admin.site_sections.add_section_to_site(ORG, docs.id, space_id=guidelines.id)
    assert "space" in caught.value.message


async def test_a_section_is_renamed_moved_to_a_new_path_and_described(admin, transport):
    docs = await _site(admin)
    api = (await _sections(admin, docs.id))["API"]
    python = api.site_spaces[1]
    updated = await admin.site_sections.update_site_section_by_id(
        ORG,
        docs.id,
        api.id,
        title="API & SDKs",
        path="reference",
        description="Everything for builders",
        icon="terminal",
        default_site_space=python.id,
    )
    assert transport.sent[-1].json == {
        "title": "API & SDKs",
        "path": "reference",
        "defaultSiteSpace": python.id,
        "icon": "terminal",
        "description": "Everything for builders",
    }
    assert (updated.title, updated.path, updated.description, updated.icon) == (
        "API & SDKs",
        "reference",
        "Everything for builders",
        "terminal",
    )
    assert [s.title for s in updated.site_spaces if s.default] == ["Python SDK"]
    assert updated.site_spaces[1].urls.published == "https://docs.northwind.dev/reference/"
    cleared = await admin.site_sections.update_site_section_by_id(
        ORG, docs.id, api.id, description=None, icon=None
    )
    assert cleared.description is None and cleared.icon is None and cleared.title == "API & SDKs"


async def test_a_sections_condition_is_kept_when_omitted_and_removed_with_null(admin, transport):
    docs = await _site(admin)
    api = (await _sections(admin, docs.id))["API"]
    condition = "visitor.claims.plan_enterprise === true"
    set_ = await admin.site_sections.update_site_section_by_id(
        ORG, docs.id, api.id, condition=condition
    )
    assert set_.condition == condition
    kept = await admin.site_sections.update_site_section_by_id(ORG, docs.id, api.id, title="APIs")
    assert "condition" not in transport.sent[-1].json
    assert kept.condition == condition
    removed = await admin.site_sections.update_site_section_by_id(
        ORG, docs.id, api.id, condition=None
    )
    assert transport.sent[-1].json == {"condition": None}
    assert removed.condition is None
    assert (await _sections(admin, docs.id))["APIs"].condition is None


@pytest.mark.parametrize(
    "fields",
    [
        {"title": "A"},
        {"title": "t" * 129},
        {"path": ""},
        {"path": "p" * 101},
        {"path": "guides"},  # another section's path
        {"description": "d" * 257},
        {"condition": ""},
        {"condition": "c" * 1025},
        {"icon": "i" * 51},
        {"default_site_space": "missing"},
    ],
)
async def test_section_settings_are_checked(admin, fields):
    docs = await _site(admin)
    api = (await _sections(admin, docs.id))["API"]
    with pytest.raises(errors.BadRequestError):
        await admin.site_sections.update_site_section_by_id(ORG, docs.id, api.id, **fields)


async def test_a_sections_default_site_space_must_be_one_of_its_own(admin):
    docs = await _site(admin)
    sections = await _sections(admin, docs.id)
    elsewhere = sections["Guides"].site_spaces[0]
    with pytest.raises(errors.BadRequestError):
        await admin.site_sections.update_site_section_by_id(
            ORG, docs.id, sections["API"].id, default_site_space=elsewhere.id
        )


async def test_deleting_a_section_removes_its_site_spaces(admin):
    docs = await _site(admin)
    api = (await _sections(admin, docs.id))["API"]
    await admin.site_sections.delete_site_section_by_id(ORG, docs.id, api.id)
    assert await _titles(admin, docs.id) == ["Guides", "Changelog"]
    assert (await admin.sites.get_site_by_id(ORG, docs.id)).site_spaces == 2
    assert [s.title for s in (await _group(admin, docs.id)).sections] == ["Changelog"]
    await admin.site_sections.delete_site_section_by_id(ORG, docs.id, api.id)  # gone: still 204


async def test_deleting_the_default_section_makes_another_the_default(admin):
    docs = await _site(admin)
    guides = (await _sections(admin, docs.id))["Guides"]
    await admin.site_sections.delete_site_section_by_id(ORG, docs.id, guides.id)
    page = await admin.site_sections.list_site_sections(ORG, docs.id)
    assert [(s.title, s.default) for s in page.items] == [("API", True), ("Changelog", False)]


async def test_a_section_moves_among_its_siblings(admin, transport):
    docs = await _site(admin)
    sections = await _sections(admin, docs.id)
    moved = await admin.site_sections.move_site_section(
        ORG,
        docs.id,
        sections["Changelog"].id,
        position={"before": {"type": "site-section", "siteSection": sections["API"].id}},
    )
    assert transport.sent[-1].json == {
        "position": {"before": {"type": "site-section", "siteSection": sections["API"].id}}
    }
    assert moved.title == "Changelog"
    assert await _titles(admin, docs.id) == ["Guides", "Changelog", "API"]
    onboarding = await _space(admin, "Engineering onboarding")
    extra = await admin.site_sections.add_section_to_site(ORG, docs.id, space_id=onboarding.id)
    await admin.site_sections.move_site_section(
        ORG,
        docs.id,
        extra.id,
        position={"before": {"type": "site-section", "siteSection": sections["Guides"].id}},
    )
    assert await _titles(admin, docs.id) == ["Engineering onboarding", "Guides", "Changelog", "API"]
    await admin.site_sections.move_site_section(ORG, docs.id, extra.id)  # no position: to the end
    assert await _titles(admin, docs.id) == ["Guides", "Changelog", "API", "Engineering onboarding"]


@pytest.mark.parametrize("anchor", ["self", "Guides", "missing"])
async def test_a_section_cannot_move_next_to_itself_or_outside_its_group(admin, anchor):
    docs = await _site(admin)
    sections = await _sections(admin, docs.id)
    api = sections["API"]
    target = {"self": api.id, "missing": "missing"}.get(anchor) or sections[anchor].id
    with pytest.raises(errors.BadRequestError) as caught:
        await admin.site_sections.move_site_section(
            ORG,
            docs.id,
            api.id,
            position={"after": {"type": "site-section", "siteSection": target}},
        )
    assert "position" in caught.value.message
    assert await _titles(admin, docs.id) == ["Guides", "API", "Changelog"]


async def test_an_unknown_section_is_not_found(admin):
    docs = await _site(admin)
    with pytest.raises(errors.NotFoundError):
        await admin.site_sections.update_site_section_by_id(ORG, docs.id, "missing", title="Nope")
    with pytest.raises(errors.NotFoundError):
        await admin.site_sections.move_site_section(ORG, docs.id, "missing")


# -- section groups -----------------------------------------------------------------------------


async def test_groups_list_with_their_sections(admin):
    docs = await _site(admin)
    page = await admin.site_section_groups.list_site_section_groups(ORG, docs.id)
    [developers] = page.items
    assert (developers.title, developers.icon) == ("Developers", "laptop-code")
    assert [s.title for s in developers.sections] == ["API", "Changelog"]
    assert [s.title for s in developers.children] == ["API", "Changelog"]


async def test_a_group_gathers_sections_where_the_first_of_them_stood(admin, transport):
    docs = await _site(admin)
    sections = await _sections(admin, docs.id)
    await admin.site_section_groups.delete_site_section_group_by_id(
        ORG, docs.id, (await _group(admin, docs.id)).id
    )
    group = await admin.site_section_groups.add_section_group_to_site(
        ORG,
        docs.id,
        title="Reference",
        icon="book",
        sections=[sections["API"].id, sections["Changelog"].id],
    )
    assert transport.sent[-1].json == {
        "title": "Reference",
        "icon": "book",
        "sections": [sections["API"].id, sections["Changelog"].id],
    }
    assert [s.title for s in group.sections] == ["API", "Changelog"]
    assert all(s.section_group == group.id for s in group.sections)
    published = await admin.sites.get_published_content_site(ORG, docs.id)
    assert [item.title for item in published.structure.structure] == ["Guides", "Reference"]


async def test_an_empty_group_can_be_made_and_filled(admin):
    docs = await _site(admin)
    guides = (await _sections(admin, docs.id))["Guides"]
    group = await admin.site_section_groups.add_section_group_to_site(ORG, docs.id, title="Learn")
    assert group.sections == [] and group.icon is None
    filled = await admin.site_section_groups.add_section_to_group(
        ORG, docs.id, group.id, section_id=guides.id
    )
    assert [s.title for s in filled.sections] == ["Guides"]
    assert (await _sections(admin, docs.id))["Guides"].section_group == group.id


async def test_adding_a_section_to_a_group_takes_it_from_its_old_group(admin):
    docs = await _site(admin)
    api = (await _sections(admin, docs.id))["API"]
    group = await admin.site_section_groups.add_section_group_to_site(ORG, docs.id, title="SDKs")
    await admin.site_section_groups.add_section_to_group(ORG, docs.id, group.id, section_id=api.id)
    assert [s.title for s in (await _group(admin, docs.id)).sections] == ["Changelog"]
    assert (await _sections(admin, docs.id))["API"].section_group == group.id


@pytest.mark.parametrize(
    "fields",
    [{"title": ""}, {"title": "t" * 101}, {"icon": "i" * 51}, {"sections": ["missing"]}],
)
async def test_group_settings_are_checked(admin, fields):
    docs = await _site(admin)
    with pytest.raises(errors.BadRequestError):
        await admin.site_section_groups.add_section_group_to_site(
            ORG, docs.id, **{"title": "Ok", **fields}
        )
    developers = await _group(admin, docs.id)
    if "sections" not in fields:
        with pytest.raises(errors.BadRequestError):
            await admin.site_section_groups.update_site_section_group_by_id(
                ORG, docs.id, developers.id, **fields
            )


async def test_a_group_is_renamed_and_its_icon_removed(admin, transport):
    docs = await _site(admin)
    developers = await _group(admin, docs.id)
    renamed = await admin.site_section_groups.update_site_section_group_by_id(
        ORG, docs.id, developers.id, title="Build", icon=None
    )
    assert transport.sent[-1].json == {"title": "Build", "icon": None}
    assert (renamed.title, renamed.icon) == ("Build", None)
    assert [s.title for s in renamed.sections] == ["API", "Changelog"]


async def test_deleting_a_group_keeps_its_sections_ungrouped(admin):
    docs = await _site(admin)
    developers = await _group(admin, docs.id)
    await admin.site_section_groups.delete_site_section_group_by_id(ORG, docs.id, developers.id)
    page = await admin.site_sections.list_site_sections(ORG, docs.id)
    assert [(s.title, s.section_group) for s in page.items] == [
        ("Guides", None),
        ("API", None),
        ("Changelog", None),
    ]
    assert (await admin.site_section_groups.list_site_section_groups(ORG, docs.id)).items == []
    await admin.site_section_groups.delete_site_section_group_by_id(ORG, docs.id, developers.id)


async def test_removing_a_section_that_is_not_in_the_group_answers_204(admin, transport):
    docs = await _site(admin)
    developers = await _group(admin, docs.id)
    guides = (await _sections(admin, docs.id))["Guides"]
    result = await admin.site_section_groups.remove_section_from_group(
        ORG, docs.id, developers.id, guides.id
    )
    assert result is None
    assert [s.title for s in (await _group(admin, docs.id)).sections] == ["API", "Changelog"]
    await admin.site_section_groups.remove_section_from_group(ORG, docs.id, "missing", guides.id)
    assert transport.count("DELETE") == 2


async def test_a_removed_section_stands_right_after_its_old_group(admin):
    docs = await _site(admin)
    developers = await _group(admin, docs.id)
    api = (await _sections(admin, docs.id))["API"]
    await admin.site_section_groups.remove_section_from_group(ORG, docs.id, developers.id, api.id)
    assert (await _sections(admin, docs.id))["API"].section_group is None
    published = await admin.sites.get_published_content_site(ORG, docs.id)
    assert [item.title for item in published.structure.structure] == ["Guides", "Developers", "API"]


async def test_a_group_moves_before_a_section(admin, transport):
    docs = await _site(admin)
    developers = await _group(admin, docs.id)
    guides = (await _sections(admin, docs.id))["Guides"]
    moved = await admin.site_section_groups.move_site_section_group(
        ORG, docs.id, developers.id, position={"before": {"type": "site-section", "id": guides.id}}
    )
    assert transport.sent[-1].json == {
        "position": {"before": {"type": "site-section", "id": guides.id}}
    }
    assert moved.title == "Developers"
    assert await _titles(admin, docs.id) == ["API", "Changelog", "Guides"]
    published = await admin.sites.get_published_content_site(ORG, docs.id)
    assert [item.title for item in published.structure.structure] == ["Developers", "Guides"]


async def test_a_group_moves_after_another_group(admin):
    docs = await _site(admin)
    developers = await _group(admin, docs.id)
    learn = await admin.site_section_groups.add_section_group_to_site(ORG, docs.id, title="Learn")
    await admin.site_section_groups.move_site_section_group(
        ORG,
        docs.id,
        learn.id,
        position={"before": {"type": "site-section-group", "id": developers.id}},
    )
    page = await admin.site_section_groups.list_site_section_groups(ORG, docs.id)
    assert [g.title for g in page.items] == ["Learn", "Developers"]


@pytest.mark.parametrize("anchor", ["self", "grouped", "missing"])
async def test_a_group_cannot_move_next_to_itself_or_inside_a_group(admin, anchor):
    docs = await _site(admin)
    developers = await _group(admin, docs.id)
    api = (await _sections(admin, docs.id))["API"]
    pointer = {
        "self": {"type": "site-section-group", "id": developers.id},
        "grouped": {"type": "site-section", "id": api.id},
        "missing": {"type": "site-section", "id": "missing"},
    }[anchor]
    with pytest.raises(errors.BadRequestError):
        await admin.site_section_groups.move_site_section_group(
            ORG, docs.id, developers.id, position={"after": pointer}
        )


async def test_an_unknown_group_is_not_found(admin):
    docs = await _site(admin)
    guides = (await _sections(admin, docs.id))["Guides"]
    with pytest.raises(errors.NotFoundError):
        await admin.site_section_groups.add_section_to_group(
            ORG, docs.id, "missing", section_id=guides.id
        )
    with pytest.raises(errors.NotFoundError):
        await admin.site_section_groups.update_site_section_group_by_id(
            ORG, docs.id, "missing", title="X"
        )


# -- site spaces --------------------------------------------------------------------------------


async def test_site_spaces_list_in_site_order_and_filter_on_the_default(admin):
    docs = await _site(admin)
    page = await admin.site_spaces.list_site_spaces(ORG, docs.id)
    assert [s.title for s in page.items] == [
        "Deploying to production",
        "API Reference",
        "Python SDK",
        "JavaScript SDK",
        "Release notes",
    ]
    assert page.items[0].space.title == "Deploying to production"
    defaults = await admin.site_spaces.list_site_spaces(ORG, docs.id, default=True)
    assert [s.title for s in defaults.items] == [
        "Deploying to production",
        "API Reference",
        "Release notes",
    ]
    others = await admin.site_spaces.list_site_spaces(ORG, docs.id, default=False)
    assert [s.title for s in others.items] == ["Python SDK", "JavaScript SDK"]


async def test_the_share_key_resolves_site_space_urls(admin):
    handbook = await _site(admin, "Internal Handbook")
    hidden = await admin.site_spaces.list_site_spaces(ORG, handbook.id)
    assert [s.urls.published for s in hidden.items] == [None, None, None]
    shared = await admin.site_spaces.list_site_spaces(
        ORG, handbook.id, share_key=HANDBOOK_SHARE_KEY
    )
    assert shared.items[0].urls.published == (
        f"https://northwind.gitbook.io/handbook/?share={HANDBOOK_SHARE_KEY}"
    )


async def test_adding_a_site_space_without_a_section_goes_to_the_default_section(admin, transport):
    docs = await _site(admin)
    guides = (await _sections(admin, docs.id))["Guides"]
    runbooks = await _space(admin, "Incident runbooks")
    added = await admin.site_spaces.add_space_to_site(ORG, docs.id, space_id=runbooks.id)
    assert transport.sent[-1].json == {"spaceId": runbooks.id}
    assert (added.section, added.title, added.path, added.default) == (
        guides.id,
        "Incident runbooks",
        "incident-runbooks",
        False,
    )
    assert added.urls.published == "https://docs.northwind.dev/incident-runbooks/"
    assert await _site_space_titles(admin, docs.id, guides.id) == [
        "Deploying to production",
        "Incident runbooks",
    ]


async def test_a_site_without_sections_gets_the_site_space_at_the_root(admin):
    handbook = await _site(admin, "Internal Handbook")
    adr = await _space(admin, "Architecture decisions")
    added = await admin.site_spaces.add_space_to_site(ORG, handbook.id, space_id=adr.id)
    assert added.section is None
    assert (await _site_space_titles(admin, handbook.id))[-1] == "Architecture decisions"


async def test_a_site_space_goes_to_the_section_asked_for(admin):
    docs = await _site(admin)
    changelog = (await _sections(admin, docs.id))["Changelog"]
    reference = await _space(admin, "API Reference")
    added = await admin.site_spaces.add_space_to_site(
        ORG, docs.id, space_id=reference.id, section_id=changelog.id
    )
    assert added.section == changelog.id
    assert await _site_space_titles(admin, docs.id, changelog.id) == [
        "Release notes",
        "API Reference",
    ]


@pytest.mark.parametrize("fields", [{"space_id": "missing"}, {"section_id": "missing"}])
async def test_a_site_space_needs_a_known_space_and_section(admin, fields):
    docs = await _site(admin)
    reference = await _space(admin, "API Reference")
    with pytest.raises(errors.BadRequestError):
        await admin.site_spaces.add_space_to_site(
            ORG, docs.id, **{"space_id": reference.id, **fields}
        )


async def test_a_site_space_gets_a_new_path_condition_and_space(admin, transport):
    docs = await _site(admin)
    api = (await _sections(admin, docs.id))["API"]
    python = api.site_spaces[1]
    onboarding = await _space(admin, "Engineering onboarding")
    updated = await admin.site_spaces.update_site_space_by_id(
        ORG,
        docs.id,
        python.id,
        path="py",
        condition="visitor.claims.beta_tester === true",
        space_id=onboarding.id,
    )
    assert transport.sent[-1].json == {
        "path": "py",
        "condition": "visitor.claims.beta_tester === true",
        "spaceId": onboarding.id,
    }
    assert (updated.path, updated.condition, updated.space.id, updated.title) == (
        "py",
        "visitor.claims.beta_tester === true",
        onboarding.id,
        "Engineering onboarding",
    )
    assert updated.urls.published == "https://docs.northwind.dev/api/py/"


async def test_a_site_space_condition_is_kept_when_omitted_and_removed_with_null(admin):
    docs = await _site(admin)
    javascript = (await _sections(admin, docs.id))["API"].site_spaces[2]
    kept = await admin.site_spaces.update_site_space_by_id(ORG, docs.id, javascript.id, path="js")
    assert kept.condition == "visitor.claims.beta_tester === true"
    removed = await admin.site_spaces.update_site_space_by_id(
        ORG, docs.id, javascript.id, condition=None
    )
    assert removed.condition is None and removed.path == "js"


@pytest.mark.parametrize(
    "fields",
    [
        {"path": ""},
        {"path": "p" * 101},
        {"path": "python-sdk"},
        {"condition": "c" * 1025},
        {"space_id": "missing"},
    ],
)
async def test_site_space_settings_are_checked(admin, fields):
    docs = await _site(admin)
    reference = (await _sections(admin, docs.id))["API"].site_spaces[0]
    with pytest.raises(errors.BadRequestError):
        await admin.site_spaces.update_site_space_by_id(ORG, docs.id, reference.id, **fields)


async def test_deleting_a_site_space_hands_the_default_to_the_next(admin):
    docs = await _site(admin)
    api = (await _sections(admin, docs.id))["API"]
    await admin.site_spaces.delete_site_space_by_id(ORG, docs.id, api.site_spaces[0].id)
    after = (await _sections(admin, docs.id))["API"]
    assert [(s.title, s.default) for s in after.site_spaces] == [
        ("Python SDK", True),
        ("JavaScript SDK", False),
    ]
    assert (await admin.sites.get_site_by_id(ORG, docs.id)).site_spaces == 4
    await admin.site_spaces.delete_site_space_by_id(ORG, docs.id, api.site_spaces[0].id)


async def test_a_move_puts_the_site_space_where_the_next_list_shows_it(admin, transport):
    docs = await _site(admin)
    api = (await _sections(admin, docs.id))["API"]
    reference, python, javascript = api.site_spaces
    moved = await admin.site_spaces.move_site_space(
        ORG,
        docs.id,
        javascript.id,
        position={"before": {"type": "site-space", "siteSpace": reference.id}},
    )
    assert transport.sent[-1].json == {
        "position": {"before": {"type": "site-space", "siteSpace": reference.id}}
    }
    assert moved.id == javascript.id
    assert await _site_space_titles(admin, docs.id, api.id) == [
        "JavaScript SDK",
        "API Reference",
        "Python SDK",
    ]
    await admin.site_spaces.move_site_space(
        ORG,
        docs.id,
        reference.id,
        position={"after": {"type": "site-space", "siteSpace": python.id}},
    )
    assert await _site_space_titles(admin, docs.id, api.id) == [
        "JavaScript SDK",
        "Python SDK",
        "API Reference",
    ]
    await admin.site_spaces.move_site_space(ORG, docs.id, javascript.id)  # no position: to the end
    assert await _site_space_titles(admin, docs.id, api.id) == [
        "Python SDK",
        "API Reference",
        "JavaScript SDK",
    ]


@pytest.mark.parametrize(
    "anchor",
    [
        "self",
        "other section",
        "missing",
    ],
)
async def test_an_invalid_move_position_is_refused(admin, anchor):
    docs = await _site(admin)
    sections = await _sections(admin, docs.id)
    python = sections["API"].site_spaces[1]
    target = {
        "self": python.id,
        "other section": sections["Guides"].site_spaces[0].id,
        "missing": "missing",
    }[anchor]
    with pytest.raises(errors.BadRequestError) as caught:
        await admin.site_spaces.move_site_space(
            ORG,
            docs.id,
            python.id,
            position={"before": {"type": "site-space", "siteSpace": target}},
        )
    assert "position" in caught.value.message


async def test_a_move_anchor_must_point_at_a_site_space(admin):
    docs = await _site(admin)
    api = (await _sections(admin, docs.id))["API"]
    with pytest.raises(errors.BadRequestError):
        await admin.site_spaces.move_site_space(
            ORG,
            docs.id,
            api.site_spaces[1].id,
            position={"before": {"type": "site-section", "siteSpace": api.site_spaces[0].id}},
        )


async def test_moving_a_missing_site_space_is_not_found(admin):
    docs = await _site(admin)
    with pytest.raises(errors.NotFoundError):
        await admin.site_spaces.move_site_space(ORG, docs.id, "missing")
    with pytest.raises(errors.NotFoundError):
        await admin.site_spaces.update_site_space_by_id(ORG, docs.id, "missing", path="x")


# -- permissions --------------------------------------------------------------------------------


async def test_readers_and_editors_read_the_structure_but_cannot_change_it(reader, editor):
    for client in (reader, editor):
        docs = await _site(client)
        sections = await _sections(client, docs.id)
        api = sections["API"]
        developers = await _group(client, docs.id)
        space_id = api.site_spaces[0].space.id
        attempts = [
            client.site_sections.add_section_to_site(ORG, docs.id, space_id=space_id),
            client.site_sections.update_site_section_by_id(ORG, docs.id, api.id, title="Mine"),
            client.site_sections.delete_site_section_by_id(ORG, docs.id, api.id),
            client.site_sections.move_site_section(ORG, docs.id, api.id),
            client.site_section_groups.add_section_group_to_site(ORG, docs.id, title="Mine"),
            client.site_section_groups.update_site_section_group_by_id(
                ORG, docs.id, developers.id, title="M"
            ),
            client.site_section_groups.delete_site_section_group_by_id(ORG, docs.id, developers.id),
            client.site_section_groups.add_section_to_group(
                ORG, docs.id, developers.id, section_id=api.id
            ),
            client.site_section_groups.remove_section_from_group(
                ORG, docs.id, developers.id, api.id
            ),
            client.site_section_groups.move_site_section_group(ORG, docs.id, developers.id),
            client.site_spaces.add_space_to_site(ORG, docs.id, space_id=space_id),
            client.site_spaces.update_site_space_by_id(
                ORG, docs.id, api.site_spaces[0].id, path="x"
            ),
            client.site_spaces.delete_site_space_by_id(ORG, docs.id, api.site_spaces[0].id),
            client.site_spaces.move_site_space(ORG, docs.id, api.site_spaces[0].id),
        ]
        for attempt in attempts:
            with pytest.raises(errors.ForbiddenError):
                await attempt
        assert [s.title for s in (await client.site_spaces.list_site_spaces(ORG, docs.id)).items][
            :2
        ] == [
            "Deploying to production",
            "API Reference",
        ]
