"""Activity without refreshing: the queue and a change request look by themselves and mark
what is new since the user last looked; looks are driven by calling them, never by waiting."""

from __future__ import annotations

from textual.widgets import Static

from tests.pilot.acting import sent
from tests.pilot.fixtures import settle
from tests.pilot.reviewing import drafts_home, find_change_request, open_change_request
from tui.review.logic.activity import SeenStore
from tui.review.review_forms import ReviewDialog
from tui.review.review_queue import ReviewQueueScreen

from .test_review_queue import open_queue

__all__ = ["drafts_home"]


def facts_line(queue: ReviewQueueScreen, subject: str) -> str:
    for entry in queue.listing.entries:
        first, _, rest = entry.prompt.plain.partition("\n")
        if subject in first:
            return rest
    raise AssertionError(f"no row {subject!r}")


async def a_colleague_comments(app, subject: str) -> None:
    space, change_request = await find_change_request(app.client, subject)
    await app.client.change_request_comments.post_comment_in_change_request(
        space.id, change_request.id, body={"markdown": "Have a look at this"}
    )


async def test_a_new_thread_appears_on_the_queue_without_a_key_and_x_marks_it_seen(
    make_app, tmp_path
):
    store = SeenStore(tmp_path / "seen.json")
    app = make_app(seen_store=store)
    async with app.run_test(size=(120, 40)) as pilot:
        queue = await open_queue(pilot)
        assert store.exists()  # the first look is where the user starts: nothing is new
        assert "●" not in facts_line(queue, "Add a rollback checklist")
        await a_colleague_comments(app, "Add a rollback checklist")
        queue.activity.look_now()
        await settle(pilot)
        assert "● 1 new thread" in facts_line(queue, "Add a rollback checklist")
        assert "●" not in facts_line(queue, "Explain when tokens expire")
        assert queue.activity.delay == queue.activity.schedule.interval  # it changed

        queue.activity.look_now()  # nothing more
        await settle(pilot)
        assert queue.activity.delay == 2 * queue.activity.schedule.interval

        keys = [e.key for e in queue.listing.entries]
        row = next(
            k
            for k, e in zip(keys, queue.listing.entries, strict=True)
            if "Add a rollback checklist" in e.prompt.plain
        )
        queue.listing.select_key(row)
        await pilot.press("x")
        await settle(pilot)
        assert "●" not in facts_line(queue, "Add a rollback checklist")


async def test_a_look_at_a_quiet_queue_asks_one_list_and_nothing_else(make_app, transport):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        queue = await open_queue(pilot)
        shown = [e.prompt.plain for e in queue.listing.entries]
        asked = len(transport.sent)
        queue.activity.look_now()
        await settle(pilot)
        assert [s.path for s in transport.sent[asked:]] == [
            "/v1/orgs/org-northwind/change-requests"
        ]
        assert [e.prompt.plain for e in queue.listing.entries] == shown
        assert queue.activity.delay == 2 * queue.activity.schedule.interval  # nothing changed


async def test_a_change_request_opened_in_a_space_without_any_shows_on_the_next_look(
    make_app, transport, admin
):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        queue = await open_queue(pilot)
        spaces = await admin.spaces.list_spaces_in_organization_by_id("org-northwind")
        handbook = next(s for s in spaces.items if s.title == "Team handbook")
        made = await admin.change_requests.create_change_request(handbook.id, subject="Holidays")
        await admin.change_requests.update_change_request_by_id(handbook.id, made.id, status="open")
        asked = len(transport.sent)
        queue.activity.look_now()
        await settle(pilot)
        assert any("Holidays  in Team handbook" in e.prompt.plain for e in queue.listing.entries)
        # Its space was read once, then known: the next look is one list again.
        read = [s.path for s in transport.sent[asked:] if s.path.startswith("/v1/spaces/")]
        assert f"/v1/spaces/{handbook.id}" in read
        asked = len(transport.sent)
        queue.activity.look_now()
        await settle(pilot)
        assert [s.path for s in transport.sent[asked:]] == [
            "/v1/orgs/org-northwind/change-requests"
        ]


async def test_the_marks_survive_a_restart(make_app, tmp_path):
    store = SeenStore(tmp_path / "seen.json")
    app = make_app(seen_store=store)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_queue(pilot)
        await a_colleague_comments(app, "Add a rollback checklist")
    again = make_app(seen_store=SeenStore(store.path))
    async with again.run_test(size=(120, 40)) as pilot:
        queue = await open_queue(pilot)
        assert "● 1 new thread" in facts_line(queue, "Add a rollback checklist")
        await pilot.press("X")
        await settle(pilot)
        assert all("●" not in e.prompt.plain for e in queue.listing.entries)
    assert "●" not in str(SeenStore(store.path).load())  # and kept so


async def test_looking_pauses_while_the_terminal_is_not_focused(make_app, transport):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        queue = await open_queue(pilot)
        assert queue.activity.armed
        app.app_focus = False  # what AppBlur does when the terminal reports focus
        await pilot.pause()
        assert not queue.activity.armed
        looks = queue.activity.looks
        app.app_focus = True
        await settle(pilot)
        assert queue.activity.looks == looks + 1  # it looks at once on coming back


async def test_a_change_request_looks_with_two_requests_and_reads_the_rest_only_when_it_moved(
    make_app, transport
):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_change_request(pilot, "Add a rollback checklist")
        count = len(transport.sent)
        threads = screen.view.change_request.comments
        screen.activity.look_now()
        await settle(pilot)
        assert len(transport.sent) == count + 2  # the change request and its reviews
        assert screen.activity.delay == 2 * screen.activity.schedule.interval

        await a_colleague_comments(app, "Add a rollback checklist")
        screen.activity.look_now()
        await settle(pilot)
        assert "1 new thread" in str(screen.query_one("StatusLine").render())
        assert screen.view.change_request.comments == threads + 1  # read again, at once


async def test_a_merged_change_request_offers_neither_approve_nor_merge(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_change_request(pilot, "Document token scopes")
        assert screen.view is not None and screen.view.change_request.is_merged
        footer = str(screen.query_one("KeyFooter").render())
        assert "Approve" not in footer and "Merge" not in footer
        assert screen.check_action("approve", ()) is False
        assert screen.check_action("merge", ()) is False


async def test_a_conflict_reads_the_change_request_again(make_app, transport):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_change_request(pilot, "Explain when tokens expire")
        space, change_request = await find_change_request(app.client, "Explain when tokens expire")
        # Archived behind the screen's back (another session; the cache does not know).
        from tui.api import Client

        other = Client("demo-admin", base_url=app.client.base_url, transport=transport)
        await other.change_requests.update_change_request_by_id(
            space.id, change_request.id, status="archived"
        )
        await pilot.press("a")
        await settle(pilot)
        assert isinstance(app.screen, ReviewDialog)
        await pilot.click("#confirm")
        await settle(pilot)
        assert sent(transport, "POST")[-1].status == 409
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen
        assert "archived" in str(screen.query_one("#cr-header", Static).render())
        assert screen.check_action("approve", ()) is False


async def what_the_queue_marks_after_a_visit(make_app, store) -> tuple[str, str]:
    """Open "Explain when tokens expire" from the queue; on it, a colleague's thread arrives
    and the reviewer approves; back on the queue, after a look: its row's facts and another's."""
    app = make_app(seen_store=store)
    async with app.run_test(size=(120, 40)) as pilot:
        queue = await open_queue(pilot)
        row = next(
            key
            for key, entry in zip(
                [e.key for e in queue.listing.entries], queue.listing.entries, strict=True
            )
            if "Explain when tokens expire" in entry.prompt.plain
        )
        queue.listing.select_key(row)
        await pilot.press("enter")
        await settle(pilot)
        screen = app.screen
        assert not isinstance(screen, ReviewQueueScreen)
        await a_colleague_comments(app, "Explain when tokens expire")
        screen.activity.look_now()
        await settle(pilot)
        assert "1 new thread" in str(screen.query_one("StatusLine").render())  # seen here
        await pilot.press("a")
        await settle(pilot)
        assert isinstance(app.screen, ReviewDialog)
        await pilot.click("#confirm")
        await settle(pilot)
        assert "Approved by you" in str(screen.query_one("#cr-header", Static).render())
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is queue
        queue.activity.look_now()
        await settle(pilot)
        return (
            facts_line(queue, "Explain when tokens expire"),
            facts_line(queue, "Add a rollback checklist"),
        )


async def test_what_was_seen_and_done_on_a_change_request_is_not_news_on_the_queue(
    make_app, tmp_path
):
    # A walk came back to "● 2 new threads, new review": the colleague's thread it had read on
    # the change request, its own thread and its own approval.
    visited, other = await what_the_queue_marks_after_a_visit(
        make_app, SeenStore(tmp_path / "seen.json")
    )
    assert "approved" in visited
    assert "●" not in visited, visited
    assert "●" not in other


async def test_without_a_file_the_queue_and_a_change_request_share_what_was_seen(make_app):
    visited, _ = await what_the_queue_marks_after_a_visit(make_app, SeenStore(None))
    assert "●" not in visited, visited
