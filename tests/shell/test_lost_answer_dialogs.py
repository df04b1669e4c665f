"""A write whose answer was lost: the dialog checks whether it was applied, and never sends it
again without the user's word (a rename, a create, a merge, a reply, a role change)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import httpx
from textual.widgets import Button, Static

from tests.pilot.acting import (
    highlight,
    notifications,
    on_screen,
    open_northwind,
    sent,
    space_id,
    tree_rows,
)
from tests.pilot.admin_acting import cells, choose, highlight_row, open_admin, pick
from tests.pilot.fixtures import settle
from tests.pilot.reviewing import drafts_home, open_change_request, type_text
from tui.api.limits import COMMENT_BODY_MAX
from tui.browse.space_form import SpaceForm
from tui.dialogs import ActionDialog, base
from tui.review.review_forms import MergeDialog
from tui.review.thread import MessageBox, ThreadScreen
from tui.widgets import TextField

from ..conftest import ORG

__all__ = ["drafts_home"]


class AnswerDropper(httpx.AsyncBaseTransport):
    """Lets the service act on one chosen request, then drops the connection instead of its answer.

    With ``deliver=False`` the connection drops before the service got the request. After the
    drop, reads wait for ``reads`` (the check can be watched) and fail while ``offline``.
    """

    def __init__(
        self,
        inner: httpx.AsyncBaseTransport,
        drop: Callable[[httpx.Request], bool],
        *,
        deliver: bool = True,
    ) -> None:
        self.inner = inner
        self.drop = drop
        self.deliver = deliver
        self.dropped = 0
        self.offline = False
        self.reads = asyncio.Event()
        self.reads.set()

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        if not self.dropped and self.drop(request):
            self.dropped += 1
            if self.deliver:
                await self.inner.handle_async_request(request)
            raise httpx.ReadError("connection reset by peer", request=request)
        if self.dropped and request.method == "GET":
            await self.reads.wait()
            if self.offline:
                raise httpx.ConnectError("connection refused", request=request)
        return await self.inner.handle_async_request(request)


def status_of(app) -> str:
    return str(app.screen.query_one("#dialog-status", Static).render())


def button(app, selector: str) -> Button:
    return app.screen.query_one(selector, Button)


def reply_status(screen: ThreadScreen) -> str:
    return " ".join(str(screen.query_one("#reply-status", Static).render()).split())


async def test_a_rename_whose_answer_was_lost_is_found_applied_and_sent_once(make_app, transport):
    dropper = AnswerDropper(transport, lambda r: r.method == "PATCH")
    app = make_app(transport_override=dropper)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_northwind(pilot)
        await highlight(pilot, screen, "Team handbook")
        await pilot.press("e", *"Handbook")
        dropper.reads.clear()  # hold the check, to see what the dialog says meanwhile
        await pilot.press("enter")
        await pilot.pause()  # not settle: the check's worker waits for the reads
        assert "Sent, but the answer was lost: checking whether it was applied…" in on_screen(app)
        assert button(app, "#confirm").disabled
        dropper.reads.set()
        await settle(pilot)
        assert not isinstance(app.screen, SpaceForm)
        assert len(sent(transport, "PATCH")) == 1
        assert "Sent, but the answer was lost: reading it again shows it was applied." in (
            notifications(app)
        )
        assert "Renamed the space to Handbook." in notifications(app)
        assert "📓 Handbook" in tree_rows(screen.content_tree)


async def test_a_rename_lost_before_the_service_acted_is_sent_again_only_when_asked(
    make_app, transport
):
    dropper = AnswerDropper(transport, lambda r: r.method == "PATCH", deliver=False)
    app = make_app(transport_override=dropper)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_northwind(pilot)
        await highlight(pilot, screen, "Team handbook")
        await pilot.press("e", *"Handbook", "enter")
        await settle(pilot)
        assert isinstance(app.screen, SpaceForm)
        assert "the answer was lost, and it was not applied: send again?" in on_screen(app)
        assert str(button(app, "#confirm").label) == "Send again"
        assert app.screen.query_one("#title", TextField).value == "Handbook"
        assert dropper.dropped == 1 and sent(transport, "PATCH") == []  # nothing resent
        await pilot.press("enter")  # the user's word
        await settle(pilot)
        assert [p.json for p in sent(transport, "PATCH")] == [{"title": "Handbook"}]
        assert not isinstance(app.screen, SpaceForm)
        assert "📓 Handbook" in tree_rows(screen.content_tree)


async def test_a_create_whose_answer_was_lost_finds_the_new_space_and_makes_one(
    make_app, transport
):
    dropper = AnswerDropper(transport, lambda r: r.method == "POST")
    app = make_app(transport_override=dropper)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_northwind(pilot)
        await pilot.press("n", *"Changelog", "enter")
        await settle(pilot)
        assert not isinstance(app.screen, SpaceForm)
        assert len(sent(transport, "POST")) == 1
        assert [r for r in tree_rows(screen.content_tree) if "Changelog" in r] == ["• Changelog"]
        assert screen.content_tree.highlighted.title == "Changelog"
        assert "Created the space Changelog." in notifications(app)


async def test_a_merge_whose_answer_was_lost_is_checked_until_known_and_never_resent(
    make_app, transport
):
    dropper = AnswerDropper(transport, lambda r: r.url.path.endswith("/merge"))
    dropper.offline = True  # the check cannot read the service at first
    app = make_app(transport_override=dropper)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_change_request(pilot, "Document the new rate limits")
        await pilot.press("m")
        await settle(pilot)
        assert isinstance(app.screen, MergeDialog)
        await pilot.click("#confirm")
        await settle(pilot)
        assert isinstance(app.screen, MergeDialog)
        assert "checking whether it was applied failed too" in on_screen(app)
        assert button(app, "#check-again").display
        assert str(button(app, "#confirm").label) == "Send again"
        await pilot.press("enter")  # Enter looks again; it does not send again
        await settle(pilot)
        assert isinstance(app.screen, MergeDialog)
        dropper.offline = False
        await pilot.pause(0.25)  # a button takes no second press while it shows the first
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen
        assert len([s for s in sent(transport, "POST") if s.path.endswith("/merge")]) == 1
        assert "It was applied" in [n.title for n in app._notifications]
        assert "Merged into API Reference." in notifications(app)
        assert screen.view.change_request.status == "merged"


async def test_a_dialog_that_cannot_check_says_so_and_resends_only_when_pressed(
    make_app, transport
):
    dropper = AnswerDropper(transport, lambda r: r.method == "PATCH")
    app = make_app(transport_override=dropper)

    class UncheckedRename(SpaceForm):
        check_applied = ActionDialog.check_applied  # as a dialog that supplies no check
        CSS_PATH = str(Path(base.__file__).parent / ActionDialog.CSS_PATH)  # the dialogs' own

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        space = await app.client.spaces.get_space_by_id(await space_id(app.client, "Team handbook"))
        app.push_screen(UncheckedRename("title", organization_id=ORG, space=space))
        await settle(pilot)
        await pilot.press("end", *"!", "enter")
        await settle(pilot)
        assert "it may have been applied, and this form cannot check" in on_screen(app)
        await pilot.press("enter")  # Enter looks again, which cannot tell either
        await settle(pilot)
        assert isinstance(app.screen, UncheckedRename)
        assert [p.json for p in sent(transport, "PATCH")] == [{"title": "Team handbook!"}]
        await pilot.press("escape")
        await settle(pilot)
        assert "Closed without knowing" in [n.title for n in app._notifications]


async def test_a_reply_whose_answer_was_lost_is_found_in_the_thread_and_sent_once(
    make_app, transport
):
    dropper = AnswerDropper(
        transport, lambda r: r.method == "POST" and r.url.path.endswith("/replies")
    )
    app = make_app(transport_override=dropper)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_change_request(pilot, "Explain when tokens expire")
        await pilot.press("t")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ThreadScreen)
        await pilot.press("c")
        # Over the service's limit: refused beside the box, nothing sent, the text kept.
        await type_text(pilot, "x" * (COMMENT_BODY_MAX + 1))
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "Nothing was sent: A comment is at most 100,000 characters" in reply_status(screen)
        assert len(screen.reply_area.text) == COMMENT_BODY_MAX + 1 and not dropper.dropped
        screen.reply_area.text = ""
        await type_text(pilot, "Expiry is now in the guide.")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert dropper.dropped == 1
        replies = [s for s in sent(transport, "POST") if s.path.endswith("/replies")]
        assert [r.json for r in replies] == [{"body": {"markdown": "Expiry is now in the guide."}}]
        assert [n.title for n in app._notifications][-2:] == [
            "Sent, but the answer was lost",
            "It was applied",
        ]
        assert screen.reply_area.text == "" and reply_status(screen) == "Sent."
        bodies = [box.message.body.markdown for box in screen.query(MessageBox)]
        assert bodies.count("Expiry is now in the guide.") == 1


async def test_a_role_change_whose_answer_was_lost_is_read_back_and_shown(make_app, transport):
    dropper = AnswerDropper(transport, lambda r: r.method == "PATCH")
    app = make_app(transport_override=dropper)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_admin(pilot, "members")
        await highlight_row(pilot, screen, "Mei Chen")
        await pilot.press("e")
        await settle(pilot)
        await choose(pilot, "#role", "review")
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen
        [patch] = sent(transport, "PATCH")
        assert patch.json == {"role": "review"} and dropper.dropped == 1
        assert cells(screen, patch.path.rsplit("/", 1)[1])[1] == "review"
        assert "It was applied" in [n.title for n in app._notifications]
        assert "Mei Chen now has the review role." in notifications(app)


async def test_a_duplicate_whose_answer_was_lost_is_found_made_once(make_app, transport):
    dropper = AnswerDropper(transport, lambda r: r.url.path.endswith("/duplicate"))
    app = make_app(transport_override=dropper)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_northwind(pilot)
        await highlight(pilot, screen, "Team handbook")
        await pilot.press("c")
        await settle(pilot)
        assert len(sent(transport, "POST")) == 1
        titles = [n.title for n in app._notifications]
        assert titles[:2] == ["Sent, but the answer was lost", "It was applied"]
        assert "Duplicated Team handbook as Copy of Team handbook." in notifications(app)
        assert tree_rows(screen.content_tree).count("📓 Copy of Team handbook") == 1


async def test_a_bulk_role_change_stops_at_a_lost_answer_and_reports_it_applied(
    make_app, transport
):
    dropper = AnswerDropper(
        transport, lambda r: r.method == "PATCH" and len(sent(transport, "PATCH")) == 1
    )
    app = make_app(transport_override=dropper)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_admin(pilot, "members")
        await pilot.press("f")
        await pick(pilot, "Edit")
        await highlight_row(pilot, screen, "Rahul Mehta")
        await pilot.press("space", "down", "space", "space")  # Rahul, Hana, Jonas
        await pilot.press("e")
        await settle(pilot)
        await choose(pilot, "#role", "review")
        app.screen.submit()
        await settle(pilot)
        assert dropper.dropped == 1
        assert len(sent(transport, "PATCH")) == 2  # Rahul, then Hana's, never sent again
        report = on_screen(app)
        assert "Changed 2 of 3: Rahul Mehta and Hana Kobayashi." in report
        assert "Sent for Hana Kobayashi, but the answer was lost: reading it again shows it" in (
            report
        )
        assert "Not tried (1): Jonas Becker." in report
        assert "Stopped at a lost answer: 2 changes made." in report
