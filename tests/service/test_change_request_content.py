"""The change request content group, end to end against the in-process service."""

from __future__ import annotations

import pytest

from tests.conftest import OTHER_ORG
from tui.api import errors

from .test_change_requests import _change_request, _page, _space, _titles


async def _rate_limits_request(client):
    space = await _space(client, "API Reference")
    return space, await _change_request(client, space, "Document the new rate limits")


# -- reading ----------------------------------------------------------------------------------


async def test_a_change_request_s_content_is_its_own_revision(reader, transport):
    space, request = await _rate_limits_request(reader)
    revision = await reader.change_request_content.get_revision_of_change_request_by_id(
        space.id, request.number, metadata=False
    )
    assert transport.sent[-1].params == {"metadata": ["false"]}
    assert revision.id == request.revision and revision.parents == [space.revision]
    assert "Handling 429 responses" in _titles(revision.pages)
    main = await reader.space_content.get_current_revision(space.id)
    assert "Handling 429 responses" not in _titles(main.pages)
    assert [f.name for f in revision.files] == [f.name for f in main.files]


async def test_the_pages_show_the_change_request_s_edits_not_main_s(reader):
    space, request = await _rate_limits_request(reader)
    own = await reader.change_request_content.list_pages_in_change_request(space.id, request.id)
    main = await reader.space_content.list_pages(space.id)
    assert "## Bursts" in _page(own.pages, "Rate limits").markdown
    assert "## Bursts" not in _page(main.pages, "Rate limits").markdown


async def test_a_page_of_the_change_request_reads_as_markdown_or_as_a_document(reader, transport):
    space, request = await _rate_limits_request(reader)
    pages = await reader.change_request_content.list_pages_in_change_request(space.id, request.id)
    added = _page(pages.pages, "Handling 429 responses")
    page = await reader.change_request_content.get_page_in_change_request_by_id(
        space.id, request.id, added.id
    )
    assert page.path == "rate-limits/handling-429-responses"
    assert page.markdown.startswith("# Handling 429 responses")
    structured = await reader.change_request_content.get_page_in_change_request_by_id(
        space.id, request.id, added.id, format="document", evaluated=True
    )
    assert structured.markdown is None and structured.document is not None
    assert transport.sent[-1].params == {"format": ["document"], "evaluated": ["true"]}


async def test_a_page_removed_in_the_change_request_is_not_found_there(reader):
    space = await _space(reader, "API Reference")
    draft = await _change_request(reader, space, "Merge Rollbacks into Deployments", "draft")
    rollbacks = _page((await reader.space_content.list_pages(space.id)).pages, "Rollbacks")
    assert (await reader.space_content.get_page_by_id(space.id, rollbacks.id)).title == "Rollbacks"
    with pytest.raises(errors.NotFoundError) as caught:
        await reader.change_request_content.get_page_in_change_request_by_id(
            space.id, draft.id, rollbacks.id
        )
    assert "page could not be found" in caught.value.message


async def test_page_reading_flags_are_checked(reader):
    space, request = await _rate_limits_request(reader)
    pages = await reader.change_request_content.list_pages_in_change_request(space.id, request.id)
    with pytest.raises(errors.BadRequestError):
        await reader.change_request_content.get_page_in_change_request_by_id(
            space.id, request.id, pages.pages[0].id, format="pdf"
        )
    with pytest.raises(errors.BadRequestError):
        await reader.change_request_content.list_pages_in_change_request(
            space.id, request.id, computed="maybe"
        )


async def test_the_files_of_a_change_request_list_page_by_page_and_read_one_by_one(reader):
    space, request = await _rate_limits_request(reader)
    first = await reader.change_request_content.list_files_in_change_request_by_id(
        space.id, request.id, limit=2
    )
    rest = await reader.change_request_content.list_files_in_change_request_by_id(
        space.id, request.id, limit=2, page=first.next_page
    )
    files = first.items + rest.items
    assert first.count == len(files) == 4 and "architecture.png" in [f.name for f in files]
    one = await reader.change_request_content.get_file_in_change_request_by_id(
        space.id, request.id, files[0].id, metadata=True
    )
    assert (one.id, one.name, one.size) == (files[0].id, files[0].name, files[0].size)
    with pytest.raises(errors.NotFoundError) as caught:
        await reader.change_request_content.get_file_in_change_request_by_id(
            space.id, request.id, "missing"
        )
    assert "file could not be found" in caught.value.message


async def test_file_backlinks_name_the_pages_of_the_change_request_that_show_the_file(reader):
    space, request = await _rate_limits_request(reader)
    files = await reader.change_request_content.list_files_in_change_request_by_id(
        space.id, request.id
    )
    picture = next(f for f in files.items if f.name == "architecture.png")
    backlinks = await reader.change_request_content.list_change_request_file_backlinks(
        space.id, request.id, picture.id
    )
    assert [b.page.title for b in backlinks.items] == ["Quickstart"]
    assert backlinks.items[0].kind == "page" and backlinks.items[0].space.id == space.id
    with pytest.raises(errors.NotFoundError):
        await reader.change_request_content.list_change_request_file_backlinks(
            space.id, request.id, "missing"
        )


async def test_page_links_count_the_links_the_change_request_broke(reader):
    space, request = await _rate_limits_request(reader)
    pages = await reader.change_request_content.list_pages_in_change_request(space.id, request.id)
    added = _page(pages.pages, "Handling 429 responses")
    links = await reader.change_request_content.list_page_links_in_change_request(
        space.id, request.id, added.id
    )
    by_status = {link.status: link for link in links.items}
    assert set(by_status) == {"ok", "broken"}
    assert by_status["ok"].target_reference.page.title == "Errors"
    assert by_status["broken"].target_reference.url == "ci-pipelines.md"
    assert (links.stats.total, links.stats.broken.total, links.stats.broken.change_request) == (
        2,
        1,
        1,
    )
    changelog = _page(pages.pages, "Changelog")
    old = await reader.change_request_content.list_page_links_in_change_request(
        space.id, request.id, changelog.id
    )
    # Main already had this broken link: it is not the change request's doing.
    assert old.stats.broken.total >= 1 and old.stats.broken.change_request == 0
    with pytest.raises(errors.NotFoundError):
        await reader.change_request_content.list_page_links_in_change_request(
            space.id, request.id, "missing"
        )


async def test_content_of_an_unknown_change_request_is_not_found(reader):
    space = await _space(reader, "API Reference")
    for missing in ("missing", 42):
        with pytest.raises(errors.NotFoundError) as caught:
            await reader.change_request_content.list_pages_in_change_request(space.id, missing)
        assert "change request could not be found" in caught.value.message


# -- importing --------------------------------------------------------------------------------


async def test_an_import_adds_a_page_to_the_change_request_only(editor, transport):
    space, request = await _rate_limits_request(editor)
    result = await editor.change_request_content.import_content_in_change_request(
        space.id, request.id, url="https://northwind.dev/blog/limits", source="website"
    )
    assert transport.sent[-1].json == {
        "url": "https://northwind.dev/blog/limits",
        "source": "website",
    }
    assert result.total_resources == 1
    after = await editor.change_requests.get_change_request_by_id(space.id, request.id)
    assert after.revision == result.revision and not after.outdated
    own = await editor.change_request_content.list_pages_in_change_request(space.id, request.id)
    assert "Imported from https://northwind.dev/blog/limits" in _titles(own.pages)
    main = await editor.space_content.list_pages(space.id)
    assert "Imported from https://northwind.dev/blog/limits" not in _titles(main.pages)
    assert (await editor.spaces.get_space_by_id(space.id)).revision == space.revision
    mine = await editor.change_requests.list_change_requests_for_space(
        space.id, contributor="u-grace"
    )
    assert request.id in [r.id for r in mine.items]  # the importer now contributes


async def test_an_import_needs_an_absolute_url_and_a_known_source(editor):
    space, request = await _rate_limits_request(editor)
    with pytest.raises(errors.BadRequestError) as caught:
        await editor.change_request_content.import_content_in_change_request(
            space.id, request.id, url="https://northwind.dev", source="fax"
        )
    assert "source" in caught.value.message
    with pytest.raises(errors.BadRequestError):
        await editor.change_request_content.import_content_in_change_request(
            space.id, request.id, url="blog/limits", source="website"
        )


async def test_a_reader_cannot_import_and_a_merged_change_request_takes_no_import(reader, admin):
    space, request = await _rate_limits_request(reader)
    with pytest.raises(errors.ForbiddenError):
        await reader.change_request_content.import_content_in_change_request(
            space.id, request.id, url="https://northwind.dev", source="website"
        )
    merged = await _change_request(admin, space, "Document token scopes", "merged")
    with pytest.raises(errors.ConflictError) as caught:
        await admin.change_request_content.import_content_in_change_request(
            space.id, merged.id, url="https://northwind.dev", source="website"
        )
    assert "merged" in caught.value.message


async def test_outside_the_organization_a_space_s_change_requests_are_not_found(admin, reader):
    community = await admin.spaces.list_spaces_in_organization_by_id(OTHER_ORG)
    guidelines = next(s for s in community.items if s.title == "Community guidelines")
    assert (await admin.change_requests.list_change_requests_for_space(guidelines.id)).items == []
    with pytest.raises(errors.NotFoundError):
        await reader.change_requests.list_change_requests_for_space(guidelines.id)
    with pytest.raises(errors.NotFoundError):
        await reader.change_request_content.list_pages_in_change_request(guidelines.id, 1)
