"""Comment threads: replies that are never lost, drafts across restarts, the thread's actions."""

from __future__ import annotations

import httpx
from textual.widgets import Static, TextArea

from tests.pilot.acting import notifications, on_screen, sent
from tests.pilot.fixtures import FailingTransport, settle
from tests.pilot.reviewing import drafts_home, open_change_request, type_text
from tui.review.comment_form import EditMessageDialog
from tui.review.thread import MessageBox, ThreadScreen
from tui.review.thread_forms import DeleteMessageDialog, ReactionPicker

__all__ = ["drafts_home"]


async def open_first_thread(pilot, subject: str) -> ThreadScreen:
    await open_change_request(pilot, subject)
    await pilot.press("t")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, ThreadScreen)
    return screen


def messages(screen: ThreadScreen) -> list[str]:
    return [
        " ".join(str(box.query_one(".message-heading", Static).render()).split())
        + " | "
        + (box.message.body.markdown or "")
        for box in screen.query(MessageBox)
    ]


def status(screen: ThreadScreen) -> str:
    return " ".join(str(screen.query_one("#reply-status", Static).render()).split())


async def test_a_refused_reply_stays_in_its_box_with_the_message_then_is_sent(make_app, transport):
    refusals = []

    def refuse_once(request: httpx.Request) -> httpx.Response | None:
        if request.method == "POST" and request.url.path.endswith("/replies") and not refusals:
            refusals.append(request)
            return httpx.Response(
                409, json={"error": {"code": 409, "message": "The thread is being moved."}}
            )
        return None

    app = make_app(transport_override=FailingTransport(transport, fail=refuse_once))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_first_thread(pilot, "Explain when tokens expire")
        assert messages(screen)[0].startswith("Ada Lovelace · ")
        await pilot.press("c")
        assert isinstance(app.focused, TextArea)
        await type_text(pilot, "Updated from main: [/] done.")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert refusals
        assert "Not sent." in status(screen) and "The thread is being moved." in status(screen)
        assert screen.reply_area.text == "Updated from main: [/] done."
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert screen.reply_area.text == ""
        assert messages(screen)[-1].endswith("| Updated from main: [/] done.")
        assert "Updated from main: [/] done." in on_screen(app)  # shown as written
        replies = [s for s in sent(transport, "POST") if s.path.endswith("/replies")]
        assert [r.json for r in replies] == [{"body": {"markdown": "Updated from main: [/] done."}}]


async def test_a_draft_reply_survives_an_app_restart(make_app, drafts_home):
    first = make_app()
    async with first.run_test(size=(100, 30)) as pilot:
        await open_first_thread(pilot, "Document the new rate limits")
        await pilot.press("c")
        await type_text(pilot, "Half a thought about bursts")
        await pilot.pause(0.6)  # typing pauses: the draft is written
        # The app ends here without sending, as a crash or a closed terminal would.
    assert list(drafts_home.rglob("*.json"))

    second = make_app()
    async with second.run_test(size=(100, 30)) as pilot:
        screen = await open_first_thread(pilot, "Document the new rate limits")
        assert screen.reply_area.text == "Half a thought about bursts"
        assert "Your unsent reply from" in status(screen)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert messages(screen)[-1].endswith("| Half a thought about bursts")
    assert not list(drafts_home.rglob("*.json"))  # sent: the draft is gone


async def test_resolve_react_edit_and_delete_in_a_thread(make_app, transport):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_first_thread(pilot, "Document the new rate limits")
        await pilot.press("x")
        await settle(pilot)
        puts = [s for s in sent(transport, "PUT")]
        assert puts[-1].json == {"resolved": True}
        assert "✓ resolved" in str(screen.query_one("#thread-header", Static).render())

        await pilot.press("plus")
        await settle(pilot)
        assert isinstance(app.screen, ReactionPicker)
        await pilot.press("down", "down", "down", "enter")  # 🎉
        await settle(pilot)
        assert sent(transport, "PUT")[-1].json == {"addedReactions": ["🎉"]}
        assert "🎉 1" in messages_reactions(screen)

        await pilot.press("c")
        await type_text(pilot, "A first wording")
        await pilot.press("ctrl+s")
        await settle(pilot)
        boxes = list(screen.query(MessageBox))
        boxes[-1].focus()
        await pilot.press("e")
        await settle(pilot)
        assert isinstance(app.screen, EditMessageDialog)
        app.screen.body.area.text = "A better wording"
        await pilot.click("#confirm")
        await settle(pilot)
        assert sent(transport, "PUT")[-1].json == {"body": {"markdown": "A better wording"}}
        assert messages(screen)[-1].endswith("| A better wording")

        list(screen.query(MessageBox))[-1].focus()
        await pilot.press("d")
        await settle(pilot)
        assert isinstance(app.screen, DeleteMessageDialog)
        assert "The reply is removed for everyone. This cannot be undone." in on_screen(app)
        await pilot.click("#confirm")
        await settle(pilot)
        assert sent(transport, "DELETE")[-1].path.rsplit("/", 2)[-2] == "replies"
        assert not any(m.endswith("| A better wording") for m in messages(screen))


def messages_reactions(screen: ThreadScreen) -> str:
    return " ".join(
        str(box.query_one(".message-reactions", Static).render())
        for box in screen.query(MessageBox)
        if box.query(".message-reactions")
    )


async def test_t_walks_the_open_threads_then_on_to_the_next_change_request_of_the_queue(
    make_app,
):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # Northwind Labs
        await settle(pilot)
        await pilot.press("R")  # its review queue: #3 Document the new rate limits first
        await settle(pilot)
        await pilot.press("t")
        await settle(pilot)
        seen = []
        for _ in range(3):
            screen = app.screen
            assert isinstance(screen, ThreadScreen)
            holder = app.session.places.get(*screen.location.parent)
            seen.append((holder.title, screen.comment_id))
            await pilot.press("t")
            await settle(pilot)
        assert [title for title, _ in seen] == [
            "#3 Document the new rate limits",
            "#3 Document the new rate limits",
            "#1 Add a rollback checklist",
        ]
        assert len({comment for _, comment in seen}) == 3


async def test_t_on_the_last_open_thread_says_there_is_no_other(make_app):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_change_request(pilot, "Add a rollback checklist")
        await pilot.press("t")  # its one open thread
        await settle(pilot)
        thread = app.screen
        assert isinstance(thread, ThreadScreen)
        await pilot.press("t")
        await settle(pilot)
        assert app.screen is thread
        assert "No other unresolved thread left here." in notifications(app)
        assert [n.title for n in app._notifications][-1] == "No other open thread"
        assert screen is not thread
