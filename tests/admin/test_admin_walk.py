"""What a walk through the administration at 80×24 found (issue 17, section 3): a bulk report
that scrolls, a preview before a bulk role change, dialogs that open where the focus shows,
nothing said by colour alone, status lines that fit."""

from __future__ import annotations

import httpx

from tests.pilot.acting import notifications, on_screen, sent
from tests.pilot.admin_acting import choose, highlight_row, open_admin, pick
from tests.pilot.fixtures import FailingTransport, settle
from tui.admin.bulk_dialog import BulkDialog

LONG_REFUSAL = "Hana Kobayashi is on leave: her role cannot change. " * 12


async def test_a_long_bulk_report_scrolls_to_the_members_not_tried(make_app, transport):
    def fail(request: httpx.Request) -> httpx.Response | None:
        if request.method == "PATCH" and len(sent(transport, "PATCH")) == 1:
            return httpx.Response(400, json={"error": {"code": 400, "message": LONG_REFUSAL}})
        return None

    app = make_app(transport_override=FailingTransport(transport, fail=fail))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_admin(pilot, "members")
        await pilot.press("f")
        await pick(pilot, "Edit")
        await highlight_row(pilot, screen, "Rahul Mehta")
        await pilot.press(*["space"] * 4)
        await pilot.press("e")
        await settle(pilot)
        assert isinstance(app.screen, BulkDialog)
        await choose(pilot, "#role", "review")
        app.screen.submit()
        await settle(pilot)
        report = on_screen(app)
        assert "Changed 1 of 4: Rahul Mehta." in report
        assert "Stopped at the first refusal: 1 change made." in report
        assert app.focused is not None and app.focused.id == "confirm"  # Close
        await pilot.press("pagedown", "pagedown")
        await settle(pilot)
        assert "Not tried (2): Hana Kobayashi and Jonas Becker." in on_screen(app)
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen


async def test_a_bulk_role_change_shows_each_role_and_warns_before_demoting_every_admin(
    make_app, transport
):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_admin(pilot, "members")
        await pilot.press("f")
        await pick(pilot, "Admin")
        await pilot.press("space", "space")  # Ada (the caller) and Margaret: every admin
        await pilot.press("e")
        await settle(pilot)
        assert isinstance(app.screen, BulkDialog)
        shown = on_screen(app)
        assert "Ada Lovelace (you): admin → read" in shown
        assert "Margaret Hamilton: admin → read" in shown
        assert "Warning: You lose the admin role" in shown
        assert "Warning: This demotes every admin of the organisation" in shown
        await choose(pilot, "#role", "admin")
        shown = on_screen(app)
        assert "Ada Lovelace (you): admin, no change" in shown
        assert "Warning" not in shown
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen
        assert sent(transport, "PATCH") == []


async def test_the_bulk_toast_names_the_new_role(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_admin(pilot, "members")
        await highlight_row(pilot, screen, "Noah Williams")
        await pilot.press("space", "space")  # Noah, Ingrid… whoever follows
        await pilot.press("e")
        await settle(pilot)
        await choose(pilot, "#role", "comment")
        app.screen.submit()
        await settle(pilot)
        assert any(
            n.startswith("Changed 2 members to the comment role: Noah Williams")
            for n in notifications(app)
        )


async def test_destructive_dialogs_open_on_cancel_and_enter_alone_changes_nothing(
    make_app, transport
):
    from tests.sites.test_editing_sites import open_site_directly

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        teams = await open_admin(pilot, "teams")
        await highlight_row(pilot, teams, "Design")
        await pilot.press("enter")
        await settle(pilot)
        await highlight_row(pilot, app.screen, "Ben Carter", "#members")
        await pilot.press("d")
        await settle(pilot)
        assert "Take Ben Carter out of Design?" in on_screen(app)
        assert app.focused is not None and app.focused.id == "cancel"
        await pilot.press("enter")
        await settle(pilot)
        # The claim removal of a site's audience.
        await open_site_directly(pilot)
        await pilot.press("3")
        await settle(pilot)
        await pilot.press("d")
        await settle(pilot)
        assert "Remove the claim" in on_screen(app)
        assert app.focused is not None and app.focused.id == "cancel"
        await pilot.press("enter")
        await settle(pilot)
        assert [s.method for s in transport.sent if s.method != "GET"] == []


async def test_a_single_role_change_opens_on_its_role_drawn_as_the_cursor(make_app, transport):
    from textual.widgets import Select
    from textual.widgets._select import SelectCurrent

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_admin(pilot, "members")
        await highlight_row(pilot, screen, "Mei Chen")
        await pilot.press("e")
        await settle(pilot)
        assert isinstance(app.focused, Select)
        current = app.focused.query_one(SelectCurrent)
        assert current.rich_style.bgcolor != app.screen.query_one(".dialog").rich_style.bgcolor


# -- nothing said by colour alone (NO_COLOR, GNU screen) ---------------------------------------


async def test_under_no_color_a_tick_box_shows_whether_it_is_ticked(
    make_app, transport, monkeypatch
):
    from textual.widgets import Checkbox

    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        await open_admin(pilot, "organization")
        await pilot.press("e")
        await settle(pilot)
        form = app.screen
        form.query_one("#sso", Checkbox).value = False
        form.query_one("#invite-links", Checkbox).value = True
        await pilot.pause()
        sso = form.query_one("#sso", Checkbox).render().plain
        links = form.query_one("#invite-links", Checkbox).render().plain
        assert sso.startswith("▐ ▌ SSO enforced")
        assert links.startswith("▐X▌ Invite links")


async def test_under_no_color_a_disabled_member_says_so_in_words(make_app, transport, monkeypatch):
    from tests.pilot.admin_acting import cells

    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_admin(pilot, "members")
        ingrid = next(m for m in screen.table.records if m.cells[0].plain == "Ingrid Solberg")
        assert cells(screen, ingrid.key)[3] == "disabled"
        rahul = next(m for m in screen.table.records if m.cells[0].plain == "Rahul Mehta")
        assert cells(screen, rahul.key)[3].endswith("ago")


async def test_a_form_refused_before_sending_names_the_field_to_correct(make_app, transport):
    from tui.widgets.checked_fields import CheckedField

    app = make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        await open_admin(pilot, "organization")
        await pilot.press("e")
        await settle(pilot)
        form = app.screen
        form.query_one("#title", CheckedField).input.value = "N"
        form.submit()
        await settle(pilot)
        assert 'Nothing was sent: correct the field "Title".' in on_screen(app)
        assert sent(transport, "PATCH") == []


async def test_the_access_views_status_line_keeps_its_answer_whole_at_80_columns(
    make_app, transport
):
    from tests.pilot.fixtures import paste, screen_text
    from tui.widgets import StatusLine

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_admin(pilot, "access")
        await pilot.press("w")
        await settle(pilot)
        await paste(pilot, "Python SDK")
        await choose(pilot, "#role", "edit")
        app.screen.submit()
        await settle(pilot)
        status = screen.query_one(StatusLine)
        line = next(line for line in screen_text(app).splitlines() if "members can" in line)
        said = status.render().plain
        assert said.startswith("demo · ")  # the host gave way
        assert said.endswith(f"{screen.build.requests} requests")
        assert said.strip() in line  # whole on the screen, not cut
        assert "members can edit on “Python SDK”" in said


async def test_one_organisation_is_counted_in_the_singular(make_app, transport):
    from tui.browse.organizations import OrganizationsScreen
    from tui.widgets import StatusLine

    app = make_app("demo-reader")  # a member of Northwind only
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, OrganizationsScreen)
        assert screen.query_one(StatusLine).render().plain.endswith(" · 1 organisation")


async def test_the_keys_of_the_members_say_that_space_selects_several(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 40)) as pilot:
        await open_admin(pilot, "members")
        await pilot.press("question_mark")
        await settle(pilot)
        assert "space Select several" in on_screen(app)
