"""A docs site's write whose answer was lost: the form or the key checks whether it was applied,
and never sends it again without the user's word (a section renamed, a site created, a move)."""

from __future__ import annotations

from tests.pilot.acting import notifications, sent
from tests.pilot.fixtures import settle
from tests.shell.test_lost_answer_dialogs import AnswerDropper
from tests.sites.test_editing_sites import (
    highlight,
    open_site_directly,
    open_sites,
    rows,
    site_titles,
)
from tui.sites.site import SiteScreen
from tui.sites.site_admin import CreateSiteDialog
from tui.sites.site_structure_forms import NodeForm
from tui.widgets.checked_field import CheckedField

APPLIED = "Reading it again shows it was applied."


def moves(transport) -> list:
    return [s for s in sent(transport, "POST") if s.path.endswith("/move")]


async def test_a_section_renamed_whose_answer_was_lost_is_found_applied_and_sent_once(
    make_app, transport
):
    dropper = AnswerDropper(transport, lambda r: r.method == "PATCH")
    app = make_app(transport_override=dropper)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_site_directly(pilot)
        await highlight(pilot, screen, "Changelog")
        await pilot.press("e")
        await settle(pilot)
        app.screen.query_one("#edit-title").input.value = "Release history"
        await pilot.press("enter")
        await settle(pilot)
        assert not isinstance(app.screen, NodeForm)
        assert [p.json for p in sent(transport, "PATCH")] == [{"title": "Release history"}]
        assert "Sent, but the answer was lost: reading it again shows it was applied." in (
            notifications(app)
        )
        assert "Changed the title of Changelog." in notifications(app)
        assert "§ Release history /changelog ‹clock-rotate-left›" in rows(screen)


async def test_a_site_created_whose_answer_was_lost_is_found_and_made_once(make_app, transport):
    dropper = AnswerDropper(transport, lambda r: r.method == "POST")
    app = make_app(transport_override=dropper)
    async with app.run_test(size=(80, 24)) as pilot:
        sites = await open_sites(pilot)
        await pilot.press("n")
        await settle(pilot)
        await pilot.press(*"Status page", "enter")
        await settle(pilot)
        assert not isinstance(app.screen, CreateSiteDialog)
        assert len(sent(transport, "POST")) == 1
        assert "Created the site Status page." in notifications(app)
        assert isinstance(app.screen, SiteScreen)  # the new site opens, as after an answer
        await pilot.press("escape")
        await settle(pilot)
        assert site_titles(sites).count("Status page") == 1


async def test_a_move_by_key_whose_answer_was_lost_is_read_back_and_shown(make_app, transport):
    dropper = AnswerDropper(transport, lambda r: r.url.path.endswith("/move"))
    app = make_app(transport_override=dropper)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_site_directly(pilot)
        await highlight(pilot, screen, "JavaScript SDK")
        await pilot.press("K")
        await settle(pilot)
        assert len(moves(transport)) == 1
        assert APPLIED in notifications(app)
        assert "Moved JavaScript SDK above Python SDK." in notifications(app)
        assert rows(screen)[5:7] == [
            "🟨 JavaScript SDK /javascript-sdk ◈",
            "🐍 Python SDK /python-sdk",
        ]
        await pilot.press("u")  # journaled as after an answer: undo puts it back
        await settle(pilot)
        assert rows(screen)[5:7] == [
            "🐍 Python SDK /python-sdk",
            "🟨 JavaScript SDK /javascript-sdk ◈",
        ]


async def test_a_move_lost_before_the_service_acted_is_not_sent_again_by_itself(
    make_app, transport
):
    dropper = AnswerDropper(transport, lambda r: r.url.path.endswith("/move"), deliver=False)
    app = make_app(transport_override=dropper)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_site_directly(pilot)
        before = rows(screen)
        await highlight(pilot, screen, "JavaScript SDK")
        await pilot.press("K")
        await settle(pilot)
        assert dropper.dropped == 1 and moves(transport) == []
        assert "It was not applied: press the key again to move it." in notifications(app)
        assert rows(screen) == before
        await pilot.press("K")  # the user's word
        await settle(pilot)
        assert len(moves(transport)) == 1
        assert rows(screen)[5] == "🟨 JavaScript SDK /javascript-sdk ◈"


async def test_an_undo_whose_answer_was_lost_is_read_back_and_not_offered_again(
    make_app, transport
):
    seen: list[str] = []

    def second_move(request) -> bool:
        if request.url.path.endswith("/move"):
            seen.append(request.url.path)
        return len(seen) == 2  # the undo's move, not the move itself

    dropper = AnswerDropper(transport, second_move)
    app = make_app(transport_override=dropper)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_site_directly(pilot)
        before = rows(screen)
        await highlight(pilot, screen, "JavaScript SDK")
        await pilot.press("K")
        await settle(pilot)
        await pilot.press("u")
        await settle(pilot)
        assert dropper.dropped == 1 and len(moves(transport)) == 2
        assert APPLIED in notifications(app)
        assert "Undid: Moved JavaScript SDK above Python SDK." in notifications(app)
        assert rows(screen) == before
        await pilot.press("u")  # the move is undone: nothing left to undo
        await settle(pilot)
        assert "Nothing to undo on this site in this session." in notifications(app)
        assert len(moves(transport)) == 2


async def test_settings_saved_whose_answer_was_lost_are_read_back_and_sent_once(
    make_app, transport
):
    dropper = AnswerDropper(transport, lambda r: r.method == "PATCH")
    app = make_app(transport_override=dropper)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_site_directly(pilot)
        await pilot.press("2")
        await settle(pilot)
        basename = screen.query_one("#set-basename", CheckedField)
        basename.input.focus()
        basename.input.value = "help"
        await pilot.press("enter")
        await settle(pilot)
        assert [p.json for p in sent(transport, "PATCH")] == [{"basename": "help"}]
        assert APPLIED in notifications(app)
        assert "Changed the basename of Northwind Docs." in notifications(app)
        assert screen.site.basename == "help"
