"""Cached GETs: a second visit costs nothing, a write is never followed by a stale read."""

from __future__ import annotations

from tests.conftest import ORG
from tui.api import ResponseCache

COLLECTIONS = "/v1/orgs/org-northwind/collections"


class Ticker:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def test_a_second_visit_to_a_fresh_list_sends_nothing(admin, transport):
    first = await admin.collections.list_collections_in_organization_by_id(ORG)
    again = await admin.collections.list_collections_in_organization_by_id(ORG)
    assert again.items == first.items
    assert transport.count("GET", COLLECTIONS) == 1


async def test_different_parameters_are_different_entries(admin, transport):
    await admin.collections.list_collections_in_organization_by_id(ORG)
    await admin.collections.list_collections_in_organization_by_id(ORG, nested=False)
    assert transport.count("GET", COLLECTIONS) == 2


async def test_a_list_is_asked_again_once_it_is_no_longer_fresh(connect, transport):
    ticker = Ticker()
    client = connect(cache=ResponseCache(ttl=30, clock=ticker))
    await client.collections.list_collections_in_organization_by_id(ORG)
    ticker.now += 29
    await client.collections.list_collections_in_organization_by_id(ORG)
    assert transport.count("GET", COLLECTIONS) == 1
    ticker.now += 2
    await client.collections.list_collections_in_organization_by_id(ORG)
    assert transport.count("GET", COLLECTIONS) == 2


async def test_creating_a_collection_makes_the_next_list_ask_again(admin, transport):
    await admin.collections.list_collections_in_organization_by_id(ORG)
    made = await admin.collections.create_collection(ORG, title="Playbooks")
    after = await admin.collections.list_collections_in_organization_by_id(ORG)
    assert made.id in [c.id for c in after.items]
    assert transport.count("GET", COLLECTIONS) == 2


async def test_renaming_a_collection_refreshes_every_list_that_shows_it(admin, transport):
    top = await admin.collections.list_collections_in_organization_by_id(ORG, nested=False)
    product = top.items[0]
    await admin.collections.get_collection_by_id(product.id)
    await admin.collections.update_collection_by_id(product.id, title="Products")
    assert (await admin.collections.get_collection_by_id(product.id)).title == "Products"
    relisted = await admin.collections.list_collections_in_organization_by_id(ORG, nested=False)
    assert relisted.items[0].title == "Products"
    assert transport.count("GET", COLLECTIONS) == 2


async def test_a_write_elsewhere_keeps_unrelated_entries_fresh(admin, transport):
    me = await admin.users.get_authenticated_user()
    top = await admin.collections.list_collections_in_organization_by_id(ORG, nested=False)
    await admin.collections.update_collection_by_id(top.items[0].id, description="Shipped")
    assert await admin.users.get_authenticated_user() == me
    assert transport.count("GET", "/v1/user") == 1


async def test_peek_paints_a_stale_entry_without_sending(admin, transport):
    assert await admin.peek(admin.collections.list_collections_in_organization_by_id, ORG) is None
    listed = await admin.collections.list_collections_in_organization_by_id(ORG)
    await admin.collections.create_collection(ORG, title="Playbooks")
    sent = len(transport.sent)
    stale = await admin.peek(admin.collections.list_collections_in_organization_by_id, ORG)
    assert stale is not None and stale.items == listed.items  # what the screen had
    assert len(transport.sent) == sent


async def test_revalidating_asks_the_service_even_when_fresh(admin, transport):
    await admin.collections.list_collections_in_organization_by_id(ORG)
    with admin.revalidating():
        await admin.collections.list_collections_in_organization_by_id(ORG)
    assert transport.count("GET", COLLECTIONS) == 2
    await admin.collections.list_collections_in_organization_by_id(ORG)
    assert transport.count("GET", COLLECTIONS) == 2  # refilled: fresh again


async def test_the_cache_is_bounded(connect, transport):
    client = connect(cache=ResponseCache(max_entries=2))
    await client.users.get_authenticated_user()
    await client.collections.list_collections_in_organization_by_id(ORG)
    await client.collections.list_collections_in_organization_by_id(ORG, nested=False)
    assert len(client.cache) == 2
    await client.users.get_authenticated_user()
    assert transport.count("GET", "/v1/user") == 2


async def test_pagination_walks_every_page_and_caches_each(admin, transport):
    everything = [
        c
        async for c in admin.paginate(
            admin.collections.list_collections_in_organization_by_id, ORG, limit=1
        )
    ]
    assert [c.title for c in everything][:3] == ["Product", "Guides", "Internal"]
    pages = transport.count("GET", COLLECTIONS)
    assert pages == len(everything)
    again = [
        c
        async for c in admin.paginate(
            admin.collections.list_collections_in_organization_by_id, ORG, limit=1
        )
    ]
    assert again == everything and transport.count("GET", COLLECTIONS) == pages


async def _api_reference(client):
    product = (await client.collections.list_collections_in_organization_by_id(ORG)).items[0]
    listed = await client.collections.list_spaces_in_collection_by_id(product.id)
    return product, next(s for s in listed.items if s.title == "API Reference")


async def test_posting_a_comment_refreshes_the_counts_of_the_lists_that_show_the_space(
    admin, transport
):
    product, space = await _api_reference(admin)
    before = space.comments
    await admin.space_comments.list_comments_in_space(space.id)
    await admin.space_comments.post_comment_in_space(space.id, body="Is this still true?")
    _, again = await _api_reference(admin)
    assert again.comments == before + 1
    comments = await admin.space_comments.list_comments_in_space(space.id)
    assert "Is this still true?" in [c.body.markdown for c in comments.items]
    assert transport.count("GET", f"/v1/collections/{product.id}/spaces") == 2


async def test_a_merge_refreshes_the_space_content_and_the_change_request(admin, transport):
    _, space = await _api_reference(admin)
    open_requests = await admin.change_requests.list_change_requests_for_space(space.id)
    request = next(r for r in open_requests.items if not r.outdated)
    before = await admin.space_content.get_current_revision(space.id)
    await admin.change_requests.get_change_request_by_id(space.id, request.id)
    merged = await admin.change_requests.merge_change_request(space.id, request.id)
    after = await admin.space_content.get_current_revision(space.id)
    assert after.id == merged.revision != before.id
    assert (
        await admin.change_requests.get_change_request_by_id(space.id, request.id)
    ).status == "merged"
    relisted = await admin.change_requests.list_change_requests_for_space(space.id)
    assert request.id not in [r.id for r in relisted.items]


async def test_a_revision_read_as_an_outline_is_its_page_tree_kept_apart_from_the_whole(
    admin, transport
):
    from tui.api.models import PageOutline, Revision, RevisionOutline

    spaces = await admin.spaces.list_spaces_in_organization_by_id(ORG)
    for space in spaces.items:
        whole = await admin.space_content.get_current_revision(space.id)
        if whole.pages:
            break
    outline = await admin.revisions.get_revision_by_id(space.id, whole.id, outline=True)
    assert isinstance(outline, RevisionOutline)
    assert all(isinstance(page, PageOutline) for page in outline.pages)
    assert [p.title for p in outline.pages] == [p.title for p in whole.pages]
    assert outline.pages[0].markdown == whole.pages[0].markdown
    # What a comparison does not read is not kept (the layout, the URLs).
    assert not hasattr(outline.pages[0], "layout") and not outline.pages[0].model_extra
    # The same answer read whole is another entry of the cache, asked once, and so on.
    path = f"/v1/spaces/{space.id}/revisions/{whole.id}"
    again = await admin.revisions.get_revision_by_id(space.id, whole.id)
    assert isinstance(again, Revision)
    await admin.revisions.get_revision_by_id(space.id, whole.id, outline=True)
    await admin.revisions.get_revision_by_id(space.id, whole.id)
    assert transport.count("GET", path) == 2
