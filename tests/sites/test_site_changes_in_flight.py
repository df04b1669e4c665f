"""A change to a site's structure ends when the tree shows the service's answer, whichever load
brings it: a change made from a dialog on a view gone stale unlocks the next one."""

from __future__ import annotations

from tests.pilot.acting import notifications, sent
from tests.pilot.fixtures import settle
from tests.sites.test_editing_sites import highlight, open_site_directly
from tui.api import ResponseCache

STILL_SENDING = "Wait: the last change is still being sent."


async def test_a_change_from_a_dialog_on_a_stale_view_leaves_the_next_change_free(
    make_app, transport
):
    now = [1_000_000.0]
    cache = ResponseCache(ttl=30, clock=lambda: now[0])
    app = make_app(clock=lambda: now[0], client_options={"cache": cache})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_site_directly(pilot)
        await highlight(pilot, screen, "Guides")
        now[0] += 31  # the view is older than the cache keeps answers
        await pilot.press("g")  # a dialog: closing it resumes the site's screen
        await settle(pilot)
        await pilot.press(*"Start here", "enter")
        await settle(pilot)
        assert "Start here" in [n.title for n in screen.outline.walk()]
        await pilot.press("u")
        await settle(pilot)
        assert STILL_SENDING not in notifications(app)
        assert sent(transport, "DELETE")  # the group is gone again
        assert "Start here" not in [n.title for n in screen.outline.walk()]
        assert "Undid: Created the section group Start here." in notifications(app)
        await highlight(pilot, screen, "Guides")
        await pilot.press("J")  # and the change after it goes through too
        await settle(pilot)
        assert STILL_SENDING not in notifications(app)
        assert [n.title for n in screen.outline.children_of(None)] == ["Developers", "Guides"]
