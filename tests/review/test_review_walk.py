"""What a reviewer's walk through a change request found: keys that do what they say."""

from __future__ import annotations

from textual.widgets import Static, TabbedContent

from tests.pilot.fixtures import settle
from tests.pilot.reviewing import (
    diff_rows,
    drafts_home,
    open_change_request,
    tree_titles,
    type_text,
)
from tui.review.comment_form import EditMessageDialog
from tui.review.diff_view import DiffView
from tui.review.logic.diff import previous_change
from tui.review.thread import MessageBox, ThreadScreen
from tui.review.thread_forms import ReactionPicker

__all__ = ["drafts_home"]


def diff_title(screen) -> str:
    return str(screen.query_one("#diff-title", Static).render())


async def test_p_at_the_first_change_goes_back_to_the_previous_pages_last_change(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_change_request(pilot, "Restructure the Python SDK guide")
        assert diff_title(screen).startswith("~ Installation")
        await pilot.press("right_square_bracket")
        await settle(pilot)
        assert diff_title(screen).startswith("~✎ Configuring the client")
        view = screen.query_one(DiffView)
        while view.previous_change():  # to the page's first change
            pass
        await pilot.press("p")
        await settle(pilot)
        assert diff_title(screen).startswith("~ Installation")
        # On its last change, as n from there would have left it.
        assert view.cursor == previous_change(view.rows, len(view.rows))
        await pilot.press("n")
        await settle(pilot)
        assert diff_title(screen).startswith("~✎ Configuring the client")


async def test_the_cursor_on_an_unchanged_parent_page_clears_the_diff_pane(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_change_request(pilot, "Restructure the Python SDK guide")
        assert tree_titles(screen)[2] == "· Usage"
        screen.change_tree.focus()
        await pilot.press("down", "down")
        await pilot.pause(0.1)
        await settle(pilot)
        view = screen.query_one(DiffView)
        assert view.row_count == 0
        assert view.message.startswith("This page did not change")
        assert diff_title(screen) == "· Usage"
        await pilot.press("up")
        await pilot.pause(0.1)
        await settle(pilot)
        assert diff_title(screen).startswith("~✎ Configuring the client") and view.row_count


async def test_after_a_reaction_the_message_reacted_to_keeps_the_selection(make_app):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_change_request(pilot, "Document the new rate limits")
        await pilot.press("t")
        await settle(pilot)
        thread = app.screen
        assert isinstance(thread, ThreadScreen)
        await pilot.press("c")
        await type_text(pilot, "A second message")
        await pilot.press("ctrl+s")
        await settle(pilot)
        boxes = list(thread.query(MessageBox))
        assert len(boxes) >= 2
        boxes[-1].focus()
        await pilot.press("plus")
        await settle(pilot)
        assert isinstance(app.screen, ReactionPicker)
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is thread
        boxes = list(thread.query(MessageBox))
        assert boxes[-1].has_focus and boxes[-1].message.reactions
        await pilot.press("e")  # the edit acts on the same message, and keeps it too
        await settle(pilot)
        assert isinstance(app.screen, EditMessageDialog)
        app.screen.body.area.text = "A second message, edited"
        await pilot.click("#confirm")
        await settle(pilot)
        boxes = list(thread.query(MessageBox))
        assert boxes[-1].has_focus
        assert boxes[-1].message.body.markdown == "A second message, edited"


async def test_the_layout_chosen_with_v_holds_on_the_next_change_request(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        first = await open_change_request(pilot, "Document the new rate limits")
        assert first.query_one(DiffView).mode == "split"  # wide enough: side by side
        await pilot.press("v")
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        second = await open_change_request(pilot, "Add a rollback checklist")
        assert second is not first
        assert second.query_one(DiffView).mode == "unified"
        assert all(" │ " not in row for row in diff_rows(second))


async def test_m_shift_opens_the_merge_tab_of_a_merged_change_request(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_change_request(pilot, "Document token scopes")
        await pilot.press("M")
        await settle(pilot)
        assert screen.query_one(TabbedContent).active == "merge"
        assert "What the merge did to main" in str(
            screen.query_one("#merge-changes", Static).render()
        )
        await pilot.press("M")
        await settle(pilot)
        assert screen.query_one(TabbedContent).active == "changes"
