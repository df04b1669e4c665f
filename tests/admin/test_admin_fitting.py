"""The administration at 80 and 160 columns: tables fit the width, long names end in an
ellipsis, empty cells and lists say so, raw API values read as words."""

from __future__ import annotations

from tests.pilot.admin_acting import highlight_row, open_admin
from tests.pilot.fixtures import screen_text, settle
from tui.admin.admin_member import MemberScreen


async def test_at_160_columns_git_sync_shows_space_names_whole_and_says_not_set_up(make_app):
    app = make_app()
    async with app.run_test(size=(160, 45)) as pilot:
        await open_admin(pilot, "git")
        shown = screen_text(app)
        assert "🛫 Deploying to production" in shown
        assert "🎒 Engineering onboarding" in shown
        assert "not set up" in shown


async def test_at_80_columns_members_show_the_sort_column_and_ellipsised_emails(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_admin(pilot, "members")
        lines = screen_text(app).splitlines()
        header = next(line for line in lines if "Name" in line)
        assert "Joined" in header and "Last seen" in header and header.rstrip().endswith("E-mail")
        assert any("d ago" in line and "@" in line for line in lines)
        # A cut e-mail ends in an ellipsis, never bluntly.
        for line in lines:
            if "d ago" in line and "@" in line and "…" not in line:
                assert line.rstrip().endswith((".dev", ".com", ".org", ".io"))


async def test_a_member_without_a_team_says_no_team(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        members = await open_admin(pilot, "members")
        lonely = next(r for r in members.table.shown if r.value.teams == 0)
        await highlight_row(pilot, members, lonely.cells[0].plain)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, MemberScreen)
        shown = screen_text(app)
        assert "Teams (0)" in shown and "No team" in shown


async def test_the_members_list_says_whether_each_member_uses_sso(make_app):
    app = make_app()
    async with app.run_test(size=(160, 45)) as pilot:
        members = await open_admin(pilot, "members")
        header = next(line for line in screen_text(app).splitlines() if "Name" in line)
        assert "SSO" in header
        sso = [r.cells[6] for r in members.table.shown]
        assert set(sso) <= {"yes", "no"} and sso


async def test_a_member_opened_from_access_is_held_by_access(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_admin(pilot)
        access = await open_admin(pilot, "access")
        name = access.table.shown[0].value.member_name
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, MemberScreen)
        crumbs = screen_text(app).splitlines()[0]
        assert f"Administration › Access › {name}" in crumbs


async def test_the_organisation_shows_its_use_and_plan_in_words(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_admin(pilot, "organization")
        shown = screen_text(app)
        assert "Product documentation" in shown
        assert "productDocs" not in shown
