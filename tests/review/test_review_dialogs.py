"""The status and reviewers dialogs from the keyboard: focused at once, one key does it."""

from __future__ import annotations

from textual.widgets import Input, OptionList

from tests.pilot.acting import on_screen, sent
from tests.pilot.fixtures import settle
from tests.pilot.reviewing import drafts_home, open_change_request
from tui.review.change_request import ChangeRequestScreen
from tui.review.review_forms import StatusDialog
from tui.review.reviewers import ReviewersDialog
from tui.widgets import ItemList

__all__ = ["drafts_home"]


def patches(transport) -> list:
    return [s for s in sent(transport, "PATCH") if "/change-requests/" in s.path]


async def open_status(pilot) -> StatusDialog:
    await open_change_request(pilot, "Document the new rate limits")
    await pilot.press("S")
    await settle(pilot)
    dialog = pilot.app.screen
    assert isinstance(dialog, StatusDialog)
    return dialog


async def test_the_status_dialog_opens_on_its_first_choice_and_enter_saves_it(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_status(pilot)
        choices = dialog.query_one("#status", OptionList)
        assert app.focused is choices and choices.highlighted == 0
        assert "Draft: not ready for review yet" in on_screen(app)
        await pilot.press("down", "enter")  # Archived
        await settle(pilot)
        assert [s.json for s in patches(transport)] == [{"status": "archived"}]
        assert isinstance(app.screen, ChangeRequestScreen)


async def test_ctrl_s_saves_the_status_under_the_cursor(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_status(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert [s.json for s in patches(transport)] == [{"status": "draft"}]
        assert isinstance(app.screen, ChangeRequestScreen)


async def test_esc_leaves_the_status_as_it_was(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_status(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert patches(transport) == []


async def open_reviewers(pilot) -> ReviewersDialog:
    await open_change_request(pilot, "Document the new rate limits")
    await pilot.press("R")
    await settle(pilot)
    dialog = pilot.app.screen
    assert isinstance(dialog, ReviewersDialog)
    return dialog


def member_rows(dialog: ReviewersDialog) -> list[str]:
    return [e.prompt.plain for e in dialog.query_one("#members", ItemList).entries]


async def test_one_enter_right_after_a_name_asks_the_member_found_and_marks_them_asked(
    make_app, transport
):
    app = make_app()
    async with app.run_test(size=(100, 34)) as pilot:
        dialog = await open_reviewers(pilot)
        await pilot.press(*"grace", "enter")  # before the search's pause
        await settle(pilot)
        await pilot.pause(0.3)
        await settle(pilot)
        asks = [s for s in sent(transport, "POST") if s.path.endswith("/requested-reviewers")]
        assert [s.json for s in asks] == [{"users": ["u-grace"]}]
        assert "Asked Grace Hopper to review." in on_screen(app)
        # Among the members found, she now reads as asked.
        assert any(
            row.startswith("Grace Hopper") and "(asked)" in row for row in member_rows(dialog)
        )
        # Another Enter does not ask her twice.
        await pilot.press("enter")
        await settle(pilot)
        asks = [s for s in sent(transport, "POST") if s.path.endswith("/requested-reviewers")]
        assert len(asks) == 1
        assert "Grace Hopper is asked already." in on_screen(app)


async def test_down_goes_from_the_search_box_to_the_members(make_app, transport):
    app = make_app()
    async with app.run_test(size=(100, 34)) as pilot:
        dialog = await open_reviewers(pilot)
        search = dialog.query_one("#member-search", Input)
        members = dialog.query_one("#members", ItemList)
        assert app.focused is search
        await pilot.press("down")
        await settle(pilot)
        assert app.focused is members and members.highlighted == 0
        await pilot.press("down")
        assert members.highlighted == 1
        second = members.highlighted_entry
        await pilot.press("enter")
        await settle(pilot)
        asks = [s for s in sent(transport, "POST") if s.path.endswith("/requested-reviewers")]
        assert [s.json for s in asks] == [{"users": [second.key]}]
