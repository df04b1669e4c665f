"""Since my review: an outdated approval says how far the change request moved on, and shows it."""

from __future__ import annotations

from textual.widgets import Static

from tests.pilot.fixtures import settle
from tests.pilot.reviewing import drafts_home, find_change_request, open_change_request, tree_titles
from tui.review.review_queue import ReviewQueueScreen

__all__ = ["drafts_home"]

SUBJECT = "Explain when tokens expire"


async def approve_then_move_on(app) -> None:
    """Ada approves the change request, then it takes main's later changes: her approval is
    made against a revision the change request has left."""
    client = app.client
    space, change_request = await find_change_request(client, SUBJECT)
    await client.change_request_reviews.submit_change_request_review(
        space.id, change_request.id, status="approved"
    )
    await client.change_requests.update_change_request(space.id, change_request.id)


async def test_an_outdated_approval_says_so_and_d_shows_only_what_changed_since(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await approve_then_move_on(app)
        screen = await open_change_request(pilot, SUBJECT)
        header = str(screen.query_one("#cr-header", Static).render())
        assert "your approval is outdated: 1 page changed since: D shows them" in header
        whole = tree_titles(screen)
        assert any("Authentication" in title for title in whole)
        await pilot.press("D")
        await settle(pilot)
        summary = str(screen.query_one("#changes-summary", Static).render())
        assert summary == "Since your review: 1 page edited"
        since = tree_titles(screen)
        changed = [title for title in since if title.startswith("~")]
        assert changed == ["~ Quickstart"]  # main's link came in; her reviewed pages did not move
        title = str(screen.query_one("#diff-title", Static).render())
        assert title.startswith("~ Quickstart")
        # The diff is between the revision she approved and the change request's.
        base = screen.compared_view().base
        reviews = await app.client.change_request_reviews.get_reviews_by_change_request_id(
            screen.space_id, screen.change_request_id
        )
        assert base == reviews.items[0].revision
        await pilot.press("D")
        await settle(pilot)
        assert tree_titles(screen) == whole


async def test_the_queue_row_says_the_approval_is_outdated(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await approve_then_move_on(app)
        await pilot.press("enter")  # Northwind Labs
        await settle(pilot)
        await pilot.press("R")
        await settle(pilot)
        queue = app.screen
        assert isinstance(queue, ReviewQueueScreen)
        [row] = [
            entry.prompt.plain
            for entry in queue.listing.entries
            if SUBJECT in entry.prompt.plain.split("\n")[0]
        ]
        assert "your approval is outdated: 1 page changed since" in row
