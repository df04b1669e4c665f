"""Threads in the diff: a block's mark, from the mark to its thread and back, comments on a block."""

from __future__ import annotations

from textual.widgets import Static

from tests.pilot.acting import on_screen, sent
from tests.pilot.fixtures import settle
from tests.pilot.reviewing import (
    diff_rows,
    drafts_home,
    find_change_request,
    open_change_request,
    type_text,
)
from tui.review.change_request import ChangeRequestScreen
from tui.review.diff_view import DiffView
from tui.review.locations import ReviewFocus, change_request_location
from tui.review.thread import ThreadScreen
from tui.shell.navigation import space_location

__all__ = ["drafts_home"]


def marked(screen: ChangeRequestScreen) -> list[str]:
    """The rows of the diff that carry a thread's mark."""
    return [row for row in diff_rows(screen) if row[:1] in ("●", "✓")]


async def show_page(pilot, screen: ChangeRequestScreen, title: str) -> None:
    for _ in range(len(screen.changes.changes)):
        change = screen.current_change()
        if change is not None and change.title == title:
            return
        await pilot.press("right_square_bracket")
        await settle(pilot)
    raise AssertionError(f"no page {title!r}")


async def test_a_block_with_a_thread_is_marked_and_enter_on_it_opens_the_thread(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_change_request(pilot, "Document the new rate limits")
        await show_page(pilot, screen, "Handling 429 responses")
        await settle(pilot)
        [row] = marked(screen)
        assert row.startswith("●1 ") and "Retry-After" in row  # an open thread, no colour needed
        view = screen.query_one(DiffView)
        view.focus()
        rows = diff_rows(screen)
        view._move_to(rows.index(row), top=False)
        await pilot.press("enter")
        await settle(pilot)
        thread = app.screen
        assert isinstance(thread, ThreadScreen)
        quote = str(thread.query_one("#thread-block", Static).render())
        assert quote.startswith("▎ ") and "Retry-After" in quote  # the block, above the messages
        assert "block was removed" not in quote


async def test_a_resolved_thread_keeps_a_dimmed_mark_of_another_sign(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_change_request(pilot, "Document the new rate limits")
        await show_page(pilot, screen, "Rate limits")
        await settle(pilot)
        [row] = marked(screen)
        assert row.startswith("✓1 ") and "burst" in row.lower()


async def test_g_in_a_thread_goes_to_its_block_highlighted_in_the_diff(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_change_request(pilot, "Document the new rate limits")
        await pilot.press("t")  # the open thread on "Retry-After"
        await settle(pilot)
        thread = app.screen
        assert isinstance(thread, ThreadScreen)
        await pilot.press("g")
        await settle(pilot)
        assert app.screen is screen
        assert screen.current_change().title == "Handling 429 responses"
        view = screen.query_one(DiffView)
        node = thread.view.comment.target.node.id
        assert view.highlighted_block == node and view.block_at_cursor() == node
        assert view.has_focus
        assert "Retry-After" in diff_rows(screen)[view.cursor]


async def test_c_on_a_diff_line_starts_a_thread_on_its_block_and_the_mark_appears_in_place(
    make_app, transport
):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_change_request(pilot, "Add a rollback checklist")
        view = screen.query_one(DiffView)
        view.focus()
        rows = diff_rows(screen)
        line = next(i for i, row in enumerate(rows) if "Confirm error rates" in row)
        view._move_to(line, top=False)
        await pilot.press("c")
        await settle(pilot)
        assert "On the block" in on_screen(app)
        await type_text(pilot, "Which baseline: last week's?")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.screen is screen  # the diff stays where it was
        [post] = [s for s in sent(transport, "POST") if s.path.endswith("/comments")]
        block = view.block_at(line)
        assert block is not None
        assert post.json["node"] == block and post.json["page"] == screen.current_change().page_id
        # The block (the whole list, in the service's document) now has an open thread: its
        # first line says so, where a resolved one was marked before.
        first = next(i for i in range(view.row_count) if view.block_at(i) == block)
        assert rows[first].startswith("✓1 ")
        assert diff_rows(screen)[first].startswith("●1 ")
        comment = (
            await app.client.change_request_comments.list_comments_in_change_request(
                screen.space_id, screen.change_request_id, limit=5
            )
        ).items[0]
        assert (
            comment.target.node.id == block and "Confirm error rates" in comment.target.node.preview
        )


async def test_c_on_a_blank_line_starts_a_thread_on_the_page(make_app, transport):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_change_request(pilot, "Add a rollback checklist")
        view = screen.query_one(DiffView)
        view.focus()
        await pilot.press("c")  # loads the page's blocks
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        blank = next(i for i in range(view.row_count) if view.block_at(i) is None)
        view._move_to(blank, top=False)
        await pilot.press("c")
        await settle(pilot)
        assert "On the block" not in on_screen(app)
        await type_text(pilot, "The whole page reads well.")
        await pilot.press("ctrl+s")
        await settle(pilot)
        [post] = [s for s in sent(transport, "POST") if s.path.endswith("/comments")]
        assert "node" not in post.json and post.json["page"] == screen.current_change().page_id


async def test_a_thread_whose_block_is_gone_says_its_block_was_removed(make_app):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        client = app.client
        space, change_request = await find_change_request(client, "Add a rollback checklist")
        content = await client.change_request_content.list_pages_in_change_request(
            space.id, change_request.id
        )
        page = content.pages[0].id
        posted = await client.change_request_comments.post_comment_in_change_request(
            space.id,
            change_request.id,
            body="This paragraph was clearer before.",
            page=page,
            node="a-block-since-rewritten",
        )
        # Opened from a link to the thread (the palette, a notification) as the app does.
        app.session.places.see(space_location(space))
        app.open_location(
            change_request_location(space, change_request), ReviewFocus(thread=posted.id)
        )
        await settle(pilot)
        thread = app.screen
        assert isinstance(thread, ThreadScreen)
        assert "its block was removed" in str(thread.query_one("#thread-block", Static).render())


async def test_a_readers_thread_header_offers_only_what_a_reader_can_do(make_app):
    app = make_app("demo-reader")
    async with app.run_test(size=(120, 40)) as pilot:
        await open_change_request(pilot, "Document the new rate limits")
        await pilot.press("t")
        await settle(pilot)
        thread = app.screen
        assert isinstance(thread, ThreadScreen)
        header = str(thread.query_one("#thread-header", Static).render())
        assert "x resolves" not in header and "c replies" not in header
        assert header.endswith("t next open thread · g its block")


async def test_a_commenters_thread_header_offers_resolve_and_reply(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_change_request(pilot, "Document the new rate limits")
        await pilot.press("t")
        await settle(pilot)
        header = str(app.screen.query_one("#thread-header", Static).render())
        assert "x resolves · c replies · t next open thread · g its block" in header


async def test_a_thread_posted_from_the_diff_is_counted_at_once_and_is_not_news(make_app):
    # A walk posted a thread on a block: the header still said "1 open thread", and the next
    # look for activity announced the user's own thread as "● 1 new thread".
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_change_request(pilot, "Add a rollback checklist")
        before = screen.view.change_request.comments
        view = screen.query_one(DiffView)
        view.focus()
        line = next(i for i, row in enumerate(diff_rows(screen)) if "Confirm error rates" in row)
        view._move_to(line, top=False)
        await pilot.press("c")
        await settle(pilot)
        await type_text(pilot, "Which baseline: last week's?")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.screen is screen
        header = str(screen.query_one("#cr-header", Static).render())
        assert f"{before + 1} open threads" in header, header
        screen.activity.look_now()
        await settle(pilot)
        assert "new thread" not in str(screen.query_one("StatusLine").render())
