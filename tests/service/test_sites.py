"""The sites group, end to end against the in-process service: sites, their settings, the
adaptive-content schema and the published view."""

from __future__ import annotations

import pytest

from tests.conftest import ORG, OTHER_ORG
from tui.api import errors
from tui.api.models import SiteSection, SiteSectionGroup, SiteSpace
from tui.api.resources.sites import NEW_SPACE
from tui.service.datasets.demo_sites import HANDBOOK_SHARE_KEY

VISITOR_SCHEMA = {
    "type": "object",
    "properties": {
        "beta_tester": {"type": "boolean"},
        "unsigned": {
            "type": "object",
            "properties": {"returning_visitor": {"type": "boolean"}},
            "additionalProperties": False,
        },
    },
    "additionalProperties": False,
}


async def _site(client, title):
    page = await client.sites.list_sites(ORG)
    return next(site for site in page.items if site.title == title)


async def _space(client, title, organization=ORG):
    page = await client.spaces.list_spaces_in_organization_by_id(organization)
    return next(space for space in page.items if space.title == title)


# -- listing and reading ------------------------------------------------------------------------


async def test_the_demo_sites_are_listed_with_their_spaces_counted(admin):
    page = await admin.sites.list_sites(ORG)
    assert [(s.title, s.site_spaces) for s in page.items] == [
        ("Northwind Docs", 5),
        ("Internal Handbook", 3),
        ("Partner Portal", 1),
    ]
    docs = page.items[0]
    assert docs.visibility == "public" and docs.published
    assert docs.hostname == "docs.northwind.dev"
    assert docs.urls.published == "https://docs.northwind.dev/"
    assert docs.adaptive_content is not None and docs.adaptive_content.enabled


async def test_sites_are_filtered_by_title_space_and_published_state(admin):
    found = await admin.sites.list_sites(ORG, title="handbook")
    assert [s.title for s in found.items] == ["Internal Handbook"]
    reference = await _space(admin, "API Reference")
    showing = await admin.sites.list_sites(ORG, space=reference.id)
    assert [s.title for s in showing.items] == ["Northwind Docs", "Partner Portal"]
    drafts = await admin.sites.list_sites(ORG, published=False)
    assert [s.title for s in drafts.items] == ["Partner Portal"]


async def test_a_reader_reads_a_site_without_being_able_to_change_it(reader):
    docs = await _site(reader, "Northwind Docs")
    assert (await reader.sites.get_site_by_id(ORG, docs.id)).title == "Northwind Docs"


async def test_an_unknown_site_is_not_found(admin):
    with pytest.raises(errors.NotFoundError) as caught:
        await admin.sites.get_site_by_id(ORG, "missing")
    assert "site" in caught.value.message
    docs = await _site(admin, "Northwind Docs")
    with pytest.raises(errors.NotFoundError):  # a site is only found in its own organization
        await admin.sites.get_site_by_id(OTHER_ORG, docs.id)


# -- creating -----------------------------------------------------------------------------------


async def test_an_admin_creates_a_site_showing_existing_spaces(admin, transport):
    reference = await _space(admin, "API Reference")
    handbook = await _space(admin, "Team handbook")
    site = await admin.sites.create_site(
        ORG, title="Developer Hub", visibility="unlisted", spaces=[reference.id, handbook.id]
    )
    assert transport.sent[-1].json == {
        "title": "Developer Hub",
        "visibility": "unlisted",
        "spaces": [reference.id, handbook.id],
    }
    assert (site.type, site.visibility, site.published, site.site_spaces) == (
        "basic",
        "unlisted",
        False,
        2,
    )
    assert site.urls.published is None  # not published yet
    listed = await admin.site_spaces.list_site_spaces(ORG, site.id)
    assert [(s.space.id, s.section) for s in listed.items] == [
        (reference.id, None),
        (handbook.id, None),
    ]


async def test_a_site_can_start_with_a_new_empty_space(admin):
    site = await admin.sites.create_site(ORG, title="Launch Notes", spaces=NEW_SPACE)
    listed = await admin.site_spaces.list_site_spaces(ORG, site.id)
    [only] = listed.items
    assert only.space.title == "Launch Notes" and only.space.visibility == "private"
    made = await admin.spaces.get_space_by_id(only.space.id)
    assert made.organization == ORG


async def test_a_site_only_shows_spaces_of_its_organization(admin):
    with pytest.raises(errors.BadRequestError) as caught:
        await admin.sites.create_site(ORG, title="Broken", spaces=["missing"])
    assert "missing" in caught.value.message
    guidelines = await _space(admin, "Community guidelines", OTHER_ORG)
    with pytest.raises(errors.BadRequestError):
        await admin.sites.create_site(ORG, title="Borrowed", spaces=[guidelines.id])
    with pytest.raises(errors.BadRequestError) as caught:
        await admin.sites.create_site(ORG, title="Broken", spaces="everything")
    assert "`spaces` must be a list of space ids" in caught.value.message
    assert [s.title for s in (await admin.sites.list_sites(ORG)).items if s.title == "Broken"] == []


@pytest.mark.parametrize("title", ["N", "t" * 129])
async def test_a_site_title_has_two_to_128_characters(admin, title):
    with pytest.raises(errors.BadRequestError):
        await admin.sites.create_site(ORG, title=title)
    docs = await _site(admin, "Northwind Docs")
    with pytest.raises(errors.BadRequestError):
        await admin.sites.update_site_by_id(ORG, docs.id, title=title)


async def test_a_site_type_and_visibility_must_be_known(admin):
    with pytest.raises(errors.BadRequestError):
        await admin.sites.create_site(ORG, title="Odd", type="gold")
    with pytest.raises(errors.BadRequestError):
        await admin.sites.create_site(ORG, title="Odd", visibility="private")


# -- updating -----------------------------------------------------------------------------------


async def test_an_admin_changes_a_sites_settings(admin, transport):
    portal = await _site(admin, "Partner Portal")
    updated = await admin.sites.update_site_by_id(
        ORG,
        portal.id,
        title="Partner Hub",
        visibility="unlisted",
        basename="partner-hub",
        hostname="partners.northwind.dev",
        adaptive_content={"enabled": True},
        agents_context="excluded",
    )
    assert transport.sent[-1].json == {
        "title": "Partner Hub",
        "visibility": "unlisted",
        "basename": "partner-hub",
        "hostname": "partners.northwind.dev",
        "adaptiveContent": {"enabled": True},
        "agentsContext": "excluded",
    }
    assert (updated.title, updated.visibility, updated.basename, updated.hostname) == (
        "Partner Hub",
        "unlisted",
        "partner-hub",
        "partners.northwind.dev",
    )
    assert updated.adaptive_content.enabled and updated.agents_context == "excluded"
    again = await admin.sites.get_site_by_id(ORG, portal.id)
    assert again.title == "Partner Hub"
    cleared = await admin.sites.update_site_by_id(ORG, portal.id, hostname=None)
    assert cleared.hostname is None and cleared.title == "Partner Hub"


async def test_a_proxy_shows_as_origin_and_target_and_null_removes_it(admin, transport):
    docs = await _site(admin, "Northwind Docs")
    proxied = await admin.sites.update_site_by_id(ORG, docs.id, proxy="northwind.dev/docs")
    assert proxied.proxy.origin == "northwind.dev/docs" and proxied.proxy.target
    assert proxied.urls.published == "https://northwind.dev/docs/"
    removed = await admin.sites.update_site_by_id(ORG, docs.id, proxy=None)
    assert transport.sent[-1].json == {"proxy": None}
    assert removed.proxy is None and removed.urls.published == "https://docs.northwind.dev/"


@pytest.mark.parametrize(
    "field",
    [
        {"proxy": "northwind.dev"},  # a path is needed
        {"proxy": "https://northwind.dev/docs"},  # no scheme
        {"proxy": "a" * 500 + ".dev/" + "d" * 10},  # longer than 512
        {"hostname": "docs"},  # at least three labels
        {"hostname": "Docs.Northwind.dev"},  # lower case only
        {"hostname": ("a" * 60 + ".") * 9 + "dev"},  # longer than 512
        {"basename": ""},
        {"basename": "b" * 101},
        {"agents_context": "sometimes"},
        {"title": None},
    ],
)
async def test_site_settings_are_checked(admin, field):
    docs = await _site(admin, "Northwind Docs")
    with pytest.raises(errors.BadRequestError) as caught:
        await admin.sites.update_site_by_id(ORG, docs.id, **field)
    assert next(iter(field)).split("_")[0] in caught.value.message.lower()


async def test_the_default_section_of_a_site_can_change(admin):
    docs = await _site(admin, "Northwind Docs")
    sections = (await admin.site_sections.list_site_sections(ORG, docs.id)).items
    api = next(s for s in sections if s.title == "API")
    await admin.sites.update_site_by_id(ORG, docs.id, default_site_section=api.id)
    after = (await admin.site_sections.list_site_sections(ORG, docs.id)).items
    assert [s.title for s in after if s.default] == ["API"]
    assert (
        next(s for s in after if s.title == "API").urls.published == "https://docs.northwind.dev/"
    )
    with pytest.raises(errors.BadRequestError):
        await admin.sites.update_site_by_id(ORG, docs.id, default_site_section="missing")


async def test_the_default_site_space_must_be_in_the_default_section_or_at_the_root(admin):
    docs = await _site(admin, "Northwind Docs")
    sections = (await admin.site_sections.list_site_sections(ORG, docs.id)).items
    guides = next(s for s in sections if s.title == "Guides")
    api = next(s for s in sections if s.title == "API")
    python = next(s for s in api.site_spaces if s.title == "Python SDK")
    with pytest.raises(errors.BadRequestError) as caught:  # API is not the default section
        await admin.sites.update_site_by_id(ORG, docs.id, default_site_space=python.id)
    assert "default section" in caught.value.message
    handbook = await admin.site_spaces.add_space_to_site(
        ORG, docs.id, space_id=(await _space(admin, "Team handbook")).id, section_id=guides.id
    )
    await admin.sites.update_site_by_id(ORG, docs.id, default_site_space=handbook.id)
    listed = await admin.site_spaces.list_site_spaces(ORG, docs.id, default=True)
    assert "Team handbook" in [s.title for s in listed.items]
    assert "Deploying to production" not in [s.title for s in listed.items]


async def test_a_root_site_space_becomes_the_default(admin):
    handbook = await _site(admin, "Internal Handbook")
    spaces = (await admin.site_spaces.list_site_spaces(ORG, handbook.id)).items
    await admin.sites.update_site_by_id(ORG, handbook.id, default_site_space=spaces[2].id)
    defaults = await admin.site_spaces.list_site_spaces(ORG, handbook.id, default=True)
    assert [s.id for s in defaults.items] == [spaces[2].id]


# -- deleting and permissions -----------------------------------------------------------------


async def test_deleting_a_site_removes_it_and_its_structure(admin):
    docs = await _site(admin, "Northwind Docs")
    await admin.sites.delete_site_by_id(ORG, docs.id)
    with pytest.raises(errors.NotFoundError):
        await admin.sites.get_site_by_id(ORG, docs.id)
    with pytest.raises(errors.NotFoundError):
        await admin.site_sections.list_site_sections(ORG, docs.id)
    assert "Northwind Docs" not in [s.title for s in (await admin.sites.list_sites(ORG)).items]
    await admin.sites.delete_site_by_id(ORG, docs.id)  # gone already: still 204


async def test_readers_and_editors_cannot_change_sites(reader, editor):
    for client in (reader, editor):
        docs = await _site(client, "Northwind Docs")
        with pytest.raises(errors.ForbiddenError):
            await client.sites.create_site(ORG, title="Mine")
        with pytest.raises(errors.ForbiddenError):
            await client.sites.update_site_by_id(ORG, docs.id, title="Mine")
        with pytest.raises(errors.ForbiddenError):
            await client.sites.delete_site_by_id(ORG, docs.id)
        with pytest.raises(errors.ForbiddenError):
            await client.sites.update_site_adaptive_schema(ORG, docs.id, json_schema=VISITOR_SCHEMA)
        assert (await client.sites.get_site_adaptive_schema(ORG, docs.id)).json_schema


# -- adaptive content ---------------------------------------------------------------------------


async def test_the_visitor_schema_is_read_and_replaced(admin, clock, transport):
    docs = await _site(admin, "Northwind Docs")
    current = await admin.sites.get_site_adaptive_schema(ORG, docs.id)
    assert set(current.json_schema["properties"]) == {"unsigned", "beta_tester", "plan_enterprise"}
    clock.advance(hours=1)
    replaced = await admin.sites.update_site_adaptive_schema(
        ORG, docs.id, json_schema=VISITOR_SCHEMA
    )
    assert transport.sent[-1].json == {"jsonSchema": VISITOR_SCHEMA}
    assert replaced.updated_at == clock.now
    assert set(replaced.json_schema["properties"]) == {"unsigned", "beta_tester"}
    assert (
        await admin.sites.get_site_adaptive_schema(ORG, docs.id)
    ).json_schema == replaced.json_schema


async def test_template_conditions_follow_the_adaptive_schema(admin):
    docs = await _site(admin, "Northwind Docs")
    listed = await admin.sites.list_site_adaptive_template_conditions(ORG, docs.id)
    assert [(c.description, c.condition) for c in listed.items] == [
        ("Visitor is beta_tester", "visitor.claims.beta_tester === true"),
        ("Visitor is plan_enterprise", "visitor.claims.plan_enterprise === true"),
        ("Visitor is returning_visitor", "visitor.claims.unsigned.returning_visitor === true"),
    ]
    await admin.sites.update_site_adaptive_schema(ORG, docs.id, json_schema=VISITOR_SCHEMA)
    listed = await admin.sites.list_site_adaptive_template_conditions(ORG, docs.id)
    assert [c.condition for c in listed.items] == [
        "visitor.claims.beta_tester === true",
        "visitor.claims.unsigned.returning_visitor === true",
    ]


async def test_a_site_without_a_visitor_schema(admin):
    portal = await _site(admin, "Partner Portal")
    with pytest.raises(errors.NotFoundError):
        await admin.sites.get_site_adaptive_schema(ORG, portal.id)
    assert (await admin.sites.list_site_adaptive_template_conditions(ORG, portal.id)).items == []


def _schema(**changes):
    return {**VISITOR_SCHEMA, **changes}


@pytest.mark.parametrize(
    ("schema", "named"),
    [
        ("beta_tester", "jsonSchema"),
        (_schema(type="array"), "jsonSchema.type"),
        (
            {k: v for k, v in VISITOR_SCHEMA.items() if k != "additionalProperties"},
            "additionalProperties",
        ),
        (_schema(additionalProperties=True), "additionalProperties"),
        (_schema(properties={"age": {"type": "number"}}), "properties.age"),
        (_schema(properties={"plan": {"type": "string", "enum": ["pro"]}}), "properties.plan"),
        (_schema(properties={"beta-tester": {"type": "boolean"}}), "properties.beta-tester"),
        (_schema(properties={"unsigned": {"type": "boolean"}}), "unsigned"),
        (
            _schema(
                properties={
                    "unsigned": {"type": "object", "properties": {"seen": {"type": "boolean"}}}
                }
            ),
            "unsigned.additionalProperties",
        ),
        (
            _schema(
                properties={
                    "unsigned": {
                        "type": "object",
                        "properties": {"country": {"type": "string"}},
                        "additionalProperties": False,
                    }
                }
            ),
            "unsigned.properties.country",
        ),
        (_schema(required=["beta_tester"]), "jsonSchema.required"),
    ],
)
async def test_a_visitor_schema_with_anything_but_boolean_claims_is_refused(admin, schema, named):
    docs = await _site(admin, "Northwind Docs")
    with pytest.raises(errors.BadRequestError) as caught:
        await admin.sites.update_site_adaptive_schema(ORG, docs.id, json_schema=schema)
    assert named in caught.value.message
    kept = await admin.sites.get_site_adaptive_schema(ORG, docs.id)
    assert "plan_enterprise" in kept.json_schema["properties"]


# -- the published view -------------------------------------------------------------------------


async def test_the_published_site_shows_its_sections_and_groups(admin):
    docs = await _site(admin, "Northwind Docs")
    published = await admin.sites.get_published_content_site(ORG, docs.id)
    assert published.site.id == docs.id and published.structure.type == "sections"
    guides, developers = published.structure.structure
    assert isinstance(guides, SiteSection) and guides.title == "Guides" and guides.default
    assert isinstance(developers, SiteSectionGroup) and developers.title == "Developers"
    assert [s.title for s in developers.sections] == ["API", "Changelog"]
    api = developers.sections[0]
    assert [s.title for s in api.site_spaces] == ["API Reference", "Python SDK", "JavaScript SDK"]
    assert api.site_spaces[1].urls.published == "https://docs.northwind.dev/api/python-sdk/"


async def test_a_site_without_sections_publishes_its_site_spaces(admin):
    handbook = await _site(admin, "Internal Handbook")
    published = await admin.sites.get_published_content_site(ORG, handbook.id)
    assert published.structure.type == "siteSpaces"
    items = published.structure.structure
    assert all(isinstance(item, SiteSpace) for item in items)
    assert [s.title for s in items] == [
        "Team handbook",
        "Engineering onboarding",
        "Incident runbooks",
    ]
    assert published.site.urls.published is None  # a share link needs its key
    assert all(item.urls.published is None for item in items)


async def test_the_share_key_resolves_the_published_urls_of_a_share_link_site(admin, transport):
    handbook = await _site(admin, "Internal Handbook")
    published = await admin.sites.get_published_content_site(
        ORG, handbook.id, share_key=HANDBOOK_SHARE_KEY
    )
    assert transport.sent[-1].params == {"shareKey": [HANDBOOK_SHARE_KEY]}
    assert published.site.urls.published == (
        f"https://northwind.gitbook.io/handbook/?share={HANDBOOK_SHARE_KEY}"
    )
    onboarding = published.structure.structure[1]
    assert onboarding.urls.published == (
        f"https://northwind.gitbook.io/handbook/engineering-onboarding/?share={HANDBOOK_SHARE_KEY}"
    )
    wrong = await admin.sites.get_published_content_site(ORG, handbook.id, share_key="guess")
    assert wrong.site.urls.published is None


async def test_an_unpublished_site_has_no_published_urls(admin):
    portal = await _site(admin, "Partner Portal")
    published = await admin.sites.get_published_content_site(ORG, portal.id)
    assert published.site.urls.published is None
    assert [s.urls.published for s in published.structure.structure] == [None]
