"""The change request reviews group, end to end: reviews and requested reviewers."""

from __future__ import annotations

import pytest

from tests.conftest import ORG
from tui.api import errors

from .test_change_requests import _change_request, _space


async def _limits(client):
    space = await _space(client, "API Reference")
    return space, await _change_request(client, space, "Document the new rate limits")


async def _member(client, name):
    page = await client.organization_members.list_members_in_organization_by_id(ORG, limit=100)
    return next(member.user for member in page.items if member.user.display_name == name)


# -- the demo's reviews -----------------------------------------------------------------------


async def test_the_demo_has_an_approval_and_an_outdated_request_for_changes(reader, transport):
    space, request = await _limits(reader)
    reviews = await reader.change_request_reviews.get_reviews_by_change_request_id(
        space.id, request.id
    )
    assert [(r.reviewer.display_name, r.status, r.outdated) for r in reviews.items] == [
        ("Tomás Alvarez", "approved", False),
        ("Amara Okafor", "changes-requested", True),
    ]
    assert reviews.items[1].requested_by.display_name == "Ada Lovelace"
    current = await reader.change_request_reviews.get_reviews_by_change_request_id(
        space.id, request.number, outdated=False
    )
    assert transport.sent[-1].params == {"outdated": ["false"]}
    assert [r.reviewer.display_name for r in current.items] == ["Tomás Alvarez"]


async def test_the_demo_asks_reviews_of_amara_diego_and_of_its_admin(reader):
    space, request = await _limits(reader)
    asked = await reader.change_request_reviews.get_requested_reviewers_by_change_request_id(
        space.id, request.id
    )
    assert sorted(r.name for r in asked.items) == ["Amara Okafor", "Diego Fernández"]
    assert all(
        r.kind == "user" and r.requested_by.display_name == "Ada Lovelace" for r in asked.items
    )
    expiry = await _change_request(reader, space, "Explain when tokens expire")
    mine = await reader.change_request_reviews.get_requested_reviewers_by_change_request_id(
        space.id, expiry.id
    )
    assert [r.user.id for r in mine.items] == ["u-ada"]


async def test_a_request_for_changes_in_the_demo_opened_a_thread(reader):
    space = await _space(reader, "Deploying to production")
    checklist = await _change_request(reader, space, "Add a rollback checklist")
    reviews = await reader.change_request_reviews.get_reviews_by_change_request_id(
        space.id, checklist.id
    )
    wanted = next(r for r in reviews.items if r.status == "changes-requested")
    assert wanted.reviewer.display_name == "Amara Okafor" and wanted.requested_by is None
    assert wanted.comment is not None and "freeze deploys" in wanted.comment.body.markdown
    assert wanted.comment.target.review == wanted.id
    threads = await reader.change_request_comments.list_comments_in_change_request(
        space.id, checklist.id
    )
    assert wanted.comment.id in [thread.id for thread in threads.items]


# -- submitting -------------------------------------------------------------------------------


async def test_a_reviewer_approves_and_their_request_is_answered(connect, transport, service):
    admin = connect("demo-admin")
    space = await _space(admin, "API Reference")
    expiry = await _change_request(admin, space, "Explain when tokens expire")
    review = await admin.change_request_reviews.submit_change_request_review(
        space.id, expiry.id, status="approved"
    )
    assert transport.sent[-1].json == {"status": "approved"}
    assert transport.sent[-1].status == 201
    assert (review.status, review.outdated, review.revision) == ("approved", False, expiry.revision)
    assert review.reviewer.id == "u-ada" and review.requested_by.display_name == "Grace Hopper"
    asked = await admin.change_request_reviews.get_requested_reviewers_by_change_request_id(
        space.id, expiry.id
    )
    assert asked.items == []


async def test_a_request_for_changes_carries_a_comment_that_opens_a_thread(admin, transport):
    space, request = await _limits(admin)
    review = await admin.change_request_reviews.submit_change_request_review(
        space.id, request.id, status="changes-requested", comment="Please link the 429 page."
    )
    assert transport.sent[-1].json == {
        "status": "changes-requested",
        "comment": {"markdown": "Please link the 429 page."},
    }
    assert review.comment.body.markdown == "Please link the 429 page."
    threads = await admin.change_request_comments.list_comments_in_change_request(
        space.id, request.id
    )
    assert review.comment.id in [thread.id for thread in threads.items]


async def test_a_review_is_outdated_once_the_content_moves_on(admin):
    space, request = await _limits(admin)
    review = await admin.change_request_reviews.submit_change_request_review(
        space.id, request.id, status="approved"
    )
    await admin.change_request_content.import_content_in_change_request(
        space.id, request.id, url="https://northwind.dev/limits", source="website"
    )
    reviews = await admin.change_request_reviews.get_reviews_by_change_request_id(
        space.id, request.id
    )
    mine = next(r for r in reviews.items if r.id == review.id)
    assert mine.outdated and mine.revision == request.revision


async def test_a_second_review_outdates_the_first_of_the_same_reviewer(admin):
    space, request = await _limits(admin)
    first = await admin.change_request_reviews.submit_change_request_review(
        space.id, request.id, status="changes-requested"
    )
    second = await admin.change_request_reviews.submit_change_request_review(
        space.id, request.id, status="approved"
    )
    reviews = await admin.change_request_reviews.get_reviews_by_change_request_id(
        space.id, request.id
    )
    flags = {r.id: r.outdated for r in reviews.items}
    assert (flags[first.id], flags[second.id]) == (True, False)


async def test_an_unknown_status_is_refused_and_nothing_is_filed(admin):
    space, request = await _limits(admin)
    with pytest.raises(errors.BadRequestError) as caught:
        await admin.change_request_reviews.submit_change_request_review(
            space.id, request.id, status="rejected"
        )
    assert "status" in caught.value.message
    reviews = await admin.change_request_reviews.get_reviews_by_change_request_id(
        space.id, request.id
    )
    assert len(reviews.items) == 2


async def test_an_editor_cannot_review_and_a_reader_cannot_ask_for_reviews(editor, reader):
    space, request = await _limits(editor)
    with pytest.raises(errors.ForbiddenError) as caught:
        await editor.change_request_reviews.submit_change_request_review(
            space.id, request.id, status="approved"
        )
    assert "review role" in caught.value.message
    with pytest.raises(errors.ForbiddenError):
        await reader.change_request_reviews.request_reviewers_for_change_request(
            space.id, request.id, users=["u-grace"]
        )


async def test_drafts_and_merged_change_requests_are_not_reviewed(admin):
    space = await _space(admin, "API Reference")
    draft = await _change_request(admin, space, "Merge Rollbacks into Deployments", "draft")
    with pytest.raises(errors.ConflictError) as caught:
        await admin.change_request_reviews.submit_change_request_review(
            space.id, draft.id, status="approved"
        )
    assert "draft" in caught.value.message
    merged = await _change_request(admin, space, "Document token scopes", "merged")
    with pytest.raises(errors.ConflictError):
        await admin.change_request_reviews.submit_change_request_review(
            space.id, merged.id, status="approved"
        )


# -- requesting reviewers ---------------------------------------------------------------------


async def test_an_editor_asks_a_member_to_review(editor, transport):
    space, request = await _limits(editor)
    priya = await _member(editor, "Priya Raman")
    answer = await editor.change_request_reviews.request_reviewers_for_change_request(
        space.id, request.id, users=[priya.id]
    )
    assert transport.sent[-1].json == {"users": [priya.id]}
    assert [(r.user.id, r.requested_by.id, r.revision) for r in answer.users] == [
        (priya.id, "u-grace", request.revision)
    ]
    asked = await editor.change_request_reviews.get_requested_reviewers_by_change_request_id(
        space.id, request.id
    )
    assert priya.id in [r.user.id for r in asked.items]


async def test_asking_a_reviewer_again_outdates_their_review(admin):
    space, request = await _limits(admin)
    tomas = await _member(admin, "Tomás Alvarez")
    await admin.change_request_reviews.request_reviewers_for_change_request(
        space.id, request.id, users=[tomas.id], subject="Document the new rate limits (v2)"
    )
    reviews = await admin.change_request_reviews.get_reviews_by_change_request_id(
        space.id, request.id
    )
    assert all(r.outdated for r in reviews.items)
    renamed = await admin.change_requests.get_change_request_by_id(space.id, request.id)
    assert renamed.subject == "Document the new rate limits (v2)"


async def test_a_reviewer_who_is_not_a_member_is_refused(admin):
    space, request = await _limits(admin)
    with pytest.raises(errors.BadRequestError) as caught:
        await admin.change_request_reviews.request_reviewers_for_change_request(
            space.id, request.id, users=["u-stranger"]
        )
    assert "not a member" in caught.value.message
    with pytest.raises(errors.BadRequestError):
        await admin.change_request_reviews.request_reviewers_for_change_request(
            space.id, request.id, users=[]
        )


async def test_a_request_is_withdrawn_and_withdrawing_again_changes_nothing(admin, transport):
    space, request = await _limits(admin)
    diego = await _member(admin, "Diego Fernández")
    await admin.change_request_reviews.remove_requested_reviewer_from_change_request(
        space.id, request.id, diego.id
    )
    assert transport.sent[-1].status == 205
    asked = await admin.change_request_reviews.get_requested_reviewers_by_change_request_id(
        space.id, request.id
    )
    assert [r.name for r in asked.items] == ["Amara Okafor"]
    await admin.change_request_reviews.remove_requested_reviewer_from_change_request(
        space.id, request.id, diego.id
    )
    assert transport.sent[-1].status == 204
