"""The change requests group, end to end against the in-process service."""

from __future__ import annotations

import pytest

from tests.conftest import ORG, OTHER_ORG
from tui.api import errors


async def _space(client, title):
    page = await client.spaces.list_spaces_in_organization_by_id(ORG)
    return next(space for space in page.items if space.title == title)


async def _change_request(client, space, subject, status="open"):
    page = await client.change_requests.list_change_requests_for_space(space.id, status=status)
    return next(request for request in page.items if request.subject == subject)


def _titles(pages):
    found = []
    for page in pages:
        found.append(page.title)
        found.extend(_titles(page.pages))
    return found


def _page(pages, title):
    for page in pages:
        if page.title == title:
            return page
        found = _page(page.pages, title)
        if found is not None:
            return found
    return None


# -- listing ----------------------------------------------------------------------------------


async def test_a_space_lists_its_open_change_requests_newest_first(reader, transport):
    space = await _space(reader, "API Reference")
    listed = await reader.change_requests.list_change_requests_for_space(space.id)
    assert [r.subject for r in listed.items] == [
        "Document the new rate limits",
        "Explain when tokens expire",
    ]
    assert listed.count == space.change_requests_open == 2
    assert transport.sent[-1].params == {}
    assert all(r.status == "open" and r.space == space.id for r in listed.items)


async def test_the_status_filter_finds_drafts_and_merged_ones(reader, transport):
    space = await _space(reader, "API Reference")
    drafts = await reader.change_requests.list_change_requests_for_space(space.id, status="draft")
    assert [r.subject for r in drafts.items] == ["Merge Rollbacks into Deployments"]
    merged = await reader.change_requests.list_change_requests_for_space(space.id, status="merged")
    assert [r.subject for r in merged.items] == ["Document token scopes"]
    assert merged.items[0].revision_merged and not merged.items[0].outdated
    assert transport.sent[-1].params == {"status": ["merged"]}


async def test_the_creator_and_contributor_filters_narrow_the_list(reader, transport):
    space = await _space(reader, "API Reference")
    by_ada = await reader.change_requests.list_change_requests_for_space(space.id, creator="u-ada")
    assert [r.subject for r in by_ada.items] == ["Document the new rate limits"]
    assert by_ada.items[0].created_by.display_name == "Ada Lovelace"
    with_grace = await reader.change_requests.list_change_requests_for_space(
        space.id, contributor="u-grace"
    )
    assert [r.subject for r in with_grace.items] == ["Explain when tokens expire"]
    assert transport.sent[-1].params == {"contributor": ["u-grace"]}


async def test_the_list_pages_through_change_requests(admin):
    space = await _space(admin, "Team handbook")
    for subject in ("One", "Two", "Three"):
        made = await admin.change_requests.create_change_request(space.id, subject=subject)
        await admin.change_requests.update_change_request_by_id(space.id, made.id, status="open")
    first = await admin.change_requests.list_change_requests_for_space(space.id, limit=2)
    assert first.count == 3 and len(first.items) == 2 and first.next_page
    rest = await admin.change_requests.list_change_requests_for_space(
        space.id, limit=2, page=first.next_page
    )
    assert [r.subject for r in first.items + rest.items] == ["Three", "Two", "One"]


async def test_an_unknown_status_filter_is_refused(reader):
    space = await _space(reader, "API Reference")
    with pytest.raises(errors.BadRequestError) as caught:
        await reader.change_requests.list_change_requests_for_space(space.id, status="closed")
    assert "status" in caught.value.message


async def test_an_organisation_lists_the_open_change_requests_of_all_its_spaces_at_once(
    reader, transport
):
    listed = await reader.change_requests.list_change_requests_for_organization(ORG)
    assert transport.sent[-1].path == f"/v1/orgs/{ORG}/change-requests"
    each: set[tuple[str | None, str]] = set()
    for space in (await reader.spaces.list_spaces_in_organization_by_id(ORG)).items:
        page = await reader.change_requests.list_change_requests_for_space(space.id)
        each |= {(space.id, r.id) for r in page.items}
    assert {(r.space, r.id) for r in listed.items} == each and listed.count == len(each) == 4
    assert all(r.status == "open" for r in listed.items)
    created = [(r.created_at, r.number) for r in listed.items]
    assert created == sorted(created, reverse=True)  # newest first, as a space's list


async def test_the_organisations_list_takes_the_filters_of_a_spaces_list(reader):
    drafts = await reader.change_requests.list_change_requests_for_organization(ORG, status="draft")
    assert sorted(r.subject for r in drafts.items) == [
        "Document parental leave",
        "Merge Rollbacks into Deployments",
    ]
    by_ada = await reader.change_requests.list_change_requests_for_organization(
        ORG, creator="u-ada"
    )
    assert {r.created_by.id for r in by_ada.items} == {"u-ada"}
    first = await reader.change_requests.list_change_requests_for_organization(ORG, limit=3)
    rest = await reader.change_requests.list_change_requests_for_organization(
        ORG, limit=3, page=first.next_page
    )
    assert len(first.items) == 3 and len(rest.items) == 1 and not rest.next_page


async def test_the_organisations_list_leaves_out_a_deleted_space_and_strangers(admin, reader):
    space = await _space(admin, "API Reference")
    await admin.spaces.delete_space_by_id(space.id)
    listed = await admin.change_requests.list_change_requests_for_organization(ORG)
    assert listed.items and all(r.space != space.id for r in listed.items)
    with pytest.raises(errors.NotFoundError):  # not a member: it does not exist for them
        await reader.change_requests.list_change_requests_for_organization(OTHER_ORG)


# -- creating and finding ---------------------------------------------------------------------


async def test_an_editor_starts_a_draft_from_main_content(editor, transport):
    space = await _space(editor, "API Reference")
    made = await editor.change_requests.create_change_request(
        space.id, subject="Clarify OAuth scopes"
    )
    assert transport.sent[-1].json == {"subject": "Clarify OAuth scopes"}
    assert (made.status, made.number, made.created_by.id) == ("draft", 5, "u-grace")
    assert made.revision_initial == space.revision and made.revision != space.revision
    assert not made.outdated and made.comments == 0
    assert made.urls.location.endswith(f"/v1/spaces/{space.id}/change-requests/{made.id}")
    main = await editor.space_content.list_pages(space.id)
    own = await editor.change_request_content.list_pages_in_change_request(space.id, made.id)
    assert _titles(own.pages) == _titles(main.pages)
    after = await editor.spaces.get_space_by_id(space.id)
    assert after.change_requests_draft == space.change_requests_draft + 1
    assert after.change_requests == space.change_requests + 1


async def test_a_change_request_for_an_agent_task_names_it_on_the_wire(admin, transport):
    space = await _space(admin, "Team handbook")
    made = await admin.change_requests.create_change_request(
        space.id, subject="Summarise the handbook", agent_task_id="task-42"
    )
    assert transport.sent[-1].json == {
        "subject": "Summarise the handbook",
        "agentTaskId": "task-42",
    }
    assert made.status == "draft" and made.subject == "Summarise the handbook"


async def test_numbers_count_up_per_space_and_find_the_change_request(admin):
    handbook = await _space(admin, "Team handbook")
    deploying = await _space(admin, "Deploying to production")
    second = await admin.change_requests.create_change_request(handbook.id, subject="Expenses")
    other = await admin.change_requests.create_change_request(deploying.id, subject="Canaries")
    third = await admin.change_requests.create_change_request(handbook.id, subject="Hiring")
    assert (second.number, other.number, third.number) == (2, 2, 3)
    by_number = await admin.change_requests.get_change_request_by_id(handbook.id, 3)
    by_id = await admin.change_requests.get_change_request_by_id(handbook.id, third.id)
    assert by_number.id == by_id.id == third.id and by_id.subject == "Hiring"
    assert (await admin.change_requests.get_change_request_by_id(deploying.id, "2")).id == other.id


async def test_an_unknown_change_request_is_not_found_by_id_or_number(admin):
    space = await _space(admin, "API Reference")
    elsewhere = await _change_request(
        admin, await _space(admin, "Deploying to production"), "Add a rollback checklist"
    )
    for missing in ("missing", 99, elsewhere.id):
        with pytest.raises(errors.NotFoundError) as caught:
            await admin.change_requests.get_change_request_by_id(space.id, missing)
        assert "change request could not be found" in caught.value.message
    with pytest.raises(errors.NotFoundError):
        await admin.change_requests.merge_change_request(space.id, 99)


async def test_a_subject_longer_than_100_characters_is_refused(editor):
    space = await _space(editor, "API Reference")
    with pytest.raises(errors.BadRequestError) as caught:
        await editor.change_requests.create_change_request(space.id, subject="s" * 101)
    assert "100 characters" in caught.value.message
    request = await _change_request(editor, space, "Explain when tokens expire")
    with pytest.raises(errors.BadRequestError):
        await editor.change_requests.update_change_request_by_id(
            space.id, request.id, subject="s" * 101
        )


# -- permissions ------------------------------------------------------------------------------


async def test_a_reader_reads_but_cannot_create_update_or_merge(reader):
    space = await _space(reader, "API Reference")
    request = await _change_request(reader, space, "Document the new rate limits")
    assert (
        await reader.change_requests.get_change_request_by_id(space.id, request.number)
    ).id == request.id
    attempts = [
        reader.change_requests.create_change_request(space.id, subject="Nope"),
        reader.change_requests.update_change_request_by_id(space.id, request.id, subject="Nope"),
        reader.change_requests.merge_change_request(space.id, request.id),
        reader.change_requests.update_change_request(space.id, request.id),
    ]
    for attempt in attempts:
        with pytest.raises(errors.ForbiddenError):
            await attempt


async def test_an_editor_can_create_but_cannot_merge_below_review(editor):
    space = await _space(editor, "API Reference")
    made = await editor.change_requests.create_change_request(space.id, subject="Typos")
    with pytest.raises(errors.ForbiddenError) as caught:
        await editor.change_requests.merge_change_request(space.id, made.id)
    assert "review" in caught.value.message


async def test_a_locked_space_refuses_new_change_requests_and_merges(admin):
    space = await _space(admin, "API Reference")
    request = await _change_request(admin, space, "Document the new rate limits")
    await admin.spaces.update_space_by_id(space.id, edit_mode="locked")
    with pytest.raises(errors.ForbiddenError) as caught:
        await admin.change_requests.create_change_request(space.id, subject="Blocked")
    assert "locked" in caught.value.message
    with pytest.raises(errors.ForbiddenError):
        await admin.change_requests.merge_change_request(space.id, request.id)


# -- updating ---------------------------------------------------------------------------------


async def test_a_draft_is_renamed_and_opened_and_the_counts_follow(editor, transport):
    space = await _space(editor, "API Reference")
    draft = await _change_request(editor, space, "Merge Rollbacks into Deployments", "draft")
    updated = await editor.change_requests.update_change_request_by_id(
        space.id, draft.number, subject="Fold Rollbacks into Deployments", status="open"
    )
    assert transport.sent[-1].json == {
        "subject": "Fold Rollbacks into Deployments",
        "status": "open",
    }
    assert (updated.subject, updated.status) == ("Fold Rollbacks into Deployments", "open")
    after = await editor.spaces.get_space_by_id(space.id)
    assert (after.change_requests_open, after.change_requests_draft) == (
        space.change_requests_open + 1,
        space.change_requests_draft - 1,
    )


async def test_a_description_is_set_and_removed(editor, transport):
    space = await _space(editor, "API Reference")
    request = await _change_request(editor, space, "Explain when tokens expire")
    document = {"object": "document", "data": {}, "nodes": []}
    described = await editor.change_requests.update_change_request_by_id(
        space.id, request.id, description=document
    )
    assert described.description == document
    cleared = await editor.change_requests.update_change_request_by_id(
        space.id, request.id, description=None
    )
    assert cleared.description is None and transport.sent[-1].json == {"description": None}


async def test_a_merged_change_request_cannot_be_reopened_or_set_merged_by_hand(admin):
    space = await _space(admin, "API Reference")
    merged = await _change_request(admin, space, "Document token scopes", "merged")
    with pytest.raises(errors.BadRequestError) as caught:
        await admin.change_requests.update_change_request_by_id(space.id, merged.id, status="open")
    assert "merged" in caught.value.message
    open_one = await _change_request(admin, space, "Explain when tokens expire")
    with pytest.raises(errors.BadRequestError) as caught:
        await admin.change_requests.update_change_request_by_id(
            space.id, open_one.id, status="merged"
        )
    assert "merge operation" in caught.value.message
    with pytest.raises(errors.BadRequestError):
        await admin.change_requests.update_change_request_by_id(
            space.id, open_one.id, status="closed"
        )


async def test_an_archived_change_request_must_be_reopened_before_it_merges(admin):
    space = await _space(admin, "API Reference")
    request = await _change_request(admin, space, "Explain when tokens expire")
    archived = await admin.change_requests.update_change_request_by_id(
        space.id, request.id, status="archived"
    )
    assert archived.status == "archived"
    with pytest.raises(errors.ConflictError) as caught:
        await admin.change_requests.merge_change_request(space.id, request.id)
    assert "Reopen it first" in caught.value.message
    await admin.change_requests.update_change_request_by_id(space.id, request.id, status="open")
    assert (
        await admin.change_requests.merge_change_request(space.id, request.id)
    ).result == "merge"


# -- merging and updating from main -----------------------------------------------------------


async def test_merging_puts_the_edited_page_on_main_and_lists_one_fewer_open_change_request(admin):
    space = await _space(admin, "API Reference")
    request = await _change_request(admin, space, "Document the new rate limits")
    outcome = await admin.change_requests.merge_change_request(space.id, request.id)
    assert outcome.result == "merge"
    after = await admin.spaces.get_space_by_id(space.id)
    assert after.revision == outcome.revision
    assert after.change_requests_open == space.change_requests_open - 1
    main = await admin.space_content.list_pages(space.id)
    assert "## Bursts" in _page(main.pages, "Rate limits").markdown
    assert [p.title for p in _page(main.pages, "Rate limits").pages] == ["Handling 429 responses"]
    merged = await admin.change_requests.get_change_request_by_id(space.id, request.id)
    assert (merged.status, merged.revision_merged, merged.outdated) == (
        "merged",
        outcome.revision,
        False,
    )
    still_open = await admin.change_requests.list_change_requests_for_space(space.id)
    assert [r.subject for r in still_open.items] == ["Explain when tokens expire"]


async def test_merging_keeps_main_s_own_later_changes(admin):
    space = await _space(admin, "API Reference")
    request = await _change_request(admin, space, "Explain when tokens expire")
    assert request.outdated
    before = _page((await admin.space_content.list_pages(space.id)).pages, "Quickstart").markdown
    await admin.change_requests.merge_change_request(space.id, request.id)
    main = (await admin.space_content.list_pages(space.id)).pages
    assert "## Expiry" in _page(main, "Authentication").markdown
    assert "## Scopes" in _page(main, "Authentication").markdown
    assert _page(main, "Quickstart").markdown == before  # main's later edit survives


async def test_a_page_removed_in_the_change_request_is_gone_from_main_after_merge(admin):
    space = await _space(admin, "API Reference")
    request = await _change_request(admin, space, "Merge Rollbacks into Deployments", "draft")
    assert "Rollbacks" in _titles((await admin.space_content.list_pages(space.id)).pages)
    await admin.change_requests.merge_change_request(space.id, request.number)
    main = (await admin.space_content.list_pages(space.id)).pages
    assert "Rollbacks" not in _titles(main)
    assert "## Rolling back" in _page(main, "Deployments").markdown
    assert "Deployments" in _titles(main) and "Create a deployment" in _titles(main)


async def test_merging_twice_is_refused(admin):
    space = await _space(admin, "API Reference")
    merged = await _change_request(admin, space, "Document token scopes", "merged")
    with pytest.raises(errors.ConflictError) as caught:
        await admin.change_requests.merge_change_request(space.id, merged.id)
    assert "cannot be merged again" in caught.value.message


async def test_an_edit_on_main_makes_an_open_change_request_outdated_and_update_clears_it(admin):
    space = await _space(admin, "API Reference")
    request = await _change_request(admin, space, "Document the new rate limits")
    assert not request.outdated
    await admin.space_content.import_content(
        space.id, url="https://northwind.dev/blog/launch", source="website"
    )
    request = await admin.change_requests.get_change_request_by_id(space.id, request.id)
    assert request.outdated
    outcome = await admin.change_requests.update_change_request(space.id, request.id)
    assert outcome.result == "update" and outcome.revision != request.revision
    updated = await admin.change_requests.get_change_request_by_id(space.id, request.id)
    main = await admin.spaces.get_space_by_id(space.id)
    assert not updated.outdated
    assert (updated.revision, updated.revision_merged_ancestor) == (outcome.revision, main.revision)
    own = await admin.change_request_content.list_pages_in_change_request(space.id, request.id)
    titles = _titles(own.pages)
    assert "Imported from https://northwind.dev/blog/launch" in titles  # main's change came in
    assert "Handling 429 responses" in titles  # its own change stayed


async def test_updating_an_up_to_date_change_request_changes_nothing(editor):
    space = await _space(editor, "API Reference")
    request = await _change_request(editor, space, "Document the new rate limits")
    outcome = await editor.change_requests.update_change_request(space.id, request.id)
    assert (outcome.result, outcome.revision) == ("update", request.revision)


async def test_a_merged_change_request_cannot_be_updated_from_main(admin):
    space = await _space(admin, "API Reference")
    merged = await _change_request(admin, space, "Document token scopes", "merged")
    with pytest.raises(errors.ConflictError):
        await admin.change_requests.update_change_request(space.id, merged.id)


async def test_merging_one_change_request_makes_the_others_outdated(admin):
    space = await _space(admin, "API Reference")
    first = await _change_request(admin, space, "Document the new rate limits")
    draft = await _change_request(admin, space, "Merge Rollbacks into Deployments", "draft")
    assert not draft.outdated
    await admin.change_requests.merge_change_request(space.id, first.id)
    assert (await admin.change_requests.get_change_request_by_id(space.id, draft.id)).outdated


# -- PDF and comments -------------------------------------------------------------------------


async def test_a_change_request_prints_to_a_pdf_url_for_all_or_one_page(reader, transport):
    space = await _space(reader, "API Reference")
    request = await _change_request(reader, space, "Document the new rate limits")
    whole = await reader.change_requests.get_change_request_pdf(space.id, request.id)
    assert whole.url.startswith("https://") and "pdf" in whole.url
    pages = await reader.change_request_content.list_pages_in_change_request(space.id, request.id)
    page = _page(pages.pages, "Handling 429 responses")
    one = await reader.change_requests.get_change_request_pdf(
        space.id, request.id, only=True, page=page.id
    )
    assert page.id in one.url and one.url != whole.url
    assert transport.sent[-1].params == {"only": ["true"], "page": [page.id]}


async def test_a_pdf_of_one_page_needs_a_page_of_the_change_request(reader):
    space = await _space(reader, "API Reference")
    request = await _change_request(reader, space, "Document the new rate limits")
    with pytest.raises(errors.BadRequestError) as caught:
        await reader.change_requests.get_change_request_pdf(space.id, request.id, only=True)
    assert "page" in caught.value.message
    with pytest.raises(errors.NotFoundError):
        await reader.change_requests.get_change_request_pdf(space.id, request.id, page="missing")


async def test_the_comment_count_shows_open_threads(admin):
    space = await _space(admin, "Deploying to production")
    request = await _change_request(admin, space, "Add a rollback checklist")
    before = request.comments
    await admin.change_request_comments.post_comment_in_change_request(
        space.id, request.id, body="Should step 2 name the flag?"
    )
    after = await admin.change_requests.get_change_request_by_id(space.id, request.id)
    assert after.comments == before + 1
