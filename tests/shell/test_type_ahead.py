"""Type-ahead: keys pressed while a screen loads act once it is shown, in order."""

from __future__ import annotations

from tui.browse.organization import OrganizationScreen
from tui.browse.organizations import OrganizationsScreen
from tui.review.change_request import ChangeRequestScreen
from tui.review.locations import change_request_location
from tui.shell.navigation import space_location

from ..browse.test_browsing import tree_rows
from ..pilot.fixtures import GatedTransport, settle
from ..pilot.reviewing import find_change_request


def _northwind(request) -> bool:
    return request.url.path.startswith("/v1/orgs/org-northwind")


async def test_five_j_typed_right_after_enter_on_a_slow_organisation_all_move_the_cursor(
    make_app, transport
):
    gated = GatedTransport(transport, hold=lambda request: False)
    app = make_app(transport_override=gated)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        gated.hold = _northwind
        await pilot.press("enter", *"jjjjj")
        screen = app.screen
        assert isinstance(screen, OrganizationScreen)
        assert gated.held >= 1, "the organisation should still be loading"
        gated.gate.set()
        await settle(pilot)
        tree = screen.content_tree
        assert tree.cursor_line == 5
        assert tree.highlighted is not None
        assert tree_rows(tree)[5].endswith(tree.highlighted.title)


async def test_keys_typed_while_a_change_request_loads_move_down_its_tree(make_app, transport):
    gated = GatedTransport(transport, hold=lambda request: False)
    app = make_app(transport_override=gated)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        space, change_request = await find_change_request(
            app.client, "Restructure the Python SDK guide"
        )
        app.session.places.see(space_location(space))
        gated.hold = lambda request: "/change-requests/" in request.url.path
        app.open_location(change_request_location(space, change_request))
        await pilot.press(*"jjj")
        screen = app.screen
        assert isinstance(screen, ChangeRequestScreen)
        assert gated.held >= 1
        gated.gate.set()
        await settle(pilot)
        # The first changed page is selected when the tree is shown; the keys go on from it.
        first = screen.changes.changes[0] if screen.changes else None
        assert first is not None
        rows = tree_rows(screen.change_tree)
        line = next(i for i, row in enumerate(rows) if row.endswith(first.title))
        assert screen.change_tree.cursor_line == line + 3


async def test_escape_while_a_screen_loads_goes_back_at_once_and_forgets_the_keys(
    make_app, transport
):
    gated = GatedTransport(transport, hold=lambda request: False)
    app = make_app(transport_override=gated)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        gated.hold = _northwind
        await pilot.press("enter", "j", "j", "escape")
        assert isinstance(app.screen, OrganizationsScreen)
        gated.gate.set()
        await settle(pilot)
        assert isinstance(app.screen, OrganizationsScreen)
        # The j typed on the organisation's screen did not reach the list of organisations.
        assert app.screen.query_one("#organizations").highlighted == 0


async def test_a_key_a_click_or_the_wheel_makes_the_user_busy_and_hovering_does_not(make_app):
    """What background work gives way to (``DocdeckApp.user_is_busy``): the events as the
    terminal's driver posts them to the app (the pilot's mouse bypasses the app)."""
    from textual import events
    from textual.pilot import _get_mouse_message_arguments

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        where = _get_mouse_message_arguments(app.screen, (10, 5))

        async def terminal_sends(event: events.Event) -> None:
            app.input_at = -1e9  # long ago
            app.post_message(event)
            await pilot.pause()

        await terminal_sends(events.MouseMove(**where))
        assert not app.user_is_busy()
        for event in (
            events.Key("down", None),
            events.MouseDown(**where),
            events.MouseScrollDown(**where),
        ):
            await terminal_sends(event)
            assert app.user_is_busy(), event
