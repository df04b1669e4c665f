"""The demo dataset, as a person exploring it sees it: a believable, deterministic organisation."""

from __future__ import annotations

from typing import Any

from tests.conftest import ORG, OTHER_ORG
from tui.service import create_app


async def _space(client: Any, title: str, organization: str = ORG) -> Any:
    spaces = await client.spaces.list_spaces_in_organization_by_id(organization)
    return next(space for space in spaces.items if space.title == title)


def _depth(pages: list[Any]) -> int:
    return max((1 + _depth(page.pages) for page in pages), default=0)


def _find(pages: list[Any], *titles: str) -> Any:
    """The page at the end of a path of titles, from the top of a tree."""
    page = None
    for title in titles:
        page = next(child for child in pages if child.title == title)
        pages = page.pages
    return page


async def test_northwind_holds_about_ten_spaces_across_nested_collections(admin):
    spaces = (await admin.spaces.list_spaces_in_organization_by_id(ORG, limit=100)).items
    assert 9 <= len(spaces) <= 12
    collections = (await admin.collections.list_collections_in_organization_by_id(ORG)).items
    by_id = {collection.id: collection for collection in collections}
    guides = next(c for c in collections if c.title == "Guides")
    assert by_id[guides.parent].title == "Product"
    in_guides = await admin.collections.list_spaces_in_collection_by_id(guides.id)
    assert "Deploying to production" in {s.title for s in in_guides.items}
    sdks = next(c for c in collections if c.title == "SDKs")
    assert by_id[sdks.parent].title == "Guides"  # three levels: Product › Guides › SDKs
    in_sdks = await admin.collections.list_spaces_in_collection_by_id(sdks.id)
    assert {s.title for s in in_sdks.items} == {"Python SDK", "JavaScript SDK"}
    top_level = [space.title for space in spaces if not space.parent]
    assert "Team handbook" in top_level and len(top_level) < len(spaces)
    assert len({space.visibility for space in spaces}) >= 4
    assert len({space.emoji for space in spaces}) >= 9  # other parts may add a translation


async def test_the_other_organization_has_spaces_to_transfer_to(admin):
    spaces = await admin.spaces.list_spaces_in_organization_by_id(OTHER_ORG)
    assert [s.title for s in spaces.items][:2] == ["Community guidelines", "Contributor guide"]


async def test_the_api_reference_nests_pages_several_levels_deep(admin):
    space = await _space(admin, "API Reference")
    pages = (await admin.space_content.list_pages(space.id)).pages
    assert [page.title for page in pages[:2]] == ["Quickstart", "Authentication"]
    assert _depth(pages) >= 4
    deepest = _find(pages, "Endpoints", "Projects", "Project settings", "Environment variables")
    assert deepest.path == "endpoints/projects/project-settings/environment-variables"


async def test_pages_show_code_blocks_tables_and_links_between_pages(admin):
    space = await _space(admin, "API Reference")
    pages = (await admin.space_content.list_pages(space.id)).pages
    quickstart = await admin.space_content.get_page_by_id(space.id, pages[0].id)
    assert "```bash" in quickstart.markdown and "```python" in quickstart.markdown
    assert "(authentication.md)" in quickstart.markdown
    assert "![Architecture](architecture.png)" in quickstart.markdown
    authentication = await admin.space_content.get_page_by_id(space.id, pages[1].id)
    assert "| --- |" in authentication.markdown


async def test_the_api_reference_has_files_with_dimensions(admin):
    space = await _space(admin, "API Reference")
    files = (await admin.space_content.list_files(space.id)).items
    diagram = next(file for file in files if file.name == "architecture.png")
    assert (diagram.content_type, diagram.size) == ("image/png", 48213)
    assert (diagram.dimensions.width, diagram.dimensions.height) == (1280, 720)
    assert len(files) >= 3


def test_the_demo_is_the_same_on_every_build():
    first, second = (create_app().state.emulator.store for _ in range(2))
    for kind in ("collection", "space", "revision"):
        assert first.list(kind) == second.list(kind), kind
    assert len(first.list("space", scope=ORG)) >= 9


async def test_the_api_reference_has_exactly_one_broken_link(admin):
    space = await _space(admin, "API Reference")
    links = await admin.spaces.list_space_links(space.id)
    assert links.stats.total >= 10 and links.stats.broken.total == 1
    broken = await admin.spaces.list_space_links(space.id, status="broken")
    assert [link.status for link in broken.items] == ["broken"]
    for title in ("Deploying to production", "Team handbook", "Python SDK", "Design system"):
        other = await admin.spaces.list_space_links((await _space(admin, title)).id)
        assert other.stats.total > 0 and other.stats.broken.total == 0, title
