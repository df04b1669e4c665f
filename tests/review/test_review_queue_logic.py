"""Where a change request stands, and the review queue's sections, order and cost."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, datetime

from tui.review.logic.review_queue import (
    QueueEntry,
    ReviewQueue,
    ReviewRun,
    Section,
    listing_cost,
    review_state,
    state_cost,
)


@dataclass
class User:
    id: str
    display_name: str


@dataclass
class Review:
    reviewer: User
    status: str
    outdated: bool = False


@dataclass
class Asked:
    user: User | None
    name: str


ADA, GRACE, TOMAS = User("u-ada", "Ada"), User("u-grace", "Grace"), User("u-tomas", "Tomás")


def entry(number: int, day: int, *, author: str = "u-grace", comments: int = 0) -> QueueEntry:
    return QueueEntry(
        space_id="s",
        space_title="API",
        change_request_id=f"cr-{number}",
        number=number,
        subject=f"Change {number}",
        author_id=author,
        author_name=author,
        updated_at=datetime(2026, 11, day, tzinfo=UTC),
        comments=comments,
    )


def test_a_reviewers_latest_current_review_counts_and_changes_requested_outweighs():
    state = review_state(
        [
            Review(TOMAS, "approved"),  # newest first, as the service lists them
            Review(TOMAS, "changes-requested"),
            Review(GRACE, "changes-requested", outdated=True),
        ],
        [Asked(ADA, "Ada")],
        me="u-ada",
    )
    assert state.approved == ("Tomás",)
    assert state.changes_requested == ()
    assert state.outdated_reviews == 1
    assert state.requested_from_me and state.label == "review requested from you"
    assert state.sentences() == ["Approved by Tomás", "1 outdated review"]  # and from you
    mine = review_state([Review(ADA, "approved")], [Asked(GRACE, "Grace")], me="u-ada")
    assert mine.sentences() == ["Approved by you", "Waiting for Grace"]
    blocked = review_state(
        [Review(GRACE, "changes-requested"), Review(TOMAS, "approved")], [], me="u-ada"
    )
    assert blocked.label == "changes requested"


def test_the_queue_sorts_by_newest_activity_and_splits_into_sections():
    queue = ReviewQueue(me="u-ada")
    queue.add([entry(1, 3), entry(2, 9, author="u-ada"), entry(3, 5, comments=2)])
    queue.set_state(("s", "cr-1"), review_state([], [Asked(ADA, "Ada")], me="u-ada"))
    assert [e.number for e in queue.rows()] == [2, 3, 1]
    assert [e.number for e in queue.rows(Section.REQUESTED)] == [1]
    assert [e.number for e in queue.rows(Section.MINE)] == [2]
    assert queue.counts() == {Section.REQUESTED: 1, Section.MINE: 1, Section.OPEN: 3}
    assert [e.number for e in queue.missing_states()] == [2, 3]
    # A space listed again keeps the states already read.
    queue.drop_space("other")
    queue.add([entry(1, 4)])
    assert queue.get(("s", "cr-1")).state is not None


def test_a_comment_newer_than_any_update_moves_its_change_request_up():
    queue = ReviewQueue(me="u-ada")
    queue.add([entry(1, 3), entry(2, 9), entry(3, 5, comments=2)])
    assert [e.number for e in queue.rows()] == [2, 3, 1]
    # #1's newest thread was posted on the 12th: newer than #2's update of the 9th.
    assert queue.note_activity(("s", "cr-1"), datetime(2026, 11, 12, tzinfo=UTC))
    assert [e.number for e in queue.rows()] == [1, 2, 3]
    # An older moment changes nothing; the activity known stays when the list is read again.
    assert not queue.note_activity(("s", "cr-1"), datetime(2026, 11, 10, tzinfo=UTC))
    queue.add([entry(1, 3)])
    assert queue.get(("s", "cr-1")).active_at == datetime(2026, 11, 12, tzinfo=UTC)
    assert [e.number for e in queue.rows()] == [1, 2, 3]
    # Activity older than the update: the update is what counts.
    queue.note_activity(("s", "cr-3"), datetime(2026, 11, 1, tzinfo=UTC))
    assert queue.get(("s", "cr-3")).active_at == datetime(2026, 11, 5, tzinfo=UTC)


def test_reading_the_states_costs_two_requests_each_and_one_more_per_change_with_threads():
    assert state_cost(change_requests=40, with_open_threads=10) == 90


def test_walking_the_queue_skips_change_requests_without_open_threads():
    queue = ReviewQueue(me="u-ada")
    queue.add([entry(1, 9, comments=1), entry(2, 8), entry(3, 7, comments=4)])
    run = ReviewRun(queue)
    assert run.next_with_threads(("s", "cr-1")).number == 3
    assert run.next_with_threads(("s", "cr-3")) is None
    assert queue.after(None, with_threads=True).number == 1


def test_the_listing_costs_a_request_per_thousand_change_requests_and_one_per_new_space():
    # Globex: 202 open change requests in 3 spaces, whatever the count of its spaces.
    assert listing_cost(202, 3) == 4
    assert listing_cost(202, 0) == 1  # a later look: the spaces are known
    assert listing_cost(0, 0) == 1
    assert listing_cost(1_001, 0) == 2


@dataclass
class RevisionReview:
    reviewer: User
    status: str
    outdated: bool
    revision: str


def test_my_outdated_review_is_said_with_the_pages_changed_since():
    state = review_state(
        [
            RevisionReview(GRACE, "approved", False, "r-3"),
            RevisionReview(ADA, "approved", True, "r-1"),  # Ada's latest: outdated
            RevisionReview(ADA, "changes-requested", True, "r-0"),
        ],
        [],
        me="u-ada",
    )
    assert state.my_outdated == "approval" and state.my_revision == "r-1"
    assert state.mine_outdated == "your approval is outdated"
    assert replace(state, changed_since=3).mine_outdated == (
        "your approval is outdated: 3 pages changed since"
    )
    assert replace(state, changed_since=1).mine_outdated.endswith("1 page changed since")


def test_a_current_review_of_mine_is_not_outdated():
    state = review_state([RevisionReview(ADA, "changes-requested", False, "r-2")], [], me="u-ada")
    assert state.my_outdated == "" and state.my_revision == "" and state.mine_outdated == ""
