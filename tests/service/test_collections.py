"""The collections group, end to end against the in-process service."""

from __future__ import annotations

import pytest

from tests.conftest import ORG, OTHER_ORG
from tui.api import errors


async def _collection(client, title):
    page = await client.collections.list_collections_in_organization_by_id(ORG)
    return next(c for c in page.items if c.title == title)


async def test_collections_nest_and_the_top_level_can_be_listed_alone(admin):
    everything = await admin.collections.list_collections_in_organization_by_id(ORG)
    assert [c.title for c in everything.items] == ["Product", "Guides", "Internal", "SDKs"]
    top = await admin.collections.list_collections_in_organization_by_id(ORG, nested=False)
    assert [c.title for c in top.items] == ["Product", "Internal"]
    guides = everything.items[1]
    assert guides.parent == everything.items[0].id


async def test_a_creator_makes_a_nested_collection(admin, transport):
    product = await _collection(admin, "Product")
    made = await admin.collections.create_collection(ORG, title="SDKs", parent=product.id)
    assert made.parent == product.id and made.title == "SDKs"
    assert (await admin.collections.get_collection_by_id(made.id)).title == "SDKs"
    assert transport.sent[-2].json == {"title": "SDKs", "parent": product.id}


async def test_a_collection_is_renamed_described_and_its_description_removed(admin, transport):
    product = await _collection(admin, "Product")
    updated = await admin.collections.update_collection_by_id(
        product.id, title="Products", description="What we ship", default_level="read"
    )
    assert (updated.title, updated.description, updated.default_level) == (
        "Products",
        "What we ship",
        "read",
    )
    cleared = await admin.collections.update_collection_by_id(product.id, description=None)
    assert cleared.description is None and cleared.title == "Products"
    assert transport.sent[-1].json == {"description": None}


async def test_collection_limits_are_enforced(admin):
    product = await _collection(admin, "Product")
    with pytest.raises(errors.BadRequestError) as caught:
        await admin.collections.update_collection_by_id(product.id, description="d" * 101)
    assert "100 characters" in caught.value.message
    with pytest.raises(errors.BadRequestError):
        await admin.collections.create_collection(ORG, title="t" * 51)
    with pytest.raises(errors.BadRequestError):
        await admin.collections.create_collection(ORG, parent="missing")


async def test_a_reader_cannot_create_or_rename(reader):
    product = await _collection(reader, "Product")
    assert not product.permissions.admin
    with pytest.raises(errors.ForbiddenError):
        await reader.collections.create_collection(ORG, title="Nope")
    with pytest.raises(errors.ForbiddenError):
        await reader.collections.update_collection_by_id(product.id, title="Nope")


async def test_an_unknown_collection_is_not_found(admin):
    with pytest.raises(errors.NotFoundError):
        await admin.collections.get_collection_by_id("missing")


async def test_a_collection_lists_its_spaces(admin):
    product = await _collection(admin, "Product")
    spaces = await admin.collections.list_spaces_in_collection_by_id(product.id)
    assert [s.title for s in spaces.items] == ["API Reference"]
    assert spaces.count == 1


async def test_moving_a_collection_to_the_top_and_before_a_sibling(admin):
    product = await _collection(admin, "Product")
    guides = await _collection(admin, "Guides")
    moved = await admin.collections.move_collection(
        guides.id,
        parent=None,
        position={"before": {"type": "collection", "collection": product.id}},
    )
    assert moved.parent is None
    top = await admin.collections.list_collections_in_organization_by_id(ORG, nested=False)
    assert [c.title for c in top.items] == ["Guides", "Product", "Internal"]


async def test_a_collection_cannot_move_into_its_own_child(admin):
    product = await _collection(admin, "Product")
    guides = await _collection(admin, "Guides")
    with pytest.raises(errors.BadRequestError) as caught:
        await admin.collections.move_collection(product.id, parent=guides.id)
    assert "itself" in caught.value.message


async def test_transferring_a_collection_takes_its_spaces_along(admin):
    product = await _collection(admin, "Product")
    moved = await admin.collections.transfer_collection(product.id, organization=OTHER_ORG)
    assert moved.organization == OTHER_ORG and moved.parent is None
    spaces = await admin.collections.list_spaces_in_collection_by_id(product.id)
    assert [s.organization for s in spaces.items] == [OTHER_ORG]
    remaining = await admin.collections.list_collections_in_organization_by_id(ORG)
    assert [c.title for c in remaining.items] == ["Internal"]


async def test_transfer_needs_admin_rights_in_the_target(editor):
    internal = await _collection(editor, "Internal")
    with pytest.raises((errors.ForbiddenError, errors.NotFoundError)):
        await editor.collections.transfer_collection(internal.id, organization=OTHER_ORG)


async def test_deleting_a_collection_removes_it_and_its_children(admin):
    product = await _collection(admin, "Product")
    assert await admin.collections.delete_collection_by_id(product.id) is None
    remaining = await admin.collections.list_collections_in_organization_by_id(ORG)
    assert [c.title for c in remaining.items] == ["Internal"]
    with pytest.raises(errors.NotFoundError):
        await admin.collections.get_collection_by_id(product.id)
    assert await admin.collections.delete_collection_by_id(product.id) is None  # already gone
