"""Nothing typed is lost: drafts are written while typing, on quit and on a hang-up; a disk that
refuses is said beside the box; review comments are drafts; unsent drafts are listed."""

from __future__ import annotations

import errno
import json
import os
import signal

import httpx
import pytest
from textual.widgets import Static

from tests.pilot.acting import on_screen, sent
from tests.pilot.fixtures import settle
from tests.pilot.reviewing import drafts_home, open_change_request, type_text
from tui.review.drafts_list import DraftsDialog
from tui.review.review_forms import ReviewDialog
from tui.review.review_queue import ReviewQueueScreen
from tui.review.thread import ThreadScreen

__all__ = ["drafts_home"]

MALLORY = "Mallory \ud800"


async def open_first_thread(pilot, subject: str) -> ThreadScreen:
    await open_change_request(pilot, subject)
    await pilot.press("t")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, ThreadScreen)
    return screen


def status(screen: ThreadScreen) -> str:
    return " ".join(str(screen.query_one("#reply-status", Static).render()).split())


def kept(drafts_home) -> list[dict]:
    return [json.loads(path.read_text()) for path in sorted(drafts_home.rglob("*.json"))]


class SurrogateAuthor(httpx.AsyncBaseTransport):
    """Renames every comment's author to a name holding a lone surrogate (valid JSON)."""

    def __init__(self, inner: httpx.AsyncBaseTransport) -> None:
        self.inner = inner

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        response = await self.inner.handle_async_request(request)
        raw = await response.aread()
        if request.method == "GET" and "/comments/" in request.url.path:
            data = json.loads(raw)
            if isinstance(data.get("postedBy"), dict):
                data["postedBy"]["displayName"] = MALLORY
            raw = json.dumps(data).encode()  # ASCII: the surrogate travels as \\ud800
        headers = {k: v for k, v in response.headers.items() if k.lower() != "content-length"}
        return httpx.Response(response.status_code, headers=headers, content=raw)


async def test_a_reply_to_an_author_whose_name_holds_a_lone_surrogate_is_kept(
    make_app, transport, drafts_home
):
    app = make_app(transport_override=SurrogateAuthor(transport))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_first_thread(pilot, "Document the new rate limits")
        await pilot.press("c")
        await type_text(pilot, "I disagree, Mallory")
        await pilot.pause(0.6)
        assert app.is_running and app.screen is screen
        assert screen.reply_area.text == "I disagree, Mallory"
    [draft] = kept(drafts_home)
    assert draft["body"] == "I disagree, Mallory"
    assert draft["label"].startswith("Reply to Mallory")


@pytest.mark.parametrize(
    ("number", "words"),
    [(errno.ENOSPC, "disk full"), (errno.EROFS, "the disk is read-only")],
)
async def test_a_disk_that_refuses_the_draft_is_said_beside_the_box_and_the_reply_stays(
    make_app, drafts_home, monkeypatch, number, words
):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_first_thread(pilot, "Document the new rate limits")
        await pilot.press("c")

        def refuse(descriptor: int) -> None:
            raise OSError(number, os.strerror(number))

        with monkeypatch.context() as patched:
            patched.setattr(os, "fsync", refuse)
            await type_text(pilot, "Secret words of mine")
            await pilot.pause(0.6)
            assert app.is_running and app.screen is screen
            assert f"could not keep a draft: {words}" in status(screen)
            assert screen.reply_area.text == "Secret words of mine"
            assert app.last_error is None  # no traceback, nothing typed in one
            assert not kept(drafts_home) and not list(drafts_home.rglob("*.tmp"))
        await type_text(pilot, ", and more")
        await pilot.pause(0.6)
        assert "Draft kept." in status(screen)
    assert [d["body"] for d in kept(drafts_home)] == ["Secret words of mine, and more"]


async def test_steady_typing_is_on_disk_within_a_second_without_a_pause(make_app, drafts_home):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_first_thread(pilot, "Document the new rate limits")
        await pilot.press("c")
        for word in "never stopping to think about what comes next".split():
            await type_text(pilot, word + " ")
            await pilot.pause(0.15)  # shorter than the pause that writes a draft
        assert kept(drafts_home), "a second of steady typing left nothing on disk"
        assert kept(drafts_home)[0]["body"].startswith("never stopping")


async def test_quitting_keeps_what_was_typed_since_the_last_pause(make_app, drafts_home):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_first_thread(pilot, "Document the new rate limits")
        await pilot.press("c")
        await type_text(pilot, "Before the pause.")
        await pilot.pause(0.6)
        await type_text(pilot, " Right before quitting.")
        await pilot.press("ctrl+q")
    assert [d["body"] for d in kept(drafts_home)] == ["Before the pause. Right before quitting."]


@pytest.mark.parametrize("number", [signal.SIGHUP, signal.SIGTERM], ids=["SIGHUP", "SIGTERM"])
async def test_a_hang_up_keeps_the_draft_then_ends_the_app(make_app, drafts_home, number):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_first_thread(pilot, "Document the new rate limits")
        await pilot.press("c")
        await type_text(pilot, "Typed just before the SSH drop")
        # The app handles the signal (else it would end this test's process too).
        assert signal.getsignal(number) not in (signal.SIG_DFL, signal.SIG_IGN, None)
        os.kill(os.getpid(), number)
        await pilot.pause(0.05)
    assert app.return_code == 128 + number
    assert [d["body"] for d in kept(drafts_home)] == ["Typed just before the SSH drop"]
    assert signal.getsignal(number) in (signal.SIG_DFL, signal.default_int_handler)


async def test_a_restored_reply_has_the_focus_so_typing_goes_into_it(
    make_app, transport, drafts_home
):
    first = make_app()
    async with first.run_test(size=(100, 30)) as pilot:
        await open_first_thread(pilot, "Document the new rate limits")
        await pilot.press("c")
        await type_text(pilot, "Half a thought")
        await pilot.pause(0.6)  # typing pauses: the draft is written
    second = make_app()
    async with second.run_test(size=(100, 30)) as pilot:
        screen = await open_first_thread(pilot, "Document the new rate limits")
        assert second.focused is screen.reply_area
        await pilot.press("x")  # would resolve the thread, were the focus on a message
        await settle(pilot)
        assert screen.reply_area.text == "Half a thoughtx"
        assert not sent(transport, "PUT")


async def test_esc_keeps_an_approval_comment_as_a_draft_and_it_comes_back(
    make_app, transport, drafts_home
):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_change_request(pilot, "Explain when tokens expire")
        await pilot.press("a")
        await settle(pilot)
        assert isinstance(app.screen, ReviewDialog)
        await type_text(pilot, "Looks right, one nit:")
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, ReviewDialog)
        assert [d["body"] for d in kept(drafts_home)] == ["Looks right, one nit:"]
        await pilot.press("a")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, ReviewDialog)
        assert dialog.body.area.text == "Looks right, one nit:"
        assert "Your unsent text from" in on_screen(app)
        await pilot.click("#confirm")
        await settle(pilot)
    assert sent(transport, "POST")[-1].json["comment"] == {"markdown": "Looks right, one nit:"}
    assert not kept(drafts_home)  # sent: the draft is gone


async def test_unsent_drafts_are_listed_in_the_palette_and_marked_in_the_review_queue(
    make_app, drafts_home
):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        thread = await open_first_thread(pilot, "Document the new rate limits")
        await pilot.press("c")
        await type_text(pilot, "A reply I have not sent")
        await pilot.press("escape")  # leaves the box: the draft is written
        await settle(pilot)
        await pilot.press("ctrl+p")
        await settle(pilot)
        await type_text(pilot, "drafts")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, DraftsDialog)
        shown = on_screen(app)
        assert "1 unsent draft" in shown and "A reply I have not sent" in shown
        assert "Reply to Grace Hopper" in shown
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is thread
        app.go_to_location(app.session.places.get("organization", "org-northwind"))
        await settle(pilot)
        await pilot.press("R")
        await settle(pilot)
        assert isinstance(app.screen, ReviewQueueScreen)
        rows = on_screen(app)
        marked = [line for line in rows.splitlines() if "unsent draft" in line]
        assert len(marked) == 1 and "#3 Document the new rate limits" in marked[0]
