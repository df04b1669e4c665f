"""Access at a glance: the member-by-space view built a few at a time, "who can edit the API
reference?", the CSV written where asked; a member's own access; a large organisation is
measured before it is built."""

from __future__ import annotations

import asyncio
import csv

import httpx
import pytest

import tui.app
from tests.pilot.acting import notifications, on_screen
from tests.pilot.admin_acting import choose, highlight_row, open_admin, rows
from tests.pilot.fixtures import paste, settle
from tui.admin.access_dialogs import ExportCsvForm, WhoCanDialog
from tui.admin.admin_access import PARALLEL
from tui.admin.admin_member import MemberScreen
from tui.widgets import ItemList, TextField

from ..conftest import ORG, fresh_service

EDITORS_AND_ABOVE = {"admin", "create", "review", "edit"}


async def every_member(app):
    client = app.client
    return [
        m
        async for m in client.paginate(
            client.organization_members.list_members_in_organization_by_id, ORG, limit=100
        )
    ]


async def every_space(app, organization=ORG):
    client = app.client
    return [
        s
        async for s in client.paginate(
            client.spaces.list_spaces_in_organization_by_id, organization, limit=100
        )
    ]


def aggregate_requests(transport):
    return [s for s in transport.sent if s.path.endswith("/permissions/aggregate")]


async def test_who_can_edit_the_api_reference(make_app, transport):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_admin(pilot, "access")
        members = await every_member(app)
        spaces = await every_space(app)
        reaching = [m for m in members if m.role and not m.disabled]
        # One request per space (each answer fitting in a page of 1000), none per member.
        assert len(aggregate_requests(transport)) == len(spaces)
        assert not [
            s for s in transport.sent if s.path.endswith(f"/members/{members[0].id}/spaces")
        ]
        assert screen.build is not None and screen.build.finished
        assert {r.member_id for r in screen.build.shown} >= {m.user.id for m in reaching}
        await pilot.press("w")
        await settle(pilot)
        assert isinstance(app.screen, WhoCanDialog)
        await paste(pilot, "API Reference")
        await choose(pilot, "#role", "edit")
        app.screen.submit()
        await settle(pilot)
        expected = {m.user.display_name for m in reaching if m.role in EDITORS_AND_ABOVE}
        # A reader given edit on the space directly: the effective permission counts.
        assert set(rows(screen)) == expected | {"Noah Williams"}
        assert "Sven Lindqvist" not in rows(screen)  # comment only
        assert {r.space_title for r in screen.build.shown} == {
            "API Reference",
            "API Reference (fr)",
        }
        assert all(r.grants("edit") for r in screen.build.shown)
        members_can = len({r.member_id for r in screen.build.shown})
        assert f"{members_can} members can edit on “API Reference”" in on_screen(app)
        await pilot.press("escape")  # the question is dropped, every row is back
        await settle(pilot)
        assert len(screen.table.shown) == screen.build.rows
        assert {r.member_id for r in screen.build.shown} >= {m.user.id for m in reaching}


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


async def until(pilot, condition, rounds=2000):
    """Pause until ``condition()`` holds (a build streams: settling would wait for its end)."""
    for _ in range(rounds):
        if condition():
            return
        await pilot.pause(0.01)
    raise AssertionError("it never happened")


async def build_globex_admins(pilot):
    """Globex's access view, built for the admin permission as a user asks: ``f``, then Enter
    on "Admin" (not the picker's helper, which settles: that would wait for the whole build)."""
    screen = await open_admin(pilot, "access", organization="org-globex")
    await pilot.press("f")
    await settle(pilot)
    listing = pilot.app.screen.query_one(ItemList)
    listing.highlighted = next(
        i for i, e in enumerate(listing.entries) if e.prompt.plain.lstrip().startswith("Admin")
    )
    await pilot.press("enter")
    return screen


class TestALargeOrganisation:
    @pytest.fixture
    def service(self, clock):
        return fresh_service("large", clock)

    async def test_it_says_what_building_takes_and_waits(self, make_app, transport):
        app = make_app()
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await open_admin(pilot, "access", organization="org-globex")
            assert screen.build is None
            assert (
                "10,001 spaces: building everyone's access takes about 20,002 requests"
                in on_screen(app)
            )
            assert not aggregate_requests(transport)
            assert not [s for s in transport.sent if "/members/" in s.path]

    async def test_while_keys_come_the_build_asks_one_space_at_a_time(
        self, make_app, transport, monkeypatch
    ):
        in_flight = 0
        sent: list[tuple[bool, int]] = []  # each aggregate request: user busy? others asked
        inner = transport.inner

        class Counting(httpx.AsyncBaseTransport):
            async def handle_async_request(self, request):
                nonlocal in_flight
                if not request.url.path.endswith("/permissions/aggregate"):
                    return await inner.handle_async_request(request)
                sent.append((app.user_is_busy(), in_flight))
                in_flight += 1
                try:
                    await asyncio.sleep(0.001)  # on its way, as over a network
                    return await inner.handle_async_request(request)
                finally:
                    in_flight -= 1

        transport.inner = Counting()
        app = make_app()
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await build_globex_admins(pilot)
            # The keys that started the build are a moment old: nobody is typing.
            await until(pilot, lambda: not app.user_is_busy() and screen.build.spaces_done >= 6)
            done = screen.build.spaces_done
            await until(pilot, lambda: screen.build.spaces_done >= done + 4)
            monkeypatch.setattr(tui.app, "INPUT_RECENT", 600.0)  # busy from here to the end
            await pilot.press("down")
            await until(pilot, lambda: sum(busy for busy, _ in sent) >= PARALLEL + 8)
            await pilot.press("escape")
        before = [others for busy, others in sent if not busy]
        after = [others for busy, others in sent if busy]
        assert max(before) > 0  # several spaces at once while the user reads
        # Once the build has seen the key (at most a window asked meanwhile), one at a time.
        assert [n for n in after[PARALLEL:] if n] == []

    async def test_one_permission_streams_in_keys_answer_and_esc_stops_it(
        self, make_app, transport, tmp_path
    ):
        app = make_app()
        target = tmp_path / "admins.csv"
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await build_globex_admins(pilot)
            # Rows are drawn while the build goes on, with how far it is.
            await until(pilot, lambda: screen.build.spaces_done >= 6)
            assert screen.building
            assert len(screen.table.shown) > 0
            await until(pilot, lambda: "Esc stops" in on_screen(app))
            assert " of 10,001 spaces · " in on_screen(app)
            # The keys answer meanwhile.
            row = screen.table.cursor_row
            await pilot.press("down")
            await pilot.pause()
            assert screen.table.cursor_row == row + 1
            await pilot.press("escape")
            await pilot.pause()
            assert not screen.building and screen.build.stopped
            done = screen.build.spaces_done
            assert done < 10_001
            assert f"Stopped at {done:,} of 10,001 spaces" in on_screen(app)
            asked = aggregate_requests(transport)
            await settle(pilot)
            assert len(aggregate_requests(transport)) == len(asked)  # nothing more is asked
            assert done <= len(asked) <= done + 4  # one request a space (some were in flight)
            assert {tuple(s.params["role"]) for s in asked} == {("admin",)}
            rows_built = screen.build.rows
            # The rows so far can be written: every one, whichever were drawn.
            await pilot.press("x")
            await settle(pilot)
            assert isinstance(app.screen, ExportCsvForm)
            app.screen.query_one("#path", TextField).input.value = str(target)
            app.screen.submit()
            await settle(pilot)
            assert f"Wrote {rows_built:,} rows to {target}." in notifications(app)
        with target.open(newline="") as handle:
            lines = list(csv.reader(handle))
        assert len(lines) == rows_built + 1
        assert {line[4] for line in lines[1:]} == {"admin"}
        assert len({line[6] for line in lines[1:]}) == done
