"""The spaces group, end to end against the in-process service."""

from __future__ import annotations

import pytest

from tests.conftest import ORG, OTHER_ORG
from tui.api import errors

# The lists are read past the client's cache: these tests are about what the service lists.


async def _all_spaces(client, organization=ORG):
    with client.revalidating():
        return [
            s
            async for s in client.paginate(
                client.spaces.list_spaces_in_organization_by_id, organization
            )
        ]


async def _space(client, title, organization=ORG):
    return next(s for s in await _all_spaces(client, organization) if s.title == title)


async def _collection(client, title):
    page = await client.collections.list_collections_in_organization_by_id(ORG)
    return next(c for c in page.items if c.title == title)


async def _titles_in(client, collection_id):
    with client.revalidating():
        page = await client.collections.list_spaces_in_collection_by_id(collection_id)
    return [s.title for s in page.items]


# -- listing and reading ----------------------------------------------------------------------


async def test_the_organization_lists_each_of_its_spaces_once(admin):
    spaces = await _all_spaces(admin)
    titles = [s.title for s in spaces]
    assert {"API Reference", "Deploying to production", "Team handbook"} <= set(titles)
    assert "Community guidelines" not in titles
    assert len(titles) == len(set(s.id for s in spaces))
    assert {s.organization for s in spaces} == {ORG}


async def test_the_space_list_pages_with_a_count(admin, transport):
    first = await admin.spaces.list_spaces_in_organization_by_id(ORG, limit=2)
    assert len(first.items) == 2 and first.count is not None and first.count > 2
    assert first.next_page
    second = await admin.spaces.list_spaces_in_organization_by_id(
        ORG, limit=2, page=first.next_page
    )
    assert not {s.id for s in first.items} & {s.id for s in second.items}
    assert transport.sent[-1].params == {"limit": ["2"], "page": [first.next_page]}


async def test_a_space_shows_what_the_caller_may_do(admin, reader):
    as_admin = await _space(admin, "API Reference")
    assert as_admin.permissions.admin and as_admin.permissions.edit
    as_reader = await reader.spaces.get_space_by_id(as_admin.id)
    assert as_reader.title == "API Reference" and as_reader.permissions.view
    assert not as_reader.permissions.admin and not as_reader.permissions.edit


async def test_an_unknown_space_is_not_found(admin):
    with pytest.raises(errors.NotFoundError):
        await admin.spaces.get_space_by_id("missing")


async def test_a_space_of_another_organization_is_not_found_for_outsiders(admin, reader):
    guidelines = await _space(admin, "Community guidelines", OTHER_ORG)
    with pytest.raises(errors.NotFoundError):
        await reader.spaces.get_space_by_id(guidelines.id)


# -- creating ---------------------------------------------------------------------------------


async def test_a_creator_makes_a_space_in_a_collection(admin, transport):
    guides = await _collection(admin, "Guides")
    made = await admin.spaces.create_space(ORG, title="Go SDK", emoji="🐹", parent=guides.id)
    assert (made.title, made.emoji, made.parent, made.organization) == (
        "Go SDK",
        "🐹",
        guides.id,
        ORG,
    )
    assert transport.sent[-1].json == {"title": "Go SDK", "emoji": "🐹", "parent": guides.id}
    assert "Go SDK" in await _titles_in(admin, guides.id)
    assert (await admin.spaces.get_space_by_id(made.id)).title == "Go SDK"


async def test_a_new_space_at_the_top_starts_with_an_empty_first_revision(admin):
    made = await admin.spaces.create_space(ORG, title="Scratchpad")
    assert made.parent is None and made.edit_mode == "live"
    content = await admin.space_content.get_current_revision(made.id)
    assert content.id == made.revision
    assert content.pages == [] and content.parents == []
    assert made.id in {s.id for s in await _all_spaces(admin)}


async def test_a_space_made_from_a_template_starts_with_its_skeleton(admin):
    made = await admin.spaces.create_space(
        ORG, title="Runbook", template={"id": "incident-runbook"}, edit_mode="locked"
    )
    assert made.edit_mode == "locked"
    pages = (await admin.space_content.list_pages(made.id)).pages
    assert [p.title for p in pages] == ["Incident runbook"]
    assert "## Getting started" in (pages[0].markdown or "")


async def test_creating_a_space_needs_the_create_role(editor, reader):
    for client in (editor, reader):
        with pytest.raises(errors.ForbiddenError) as caught:
            await client.spaces.create_space(ORG, title="Nope")
        assert "create" in caught.value.message


async def test_space_fields_are_checked_on_create(admin):
    product = await _collection(admin, "Product")
    with pytest.raises(errors.BadRequestError) as caught:
        await admin.spaces.create_space(ORG, title="t" * 51)
    assert "50 characters" in caught.value.message
    with pytest.raises(errors.BadRequestError):
        await admin.spaces.create_space(ORG, title="Ok", emoji="🎉" * 51)
    with pytest.raises(errors.BadRequestError):
        await admin.spaces.create_space(ORG, title="Ok", parent="missing")
    with pytest.raises(errors.BadRequestError):
        await admin.spaces.create_space(ORG, title="Ok", language="klingon")
    with pytest.raises(errors.BadRequestError):
        await admin.spaces.create_space(ORG, title="Ok", edit_mode="frozen")
    # A collection of another organization is no parent here.
    with pytest.raises(errors.BadRequestError):
        await admin.spaces.create_space(OTHER_ORG, title="Ok", parent=product.id)


# -- updating ---------------------------------------------------------------------------------


async def test_an_admin_renames_a_space_and_changes_its_settings(admin, transport):
    space = await _space(admin, "Team handbook")
    updated = await admin.spaces.update_space_by_id(
        space.id,
        title="Handbook",
        emoji="📗",
        visibility="unlisted",
        default_level="read",
        language="fr",
    )
    assert (
        updated.title,
        updated.emoji,
        updated.visibility,
        updated.default_level,
        updated.language,
    ) == ("Handbook", "📗", "unlisted", "read", "fr")
    assert transport.sent[-1].json == {
        "title": "Handbook",
        "emoji": "📗",
        "visibility": "unlisted",
        "defaultLevel": "read",
        "language": "fr",
    }
    assert updated.urls.published  # not private any more
    again = await admin.spaces.get_space_by_id(space.id)
    assert again.title == "Handbook" and again.language == "fr"


async def test_the_default_level_can_be_guest_or_inherited_and_the_emoji_removed(admin, transport):
    space = await _space(admin, "Team handbook")
    guests = await admin.spaces.update_space_by_id(space.id, default_level=None, emoji=None)
    assert transport.sent[-1].json == {"defaultLevel": None, "emoji": None}
    assert guests.default_level is None and guests.emoji == ""
    inherited = await admin.spaces.update_space_by_id(space.id, default_level="inherit")
    assert inherited.default_level == "inherit" and inherited.title == "Team handbook"


async def test_space_settings_are_checked(admin):
    top = await _space(admin, "Team handbook")
    for bad in (
        {"title": "t" * 51},
        {"title": ""},
        {"emoji": "🎉" * 51},
        {"visibility": "secret"},
        {"edit_mode": "frozen"},
        {"default_level": "owner"},
        {"language": "klingon"},
        # Only a space in a collection can be visible to the collection.
        {"visibility": "in-collection"},
    ):
        with pytest.raises(errors.BadRequestError):
            await admin.spaces.update_space_by_id(top.id, **bad)


async def test_only_an_admin_changes_space_settings(editor):
    space = await _space(editor, "Team handbook")
    with pytest.raises(errors.ForbiddenError):
        await editor.spaces.update_space_by_id(space.id, title="Mine")


async def test_a_locked_space_refuses_content_edits_until_it_is_live_again(admin, editor):
    space = await _space(admin, "Team handbook")
    locked = await admin.spaces.update_space_by_id(space.id, edit_mode="locked")
    assert locked.edit_mode == "locked"
    with pytest.raises(errors.ForbiddenError) as caught:
        await editor.space_content.import_content(
            space.id, url="https://example.com", source="website"
        )
    assert "locked" in caught.value.message
    with pytest.raises(errors.ForbiddenError) as caught:
        await editor.space_content.apply_template_to_space(space.id, id="faq")
    assert "locked" in caught.value.message
    assert (await admin.space_content.get_current_revision(space.id)).id == space.revision
    await admin.spaces.update_space_by_id(space.id, edit_mode="live")
    result = await editor.space_content.import_content(
        space.id, url="https://example.com", source="website"
    )
    assert (await admin.spaces.get_space_by_id(space.id)).revision == result.revision


# -- deleting and restoring -------------------------------------------------------------------


async def test_a_deleted_space_is_gone_until_restored(admin, reader):
    space = await _space(admin, "Deploying to production")
    assert await admin.spaces.delete_space_by_id(space.id) is None
    for attempt in (
        admin.spaces.get_space_by_id(space.id),
        admin.space_content.get_current_revision(space.id),
        admin.spaces.update_space_by_id(space.id, title="Zombie"),
        reader.spaces.get_space_by_id(space.id),
    ):
        with pytest.raises(errors.NotFoundError):
            await attempt
    assert space.id not in {s.id for s in await _all_spaces(admin)}
    assert "Deploying to production" not in await _titles_in(admin, space.parent)

    restored = await admin.spaces.restore_space(space.id)
    assert restored.id == space.id and restored.deleted_at is None
    assert restored.parent == space.parent
    assert "Deploying to production" in await _titles_in(admin, space.parent)
    assert (await admin.space_content.get_current_revision(space.id)).id == space.revision


async def test_a_space_can_be_restored_for_seven_days_only(admin, clock):
    kept = await _space(admin, "Team handbook")
    lost = await _space(admin, "Deploying to production")
    await admin.spaces.delete_space_by_id(kept.id)
    await admin.spaces.delete_space_by_id(lost.id)
    clock.advance(days=6, hours=23)
    assert (await admin.spaces.restore_space(kept.id)).title == "Team handbook"
    clock.advance(days=1, hours=2)
    with pytest.raises(errors.StatusError) as caught:
        await admin.spaces.restore_space(lost.id)
    assert 400 <= caught.value.status < 500
    assert "7 days" in caught.value.message and "permanently" in caught.value.message
    with pytest.raises(errors.NotFoundError):
        await admin.spaces.get_space_by_id(lost.id)


async def test_deleting_a_missing_or_already_deleted_space_answers_no_content(admin):
    assert await admin.spaces.delete_space_by_id("missing") is None
    space = await _space(admin, "Team handbook")
    await admin.spaces.delete_space_by_id(space.id)
    assert await admin.spaces.delete_space_by_id(space.id) is None


async def test_only_an_admin_deletes_or_restores(admin, editor):
    space = await _space(admin, "Team handbook")
    with pytest.raises(errors.ForbiddenError):
        await editor.spaces.delete_space_by_id(space.id)
    await admin.spaces.delete_space_by_id(space.id)
    with pytest.raises(errors.ForbiddenError):
        await editor.spaces.restore_space(space.id)


async def test_a_live_space_has_nothing_to_restore(admin):
    space = await _space(admin, "Team handbook")
    with pytest.raises(errors.NotFoundError):
        await admin.spaces.restore_space(space.id)


# -- duplicating ------------------------------------------------------------------------------


async def test_a_duplicate_holds_the_content_and_sits_next_to_the_original(admin):
    original = await _space(admin, "API Reference")
    copy = await admin.spaces.duplicate_space(original.id)
    assert copy.id != original.id and copy.title == "Copy of API Reference"
    assert (copy.parent, copy.emoji, copy.visibility) == (
        original.parent,
        original.emoji,
        original.visibility,
    )
    source = await admin.space_content.get_current_revision(original.id)
    copied = await admin.space_content.get_current_revision(copy.id)
    assert copied.id != source.id
    assert [p.title for p in copied.pages] == [p.title for p in source.pages]
    assert [p.markdown for p in copied.pages] == [p.markdown for p in source.pages]
    assert [f.name for f in copied.files] == [f.name for f in source.files]
    titles = await _titles_in(admin, original.parent)
    assert titles.index("Copy of API Reference") == titles.index("API Reference") + 1


async def test_a_duplicate_title_stays_within_fifty_characters(admin):
    space = await _space(admin, "Team handbook")
    long_title = "A handbook with a title of fifty characters, sure"
    assert len(long_title) <= 50
    await admin.spaces.update_space_by_id(space.id, title=long_title)
    copy = await admin.spaces.duplicate_space(space.id)
    assert copy.title.startswith("Copy of A handbook") and len(copy.title) <= 50
    assert copy.parent is None


async def test_duplicating_needs_the_create_role(editor):
    space = await _space(editor, "Team handbook")
    with pytest.raises(errors.ForbiddenError):
        await editor.spaces.duplicate_space(space.id)


# -- moving and transferring ------------------------------------------------------------------


async def test_a_space_moves_into_a_collection_before_a_sibling(admin, transport):
    guides = await _collection(admin, "Guides")
    handbook = await _space(admin, "Team handbook")
    deploying = await _space(admin, "Deploying to production")
    position = {"before": {"type": "space", "space": deploying.id}}
    moved = await admin.spaces.move_space(handbook.id, parent=guides.id, position=position)
    assert moved.parent == guides.id
    assert transport.sent[-1].json == {"parent": guides.id, "position": position}
    titles = await _titles_in(admin, guides.id)
    assert titles.index("Team handbook") == titles.index("Deploying to production") - 1


async def test_a_space_moves_after_a_sibling_within_its_collection(admin):
    guides = await _collection(admin, "Guides")
    deploying = await _space(admin, "Deploying to production")
    await admin.spaces.create_space(ORG, title="Last guide", parent=guides.id)
    last = await _space(admin, "Last guide")
    await admin.spaces.move_space(
        deploying.id, position={"after": {"type": "space", "space": last.id}}
    )
    titles = await _titles_in(admin, guides.id)
    assert titles[-2:] == ["Last guide", "Deploying to production"]
    listed = [s.title for s in await _all_spaces(admin) if s.parent == guides.id]
    assert listed == titles


async def test_a_space_moves_to_the_top_level(admin):
    api = await _space(admin, "API Reference")
    moved = await admin.spaces.move_space(api.id, parent=None)
    assert moved.parent is None
    assert "API Reference" not in await _titles_in(admin, api.parent)
    assert (await admin.spaces.get_space_by_id(api.id)).parent is None


async def test_space_moves_are_checked(admin, editor):
    api = await _space(admin, "API Reference")
    handbook = await _space(admin, "Team handbook")
    guidelines = await _space(admin, "Community guidelines", OTHER_ORG)
    with pytest.raises(errors.BadRequestError):
        await admin.spaces.move_space(api.id, parent="missing")
    with pytest.raises(errors.BadRequestError):  # the anchor is not beside it
        await admin.spaces.move_space(
            api.id, position={"before": {"type": "space", "space": handbook.id}}
        )
    with pytest.raises(errors.BadRequestError):
        await admin.spaces.move_space(
            api.id, position={"before": {"type": "space", "space": guidelines.id}}
        )
    with pytest.raises(errors.BadRequestError):
        await admin.spaces.move_space(api.id)
    with pytest.raises(errors.ConflictError):
        await admin.spaces.move_space(api.id, parent=api.parent)
    with pytest.raises(errors.ForbiddenError):
        await editor.spaces.move_space(api.id, parent=None)


async def test_a_space_is_transferred_to_the_top_of_another_organization(admin):
    api = await _space(admin, "API Reference")
    moved = await admin.spaces.transfer_space(api.id, organization=OTHER_ORG)
    assert moved.organization == OTHER_ORG and moved.parent is None
    assert api.id in {s.id for s in await _all_spaces(admin, OTHER_ORG)}
    assert api.id not in {s.id for s in await _all_spaces(admin)}
    content = await admin.space_content.get_current_revision(api.id)
    assert content.id == api.revision


async def test_a_transfer_needs_admin_rights_and_a_real_change(admin, editor, connect):
    api = await _space(admin, "API Reference")
    with pytest.raises(errors.ForbiddenError):
        await editor.spaces.transfer_space(api.id, organization=OTHER_ORG)
    with pytest.raises(errors.ConflictError):
        await admin.spaces.transfer_space(api.id, organization=ORG)
    with pytest.raises(errors.NotFoundError):
        await admin.spaces.transfer_space(api.id, organization="org-missing")
    with pytest.raises(errors.BadRequestError):
        await admin.request("POST", "/spaces/{}/transfer", api.id, json={})


async def test_a_space_whose_collection_was_deleted_comes_back_at_the_top(admin):
    guides = await _collection(admin, "Guides")
    deploying = await _space(admin, "Deploying to production")
    await admin.collections.delete_collection_by_id(guides.id)
    with pytest.raises(errors.NotFoundError):
        await admin.spaces.get_space_by_id(deploying.id)
    restored = await admin.spaces.restore_space(deploying.id)
    assert restored.parent is None
    assert deploying.id in {s.id for s in await _all_spaces(admin)}
