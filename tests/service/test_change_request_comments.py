"""The change request comments group, end to end: review threads, replies, reactions and the
commenters of a change request."""

from __future__ import annotations

import pytest

from tests.conftest import ORG
from tui.api import errors


async def _space(client, title):
    page = await client.spaces.list_spaces_in_organization_by_id(ORG, limit=100)
    return next(space for space in page.items if space.title == title)


async def _request(client, space_id, subject):
    for status in ("open", "draft", "merged"):
        page = await client.change_requests.list_change_requests_for_space(space_id, status=status)
        for request in page.items:
            if request.subject == subject:
                return request
    raise AssertionError(f"no change request {subject!r}")


async def _rollback(client):
    """The Deploying space and its open change request, which adds a rollback checklist."""
    space = await _space(client, "Deploying to production")
    return space, await _request(client, space.id, "Add a rollback checklist")


async def _thread(client, space_id, request_id, starting):
    page = await client.change_request_comments.list_comments_in_change_request(
        space_id, request_id
    )
    return next(c for c in page.items if c.body.markdown.startswith(starting))


# -- reading --------------------------------------------------------------------------------


async def test_a_change_request_lists_its_own_threads_by_id_or_number(admin):
    space, request = await _rollback(admin)
    by_id = await admin.change_request_comments.list_comments_in_change_request(
        space.id, request.id
    )
    by_number = await admin.change_request_comments.list_comments_in_change_request(
        space.id, str(request.number)
    )
    assert [c.id for c in by_id.items] == [c.id for c in by_number.items] and by_id.items
    thread = by_id.items[0]
    assert thread.target.change_request == request.id
    assert thread.target.page.title == "Rollback checklist" and thread.status == "resolved"
    assert f"/change-requests/{request.id}/comments/{thread.id}" in thread.urls.location
    on_space = await admin.space_comments.list_comments_in_space(space.id)
    assert thread.id not in [c.id for c in on_space.items]
    read = await admin.change_request_comments.get_comment_in_change_request(
        space.id, request.number, thread.id
    )
    assert read.replies == 1 and read.resolved_by.display_name == "Grace Hopper"


async def test_a_change_request_counts_its_open_threads_apart_from_the_space(admin, editor):
    space = await _space(admin, "API Reference")
    request = await _request(admin, space.id, "Document the new rate limits")
    threads = await admin.change_request_comments.list_comments_in_change_request(
        space.id, request.id, status="open"
    )
    assert request.comments == threads.count == 2
    posted = await editor.change_request_comments.post_comment_in_change_request(
        space.id, request.id, body="Can we add an example of the headers?"
    )
    assert posted.posted_by.id == "u-grace" and posted.target.change_request == request.id
    after_post = await admin.change_requests.get_change_request_by_id(space.id, request.id)
    assert after_post.comments == 3
    await admin.change_request_comments.update_comment_in_change_request(
        space.id, request.id, posted.id, resolved=True
    )
    after_resolve = await admin.change_requests.get_change_request_by_id(space.id, request.id)
    assert after_resolve.comments == 2
    assert (await admin.spaces.get_space_by_id(space.id)).comments == space.comments


# -- posting --------------------------------------------------------------------------------


async def test_a_review_thread_sits_on_a_page_only_the_change_request_has(admin, transport):
    space, request = await _rollback(admin)
    demo = await _thread(admin, space.id, request.id, "Step 2")
    page_id = demo.target.page.id
    posted = await admin.change_request_comments.post_comment_in_change_request(
        space.id, request.number, body="Add a step for the status page?", page=page_id, node="n-4"
    )
    assert transport.sent[-1].json == {
        "body": {"markdown": "Add a step for the status page?"},
        "page": page_id,
        "node": "n-4",
    }
    assert posted.target.page.path == "rollback-checklist" and posted.target.node.id == "n-4"
    with pytest.raises(errors.BadRequestError) as caught:
        await admin.space_comments.post_comment_in_space(space.id, body="Here?", page=page_id)
    assert "space" in caught.value.message


async def test_a_change_request_created_from_main_takes_threads_on_its_pages(admin, editor):
    space = await _space(admin, "Team handbook")
    request = await admin.change_requests.create_change_request(space.id, subject="Benefits 2027")
    pages = await admin.space_content.list_pages(space.id)
    benefits = next(p for p in pages.pages if p.title == "Benefits")
    posted = await editor.change_request_comments.post_comment_in_change_request(
        space.id, request.id, body="Is the learning budget going up?", page=benefits.id
    )
    assert posted.target.page.id == benefits.id and posted.target.page.outdated is False


async def test_a_review_thread_may_come_without_a_body_but_not_with_an_empty_one(admin, transport):
    space, request = await _rollback(admin)
    bare = await admin.change_request_comments.post_comment_in_change_request(space.id, request.id)
    assert transport.sent[-1].json == {} and bare.body.markdown is None
    with pytest.raises(errors.BadRequestError):
        await admin.change_request_comments.post_comment_in_change_request(
            space.id, request.id, body=""
        )


async def test_unknown_change_requests_and_comments_are_not_found(admin):
    space, request = await _rollback(admin)
    with pytest.raises(errors.NotFoundError) as caught:
        await admin.change_request_comments.list_comments_in_change_request(space.id, "999")
    assert caught.value.message == "The change request could not be found."
    other = await _space(admin, "API Reference")
    with pytest.raises(errors.NotFoundError):
        await admin.change_request_comments.list_comments_in_change_request(other.id, request.id)
    space_thread = (await admin.space_comments.list_comments_in_space(space.id)).items[0]
    with pytest.raises(errors.NotFoundError):
        await admin.change_request_comments.get_comment_in_change_request(
            space.id, request.id, space_thread.id
        )
    with pytest.raises(errors.NotFoundError):
        await admin.change_request_comments.list_commenters_in_change_request(space.id, "missing")
    assert (
        await admin.change_request_comments.delete_comment_in_change_request(
            space.id, request.id, "missing"
        )
        is None
    )


async def test_a_reader_follows_a_review_but_cannot_take_part(reader):
    space, request = await _rollback(reader)
    thread = await _thread(reader, space.id, request.id, "Step 2")
    assert thread.permissions.view and not thread.permissions.reply
    with pytest.raises(errors.ForbiddenError):
        await reader.change_request_comments.post_comment_in_change_request(
            space.id, request.id, body="Hi"
        )
    with pytest.raises(errors.ForbiddenError):
        await reader.change_request_comments.post_comment_reply_in_change_request(
            space.id, request.id, thread.id, body="Hi"
        )


# -- updating and deleting --------------------------------------------------------------------


async def test_review_threads_are_reopened_reacted_to_and_edited_by_their_author(
    admin, editor, clock
):
    space, request = await _rollback(admin)
    thread = await _thread(admin, space.id, request.id, "Step 2")
    reopened = await admin.change_request_comments.update_comment_in_change_request(
        space.id, request.id, thread.id, resolved=False, added_reactions=["👀", "👀"]
    )
    assert reopened.status == "open" and reopened.resolved_by is None
    assert [(r.emoji, r.count) for r in reopened.reactions] == [("👀", 1)]
    with pytest.raises(errors.ForbiddenError):
        await admin.change_request_comments.update_comment_in_change_request(
            space.id, request.id, thread.id, body="Step two"
        )
    clock.advance(minutes=5)
    edited = await editor.change_request_comments.update_comment_in_change_request(
        space.id, request.id, thread.id, body="Step 2: which flag?"
    )
    assert edited.body.markdown == "Step 2: which flag?" and edited.edited_at == clock.now


async def test_deleting_a_review_thread_takes_its_replies(admin, editor):
    space, request = await _rollback(admin)
    thread = await _thread(admin, space.id, request.id, "Step 2")
    replies = await admin.change_request_comments.list_comment_replies_in_change_request(
        space.id, request.id, thread.id
    )
    assert replies.count == 1
    with pytest.raises(errors.ForbiddenError):  # Grace wrote the thread, but Ada the reply
        await editor.change_request_comments.delete_comment_reply_in_change_request(
            space.id, request.id, thread.id, replies.items[0].id
        )
    assert (
        await editor.change_request_comments.delete_comment_in_change_request(
            space.id, request.id, thread.id
        )
        is None
    )
    with pytest.raises(errors.NotFoundError):
        await admin.change_request_comments.get_comment_reply_in_change_request(
            space.id, request.id, thread.id, replies.items[0].id
        )


# -- replies --------------------------------------------------------------------------------


async def test_a_review_conversation_goes_back_and_forth(admin, editor, clock):
    space = await _space(admin, "API Reference")
    request = await _request(admin, space.id, "Explain when tokens expire")
    thread = await _thread(admin, space.id, request.id, "This is behind main")
    reply = await admin.change_request_comments.post_comment_reply_in_change_request(
        space.id, request.id, thread.id, body="Any luck with the update?"
    )
    assert reply.urls.location.endswith(
        f"/change-requests/{request.id}/comments/{thread.id}/replies/{reply.id}"
    )
    read = await editor.change_request_comments.get_comment_reply_in_change_request(
        space.id, request.number, thread.id, reply.id, format="markdown"
    )
    assert read.body.markdown == "Any luck with the update?" and read.permissions.reply
    liked = await editor.change_request_comments.update_comment_reply_in_change_request(
        space.id, request.id, thread.id, reply.id, added_reactions=["👍"]
    )
    assert liked.reactions[0].users[0].user.id == "u-grace"
    clock.advance(minutes=1)
    edited = await admin.change_request_comments.update_comment_reply_in_change_request(
        space.id, request.id, thread.id, reply.id, body="Any luck with the update from main?"
    )
    assert edited.edited_at == clock.now
    listed = await admin.change_request_comments.list_comment_replies_in_change_request(
        space.id, request.id, thread.id, limit=1
    )
    assert listed.count == 2 and listed.items[0].posted_by.id == "u-grace" and listed.next_page
    assert (
        await admin.change_request_comments.delete_comment_reply_in_change_request(
            space.id, request.id, thread.id, reply.id
        )
        is None
    )
    again = await admin.change_request_comments.get_comment_in_change_request(
        space.id, request.id, thread.id
    )
    assert again.replies == 1


async def test_resolving_through_a_reply_resolves_its_thread(admin, editor, transport):
    space = await _space(admin, "API Reference")
    request = await _request(admin, space.id, "Explain when tokens expire")
    thread = await _thread(admin, space.id, request.id, "This is behind main")
    replies = await admin.change_request_comments.list_comment_replies_in_change_request(
        space.id, request.id, thread.id
    )
    await editor.change_request_comments.update_comment_reply_in_change_request(
        space.id, request.id, thread.id, replies.items[0].id, resolved=True
    )
    assert transport.sent[-1].json == {"resolved": True}
    resolved = await admin.change_request_comments.get_comment_in_change_request(
        space.id, request.id, thread.id
    )
    assert resolved.status == "resolved" and resolved.resolved_by.id == "u-grace"
    # The change request's other thread stays open.
    request = await admin.change_requests.get_change_request_by_id(space.id, request.id)
    assert request.comments == 1


# -- commenters -----------------------------------------------------------------------------


async def test_the_commenters_are_the_members_who_took_part(admin, editor):
    space = await _space(admin, "Team handbook")
    request = await admin.change_requests.create_change_request(space.id, subject="Tidy up")
    empty = await admin.change_request_comments.list_commenters_in_change_request(
        space.id, request.id
    )
    assert empty.items == []
    thread = await editor.change_request_comments.post_comment_in_change_request(
        space.id, request.id, body="Which pages?"
    )
    only_grace = await admin.change_request_comments.list_commenters_in_change_request(
        space.id, request.number
    )
    assert [m.id for m in only_grace.items] == ["u-grace"]
    assert only_grace.items[0].role == "edit" and only_grace.items[0].user.display_name
    await admin.change_request_comments.post_comment_reply_in_change_request(
        space.id, request.id, thread.id, body="Meetings and tools."
    )
    both = await admin.change_request_comments.list_commenters_in_change_request(
        space.id, request.id, limit=1
    )
    assert both.count == 2 and [m.id for m in both.items] == ["u-grace"] and both.next_page


# -- the content moves on -------------------------------------------------------------------


async def test_a_thread_whose_page_left_the_content_is_outdated(admin):
    space = await _space(admin, "API Reference")
    folding = await _request(admin, space.id, "Merge Rollbacks into Deployments")
    threads = await admin.space_comments.list_comments_in_space(space.id, limit=100)
    overlap = next(c for c in threads.items if c.body.markdown.startswith("Rollbacks repeats"))
    assert overlap.target.page.title == "Rollbacks" and not overlap.target.page.outdated
    await admin.change_requests.merge_change_request(space.id, folding.id)
    after = await admin.space_comments.get_comment_in_space(space.id, overlap.id)
    assert after.target.page.outdated and after.target.page.title == "Rollbacks"
    assert after.target.page.id == overlap.target.page.id
    assert after.target.page.path == overlap.target.page.path
