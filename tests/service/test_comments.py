"""The space comments group, end to end: threads, replies, reactions, resolution and filters."""

from __future__ import annotations

import pytest

from tests.conftest import ORG, OTHER_ORG
from tui.api import errors


async def _space(client, title, organization=ORG):
    page = await client.spaces.list_spaces_in_organization_by_id(organization, limit=100)
    return next(space for space in page.items if space.title == title)


async def _page_id(client, space_id, title):
    tree = await client.space_content.list_pages(space_id)
    stack = list(tree.pages)
    while stack:
        page = stack.pop()
        if page.title == title:
            return page.id
        stack.extend(page.pages)
    raise AssertionError(f"no page {title!r}")


async def _thread(client, space_id, starting):
    """A demo thread of the space, found by the start of its text."""
    page = await client.space_comments.list_comments_in_space(space_id, limit=1000)
    return next(c for c in page.items if c.body.markdown.startswith(starting))


# -- reading the demo's threads ---------------------------------------------------------------


async def test_a_space_lists_its_threads_newest_first_and_counts_the_open_ones(admin):
    space = await _space(admin, "API Reference")
    threads = await admin.space_comments.list_comments_in_space(space.id)
    posted = [c.posted_at for c in threads.items]
    assert posted == sorted(posted, reverse=True) and threads.count == len(threads.items) == 7
    assert sum(1 for c in threads.items if not c.resolved) == space.comments == 5
    limits = next(c for c in threads.items if c.body.markdown.startswith("These numbers"))
    assert limits.replies >= 7 and limits.posted_by.display_name == "Ada Lovelace"
    assert limits.target.page.title == "Rate limits" and limits.target.page.path == "rate-limits"
    assert limits.target.node.preview.startswith("|") and not limits.target.page.outdated
    assert limits.target.space == space.id and limits.target.revision


async def test_a_resolved_demo_thread_says_who_resolved_it(admin):
    space = await _space(admin, "API Reference")
    tokens = await _thread(admin, space.id, "Support gets this question")
    assert tokens.status == "resolved" and tokens.resolved_by.display_name == "Ada Lovelace"
    assert tokens.resolved_at is not None
    assert {r.emoji: r.count for r in tokens.reactions} == {"👍": 2}  # Ada and Mei


async def test_a_thread_reads_alone_and_as_a_json_document(admin, transport):
    space = await _space(admin, "API Reference")
    thread = await _thread(admin, space.id, "Do we still answer")
    again = await admin.space_comments.get_comment_in_space(space.id, thread.id)
    assert again.body.markdown == thread.body.markdown and again.urls.location.endswith(thread.id)
    document = await admin.space_comments.get_comment_in_space(
        space.id, thread.id, format="document"
    )
    assert document.body.markdown is None
    leaf = document.body.document["nodes"][0]["nodes"][0]["leaves"][0]
    assert leaf["text"] == thread.body.markdown
    assert transport.sent[-1].params == {"format": ["document"]}


# -- posting --------------------------------------------------------------------------------


async def test_a_commenter_starts_a_thread_on_a_block_of_a_page(editor, transport, clock):
    space = await _space(editor, "Deploying to production")
    page_id = await _page_id(editor, space.id, "Monitoring")
    posted = await editor.space_comments.post_comment_in_space(
        space.id,
        body="Is 2% the same threshold as the canary rollback?",
        page=page_id,
        node="blk-1",
    )
    assert transport.sent[-1].json == {
        "body": {"markdown": "Is 2% the same threshold as the canary rollback?"},
        "page": page_id,
        "node": "blk-1",
    }
    assert posted.status == "open" and posted.replies == 0 and posted.reactions == []
    assert posted.posted_by.id == "u-grace" and posted.posted_at == clock.now
    assert (posted.target.page.id, posted.target.page.title) == (page_id, "Monitoring")
    assert posted.target.page.path == "monitoring" and posted.target.node.id == "blk-1"
    assert (await editor.spaces.get_space_by_id(space.id)).comments == space.comments + 1


async def test_a_thread_can_sit_on_a_table_cell_and_take_a_json_document(admin):
    space = await _space(admin, "Team handbook")
    document = {
        "document": {
            "object": "document",
            "data": {},
            "nodes": [
                {
                    "object": "block",
                    "type": "paragraph",
                    "nodes": [
                        {
                            "object": "text",
                            "leaves": [{"object": "leaf", "text": "Still €1,000?", "marks": []}],
                        }
                    ],
                }
            ],
        }
    }
    posted = await admin.space_comments.post_comment_in_space(
        space.id, body=document, table_cell={"record": "learning", "definition": "allowance"}
    )
    assert posted.body.markdown == "Still €1,000?"
    assert posted.target.table_cell.record == "learning" and posted.target.page is None


async def test_a_thread_needs_a_body_with_text(admin, transport):
    space = await _space(admin, "Team handbook")
    with pytest.raises(errors.BadRequestError) as caught:
        await admin.space_comments.post_comment_in_space(space.id, body="  ")
    assert "empty" in caught.value.message
    with pytest.raises(errors.BadRequestError):
        await admin.space_comments.post_comment_in_space(space.id, body={})
    response = await admin._http.post(f"spaces/{space.id}/comments", json={"page": "x"})
    assert response.status_code == 400 and "body" in response.json()["error"]["message"]


async def test_a_thread_on_a_page_the_space_does_not_have_is_refused(admin):
    space = await _space(admin, "Team handbook")
    other = await _space(admin, "API Reference")
    elsewhere = await _page_id(admin, other.id, "Quickstart")
    with pytest.raises(errors.BadRequestError) as caught:
        await admin.space_comments.post_comment_in_space(space.id, body="Hm?", page=elsewhere)
    assert elsewhere in caught.value.message


async def test_a_reader_cannot_comment_and_an_outsider_cannot_see(reader, connect):
    space = await _space(reader, "Team handbook")
    assert len((await reader.space_comments.list_comments_in_space(space.id)).items) == 1
    with pytest.raises(errors.ForbiddenError):
        await reader.space_comments.post_comment_in_space(space.id, body="Hello")
    community = await _space(connect("demo-admin"), "Community guidelines", OTHER_ORG)
    with pytest.raises(errors.NotFoundError):
        await reader.space_comments.list_comments_in_space(community.id)


async def test_unknown_spaces_and_comments_are_not_found(admin):
    space = await _space(admin, "Team handbook")
    with pytest.raises(errors.NotFoundError):
        await admin.space_comments.list_comments_in_space("missing")
    with pytest.raises(errors.NotFoundError) as caught:
        await admin.space_comments.get_comment_in_space(space.id, "missing")
    assert "comment" in caught.value.message
    with pytest.raises(errors.NotFoundError):
        await admin.space_comments.update_comment_in_space(space.id, "missing", resolved=True)
    with pytest.raises(errors.NotFoundError):
        await admin.space_comments.post_comment_reply_in_space(space.id, "missing", body="?")
    assert await admin.space_comments.delete_comment_in_space(space.id, "missing") is None


async def test_a_thread_of_another_space_is_not_found_here(admin):
    reference = await _space(admin, "API Reference")
    handbook = await _space(admin, "Team handbook")
    thread = await _thread(admin, reference.id, "Do we still answer")
    with pytest.raises(errors.NotFoundError):
        await admin.space_comments.get_comment_in_space(handbook.id, thread.id)


# -- resolving ------------------------------------------------------------------------------


async def test_a_reviewer_resolves_a_thread_and_the_open_count_drops(editor, transport, clock):
    space = await _space(editor, "API Reference")
    thread = await _thread(editor, space.id, "`pip install northwind` fails")
    clock.advance(hours=1)
    resolved = await editor.space_comments.update_comment_in_space(
        space.id, thread.id, resolved=True
    )
    assert transport.sent[-1].json == {"resolved": True}
    assert resolved.status == "resolved" and resolved.resolved_by.id == "u-grace"
    assert resolved.resolved_at == clock.now
    assert (await editor.spaces.get_space_by_id(space.id)).comments == space.comments - 1
    open_only = await editor.space_comments.list_comments_in_space(space.id, status="open")
    assert thread.id not in [c.id for c in open_only.items]


async def test_reopening_a_thread_clears_its_resolution(admin):
    space = await _space(admin, "API Reference")
    thread = await _thread(admin, space.id, "Support gets this question")
    reopened = await admin.space_comments.update_comment_in_space(
        space.id, thread.id, resolved=False
    )
    assert reopened.status == "open"
    assert reopened.resolved_at is None and reopened.resolved_by is None
    assert (await admin.spaces.get_space_by_id(space.id)).comments == space.comments + 1


# -- reactions ------------------------------------------------------------------------------


async def test_reacting_twice_counts_once_and_removing_takes_the_user_off(admin, editor):
    space = await _space(admin, "Team handbook")
    thread = await _thread(admin, space.id, "Is the hand-off")
    await admin.space_comments.update_comment_in_space(space.id, thread.id, added_reactions=["🎉"])
    twice = await admin.space_comments.update_comment_in_space(
        space.id, thread.id, added_reactions=["🎉"]
    )
    assert [(r.emoji, r.count) for r in twice.reactions] == [("🎉", 1)]
    both = await editor.space_comments.update_comment_in_space(
        space.id, thread.id, added_reactions=["🎉", "👀"]
    )
    party = next(r for r in both.reactions if r.emoji == "🎉")
    assert party.count == 2 and [u.user.id for u in party.users] == ["u-ada", "u-grace"]
    assert all(u.reacted_at is not None for u in party.users)
    fewer = await admin.space_comments.update_comment_in_space(
        space.id, thread.id, removed_reactions=["🎉"]
    )
    party = next(r for r in fewer.reactions if r.emoji == "🎉")
    assert party.count == 1 and [u.user.id for u in party.users] == ["u-grace"]
    last = await editor.space_comments.update_comment_in_space(
        space.id, thread.id, removed_reactions=["🎉", "👀"]
    )
    assert last.reactions == []


async def test_an_empty_or_overlong_emoji_is_refused(admin):
    space = await _space(admin, "Team handbook")
    thread = await _thread(admin, space.id, "Is the hand-off")
    with pytest.raises(errors.BadRequestError):
        await admin.space_comments.update_comment_in_space(
            space.id, thread.id, added_reactions=[""]
        )
    with pytest.raises(errors.BadRequestError):
        await admin.space_comments.update_comment_in_space(
            space.id, thread.id, added_reactions=["x" * 51]
        )


async def test_a_reader_cannot_react_or_resolve(reader):
    space = await _space(reader, "Team handbook")
    thread = await _thread(reader, space.id, "Is the hand-off")
    assert thread.permissions.view and not thread.permissions.reply
    with pytest.raises(errors.ForbiddenError):
        await reader.space_comments.update_comment_in_space(
            space.id, thread.id, added_reactions=["👍"]
        )
    with pytest.raises(errors.ForbiddenError):
        await reader.space_comments.update_comment_in_space(space.id, thread.id, resolved=True)


# -- editing and deleting -------------------------------------------------------------------


async def test_only_the_author_edits_the_body(admin, editor, clock):
    space = await _space(editor, "Team handbook")
    mine = await editor.space_comments.post_comment_in_space(space.id, body="Frist!")
    seen_by_ada = await admin.space_comments.get_comment_in_space(space.id, mine.id)
    assert mine.permissions.edit and not seen_by_ada.permissions.edit
    with pytest.raises(errors.ForbiddenError) as caught:
        await admin.space_comments.update_comment_in_space(space.id, mine.id, body="First!")
    assert "author" in caught.value.message
    clock.advance(minutes=2)
    fixed = await editor.space_comments.update_comment_in_space(space.id, mine.id, body="First!")
    assert fixed.body.markdown == "First!" and fixed.edited_at == clock.now
    with pytest.raises(errors.BadRequestError):
        await editor.space_comments.update_comment_in_space(space.id, mine.id, body="")


async def test_the_author_or_an_admin_deletes_a_thread_but_nobody_else(admin, editor):
    space = await _space(admin, "Team handbook")
    adas = await admin.space_comments.post_comment_in_space(space.id, body="Mine")
    assert adas.permissions.delete
    assert not (
        await editor.space_comments.get_comment_in_space(space.id, adas.id)
    ).permissions.delete
    with pytest.raises(errors.ForbiddenError):
        await editor.space_comments.delete_comment_in_space(space.id, adas.id)
    graces = await editor.space_comments.post_comment_in_space(space.id, body="Hers")
    assert (await admin.space_comments.get_comment_in_space(space.id, graces.id)).permissions.delete
    assert await admin.space_comments.delete_comment_in_space(space.id, graces.id) is None
    assert await admin.space_comments.delete_comment_in_space(space.id, adas.id) is None
    assert (await admin.spaces.get_space_by_id(space.id)).comments == 1


# -- replies --------------------------------------------------------------------------------


async def test_replies_count_on_their_comment_and_deleting_it_takes_them(admin, editor):
    space = await _space(admin, "Team handbook")
    thread = await admin.space_comments.post_comment_in_space(space.id, body="Who owns this page?")
    first = await editor.space_comments.post_comment_reply_in_space(space.id, thread.id, body="Me")
    await admin.space_comments.post_comment_reply_in_space(space.id, thread.id, body="Thanks")
    assert first.posted_by.id == "u-grace" and first.body.markdown == "Me"
    assert first.urls.location.endswith(f"/comments/{thread.id}/replies/{first.id}")
    assert (await admin.space_comments.get_comment_in_space(space.id, thread.id)).replies == 2
    assert await admin.space_comments.delete_comment_in_space(space.id, thread.id) is None
    with pytest.raises(errors.NotFoundError):
        await admin.space_comments.get_comment_in_space(space.id, thread.id)
    with pytest.raises(errors.NotFoundError):
        await admin.space_comments.get_comment_reply_in_space(space.id, thread.id, first.id)
    assert await admin.space_comments.delete_comment_in_space(space.id, thread.id) is None


async def test_a_long_thread_pages_through_its_replies_in_order(admin, transport):
    space = await _space(admin, "API Reference")
    thread = await _thread(admin, space.id, "These numbers")
    first = await admin.space_comments.list_comment_replies_in_space(space.id, thread.id, limit=3)
    assert len(first.items) == 3 and first.count == thread.replies and first.next_page
    everything = [
        r
        async for r in admin.paginate(
            admin.space_comments.list_comment_replies_in_space, space.id, thread.id, limit=3
        )
    ]
    assert len(everything) == thread.replies
    posted = [r.posted_at for r in everything]
    assert posted == sorted(posted)
    assert transport.sent[-1].params["limit"] == ["3"] and "page" in transport.sent[-1].params
    with pytest.raises(errors.BadRequestError):
        await admin.space_comments.list_comment_replies_in_space(space.id, thread.id, limit=1001)


async def test_a_reply_is_read_reacted_to_edited_by_its_author_and_deleted(admin, editor, clock):
    space = await _space(admin, "Team handbook")
    thread = await _thread(admin, space.id, "Is the hand-off")
    reply = await editor.space_comments.post_comment_reply_in_space(space.id, thread.id, body="Ok")
    read = await admin.space_comments.get_comment_reply_in_space(space.id, thread.id, reply.id)
    assert read.body.markdown == "Ok" and not read.permissions.edit and read.permissions.delete
    as_document = await admin.space_comments.get_comment_reply_in_space(
        space.id, thread.id, reply.id, format="document"
    )
    assert as_document.body.document["object"] == "document"
    liked = await admin.space_comments.update_comment_reply_in_space(
        space.id, thread.id, reply.id, added_reactions=["👍", "👍"]
    )
    assert [(r.emoji, r.count) for r in liked.reactions] == [("👍", 1)]
    with pytest.raises(errors.ForbiddenError):
        await admin.space_comments.update_comment_reply_in_space(
            space.id, thread.id, reply.id, body="Okay"
        )
    clock.advance(minutes=1)
    edited = await editor.space_comments.update_comment_reply_in_space(
        space.id, thread.id, reply.id, body="Okay!", removed_reactions=["👍"]
    )
    # Grace removes only her own reaction: Ada's stays.
    assert edited.body.markdown == "Okay!" and edited.edited_at == clock.now
    assert [(r.emoji, r.count) for r in edited.reactions] == [("👍", 1)]
    assert (
        await editor.space_comments.delete_comment_reply_in_space(space.id, thread.id, reply.id)
        is None
    )
    with pytest.raises(errors.NotFoundError):
        await admin.space_comments.get_comment_reply_in_space(space.id, thread.id, reply.id)
    assert (
        await admin.space_comments.delete_comment_reply_in_space(space.id, thread.id, reply.id)
        is None
    )


async def test_only_its_author_or_an_admin_deletes_a_reply(admin, editor):
    space = await _space(admin, "Team handbook")
    thread = await _thread(admin, space.id, "Is the hand-off")
    adas = await admin.space_comments.post_comment_reply_in_space(space.id, thread.id, body="Hi")
    graces = await editor.space_comments.post_comment_reply_in_space(space.id, thread.id, body="Yo")
    with pytest.raises(errors.ForbiddenError):
        await editor.space_comments.delete_comment_reply_in_space(space.id, thread.id, adas.id)
    assert (
        await admin.space_comments.delete_comment_reply_in_space(space.id, thread.id, graces.id)
        is None
    )
    replies = await admin.space_comments.list_comment_replies_in_space(space.id, thread.id)
    assert [r.body.markdown for r in replies.items] == [
        "Monday. I've fixed the channel topic.",
        "Hi",
    ]
    assert (await admin.space_comments.get_comment_in_space(space.id, thread.id)).replies == 2


async def test_a_reply_needs_text(admin):
    space = await _space(admin, "Team handbook")
    thread = await _thread(admin, space.id, "Is the hand-off")
    with pytest.raises(errors.BadRequestError):
        await admin.space_comments.post_comment_reply_in_space(space.id, thread.id, body="")
    with pytest.raises(errors.NotFoundError):
        await admin.space_comments.get_comment_reply_in_space(space.id, thread.id, "missing")


# -- filters --------------------------------------------------------------------------------


async def test_filters_by_author_target_page_status_and_order(admin, transport):
    space = await _space(admin, "API Reference")
    everything = (await admin.space_comments.list_comments_in_space(space.id)).items
    by_grace = await admin.space_comments.list_comments_in_space(space.id, authors=["u-grace"])
    assert by_grace.items and {c.posted_by.id for c in by_grace.items} == {"u-grace"}
    both = await admin.space_comments.list_comments_in_space(space.id, authors=["u-grace", "u-ada"])
    assert transport.sent[-1].params["authors"] == ["u-grace", "u-ada"]
    assert len(both.items) == len(everything)
    limits_page = next(
        c for c in everything if c.target.page and c.target.page.title == "Rate limits"
    )
    on_page = await admin.space_comments.list_comments_in_space(
        space.id, target_page=limits_page.target.page.id
    )
    assert [c.id for c in on_page.items] == [limits_page.id]
    assert transport.sent[-1].params == {"targetPage": [limits_page.target.page.id]}
    resolved = await admin.space_comments.list_comments_in_space(space.id, status="resolved")
    assert resolved.items and all(c.status == "resolved" for c in resolved.items)
    oldest_first = await admin.space_comments.list_comments_in_space(space.id, order="asc")
    assert [c.id for c in oldest_first.items] == [c.id for c in reversed(everything)]


async def test_authors_may_come_comma_separated(admin):
    space = await _space(admin, "API Reference")
    response = await admin._http.get(
        f"spaces/{space.id}/comments", params={"authors": "u-ada,u-nobody"}
    )
    assert response.status_code == 200
    assert {item["postedBy"]["id"] for item in response.json()["items"]} == {"u-ada"}


async def test_unknown_filter_values_are_refused(admin):
    space = await _space(admin, "API Reference")
    with pytest.raises(errors.BadRequestError):
        await admin.space_comments.list_comments_in_space(space.id, status="closed")
    with pytest.raises(errors.BadRequestError):
        await admin.space_comments.list_comments_in_space(space.id, order="newest")
    with pytest.raises(errors.BadRequestError):
        await admin.space_comments.list_comments_in_space(space.id, format="html")
    with pytest.raises(errors.BadRequestError):
        await admin.space_comments.list_comments_in_space(space.id, limit=1001)


# -- commenters -----------------------------------------------------------------------------


async def test_a_space_lists_the_members_who_took_part_in_its_threads(admin, connect):
    space = await _space(admin, "Team handbook")
    commenters = await admin.space_comments.list_commenters_in_space(space.id)
    assert {m.id for m in commenters.items} == {"u-ada", "u-grace"}
    assert all(m.user.display_name for m in commenters.items)
    one = await admin.space_comments.list_commenters_in_space(space.id, limit=1)
    assert len(one.items) == 1 and one.next_page
