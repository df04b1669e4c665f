"""The revisions group, end to end: any revision of a space, a page in it, and its semantic
changes against its parent."""

from __future__ import annotations

import pytest

from tui.api import errors

from .test_change_requests import _change_request, _page, _space, _titles


async def test_every_revision_of_a_change_request_reads_back(reader, transport):
    space = await _space(reader, "API Reference")
    merged = await _change_request(reader, space, "Document token scopes", "merged")
    initial = await reader.revisions.get_revision_by_id(space.id, merged.revision_initial)
    own = await reader.revisions.get_revision_by_id(space.id, merged.revision, metadata=False)
    merge = await reader.revisions.get_revision_by_id(space.id, merged.revision_merged)
    assert transport.sent[-2].params == {"metadata": ["false"]}
    assert "## Scopes" not in _page(initial.pages, "Authentication").markdown
    assert "## Scopes" in _page(own.pages, "Authentication").markdown
    assert own.parents == [initial.id]
    assert merge.type == "merge" and merge.parents == [initial.id, own.id]
    assert merge.merged_from is not None and merge.merged_from.id == merged.id


async def test_the_base_of_an_updated_change_request_is_its_merged_ancestor(admin):
    space = await _space(admin, "API Reference")
    request = await _change_request(admin, space, "Document the new rate limits")
    await admin.space_content.import_content(
        space.id, url="https://northwind.dev/blog/launch", source="website"
    )
    await admin.change_requests.update_change_request(space.id, request.id)
    updated = await admin.change_requests.get_change_request_by_id(space.id, request.id)
    ancestor = await admin.revisions.get_revision_by_id(space.id, updated.revision_merged_ancestor)
    assert "Imported from https://northwind.dev/blog/launch" in _titles(ancestor.pages)
    assert "Handling 429 responses" not in _titles(ancestor.pages)
    initial = await admin.revisions.get_revision_by_id(space.id, updated.revision_initial)
    assert "Imported from https://northwind.dev/blog/launch" not in _titles(initial.pages)


async def test_a_page_reads_as_it_was_in_an_older_revision(reader, transport):
    space = await _space(reader, "API Reference")
    merged = await _change_request(reader, space, "Document token scopes", "merged")
    main = await reader.space_content.list_pages(space.id)
    authentication = _page(main.pages, "Authentication")
    old = await reader.revisions.get_page_in_revision_by_id(
        space.id, merged.revision_initial, authentication.id
    )
    assert old.title == "Authentication" and "## Scopes" not in old.markdown
    assert (
        "## Scopes"
        in (await reader.space_content.get_page_by_id(space.id, authentication.id)).markdown
    )
    structured = await reader.revisions.get_page_in_revision_by_id(
        space.id, merged.revision_initial, authentication.id, format="document"
    )
    assert structured.markdown is None and structured.document is not None
    assert transport.sent[-1].params == {"format": ["document"]}


async def test_a_page_added_later_is_not_found_in_an_older_revision(reader):
    space = await _space(reader, "API Reference")
    request = await _change_request(reader, space, "Document the new rate limits")
    own = await reader.change_request_content.list_pages_in_change_request(space.id, request.id)
    added = _page(own.pages, "Handling 429 responses")
    assert (
        await reader.revisions.get_page_in_revision_by_id(space.id, request.revision, added.id)
    ).title == "Handling 429 responses"
    with pytest.raises(errors.NotFoundError):
        await reader.revisions.get_page_in_revision_by_id(
            space.id, request.revision_initial, added.id
        )


async def test_a_revision_of_another_space_is_not_found(reader):
    reference = await _space(reader, "API Reference")
    other = await _space(reader, "Deploying to production")
    with pytest.raises(errors.NotFoundError) as caught:
        await reader.revisions.get_revision_by_id(other.id, reference.revision)
    assert "revision could not be found" in caught.value.message
    with pytest.raises(errors.NotFoundError):
        await reader.revisions.get_revision_by_id(reference.id, "no-such-revision")


async def test_the_changes_of_a_change_request_s_revision_name_each_page(reader):
    space = await _space(reader, "API Reference")
    request = await _change_request(reader, space, "Document the new rate limits")
    changes = await reader.revisions.get_revision_semantic_changes(space.id, request.revision)
    kinds = {(change.type, change.page.title) for change in changes.changes}
    assert kinds == {("page_edited", "Rate limits"), ("page_created", "Handling 429 responses")}
    edited = next(c for c in changes.changes if c.type == "page_edited")
    assert "## Bursts" not in edited.attributes["document"].before
    assert "## Bursts" in edited.attributes["document"].after
    created = next(c for c in changes.changes if c.type == "page_created")
    assert created.page.path == "rate-limits/handling-429-responses"
    assert changes.more == 0 and changes.merged_from is None


async def test_a_removed_page_is_a_deletion(reader):
    space = await _space(reader, "API Reference")
    draft = await _change_request(reader, space, "Merge Rollbacks into Deployments", "draft")
    changes = await reader.revisions.get_revision_semantic_changes(space.id, draft.revision)
    assert ("page_deleted", "Rollbacks") in {(c.type, c.page.title) for c in changes.changes}


async def test_a_merge_revision_names_its_change_request_and_what_it_did(reader):
    space = await _space(reader, "API Reference")
    merged = await _change_request(reader, space, "Document token scopes", "merged")
    changes = await reader.revisions.get_revision_semantic_changes(space.id, merged.revision_merged)
    assert changes.merged_from is not None
    assert (changes.merged_from.id, changes.merged_from.subject) == (
        merged.id,
        "Document token scopes",
    )
    assert [(c.type, c.page.title) for c in changes.changes] == [("page_edited", "Authentication")]


async def test_a_merge_of_an_untouched_change_request_changes_nothing(admin):
    space = await _space(admin, "API Reference")
    request = await admin.change_requests.create_change_request(space.id, subject="Tidy up")
    outcome = await admin.change_requests.merge_change_request(space.id, request.id)
    changes = await admin.revisions.get_revision_semantic_changes(space.id, outcome.revision)
    assert changes.changes == [] and changes.merged_from.subject == "Tidy up"


async def test_a_move_and_a_rename_are_named_as_such(admin, service):
    space = await _space(admin, "API Reference")
    request = await admin.change_requests.create_change_request(space.id, subject="Reorganise")
    # The API has no page edits, so the change request's revision is edited in the store.
    store = service.state.emulator.store
    revision = store.get("revision", request.revision)
    pages = revision["pages"]
    moved = next(node for node in pages if node["title"] == "Rate limits")
    pages.remove(moved)
    holder = next(node for node in pages if node.get("pages"))
    holder["pages"].append(moved)
    renamed = next(node for node in pages if node["title"] == "Quickstart")
    renamed["title"] = "Getting started"
    store.put("revision", revision, scope=space.id, parent=request.id)
    changes = await admin.revisions.get_revision_semantic_changes(
        space.id, request.revision, limit=100
    )
    found = {(c.type, c.page.title): c for c in changes.changes}
    move = found[("page_moved", "Rate limits")]
    assert move.parent.before is None and move.parent.after.title == holder["title"]
    assert move.page.path == f"{holder['slug']}/{moved['slug']}"
    rename = found[("page_edited", "Getting started")]
    assert (rename.attributes["title"].before, rename.attributes["title"].after) == (
        "Quickstart",
        "Getting started",
    )
    assert not any(c.type in ("page_created", "page_deleted") for c in changes.changes)
    # The pages that merely shifted up when Rate limits left are not moves.
    assert [c.page.title for c in changes.changes if c.type == "page_moved"] == ["Rate limits"]


async def test_the_limit_keeps_the_first_changes_and_counts_the_rest(reader, transport):
    space = await _space(reader, "API Reference")
    merged = await _change_request(reader, space, "Document token scopes", "merged")
    first = await reader.revisions.get_revision_semantic_changes(
        space.id, merged.revision_initial, limit=1
    )
    assert transport.sent[-1].params == {"limit": ["1"]}
    assert len(first.changes) == 1 and first.more > 0
    assert all(c.type in ("page_created", "file_created") for c in first.changes)
    with pytest.raises(errors.BadRequestError):
        await reader.revisions.get_revision_semantic_changes(space.id, merged.revision, limit=0)


async def test_the_demo_restructure_shows_every_kind_of_change(reader):
    space = await _space(reader, "Python SDK")
    request = await _change_request(reader, space, "Restructure the Python SDK guide")
    assert request.created_by.display_name == "Grace Hopper" and not request.outdated
    changes = await reader.revisions.get_revision_semantic_changes(
        space.id, request.revision, limit=100
    )
    found = sorted((c.type, c.page.title) for c in changes.changes)
    assert found == [
        ("page_created", "Retries and timeouts"),
        ("page_deleted", "PyPI package"),
        ("page_edited", "Configuring the client"),
        ("page_edited", "Installation"),
        ("page_moved", "Error handling"),
    ]
