"""Acting on a change request: reviews, reviewers, update and merge (asked first), roles."""

from __future__ import annotations

from textual.widgets import Input, Static

from tests.pilot.acting import notifications, on_screen, sent
from tests.pilot.fixtures import settle
from tests.pilot.reviewing import drafts_home, find_change_request, open_change_request, type_text
from tui.browse.space import SpaceScreen
from tui.review.review_forms import MergeDialog, ReviewDialog, UpdateDialog
from tui.review.reviewers import ReviewersDialog
from tui.widgets import ItemList

__all__ = ["drafts_home"]


def header(screen) -> str:
    return str(screen.query_one("#cr-header", Static).render())


def posts(transport, ending: str) -> list:
    return [s for s in sent(transport, "POST") if s.path.endswith(ending)]


async def test_a_reviewer_approves_with_a_comment_then_requests_changes(make_app, transport):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_change_request(pilot, "Explain when tokens expire")
        assert "Your review is requested" in header(screen)
        await pilot.press("a")
        await settle(pilot)
        assert isinstance(app.screen, ReviewDialog)
        await type_text(pilot, "Clear and short. [b]Ship it[/b]")
        await pilot.click("#confirm")
        await settle(pilot)
        review = posts(transport, "/reviews")[-1]
        assert review.json == {
            "status": "approved",
            "comment": {"markdown": "Clear and short. [b]Ship it[/b]"},
        }
        assert app.screen is screen
        assert "Approved by you, Amara Okafor" in header(screen)
        assert "Your review is requested" not in header(screen)

        await pilot.press("x")
        await settle(pilot)
        assert "Request changes on #2 Explain when tokens expire" in on_screen(app)
        await pilot.click("#confirm")  # without a comment
        await settle(pilot)
        assert posts(transport, "/reviews")[-1].json == {"status": "changes-requested"}
        assert "Changes requested by you" in header(screen)


async def test_a_reviewer_is_asked_from_the_members_then_the_request_is_withdrawn(
    make_app, transport
):
    app = make_app()
    async with app.run_test(size=(100, 34)) as pilot:
        screen = await open_change_request(pilot, "Document the new rate limits")
        await pilot.press("R")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, ReviewersDialog)
        asked = dialog.query_one("#asked", ItemList)
        assert [e.prompt.plain for e in asked.entries] == ["Amara Okafor", "Diego Fernández"]
        await pilot.press(*"grace")
        await pilot.pause(0.3)
        await settle(pilot)
        searches = [s for s in sent(transport, "GET") if s.path.endswith("/members")]
        assert searches[-1].params["search"] == ["grace"]
        await pilot.press("enter")  # one Enter asks the first member found
        await settle(pilot)
        request = posts(transport, "/requested-reviewers")[-1]
        assert request.json == {"users": ["u-grace"]}
        assert "Grace Hopper" in [e.prompt.plain for e in asked.entries]
        assert "Asked Grace Hopper to review." in on_screen(app)

        asked.focus()
        diego = next(e for e in asked.entries if e.prompt.plain == "Diego Fernández")
        assert asked.select_key(diego.key)
        await pilot.press("d")
        await settle(pilot)
        removed = [s for s in sent(transport, "DELETE") if "/requested-reviewers/" in s.path]
        assert [s.path.rsplit("/", 1)[-1] for s in removed] == [diego.value.user.id]
        assert "Diego Fernández" not in [e.prompt.plain for e in asked.entries]
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen
        assert "Waiting for Amara Okafor, Grace Hopper" in header(screen)


async def test_update_and_merge_ask_first_and_send_nothing_when_cancelled(make_app, transport):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        space, _ = await find_change_request(app.client, "Explain when tokens expire")
        screen = await open_change_request(pilot, "Explain when tokens expire")
        assert "main has moved on: press u to update" in header(screen)

        await pilot.press("m")
        await settle(pilot)
        assert isinstance(app.screen, MergeDialog)
        said = on_screen(app)
        assert "It merges 1 edited page into API Reference." in said
        assert "Main has moved on since this change request was last updated" in said
        assert "2 threads are unresolved." in said
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("u")
        await settle(pilot)
        assert isinstance(app.screen, UpdateDialog)
        await pilot.press("escape")
        await settle(pilot)
        assert not posts(transport, "/merge") and not posts(transport, "/update")

        await pilot.press("u")
        await settle(pilot)
        await pilot.click("#confirm")
        await settle(pilot)
        assert len(posts(transport, "/update")) == 1
        assert "main has moved on" not in header(screen)

        await pilot.press("m")
        await settle(pilot)
        assert "Main has moved on" not in on_screen(app)
        await pilot.click("#confirm")
        await settle(pilot)
        assert len(posts(transport, "/merge")) == 1
        assert "merged" in header(screen) and "Merged into API Reference." in notifications(app)

        # Back on the space, its change requests come from the service again, without r.
        before = len(sent(transport, "GET"))
        app.pop_screen()
        app.open_location(screen.session.places.get("space", space.id))
        await settle(pilot)
        await pilot.press("C")
        await settle(pilot)
        space_screen = app.screen
        assert isinstance(space_screen, SpaceScreen)
        listed = [e.prompt.plain for e in space_screen.change_request_list.list.entries]
        assert not any("Explain when tokens expire" in row for row in listed)
        assert len(sent(transport, "GET")) > before


async def test_a_reader_is_told_what_role_an_action_needs_and_nothing_is_sent(make_app, transport):
    app = make_app("demo-reader")
    async with app.run_test(size=(120, 40)) as pilot:
        await open_change_request(pilot, "Document the new rate limits")
        writes = len([s for s in transport.sent if s.method != "GET"])
        for key in ("a", "m", "R", "c"):
            await pilot.press(key)
            await settle(pilot)
        said = notifications(app)
        assert "You need the review role to review this change request." in said
        assert "You need the review role to merge this change request." in said
        assert "You need the edit role to ask for reviews." in said
        assert "You need the comment role to start a thread here." in said
        assert len([s for s in transport.sent if s.method != "GET"]) == writes
        assert not isinstance(app.screen, Input)


async def test_a_subject_too_long_is_refused_before_sending_and_the_pdf_link_is_copied(
    make_app, transport
):
    app = make_app()
    async with app.run_test(size=(100, 34)) as pilot:
        screen = await open_change_request(pilot, "Document the new rate limits")
        await pilot.press("e")
        await settle(pilot)
        field = app.screen.query_one("#subject")
        field.input.value = "x" * 101
        await pilot.press("enter")
        await settle(pilot)
        assert "Subject is 101 characters long; the limit is 100: remove 1." in on_screen(app)
        assert not sent(transport, "PATCH")
        field.input.value = "Document the new rate limits and bursts"
        await pilot.press("enter")
        await settle(pilot)
        assert sent(transport, "PATCH")[-1].json == {
            "subject": "Document the new rate limits and bursts"
        }
        assert "#3 Document the new rate limits and bursts" in header(screen)

        copied = []
        app.copy_to_clipboard = copied.append  # type: ignore[method-assign]
        await pilot.press("P")
        await settle(pilot)
        app.screen.query_one("#pdf-scope").select.value = screen.current_change().page_id
        await pilot.click("#confirm")
        await settle(pilot)
        asked = [s for s in sent(transport, "GET") if s.path.endswith("/pdf")][-1]
        assert asked.params["only"] == ["true"]
        assert asked.params["page"] == [screen.current_change().page_id]
        assert copied and copied[0].startswith("https://") and "/~/pdf?" in copied[0]
        assert "PDF link copied to the clipboard" in [n.title for n in app._notifications]
