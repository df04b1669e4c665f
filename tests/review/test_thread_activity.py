"""An open thread looks for changes by itself, and marks the messages posted since one looked."""

from __future__ import annotations

from datetime import UTC, datetime

from textual.widgets import Static

from tests.pilot.acting import sent
from tests.pilot.fixtures import settle
from tests.pilot.reviewing import drafts_home
from tui.review.logic.activity import SeenStore, new_since
from tui.review.thread import MessageBox, ThreadScreen

from .test_review_threads import open_first_thread

__all__ = ["drafts_home"]


def headings(screen: ThreadScreen) -> list[str]:
    return [
        " ".join(str(box.query_one(".message-heading", Static).render()).split())
        for box in screen.query(MessageBox)
    ]


async def a_colleague_replies(connect, screen: ThreadScreen, words: str) -> None:
    grace = connect("demo-editor")  # Grace Hopper
    scope = screen.scope
    await grace.change_request_comments.post_comment_reply_in_change_request(
        scope.space_id, scope.change_request_id, screen.comment_id, body=words
    )


async def test_a_colleagues_reply_appears_in_the_open_thread_without_a_key_marked_new(
    make_app, connect, transport
):
    app = make_app()
    async with app.run_test(size=(100, 34)) as pilot:
        screen = await open_first_thread(pilot, "Document the new rate limits")
        shown = len(headings(screen))
        assert not any("● new" in h for h in headings(screen))
        assert screen.activity.armed  # it looks by itself

        asked = len(sent(transport, "GET"))
        screen.activity.look_now()  # nothing happened: one small request, nothing read again
        await settle(pilot)
        assert len(sent(transport, "GET")) == asked + 1
        assert screen.activity.delay == 2 * screen.activity.schedule.interval

        await a_colleague_replies(connect, screen, "Jitter is on by default since 2.3.")
        screen.activity.look_now()
        await settle(pilot)
        assert len(headings(screen)) == shown + 1
        assert "● new" in headings(screen)[-1]
        assert not any("● new" in h for h in headings(screen)[:-1])
        assert screen.activity.delay == screen.activity.schedule.interval  # it changed


async def test_my_own_reply_is_never_marked_new(make_app):
    from tests.pilot.reviewing import type_text

    app = make_app()
    async with app.run_test(size=(100, 34)) as pilot:
        screen = await open_first_thread(pilot, "Document the new rate limits")
        await pilot.press("c")
        await type_text(pilot, "Agreed.")
        await pilot.press("ctrl+s")
        await settle(pilot)
        screen.activity.look_now()
        await settle(pilot)
        assert "Agreed." in (screen.query(MessageBox).last().message.body.markdown or "")
        assert not any("● new" in h for h in headings(screen))


async def test_a_thread_opened_again_marks_what_was_posted_since_even_after_a_restart(
    make_app, connect, tmp_path
):
    store = SeenStore(tmp_path / "seen.json")
    app = make_app(seen_store=store)
    async with app.run_test(size=(100, 34)) as pilot:
        screen = await open_first_thread(pilot, "Document the new rate limits")
        before = len(headings(screen))
        await a_colleague_replies(connect, screen, "One more thing about the headers.")
    again = make_app(seen_store=SeenStore(store.path))
    async with again.run_test(size=(100, 34)) as pilot:
        screen = await open_first_thread(pilot, "Document the new rate limits")
        marks = ["● new" in h for h in headings(screen)]
        assert marks == [False] * before + [True]
    # Seen now: a third visit marks nothing.
    third = make_app(seen_store=SeenStore(store.path))
    async with third.run_test(size=(100, 34)) as pilot:
        screen = await open_first_thread(pilot, "Document the new rate limits")
        assert not any("● new" in h for h in headings(screen))


def at(day: int) -> datetime:
    return datetime(2026, 11, day, tzinfo=UTC)


def test_new_since_marks_others_messages_posted_after_the_last_look():
    messages = [("c1", at(1), "u-grace"), ("r1", at(5), "u-grace"), ("r2", at(6), "u-ada")]
    assert new_since(messages, at(3), me="u-ada") == {"r1"}  # r2 is mine
    assert new_since(messages, at(6), me="u-ada") == set()
    assert new_since(messages, None, me="u-ada") == set()  # never seen: where one starts


def test_threads_seen_are_kept_beside_the_change_requests_and_alone_are_not_a_first_look(
    tmp_path,
):
    from tui.review.logic.activity import Facts

    store = SeenStore(tmp_path / "seen.json")
    store.see_thread("s/cr/c1", at(5))
    assert not store.exists()  # the queue's first look still starts from what it shows
    assert SeenStore(store.path).thread_seen_at("s/cr/c1") == at(5)
    store.save({"s/cr": Facts(status="open")})
    store.see_thread("s/cr/c1", at(4))  # older: nothing moves back
    again = SeenStore(store.path)
    assert again.exists() and again.load() == {"s/cr": Facts(status="open")}
    assert again.thread_seen_at("s/cr/c1") == at(5)
    assert SeenStore(None).thread_seen_at("s/cr/c1") is None
