"""A write whose answer was lost: the dialog checks whether it was applied, and never sends it
again without the user's word (a rename, a create, a merge)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import httpx
from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Button, Static

from tui.api.models import ChangeRequestResult
from tui.dialogs import ActionDialog, SpaceForm, base
from tui.dialogs.applied import merged
from tui.widgets import TextField

from .acting import highlight, notifications, on_screen, open_northwind, sent, space_id, tree_rows
from .conftest import settle


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


class MergeDialog(ActionDialog[ChangeRequestResult]):
    """A merge, as a review screen's dialog would send it and check it after a lost answer."""

    confirm_label = "Merge"
    CSS_PATH = str(Path(base.__file__).parent / ActionDialog.CSS_PATH)  # where the dialogs' is

    def __init__(self, space_id: str, number: int, subject: str) -> None:
        super().__init__(Content.assemble("Merge ", subject, " into main?"))
        self.space_id = space_id
        self.number = number

    def compose_body(self) -> ComposeResult:
        yield Static(Content("Its edits become the space's main content."))

    def on_mount(self) -> None:
        self.query_one("#confirm", Button).focus()

    async def send(self) -> ChangeRequestResult:
        return await self.client.change_requests.merge_change_request(self.space_id, self.number)

    async def check_applied(self) -> ChangeRequestResult | None:
        return await merged(self.client, self.space_id, self.number)


async def rate_limits_request(client) -> tuple[str, int]:
    """The space and number of an open change request that merges cleanly."""
    space = await space_id(client, "API Reference")
    listing = await client.change_requests.list_change_requests_for_space(space)
    request = next(r for r in listing.items if r.subject == "Document the new rate limits")
    return space, request.number


async def test_a_merge_whose_answer_was_lost_is_checked_until_known_and_never_resent(
    make_app, transport
):
    dropper = AnswerDropper(transport, lambda r: r.url.path.endswith("/merge"))
    dropper.offline = True  # the check cannot read the service at first
    app = make_app(transport_override=dropper)
    results: list[ChangeRequestResult | None] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        space, number = await rate_limits_request(app.client)
        app.push_screen(MergeDialog(space, number, "Document the new rate limits"), results.append)
        await settle(pilot)
        await pilot.press("enter")
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
        assert not isinstance(app.screen, MergeDialog)
        assert [r.result for r in results if r] == ["merge"]
        assert len([s for s in sent(transport, "POST") if s.path.endswith("/merge")]) == 1
        assert "It was applied" in [n.title for n in app._notifications]


async def test_a_dialog_that_cannot_check_says_so_and_resends_only_when_pressed(
    make_app, transport
):
    dropper = AnswerDropper(transport, lambda r: r.url.path.endswith("/merge"))
    app = make_app(transport_override=dropper)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        space, number = await rate_limits_request(app.client)

        class UncheckedMerge(MergeDialog):
            check_applied = ActionDialog.check_applied  # as a dialog that supplies no check

        app.push_screen(UncheckedMerge(space, number, "Document the new rate limits"))
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert "it may have been applied, and this form cannot check" in on_screen(app)
        await pilot.press("enter")  # Enter looks again, which cannot tell either
        await settle(pilot)
        assert isinstance(app.screen, UncheckedMerge)
        assert len([s for s in sent(transport, "POST") if s.path.endswith("/merge")]) == 1
        await pilot.press("escape")
        await settle(pilot)
        assert "Closed without knowing" in [n.title for n in app._notifications]


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
