"""The organisation itself: its settings with their limits, e-mail domains, organisations found
by e-mail domain (invite links have their own view: test_admin_invites.py)."""

from __future__ import annotations

from textual.widgets import Checkbox

from tests.pilot.acting import on_screen, sent
from tests.pilot.admin_acting import open_admin
from tests.pilot.fixtures import paste, settle
from tui.browse.organization import OrganizationScreen
from tui.widgets.checked_fields import AreaField, CheckedField

from ..conftest import ORG


async def test_settings_keep_their_limits_and_send_only_what_changed(make_app, transport):
    app = make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await open_admin(pilot, "organization")
        assert "Invite links on" in on_screen(app)
        await pilot.press("e")
        await settle(pilot)
        form = app.screen
        form.query_one("#title", CheckedField).input.value = "N"
        form.query_one("#invite-links", Checkbox).value = False
        await pilot.pause()
        form.submit()
        await settle(pilot)
        assert sent(transport, "PATCH") == []
        assert form.query_one("#title", CheckedField).error == "Title takes at least 2 characters."
        form.query_one("#title", CheckedField).input.value = "Northwind Labs"
        form.submit()
        await settle(pilot)
        assert [p.json for p in sent(transport, "PATCH")] == [{"inviteLinks": False}]
        assert app.screen is screen
        assert "Invite links off" in on_screen(app)


async def test_email_domains_are_checked_then_saved(make_app, transport):
    app = make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        await open_admin(pilot, "organization")
        await pilot.press("m")
        await settle(pilot)
        area = app.screen.query_one("#domains", AreaField)
        area.area.text = "northwind.dev\nhttps://northwind.io"
        app.screen.submit()
        await settle(pilot)
        assert sent(transport, "PATCH") == []
        assert "is not a domain" in area.error
        area.area.text = "northwind.dev\nNorthwind.io"
        app.screen.submit()
        await settle(pilot)
        assert [p.json for p in sent(transport, "PATCH")] == [
            {"emailDomains": ["northwind.dev", "northwind.io"]}
        ]


async def test_organisations_are_found_by_email_domain_and_opened(make_app, transport):
    app = make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        await open_admin(pilot, "organization")
        await pilot.press("F")
        await settle(pilot)
        await paste(pilot, "northwind.dev")
        await pilot.press("enter")
        await settle(pilot)
        assert "1 organisation for northwind.dev" in on_screen(app)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, OrganizationScreen)
        assert app.screen.organization_id == ORG
