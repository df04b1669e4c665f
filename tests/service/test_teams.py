"""The teams and team members groups, end to end against the in-process service."""

from __future__ import annotations

import pytest

from tests.conftest import ORG, OTHER_ORG
from tui.api import errors


async def _team(client, title, organization=ORG):
    page = await client.teams.list_teams_in_organization_by_id(organization, title=title)
    return next(t for t in page.items if t.title == title)


async def _user_id(client, name):
    page = await client.organization_members.list_members_in_organization_by_id(ORG, search=name)
    return next(m.id for m in page.items if m.user.display_name == name)


async def _roster(client, team):
    page = await client.team_members.list_team_members_in_organization_by_id(ORG, team.id)
    return {m.organization.user.display_name: m.team.role for m in page.items}


# -- teams --------------------------------------------------------------------------------------


async def test_teams_are_listed_with_true_member_counts(admin):
    page = await admin.teams.list_teams_in_organization_by_id(ORG)
    assert [(t.title, t.members) for t in page.items] == [
        ("Docs core", 6),
        ("API platform", 4),
        ("Developer relations", 4),
        ("Support", 4),
        ("Design", 3),
    ]
    assert page.count == 5 and all(t.permissions.admin for t in page.items)


async def test_the_title_filter_ignores_case(admin, transport):
    page = await admin.teams.list_teams_in_organization_by_id(ORG, title="SUPP")
    assert [t.title for t in page.items] == ["Support"]
    assert transport.sent[-1].params == {"title": ["SUPP"]}


async def test_the_owner_filter_lists_the_teams_someone_can_manage(admin, transport):
    grace_manages = await admin.teams.list_teams_in_organization_by_id(ORG, owner="u-grace")
    assert [t.title for t in grace_manages.items] == ["API platform"]
    assert transport.sent[-1].params == {"owner": ["u-grace"]}
    ada_manages = await admin.teams.list_teams_in_organization_by_id(ORG, owner="u-ada")
    assert ada_manages.count == 5  # an admin manages every team
    nobody = await admin.teams.list_teams_in_organization_by_id(ORG, owner="u-linus")
    assert nobody.items == []


async def test_an_admin_creates_a_team_naming_members_by_id_or_email(admin, transport):
    team = await admin.teams.create_organization_team(
        ORG, title="Localization", members=["u-linus", "Grace@Northwind.dev"]
    )
    assert transport.sent[-1].json == {
        "title": "Localization",
        "members": ["u-linus", "Grace@Northwind.dev"],
    }
    assert (team.title, team.members, team.spaces) == ("Localization", 2, 0)
    assert team.permissions.admin and team.permissions.view
    assert await _roster(admin, team) == {"Linus Pauling": "member", "Grace Hopper": "member"}
    assert (await admin.teams.get_team_in_organization_by_id(ORG, team.id)).title == "Localization"


async def test_creating_a_team_with_an_unknown_member_names_them(admin):
    with pytest.raises(errors.BadRequestError) as caught:
        await admin.teams.create_organization_team(
            ORG, title="Ghosts", members=["u-linus", "casper@nowhere.example"]
        )
    assert "casper@nowhere.example" in caught.value.message
    page = await admin.teams.list_teams_in_organization_by_id(ORG, title="Ghosts")
    assert page.items == []


async def test_team_titles_are_1_to_64_characters(admin):
    with pytest.raises(errors.BadRequestError) as caught:
        await admin.teams.create_organization_team(ORG, title="t" * 65)
    assert "64 characters" in caught.value.message
    with pytest.raises(errors.BadRequestError):
        await admin.teams.create_organization_team(ORG, title="")
    docs = await _team(admin, "Docs core")
    with pytest.raises(errors.BadRequestError):
        await admin.teams.update_team_in_organization_by_id(ORG, docs.id, title="   ")
    assert (await admin.teams.create_organization_team(ORG, title="t" * 64)).title == "t" * 64


async def test_only_admins_create_teams(editor):
    with pytest.raises(errors.ForbiddenError):
        await editor.teams.create_organization_team(ORG, title="Rebels")


async def test_an_unknown_team_or_one_of_another_organization_is_not_found(admin):
    with pytest.raises(errors.NotFoundError):
        await admin.teams.get_team_in_organization_by_id(ORG, "missing")
    maintainers = await _team(admin, "Maintainers", OTHER_ORG)
    with pytest.raises(errors.NotFoundError):
        await admin.teams.get_team_in_organization_by_id(ORG, maintainers.id)


async def test_an_admin_renames_a_team(admin, transport):
    docs = await _team(admin, "Docs core")
    renamed = await admin.teams.update_team_in_organization_by_id(ORG, docs.id, title="Docs")
    assert renamed.title == "Docs" and renamed.members == docs.members
    assert transport.sent[-1].json == {"title": "Docs"}


async def test_a_team_owner_manages_their_team_but_no_other(editor):
    api = await _team(editor, "API platform")
    docs = await _team(editor, "Docs core")
    assert api.permissions.admin and not docs.permissions.admin
    renamed = await editor.teams.update_team_in_organization_by_id(ORG, api.id, title="APIs")
    assert renamed.title == "APIs"
    with pytest.raises(errors.ForbiddenError):
        await editor.teams.update_team_in_organization_by_id(ORG, docs.id, title="Mine")


async def test_deleting_a_team_ends_its_memberships(admin):
    design = await _team(admin, "Design")
    ben = await _user_id(admin, "Ben Carter")
    assert (await admin.organization_members.get_member_in_organization_by_id(ORG, ben)).teams == 1
    assert await admin.teams.remove_team_from_organization_by_id(ORG, design.id) is None
    assert (await admin.organization_members.get_member_in_organization_by_id(ORG, ben)).teams == 0
    with pytest.raises(errors.NotFoundError):
        await admin.teams.get_team_in_organization_by_id(ORG, design.id)
    assert await admin.teams.remove_team_from_organization_by_id(ORG, design.id) is None


async def test_a_reader_cannot_delete_a_team(reader):
    docs = await _team(reader, "Docs core")
    assert docs.permissions.view and not docs.permissions.admin
    with pytest.raises(errors.ForbiddenError):
        await reader.teams.remove_team_from_organization_by_id(ORG, docs.id)


# -- team members -------------------------------------------------------------------------------


async def test_a_teams_members_show_their_membership_and_team_role(admin):
    docs = await _team(admin, "Docs core")
    page = await admin.team_members.list_team_members_in_organization_by_id(ORG, docs.id)
    assert page.count == 6
    first = page.items[0]
    assert (first.organization.user.display_name, first.organization.role, first.team.role) == (
        "Ada Lovelace",
        "admin",
        "owner",
    )
    assert all(m.permissions.view for m in page.items)
    assert {m.team.role for m in page.items[1:]} == {"member"}


async def test_the_bulk_update_removes_a_user_named_in_both_add_and_remove(admin, transport):
    support = await _team(admin, "Support")
    await admin.team_members.update_members_in_organization_team(
        ORG, support.id, add=["u-linus", "zoe@northwind.dev"], remove=["u-linus"]
    )
    assert transport.sent[-1].json == {
        "add": ["u-linus", "zoe@northwind.dev"],
        "remove": ["u-linus"],
    }
    roster = await _roster(admin, support)
    assert "Linus Pauling" not in roster and roster["Zoe Park"] == "member"


async def test_the_bulk_update_sets_roles_and_removes_by_email(admin, transport):
    support = await _team(admin, "Support")
    noah = await _user_id(admin, "Noah Williams")
    await admin.team_members.update_members_in_organization_team(
        ORG,
        support.id,
        memberships={noah: {"role": "owner"}, "u-grace": {"role": "member"}},
        remove=["SVEN@northwind.dev"],
    )
    assert transport.sent[-1].json["memberships"] == {
        noah: {"role": "owner"},
        "u-grace": {"role": "member"},
    }
    roster = await _roster(admin, support)
    assert roster["Noah Williams"] == "owner" and roster["Grace Hopper"] == "member"
    assert "Sven Lindqvist" not in roster
    assert (await admin.teams.get_team_in_organization_by_id(ORG, support.id)).members == 4


async def test_the_bulk_update_refuses_unknown_people_and_changes_nothing(admin):
    support = await _team(admin, "Support")
    with pytest.raises(errors.BadRequestError) as caught:
        await admin.team_members.update_members_in_organization_team(
            ORG, support.id, add=["u-linus", "u-ghost"], remove=["nobody@nowhere.example"]
        )
    assert "u-ghost" in caught.value.message and "nobody@nowhere.example" in caught.value.message
    assert "Linus Pauling" not in await _roster(admin, support)


async def test_the_bulk_update_refuses_an_unknown_team_role(admin):
    support = await _team(admin, "Support")
    with pytest.raises(errors.BadRequestError):
        await admin.team_members.update_members_in_organization_team(
            ORG, support.id, memberships={"u-linus": {"role": "captain"}}
        )


async def test_adding_one_member_then_changing_their_role_then_removing_them(admin, transport):
    design = await _team(admin, "Design")
    assert (
        await admin.team_members.add_member_to_organization_team_by_id(
            ORG, design.id, "u-linus", role="owner"
        )
        is None
    )
    assert transport.sent[-1].json == {"role": "owner"}
    assert (await _roster(admin, design))["Linus Pauling"] == "owner"
    await admin.team_members.add_member_to_organization_team_by_id(ORG, design.id, "u-linus")
    assert (await _roster(admin, design))["Linus Pauling"] == "member"
    assert (await admin.teams.get_team_in_organization_by_id(ORG, design.id)).members == 4
    assert (
        await admin.team_members.delete_member_from_organization_team_by_id(
            ORG, design.id, "u-linus"
        )
        is None
    )
    assert "Linus Pauling" not in await _roster(admin, design)
    # Not in the team any more: still a success.
    await admin.team_members.delete_member_from_organization_team_by_id(ORG, design.id, "u-linus")


async def test_only_organization_members_can_join_a_team(admin):
    design = await _team(admin, "Design")
    with pytest.raises(errors.NotFoundError):
        await admin.team_members.add_member_to_organization_team_by_id(ORG, design.id, "u-ghost")


async def test_a_team_owner_adds_people_to_their_own_team(editor, admin):
    api = await _team(editor, "API platform")
    await editor.team_members.add_member_to_organization_team_by_id(ORG, api.id, "u-linus")
    assert (await _roster(admin, api))["Linus Pauling"] == "member"


async def test_readers_and_editors_cannot_change_teams_they_do_not_own(reader, editor):
    docs = await _team(reader, "Docs core")
    with pytest.raises(errors.ForbiddenError):
        await reader.team_members.update_members_in_organization_team(ORG, docs.id, add=["u-linus"])
    with pytest.raises(errors.ForbiddenError):
        await editor.team_members.add_member_to_organization_team_by_id(ORG, docs.id, "u-linus")
    with pytest.raises(errors.ForbiddenError):
        await editor.team_members.delete_member_from_organization_team_by_id(ORG, docs.id, "u-ada")


async def test_members_of_an_unknown_team_are_not_found(admin):
    with pytest.raises(errors.NotFoundError):
        await admin.team_members.list_team_members_in_organization_by_id(ORG, "missing")
