"""The members of an organisation: found by role and by the service's search, sorted; a role
changed, several at once (stopping at a refusal), a member removed."""

from __future__ import annotations

import csv

import httpx

from tests.pilot.acting import notifications, on_screen, sent
from tests.pilot.admin_acting import cells, choose, highlight_row, open_admin, pick, rows
from tests.pilot.fixtures import FailingTransport, paste, settle
from tui.admin.bulk_dialog import BulkDialog
from tui.admin.member_dialogs import RemoveMemberDialog, RoleForm

from ..conftest import ORG

MEMBERS = f"/v1/orgs/{ORG}/members"


def list_requests(transport) -> list[dict[str, list[str]]]:
    return [s.params for s in transport.sent if s.method == "GET" and s.path == MEMBERS]


async def test_the_role_filter_shows_every_editor_and_sorting_asks_the_service(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_admin(pilot, "members")
        assert len(rows(screen)) == 25
        await pilot.press("f")
        await pick(pilot, "Edit")
        assert list_requests(transport)[-1]["role"] == ["edit"]
        shown = rows(screen)
        assert len(shown) == 7 and "Mei Chen" in shown
        assert all(cells(screen, r.key)[1] == "edit" for r in screen.table.shown)
        assert "7 members · role edit" in screen.query_one("StatusLine").render().plain
        await pilot.press("s")
        await settle(pilot)
        assert list_requests(transport)[-1]["sort"] == ["lastSeenAt"]
        await pilot.press("O")
        await settle(pilot)
        assert list_requests(transport)[-1]["order"] == ["asc"]
        assert list_requests(transport)[-1]["role"] == ["edit"]


async def test_a_search_is_one_request_to_the_service(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_admin(pilot, "members")
        before = len(list_requests(transport))
        await pilot.press("slash")
        await paste(pilot, "northwind.dev")
        await pilot.pause(0.3)
        await settle(pilot)
        searches = list_requests(transport)[before:]
        assert [s["search"] for s in searches] == [["northwind.dev"]]
        assert "Ben Carter" not in rows(screen) and "Mei Chen" in rows(screen)


async def test_a_role_changed_shows_in_the_list(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_admin(pilot, "members")
        await highlight_row(pilot, screen, "Mei Chen")
        await pilot.press("e")
        await settle(pilot)
        assert isinstance(app.screen, RoleForm)
        await choose(pilot, "#role", "review")
        await pilot.press("enter")  # the role chosen, the focus is on Change role
        await settle(pilot)
        [patch] = sent(transport, "PATCH")
        assert patch.json == {"role": "review"}
        assert cells(screen, patch.path.rsplit("/", 1)[1])[1] == "review"
        assert "Mei Chen now has the review role." in notifications(app)


async def test_a_guest_is_sent_as_a_null_role(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_admin(pilot, "members")
        await highlight_row(pilot, screen, "Zoe Park")
        await pilot.press("e")
        await settle(pilot)
        await choose(pilot, "#role", "guest")
        app.screen.submit()
        await settle(pilot)
        assert [p.json for p in sent(transport, "PATCH")] == [{"role": None}]
        assert cells(screen, sent(transport, "PATCH")[0].path.rsplit("/", 1)[1])[1] == "guest"


async def test_a_bulk_role_change_stops_at_the_refusal_and_says_what_was_applied(
    make_app, transport
):
    refused: list[str] = []

    def fail(request: httpx.Request) -> httpx.Response | None:
        if request.method == "PATCH" and not refused and len(sent(transport, "PATCH")) == 1:
            refused.append(request.url.path)
            message = "Hana Kobayashi is on leave: her role cannot change."
            return httpx.Response(400, json={"error": {"code": 400, "message": message}})
        return None

    app = make_app(transport_override=FailingTransport(transport, fail=fail))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_admin(pilot, "members")
        await pilot.press("f")
        await pick(pilot, "Edit")
        await highlight_row(pilot, screen, "Rahul Mehta")
        await pilot.press("space", "down", "space", "space")  # Rahul, Hana, Jonas (Ingrid skipped)
        assert [m.user.display_name for m in screen.marked] == [
            "Rahul Mehta",
            "Hana Kobayashi",
            "Jonas Becker",
        ]
        await pilot.press("e")
        await settle(pilot)
        assert isinstance(app.screen, BulkDialog)
        await choose(pilot, "#role", "review")
        app.screen.submit()
        await settle(pilot)
        assert [p.json for p in sent(transport, "PATCH")] == [{"role": "review"}]  # Rahul only
        report = on_screen(app)
        assert "Changed 1 of 3: Rahul Mehta." in report
        assert "Refused for Hana Kobayashi: Invalid request: Hana Kobayashi is on leave" in report
        assert "Not tried (1): Jonas Becker." in report
        await pilot.press("enter")  # Close
        await settle(pilot)
        assert app.screen is screen
        # Reloaded: Rahul is no longer an editor, the others still are.
        assert "Rahul Mehta" not in rows(screen) and "Hana Kobayashi" in rows(screen)
        assert screen.marked == []


async def test_removing_a_member_asks_for_their_name_and_cancelling_sends_nothing(
    make_app, transport
):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_admin(pilot, "members")
        await highlight_row(pilot, screen, "Sven Lindqvist")
        await pilot.press("d")
        await settle(pilot)
        assert isinstance(app.screen, RemoveMemberDialog)
        shown = on_screen(app)
        assert "Removing Sven Lindqvist (sven@northwind.dev) takes away their comment role" in shown
        assert "their place in 1 team (Support)" in shown
        await pilot.press("escape")
        await settle(pilot)
        assert sent(transport, "DELETE") == []
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("enter")  # the name is not typed: nothing happens
        await settle(pilot)
        assert sent(transport, "DELETE") == []
        await paste(pilot, "sven lindqvist")
        await pilot.press("enter")
        await settle(pilot)
        [delete] = sent(transport, "DELETE")
        assert delete.path.startswith(f"{MEMBERS}/")
        assert "Sven Lindqvist" not in rows(screen)
        assert len(rows(screen)) == 24


async def test_h_tells_the_organisation_you_are_here_and_the_list_reads_it_again(
    make_app, transport
):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_admin(pilot, "members")
        before = len(list_requests(transport))
        await pilot.press("h")
        await settle(pilot)
        [ping] = sent(transport, "POST")
        assert ping.path == f"/v1/orgs/{ORG}/ping"
        assert len(list_requests(transport)) == before + 1
        assert "Your last seen is now." in notifications(app)
        assert rows(screen)


async def test_h_sends_nothing_in_read_only_mode(make_app, transport):
    app = make_app(read_only=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_admin(pilot, "members")
        await pilot.press("h")
        await settle(pilot)
        assert sent(transport, "POST") == []


async def test_the_members_the_filters_keep_are_written_as_csv(make_app, transport, tmp_path):
    from tui.admin.access_dialogs import ExportCsvForm
    from tui.widgets import TextField

    app = make_app()
    target = tmp_path / "editors.csv"
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_admin(pilot, "members")
        await pilot.press("f")
        await pick(pilot, "Edit")
        shown = rows(screen)
        await pilot.press("x")
        await settle(pilot)
        assert isinstance(app.screen, ExportCsvForm)
        assert "role edit" in on_screen(app)  # the filters in force are named
        app.screen.query_one("#path", TextField).input.value = str(target)
        app.screen.submit()
        await settle(pilot)
        assert f"Wrote {len(shown)} members to {target}." in notifications(app)
        # The whole list the filter keeps, in one request of the service's largest page.
        assert list_requests(transport)[-1]["role"] == ["edit"]
        assert list_requests(transport)[-1]["limit"] == ["1000"]
    with target.open(newline="") as handle:
        lines = list(csv.reader(handle))
    assert lines[0][:3] == ["Name", "E-mail", "Organization role"]
    assert {line[0] for line in lines[1:]} == set(shown)
    assert {line[2] for line in lines[1:]} == {"edit"}
    assert target.stat().st_mode & 0o077 == 0  # readable by its owner only


async def test_adding_a_member_to_a_team_they_are_in_sends_nothing_and_says_so(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_admin(pilot, "members")
        await highlight_row(pilot, screen, "Mei Chen")
        writes = len([s for s in transport.sent if s.method != "GET"])
        await pilot.press("t")
        await settle(pilot)
        await pick(pilot, "Docs core")
        assert "Mei Chen is already in Docs core: nothing was sent." in notifications(app)
        assert not [n for n in notifications(app) if n.startswith("Added")]
        assert len([s for s in transport.sent if s.method != "GET"]) == writes
