"""Finding what to review: the organisation's review queue and a space's change requests."""

from __future__ import annotations

from textual.widgets import Select

from tests.pilot.acting import on_screen, sent
from tests.pilot.fixtures import settle
from tests.pilot.reviewing import drafts_home, find_change_request
from tui.review.change_request import ChangeRequestScreen
from tui.review.review_queue import ReviewQueueScreen
from tui.shell.navigation import space_location

__all__ = ["drafts_home"]


def rows(screen: ReviewQueueScreen) -> list[str]:
    return [entry.prompt.plain.split("\n")[0] for entry in screen.listing.entries]


async def open_queue(pilot, organization_row: int = 0) -> ReviewQueueScreen:
    await settle(pilot)
    await pilot.press(*["down"] * organization_row, "enter")
    await settle(pilot)
    await pilot.press("R")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, ReviewQueueScreen)
    return screen


async def test_the_queue_lists_open_change_requests_newest_first_asking_only_spaces_with_some(
    make_app, transport
):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        queue = await open_queue(pilot)
        # Newest activity first: the rollback checklist was updated 19 days ago, like the SDK
        # guide, but its thread was resolved 11 days ago.
        assert rows(queue) == [
            "#3 Document the new rate limits  in API Reference",
            "#1 Add a rollback checklist  in Deploying to production",
            "#1 Restructure the Python SDK guide  in Python SDK",
            "#2 Explain when tokens expire  in API Reference",
        ]
        # One list of the organisation's open change requests, then only the spaces that have
        # some were read (never a list per space).
        lists = [s.path for s in sent(transport, "GET") if s.path.endswith("/change-requests")]
        assert lists == ["/v1/orgs/org-northwind/change-requests"]
        read = {
            s.path.split("/")[3]
            for s in sent(transport, "GET")
            if s.path.startswith("/v1/spaces/") and s.path.count("/") == 3
        }
        spaces = await app.client.spaces.list_spaces_in_organization_by_id("org-northwind")
        assert read == {s.id for s in spaces.items if s.change_requests_open}
        assert app.screen_stack[-2].location.title == "Northwind Labs"
        assert [c.title for c in queue.query_one("Breadcrumbs").crumbs] == [
            "Northwind Labs",
            "Review queue",
        ]

        await pilot.press("1")  # review requested from me
        await settle(pilot)
        assert rows(queue) == [
            "#1 Restructure the Python SDK guide  in Python SDK",
            "#2 Explain when tokens expire  in API Reference",
        ]
        await pilot.press("2")  # mine
        await settle(pilot)
        assert rows(queue) == [
            "#3 Document the new rate limits  in API Reference",
            "#1 Add a rollback checklist  in Deploying to production",
        ]
        await pilot.press("1", "enter")
        await settle(pilot)
        assert isinstance(app.screen, ChangeRequestScreen)
        assert app.screen.location.title == "#1 Restructure the Python SDK guide"


async def test_an_organisation_without_open_change_requests_says_so(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        queue = await open_queue(pilot, organization_row=1)  # Northwind Community
        assert rows(queue) == []
        assert "No open change request in this organisation." in [
            str(queue.listing.get_option_at_index(0).prompt)
        ]
        # One list of the organisation's open change requests, empty: no space was read.
        lists = [s.path for s in sent(transport, "GET") if s.path.endswith("/change-requests")]
        assert lists == ["/v1/orgs/org-community/change-requests"]
        assert not [s for s in sent(transport, "GET") if s.path.startswith("/v1/spaces/")]


async def test_the_space_tab_filters_by_status_and_only_mine(make_app, transport):
    app = make_app()
    async with app.run_test(size=(120, 34)) as pilot:
        await settle(pilot)
        space, _ = await find_change_request(app.client, "Merge Rollbacks into Deployments")
        app.open_location(space_location(space))
        await settle(pilot)
        await pilot.press("C")
        await settle(pilot)
        listing = app.screen.change_request_list
        titles = lambda: [e.prompt.plain.split("\n")[0] for e in listing.list.entries]  # noqa: E731
        assert titles() == ["#3 Document the new rate limits", "#2 Explain when tokens expire"]
        second = listing.list.entries[1].prompt.plain
        assert "Grace Hopper" in second and "review requested from you" in second
        assert "outdated" in second and "2 open threads" in second
        listing.query_one("#cr-status", Select).value = "draft"
        await settle(pilot)
        assert titles() == ["#4 Merge Rollbacks into Deployments"]
        listing.query_one("#cr-status", Select).value = "all"
        await settle(pilot)
        assert len(titles()) == 4
        await pilot.click("#cr-mine")
        await settle(pilot)
        assert titles() == ["#3 Document the new rate limits"]
        mine = [s for s in sent(transport, "GET") if s.path.endswith("/change-requests")][-1]
        assert mine.params["contributor"] == ["u-ada"]
        await pilot.press("slash", *"rate")
        await settle(pilot)
        assert listing.list.visible_count() == 1


async def test_the_queue_opened_again_lists_its_change_requests_again(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_queue(pilot)
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("R")
        await settle(pilot)
        queue = app.screen
        assert isinstance(queue, ReviewQueueScreen)
        assert rows(queue)[0] == "#3 Document the new rate limits  in API Reference"
        assert "4 open change requests" in on_screen(app)


async def test_a_new_thread_moves_its_change_request_to_the_top_of_the_queue(
    make_app, transport, admin
):
    space, explain = await find_change_request(admin, "Explain when tokens expire")
    await admin.change_request_comments.post_comment_in_change_request(
        space.id, explain.id, body="Does this cover refresh tokens too?"
    )
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        queue = await open_queue(pilot)
        # Its updatedAt is the oldest of the four (28 days), its newest thread the newest.
        assert rows(queue)[0] == "#2 Explain when tokens expire  in API Reference"
        # One request more per change request with open threads: its newest thread only.
        newest = [
            s
            for s in sent(transport, "GET")
            if s.path.endswith("/comments") and "/change-requests/" in s.path
        ]
        with_threads = [e for e in queue.queue.rows() if e.comments]
        assert len(newest) == len(with_threads)
        assert all(s.params["limit"] == ["1"] for s in newest)


async def test_a_reply_read_in_a_thread_moves_its_change_request_up_when_back_in_the_queue(
    make_app, admin
):
    from tui.review.thread import ThreadScreen

    space, rollback = await find_change_request(admin, "Add a rollback checklist")
    threads = await admin.change_request_comments.list_comments_in_change_request(
        space.id, rollback.id, status="open"
    )
    await admin.change_request_comments.post_comment_reply_in_change_request(
        space.id, rollback.id, threads.items[0].id, body="Done in the latest revision."
    )
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        queue = await open_queue(pilot)
        # A reply moves neither updatedAt nor its thread's postedAt: not known yet.
        assert rows(queue)[0] != "#1 Add a rollback checklist  in Deploying to production"
        assert queue.listing.select_key(f"{space.id}/{rollback.id}")
        await pilot.press("t")  # its first open thread
        await settle(pilot)
        assert isinstance(app.screen, ThreadScreen)
        await pilot.press("escape")
        await settle(pilot)
        while app.screen is not queue:
            await pilot.press("escape")
            await settle(pilot)
        assert rows(queue)[0] == "#1 Add a rollback checklist  in Deploying to production"
