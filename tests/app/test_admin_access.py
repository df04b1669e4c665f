"""Access at a glance: the member-by-space view built a few at a time, "who can edit the API
reference?", the CSV written where asked; a member's own access; a large organisation is
measured before it is built."""

from __future__ import annotations

import csv

import pytest

from tui.dialogs.access_dialogs import ExportCsvForm, WhoCanDialog
from tui.emulator import create_app
from tui.screens.admin_member import MemberScreen
from tui.widgets import TextField

from ..conftest import ORG
from .acting import notifications, on_screen
from .admin_acting import choose, highlight_row, open_admin, rows
from .conftest import paste, settle

EDITORS_AND_ABOVE = {"admin", "create", "review", "edit"}


async def every_member(app):
    client = app.client
    return [
        m
        async for m in client.paginate(
            client.organization_members.list_members_in_organization_by_id, ORG, limit=100
        )
    ]


async def test_who_can_edit_the_api_reference(make_app, transport):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_admin(pilot, "access")
        members = await every_member(app)
        # Members with a role reach every space; a guest, those given to them or their teams.
        reaching = [m for m in members if not m.disabled and (m.role or m.spaces)]
        spaces_requests = [s for s in transport.sent if s.path.endswith("/spaces")]
        # One request per member, each list fitting in a page of 1000 (the probe of the first
        # member's spaces is the cache's answer to the build's first request).
        assert len(spaces_requests) == len(members)
        assert screen.matrix is not None and len(screen.matrix.members) == len(reaching)
        await pilot.press("w")
        await settle(pilot)
        assert isinstance(app.screen, WhoCanDialog)
        await paste(pilot, "API Reference")
        await choose(pilot, "#role", "edit")
        app.screen.submit()
        await settle(pilot)
        api = next(
            s
            for s in (await app.client.spaces.list_spaces_in_organization_by_id(ORG)).items
            if s.title == "API Reference"
        )
        everyone = await app.client.space_permissions.list_permissions_aggregate_in_space(api.id)
        expected = {
            p.user.display_name for p in everyone.items if p.permission in EDITORS_AND_ABOVE
        }
        assert "Noah Williams" in expected  # read in the organization, edit given on the space
        assert set(rows(screen)) == expected
        assert "Sven Lindqvist" not in rows(screen)  # comment only
        assert f"{len(expected)} members can edit on “API Reference”" in on_screen(app)
        await pilot.press("escape")  # the question is dropped, every row is back
        await settle(pilot)
        assert len(screen.table.shown) == len(screen.matrix)


async def test_the_rows_shown_are_written_as_csv_where_asked(make_app, transport, tmp_path):
    app = make_app()
    target = tmp_path / "who-can-edit.csv"
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_admin(pilot, "access")
        await pilot.press("slash")
        await paste(pilot, "Mei Chen")
        await pilot.press("enter")
        await settle(pilot)
        shown = len(screen.table.shown)
        assert shown > 0 and set(rows(screen)) == {"Mei Chen"}
        await pilot.press("x")
        await settle(pilot)
        assert isinstance(app.screen, ExportCsvForm)
        app.screen.query_one("#path", TextField).input.value = str(target)
        app.screen.submit()
        await settle(pilot)
        assert f"Wrote {shown} rows to {target}." in notifications(app)
        with target.open(newline="") as handle:
            lines = list(csv.reader(handle))
        assert lines[0][:5] == ["Member", "E-mail", "Organization role", "Space", "Permission"]
        assert len(lines) == shown + 1
        assert {line[0] for line in lines[1:]} == {"Mei Chen"}
        assert {line[4] for line in lines[1:]} == {"edit"}
        assert target.stat().st_mode & 0o077 == 0  # readable by its owner only


async def test_a_members_own_access_lists_spaces_with_permission_and_teams(make_app, transport):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        members = await open_admin(pilot, "members")
        await highlight_row(pilot, members, "Mei Chen")
        await pilot.press("enter")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, MemberScreen)
        assert rows(screen, "#teams") == ["Docs core"]
        assert "📘 API Reference" in rows(screen, "#spaces")
        shown = on_screen(app)
        assert "Spaces (11)" in shown and "Teams (1)" in shown and "edit" in shown


class TestALargeOrganisation:
    @pytest.fixture
    def service(self, clock):
        return create_app("large", clock=clock)

    async def test_it_says_what_building_takes_and_waits(self, make_app, transport):
        app = make_app()
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await open_admin(pilot, "access", organization="org-globex")
            assert screen.matrix is None
            assert "2000 members in scope: building their access takes about 22,000" in on_screen(
                app
            )
            assert sum(1 for s in transport.sent if s.path.endswith("/spaces")) == 1  # the probe
