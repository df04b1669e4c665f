"""Teams: created with members, a member added and removed, a team role changed, several at once."""

from __future__ import annotations

from tests.pilot.acting import notifications, on_screen, sent
from tests.pilot.admin_acting import cells, highlight_row, open_admin, pick, rows
from tests.pilot.fixtures import paste, settle
from tui.admin.admin_team import TeamScreen
from tui.admin.member_picker import MemberPicker
from tui.admin.team_dialogs import TeamForm

from ..conftest import ORG


async def search_picker(pilot, words: str) -> None:
    assert isinstance(pilot.app.screen, MemberPicker)
    await paste(pilot, words)
    await pilot.pause(0.3)
    await settle(pilot)


async def test_a_team_is_created_with_its_members(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_admin(pilot, "teams")
        assert rows(screen) == [
            "Docs core",
            "API platform",
            "Developer relations",
            "Support",
            "Design",
        ]
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, TeamForm)
        await paste(pilot, "Docs reviewers")
        await pilot.press("tab", "enter")  # Choose members…
        await settle(pilot)
        await search_picker(pilot, "northwind.dev")
        await pilot.press("down")
        await highlight_in_picker(pilot, "Mei Chen")
        await pilot.press("space")
        await highlight_in_picker(pilot, "Tomás Alvarez")
        await pilot.press("space", "enter")
        await settle(pilot)
        assert isinstance(app.screen, TeamForm)
        assert "Members: Mei Chen and Tomás Alvarez" in on_screen(app)
        await pilot.press("enter")  # back in the title: Enter sends
        await settle(pilot)
        [put] = sent(transport, "PUT")
        assert put.path == f"/v1/orgs/{ORG}/teams"
        assert put.json["title"] == "Docs reviewers" and len(put.json["members"]) == 2
        assert "Docs reviewers" in rows(screen)
        assert screen.highlighted.title == "Docs reviewers"
        assert cells(screen, screen.highlighted.id)[1] == "2"


async def highlight_in_picker(pilot, name: str) -> None:
    from tui.widgets import ItemList

    listing = pilot.app.screen.query_one("#picker-members", ItemList)
    for index, entry in enumerate(listing.entries):
        if name in entry.prompt.plain:
            listing.highlighted = index
            await pilot.pause()
            return
    raise AssertionError(f"{name} not in the picker")


async def test_a_member_is_added_made_owner_and_removed(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        teams = await open_admin(pilot, "teams")
        await highlight_row(pilot, teams, "Design")
        await pilot.press("enter")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TeamScreen)
        assert sorted(rows(screen, "#members")) == ["Ben Carter", "Hana Kobayashi", "Olivia Grant"]
        # add
        await pilot.press("a")
        await settle(pilot)
        await search_picker(pilot, "zoe")
        await pilot.press("enter")  # the only one found
        await settle(pilot)
        [add] = sent(transport, "PUT")
        assert add.path.startswith(f"/v1/orgs/{ORG}/teams/") and add.path.count("/members/") == 1
        assert "Zoe Park" in rows(screen, "#members")
        assert "Added Zoe Park to Design." in notifications(app)
        # team role
        await highlight_row(pilot, screen, "Zoe Park", "#members")
        await pilot.press("e")
        await settle(pilot)
        await pick(pilot, "Owner")
        assert sent(transport, "PUT")[-1].json == {"role": "owner"}
        zoe = sent(transport, "PUT")[-1].path.rsplit("/", 1)[1]
        assert cells(screen, zoe, "#members")[1] == "owner"
        # remove
        await highlight_row(pilot, screen, "Zoe Park", "#members")
        await pilot.press("d")
        await settle(pilot)
        assert "They stay members of the organisation" in on_screen(app)
        await pilot.press("tab", "enter")  # it opens on Cancel: Remove is next
        await settle(pilot)
        [delete] = sent(transport, "DELETE")
        assert delete.path.endswith(f"/members/{zoe}")
        assert "Zoe Park" not in rows(screen, "#members")


async def test_several_members_change_team_role_in_one_bulk_update(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        teams = await open_admin(pilot, "teams")
        await highlight_row(pilot, teams, "Support")
        await pilot.press("enter")
        await settle(pilot)
        screen = app.screen
        await highlight_row(pilot, screen, "Noah Williams", "#members")
        await pilot.press("space")
        await highlight_row(pilot, screen, "Sven Lindqvist", "#members")
        await pilot.press("space", "e")
        await settle(pilot)
        await pick(pilot, "Owner")
        [put] = sent(transport, "PUT")
        assert put.path.endswith("/members")
        assert sorted(v["role"] for v in put.json["memberships"].values()) == ["owner", "owner"]
        owners = [r for r in rows(screen, "#members") if cells_of(screen, r)[1] == "owner"]
        assert sorted(owners) == ["Diego Fernández", "Noah Williams", "Sven Lindqvist"]


def cells_of(screen, name: str) -> list[str]:
    from tui.widgets.record_table import RecordTable

    table = screen.query_one("#members", RecordTable)
    record = next(r for r in table.records if r.cells[0] == name)
    return [getattr(c, "plain", str(c)) for c in record.cells]


async def test_titles_and_names_like_markup_are_shown_literally(make_app, admin):
    await admin.teams.create_organization_team(ORG, title="[b]Ops[/b] \x1b[2J")
    app = make_app()
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await open_admin(pilot, "teams")
        from tests.pilot.fixtures import screen_text

        shown = screen_text(app)
        assert "[b]Ops[/b] ␛[2J" in shown and "\x1b" not in shown
        await highlight_row(pilot, screen, "[b]Ops[/b] \x1b[2J")
        await pilot.press("enter")
        await settle(pilot)
        assert screen_text(app).splitlines()[0].rstrip().endswith("[b]Ops[/b] ␛[2J")
