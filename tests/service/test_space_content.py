"""The space content group (and the links of a space, and the organization's search), end to
end against the in-process service."""

from __future__ import annotations

import pytest

from tests.conftest import ORG, OTHER_ORG
from tui.api import errors
from tui.service.datasets.builder import Builder


async def _space(client, title, organization=ORG):
    page = await client.spaces.list_spaces_in_organization_by_id(organization, limit=1000)
    return next(s for s in page.items if s.title == title)


def _find(pages, title):
    for page in pages:
        if page.title == title:
            return page
        found = _find(page.pages, title)
        if found is not None:
            return found
    return None


async def _page(client, space_id, title):
    return _find((await client.space_content.list_pages(space_id)).pages, title)


@pytest.fixture
def airships(service):
    """Two spaces of our own whose pages link to each other, to files and to the web.

    Overview links to Guides, to a page that does not exist, to diagram.png, into the app and
    to python.org; Guides links to Install (its child); Install links back to Overview and to
    the spreadsheet by file id. Only these spaces say "zeppelin".
    """
    store = service.state.emulator.store
    b = Builder(store, "test-space-content")
    organization = store.get("organization", ORG)
    diagram = b.file("diagram.png", "image/png", 1200, width=640, height=480)
    sheet = b.file("budget.xlsx", "application/vnd.ms-excel", 900)
    unused = b.file("unused.pdf", "application/pdf", 300)
    install = b.page(
        "Install",
        f"# Install\n\nBack to the [overview](../overview.md).\n\n![Budget](files/{sheet['id']})\n",
    )
    guides = b.page(
        "Guides", "# Guides\n\nStart with [Install](guides/install.md).\n", children=[install]
    )
    overview = b.page(
        "Overview",
        "# Overview\n\nOur zeppelin fleet carries mail between the islands.\n\n"
        "## Safety checks\n\nEvery zeppelin flight starts with a helium pressure check, "
        "done by two crew members who sign the logbook before the mooring lines are released "
        "and the ship leaves the mast.\n\n"
        "```bash\n# not a heading\nhangar open\n```\n\n"
        "See the [guides](guides.md), the [retired page](retired.md) and "
        "![Diagram](diagram.png).\n\n"
        "Open the [dashboard](https://app.gitbook.com/o/org/s/space/) or read "
        "[Python](https://www.python.org/).\n",
    )
    with store.transaction():
        airships = b.space(
            organization, "Airships", pages=[overview, guides], files=[diagram, sheet, unused]
        )
        b.space(
            organization,
            "Hangar notes",
            pages=[b.page("Mooring", "# Mooring\n\nA zeppelin is moored to a mast.\n")],
        )
    return airships


# -- reading content --------------------------------------------------------------------------


async def test_the_current_revision_holds_the_pages_and_files(admin, transport):
    api = await _space(admin, "API Reference")
    content = await admin.space_content.get_current_revision(api.id, metadata=False, computed=False)
    assert content.id == api.revision and content.object == "revision"
    assert {"Quickstart", "Authentication"} <= {p.title for p in content.pages}
    assert "architecture.png" in {f.name for f in content.files}
    assert transport.sent[-1].params == {"metadata": ["false"], "computed": ["false"]}


async def test_the_page_list_is_the_page_tree_with_markdown(admin):
    api = await _space(admin, "API Reference")
    pages = (await admin.space_content.list_pages(api.id)).pages
    quickstart = _find(pages, "Quickstart")
    assert quickstart.type == "document" and quickstart.path == "quickstart"
    assert "authentication.md" in quickstart.markdown


async def test_a_page_comes_with_its_markdown_by_default(admin, transport):
    api = await _space(admin, "API Reference")
    listed = await _page(admin, api.id, "Quickstart")
    page = await admin.space_content.get_page_by_id(api.id, listed.id)
    assert page.title == "Quickstart" and page.markdown == listed.markdown
    assert page.urls.app.endswith("/quickstart")
    same = await admin.space_content.get_page_by_id(
        api.id, listed.id, format="markdown", evaluated=False
    )
    assert same.markdown == listed.markdown
    assert transport.sent[-1].params == {"format": ["markdown"], "evaluated": ["false"]}


async def test_a_page_can_be_asked_as_a_structured_document(admin, airships):
    overview = await _page(admin, airships["id"], "Overview")
    page = await admin.space_content.get_page_by_id(airships["id"], overview.id, format="document")
    assert page.markdown is None and page.document["object"] == "document"
    blocks = [
        (node["type"], node["nodes"][0]["leaves"][0]["text"])
        for node in page.document["nodes"]
        if node["type"] != "code"
    ]
    assert blocks[0] == ("heading-1", "Overview")
    assert ("heading-2", "Safety checks") in blocks
    assert ("code-line", "# not a heading") in [
        (line["type"], line["nodes"][0]["leaves"][0]["text"])
        for node in page.document["nodes"]
        if node["type"] == "code"
        for line in node["nodes"]
    ]


async def test_page_reads_are_checked(admin, reader):
    api = await _space(admin, "API Reference")
    quickstart = await _page(admin, api.id, "Quickstart")
    with pytest.raises(errors.NotFoundError):
        await admin.space_content.get_page_by_id(api.id, "missing")
    with pytest.raises(errors.BadRequestError):
        await admin.space_content.get_page_by_id(api.id, quickstart.id, format="html")
    with pytest.raises(errors.BadRequestError):
        await admin.space_content.get_page_by_id(api.id, quickstart.id, evaluated="sometimes")
    # A reader reads content.
    assert (await reader.space_content.get_page_by_id(api.id, quickstart.id)).title == "Quickstart"


async def test_files_are_listed_page_by_page_and_read_one_by_one(admin, airships):
    first = await admin.space_content.list_files(airships["id"], limit=2)
    assert [f.name for f in first.items] == ["diagram.png", "budget.xlsx"]
    assert first.count == 3 and first.next_page
    every = [
        f async for f in admin.paginate(admin.space_content.list_files, airships["id"], limit=2)
    ]
    assert [f.name for f in every] == ["diagram.png", "budget.xlsx", "unused.pdf"]
    diagram = await admin.space_content.get_file_by_id(airships["id"], every[0].id)
    assert (diagram.content_type, diagram.size, diagram.dimensions.width) == (
        "image/png",
        1200,
        640,
    )
    assert diagram.download_url.endswith("/diagram.png")
    with pytest.raises(errors.NotFoundError):
        await admin.space_content.get_file_by_id(airships["id"], "missing")


async def test_the_content_of_an_unknown_space_is_not_found(admin):
    with pytest.raises(errors.NotFoundError):
        await admin.space_content.list_pages("missing")


# -- search -----------------------------------------------------------------------------------


async def test_search_finds_a_word_of_the_markdown_and_returns_its_section(admin, airships):
    found = await admin.space_content.search_space_content(airships["id"], query="Helium PRESSURE")
    assert [p.title for p in found.items] == ["Overview"]
    page = found.items[0]
    assert page.path == "overview" and page.urls.app.endswith("/overview")
    assert [s.title for s in page.sections] == ["Safety checks"]
    section = page.sections[0]
    assert section.path == "overview#safety-checks"
    assert section.urls.app.endswith("/overview#safety-checks")
    assert "helium pressure check" in section.body and len(section.body) < 200
    assert section.body.endswith("…")


async def test_search_needs_every_word_on_the_page(admin, airships):
    both = await admin.space_content.search_space_content(airships["id"], query="zeppelin mail")
    assert [p.title for p in both.items] == ["Overview"]
    # "Overview" has zeppelin in two sections; only the one with both words is returned.
    assert [s.title for s in both.items[0].sections] == ["Overview"]
    none = await admin.space_content.search_space_content(
        airships["id"], query="zeppelin submarine"
    )
    assert none.items == [] and none.count == 0


async def test_search_finds_titles_and_skips_code_headings(admin, airships):
    install = await admin.space_content.search_space_content(airships["id"], query="install")
    assert [p.title for p in install.items] == ["Guides", "Install"]
    hangar = await admin.space_content.search_space_content(airships["id"], query="hangar")
    assert [s.title for s in hangar.items[0].sections] == ["Safety checks"]


async def test_search_text_is_required_and_bounded(admin, airships, transport):
    for query in ("", "   ", "q" * 513):
        with pytest.raises(errors.BadRequestError) as caught:
            await admin.space_content.search_space_content(airships["id"], query=query)
        assert "query" in caught.value.message
    with pytest.raises(errors.BadRequestError):
        await admin.organizations.search_organization_content(ORG, query="")
    await admin.space_content.search_space_content(airships["id"], query="q" * 512)
    assert transport.sent[-1].params == {"query": ["q" * 512]}


async def test_the_organization_search_groups_pages_by_space(admin, reader, airships):
    found = await admin.organizations.search_organization_content(ORG, query="zeppelin")
    by_space = {space.title: [p.title for p in space.pages] for space in found.items}
    assert by_space == {"Airships": ["Overview"], "Hangar notes": ["Mooring"]}
    mooring = next(s for s in found.items if s.title == "Hangar notes").pages[0]
    assert mooring.sections[0].path == "mooring#mooring"
    assert "moored" in mooring.sections[0].body
    # A reader searches too; another organization's spaces are not searched.
    assert (
        await reader.organizations.search_organization_content(ORG, query="zeppelin")
    ).count == 2
    elsewhere = await admin.organizations.search_organization_content(OTHER_ORG, query="zeppelin")
    assert elsewhere.items == []


async def test_the_organization_search_pages_its_spaces(admin, airships):
    first = await admin.organizations.search_organization_content(ORG, query="zeppelin", limit=1)
    assert len(first.items) == 1 and first.count == 2 and first.next_page
    second = await admin.organizations.search_organization_content(
        ORG, query="zeppelin", limit=1, page=first.next_page
    )
    assert {first.items[0].title, second.items[0].title} == {"Airships", "Hangar notes"}


async def test_a_deleted_space_is_not_searched(admin, airships):
    await admin.spaces.delete_space_by_id(airships["id"])
    found = await admin.organizations.search_organization_content(ORG, query="zeppelin")
    assert [s.title for s in found.items] == ["Hangar notes"]


# -- links and backlinks ----------------------------------------------------------------------


def _target(link):
    reference = link.target_reference
    if reference.kind == "page":
        return ("page", reference.page.title)
    if reference.kind == "file":
        return ("file", reference.file.name)
    return (reference.kind, reference.url)


async def test_the_links_of_a_space_say_which_are_broken(admin, airships):
    links = await admin.spaces.list_space_links(airships["id"])
    found = {_target(link): link.status for link in links.items}
    assert found == {
        ("page", "Guides"): "ok",
        ("url", "retired.md"): "broken",
        ("file", "diagram.png"): "ok",
        ("url", "https://app.gitbook.com/o/org/s/space/"): "in-app",
        ("url", "https://www.python.org/"): "ok",
        ("page", "Install"): "ok",
        ("page", "Overview"): "ok",
        ("file", "budget.xlsx"): "ok",
    }
    assert links.count == 8
    assert (links.stats.total, links.stats.broken.total, links.stats.broken.change_request) == (
        8,
        1,
        0,
    )
    assert {link.relation for link in links.items} == {"reference"}
    broken = next(link for link in links.items if link.status == "broken")
    assert [location.page.title for location in broken.location_references] == ["Overview"]


async def test_space_links_are_filtered_by_status(admin, airships, transport):
    broken = await admin.spaces.list_space_links(airships["id"], status="broken")
    assert [_target(link) for link in broken.items] == [("url", "retired.md")]
    assert broken.count == 1 and broken.stats.total == 8
    assert transport.sent[-1].params == {"status": ["broken"]}
    in_app = await admin.spaces.list_space_links(airships["id"], status="in-app")
    assert [link.status for link in in_app.items] == ["in-app"]
    with pytest.raises(errors.BadRequestError):
        await admin.spaces.list_space_links(airships["id"], status="dead")


async def test_a_link_to_the_same_page_from_two_pages_is_one_target(admin):
    api = await _space(admin, "API Reference")
    quickstart = await _page(admin, api.id, "Quickstart")
    links = await admin.spaces.list_space_links(api.id)
    to_auth = [link for link in links.items if _target(link) == ("page", "Authentication")]
    assert len(to_auth) == 1 and to_auth[0].status == "ok"
    assert quickstart.id in {location.page.id for location in to_auth[0].location_references}


async def test_the_links_of_one_page(admin, airships):
    install = await _page(admin, airships["id"], "Install")
    links = await admin.space_content.list_page_links_in_space(airships["id"], install.id)
    assert {_target(link) for link in links.items} == {
        ("page", "Overview"),
        ("file", "budget.xlsx"),
    }
    assert links.stats.total == 2 and links.stats.broken.total == 0
    for link in links.items:
        assert [location.page.id for location in link.location_references] == [install.id]
    with pytest.raises(errors.NotFoundError):
        await admin.space_content.list_page_links_in_space(airships["id"], "missing")


async def test_page_backlinks_are_the_pages_linking_to_it(admin, airships):
    overview = await _page(admin, airships["id"], "Overview")
    guides = await _page(admin, airships["id"], "Guides")
    to_overview = await admin.space_content.list_space_page_backlinks(airships["id"], overview.id)
    assert [(b.kind, b.page.title) for b in to_overview.items] == [("page", "Install")]
    backlink = to_overview.items[0]
    assert backlink.space.id == airships["id"] and backlink.organization.id == ORG
    assert backlink.version_context.type == "revision"
    assert backlink.version_context.revision.id == airships["revision"]
    to_guides = await admin.space_content.list_space_page_backlinks(airships["id"], guides.id)
    assert [b.page.title for b in to_guides.items] == ["Overview"]
    with pytest.raises(errors.NotFoundError):
        await admin.space_content.list_space_page_backlinks(airships["id"], "missing")


async def test_file_backlinks_find_pages_by_file_name_or_id(admin, airships):
    files = {f.name: f for f in (await admin.space_content.list_files(airships["id"])).items}
    by_name = await admin.space_content.list_space_file_backlinks(
        airships["id"], files["diagram.png"].id
    )
    assert [b.page.title for b in by_name.items] == ["Overview"]
    by_id = await admin.space_content.list_space_file_backlinks(
        airships["id"], files["budget.xlsx"].id
    )
    assert [b.page.title for b in by_id.items] == ["Install"]
    unused = await admin.space_content.list_space_file_backlinks(
        airships["id"], files["unused.pdf"].id
    )
    assert unused.items == [] and unused.count == 0
    with pytest.raises(errors.NotFoundError):
        await admin.space_content.list_space_file_backlinks(airships["id"], "missing")


async def test_the_demo_quickstart_links_to_authentication(admin):
    api = await _space(admin, "API Reference")
    authentication = await _page(admin, api.id, "Authentication")
    backlinks = await admin.space_content.list_space_page_backlinks(api.id, authentication.id)
    assert "Quickstart" in {b.page.title for b in backlinks.items}


# -- import and templates ---------------------------------------------------------------------


async def test_an_import_adds_a_page_saying_what_was_asked_in_a_new_revision(editor, transport):
    handbook = await _space(editor, "Team handbook")
    result = await editor.space_content.import_content(
        handbook.id, url="https://wiki.example.com/onboarding", source="confluence"
    )
    assert transport.sent[-1].json == {
        "url": "https://wiki.example.com/onboarding",
        "source": "confluence",
    }
    assert (result.imported_resources, result.total_resources) == (0, 1)
    content = await editor.space_content.get_current_revision(handbook.id)
    assert content.id == result.revision and content.parents == [handbook.revision]
    page = content.pages[-1]
    assert page.title == "Imported from https://wiki.example.com/onboarding"
    assert "confluence" in page.markdown and "nothing was fetched" in page.markdown
    space = await editor.spaces.get_space_by_id(handbook.id)
    assert space.revision == result.revision and space.updated_at > handbook.updated_at


async def test_two_imports_of_one_site_make_two_pages(editor):
    handbook = await _space(editor, "Team handbook")
    for _ in range(2):
        await editor.space_content.import_content(
            handbook.id, url="https://example.com/a", source="website"
        )
    pages = (await editor.space_content.list_pages(handbook.id)).pages
    imported = [p for p in pages if p.title == "Imported from https://example.com/a"]
    assert len(imported) == 2 and imported[0].slug != imported[1].slug


async def test_an_import_is_checked(admin, reader):
    handbook = await _space(admin, "Team handbook")
    with pytest.raises(errors.BadRequestError):
        await admin.space_content.import_content(handbook.id, url="not a url", source="website")
    with pytest.raises(errors.BadRequestError):
        await admin.space_content.import_content(
            handbook.id, url="https://example.com", source="fax"
        )
    with pytest.raises(errors.ForbiddenError):
        await reader.space_content.import_content(
            handbook.id, url="https://example.com", source="website"
        )
    with pytest.raises(errors.NotFoundError):
        await admin.space_content.import_content(
            "missing", url="https://example.com", source="website"
        )


async def test_a_template_adds_its_skeleton_with_the_files_it_names(editor, airships, transport):
    files = {f.name: f for f in (await editor.space_content.list_files(airships["id"])).items}
    params = {"contentRefs": {"diagram": {"kind": "file", "file": files["unused.pdf"].id}}}
    assert (
        await editor.space_content.apply_template_to_space(
            airships["id"], id="product-docs", params=params
        )
        is None
    )
    assert transport.sent[-1].json == {"id": "product-docs", "params": params}
    content = await editor.space_content.get_current_revision(airships["id"])
    assert content.parents == [airships["revision"]]
    page = content.pages[-1]
    assert (page.title, page.slug) == ("Product docs", "product-docs")
    assert "`product-docs`" in page.markdown and "## Overview" in page.markdown
    backlinks = await editor.space_content.list_space_file_backlinks(
        airships["id"], files["unused.pdf"].id
    )
    assert [b.page.title for b in backlinks.items] == ["Product docs"]


async def test_a_template_is_checked(admin, reader, airships):
    with pytest.raises(errors.BadRequestError):
        await admin.space_content.apply_template_to_space(
            airships["id"],
            id="faq",
            params={"contentRefs": {"logo": {"kind": "file", "file": "missing"}}},
        )
    with pytest.raises(errors.BadRequestError):
        await admin.space_content.apply_template_to_space(airships["id"], id="")
    with pytest.raises(errors.ForbiddenError):
        await reader.space_content.apply_template_to_space(airships["id"], id="faq")
    assert (await admin.space_content.get_current_revision(airships["id"])).id == airships[
        "revision"
    ]
