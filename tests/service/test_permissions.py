"""Permissions on spaces, collections and sites, end to end against the in-process service."""

from __future__ import annotations

import pytest

from tests.conftest import ORG
from tui.api import errors


async def _space(client, title):
    page = await client.spaces.list_spaces_in_organization_by_id(ORG, limit=100)
    return next(s for s in page.items if s.title == title)


async def _collection(client, title):
    page = await client.collections.list_collections_in_organization_by_id(ORG, limit=100)
    return next(c for c in page.items if c.title == title)


async def _member(client, name):
    page = await client.organization_members.list_members_in_organization_by_id(ORG, search=name)
    return next(m for m in page.items if m.user.display_name == name)


async def _team(client, title):
    page = await client.teams.list_teams_in_organization_by_id(ORG, title=title)
    return next(t for t in page.items if t.title == title)


async def _aggregate(client, space, **query):
    page = await client.space_permissions.list_permissions_aggregate_in_space(
        space.id, limit=1000, **query
    )
    return {p.user.display_name: p.permission for p in page.items}


# -- spaces -------------------------------------------------------------------------------------


async def test_a_space_lists_the_people_and_teams_given_a_role_on_it(admin):
    api = await _space(admin, "API Reference")
    users = await admin.space_permissions.list_user_permissions_in_space(api.id)
    teams = await admin.space_permissions.list_team_permissions_in_space(api.id)
    assert [(p.user.display_name, p.permission) for p in users.items] == [("Noah Williams", "edit")]
    assert [(p.team.title, p.permission) for p in teams.items] == [("API platform", "review")]
    assert teams.items[0].team.spaces == 1  # the team now reaches one space


async def test_the_aggregate_gives_each_member_their_highest_role_from_any_source(admin):
    api = await _space(admin, "API Reference")
    everyone = await _aggregate(admin, api)
    assert everyone["Noah Williams"] == "edit"  # read in the organization, edit given directly
    assert everyone["Rahul Mehta"] == "review"  # edit in the organization, review through his team
    assert everyone["Ada Lovelace"] == "admin"
    assert everyone["Linus Pauling"] == "read"
    assert "Yusuf Demir" not in everyone  # a guest given nothing here
    assert "Ingrid Solberg" not in everyone  # disabled


async def test_a_collection_grant_reaches_the_spaces_below_it(admin):
    python_sdk = await _space(admin, "Python SDK")  # in SDKs, in Guides
    everyone = await _aggregate(admin, python_sdk)
    assert everyone["Olivia Grant"] == "edit"  # edit on Guides, two levels up
    assert everyone["Ben Carter"] == "admin"  # admin on SDKs
    assert everyone["Sofia Petrova"] == "edit"  # edit on the space itself


async def test_the_role_filter_keeps_one_effective_role(admin, transport):
    api = await _space(admin, "API Reference")
    editors = await _aggregate(admin, api, role="edit")
    assert "Noah Williams" in editors and set(editors.values()) == {"edit"}
    assert transport.sent[-1].params["role"] == ["edit"]


async def test_an_admin_gives_a_guest_a_role_and_they_reach_the_space(admin):
    runbooks = await _space(admin, "Incident runbooks")
    guest = await _member(admin, "Yusuf Demir")
    assert guest.spaces == 1  # given comment on Incident runbooks by the demo
    handbook = await _space(admin, "Team handbook")
    await admin.space_permissions.invite_to_space(handbook.id, role="read", users=[guest.id])
    assert (await _member(admin, "Yusuf Demir")).spaces == 2
    assert (await _aggregate(admin, handbook))["Yusuf Demir"] == "read"
    assert (await _aggregate(admin, runbooks))["Yusuf Demir"] == "comment"


async def test_changing_and_removing_a_users_permission(admin, transport):
    api = await _space(admin, "API Reference")
    noah = await _member(admin, "Noah Williams")
    await admin.space_permissions.update_user_permission_in_space(api.id, noah.id, role="admin")
    assert transport.sent[-1].json == {"role": "admin"}
    assert (await _aggregate(admin, api))["Noah Williams"] == "admin"
    await admin.space_permissions.remove_user_from_space(api.id, noah.id)
    assert transport.sent[-1].status == 205
    assert (await _aggregate(admin, api))["Noah Williams"] == "read"  # back to his own role


async def test_removing_a_user_without_a_direct_permission_changes_nothing(admin, transport):
    api = await _space(admin, "API Reference")
    before = await _aggregate(admin, api)
    await admin.space_permissions.remove_user_from_space(api.id, "u-linus")
    assert transport.sent[-1].status == 204
    assert await _aggregate(admin, api) == before


async def test_a_teams_role_changes_for_all_its_members_and_goes_when_removed(admin, transport):
    api = await _space(admin, "API Reference")
    platform = await _team(admin, "API platform")
    await admin.space_permissions.update_team_permission_in_space(api.id, platform.id, role="admin")
    assert (await _aggregate(admin, api))["Rahul Mehta"] == "admin"
    await admin.space_permissions.remove_team_from_space(api.id, platform.id)
    assert transport.sent[-1].status == 205
    assert (await _aggregate(admin, api))["Rahul Mehta"] == "edit"
    teams = await admin.space_permissions.list_team_permissions_in_space(api.id)
    assert teams.items == []


@pytest.mark.parametrize("token", ["demo-editor", "demo-reader"])
async def test_members_without_the_admin_role_cannot_change_access(connect, admin, token):
    api = await _space(admin, "API Reference")
    before = await _aggregate(admin, api)
    client = connect(token)
    with pytest.raises(errors.ForbiddenError, match="needs the admin role"):
        await client.space_permissions.invite_to_space(api.id, role="admin", users=["u-linus"])
    with pytest.raises(errors.ForbiddenError):
        await client.space_permissions.remove_team_from_space(
            api.id, (await _team(admin, "API platform")).id
        )
    assert await _aggregate(admin, api) == before


async def test_an_outsider_cannot_see_a_spaces_access(connect, admin, service):
    api = await _space(admin, "API Reference")
    from tui.service.datasets.builder import Builder

    stranger = Builder(service.state.emulator.store, "stranger").user("Eve", "eve@example.com")
    service.state.emulator.store.put("token", {"id": "stranger", "user": stranger["id"]})
    client = connect("stranger")
    with pytest.raises(errors.NotFoundError):
        await client.space_permissions.list_user_permissions_in_space(api.id)
    with pytest.raises(errors.NotFoundError):
        await client.space_permissions.invite_to_space(api.id, role="admin", users=[stranger["id"]])


async def test_a_role_outside_the_specs_is_refused_before_sending(admin, transport):
    api = await _space(admin, "API Reference")
    sent = len(transport.sent)
    with pytest.raises(errors.BadRequestError):
        await admin.space_permissions.invite_to_space(api.id, role="owner", users=["u-linus"])  # type: ignore[arg-type]
    assert len(transport.sent) == sent


async def test_the_service_refuses_an_unknown_role_and_unknown_people(admin, transport):
    api = await _space(admin, "API Reference")
    response = await transport.handle_async_request(
        __import__("httpx").Request(
            "POST",
            f"http://docdeck.test/v1/spaces/{api.id}/permissions",
            json={"role": "owner", "users": ["u-linus"]},
            headers={"Authorization": "Bearer demo-admin"},
        )
    )
    assert response.status_code == 400
    with pytest.raises(errors.NotFoundError):
        await admin.space_permissions.invite_to_space(api.id, role="read", users=["u-nobody"])


# -- collections --------------------------------------------------------------------------------


async def test_a_collection_has_the_same_eight_operations(admin, transport):
    internal = await _collection(admin, "Internal")
    teams = await admin.collection_permissions.list_team_permissions_in_collection(internal.id)
    assert [(p.team.title, p.permission) for p in teams.items] == [("Docs core", "edit")]
    await admin.collection_permissions.invite_to_collection(
        internal.id, role="comment", users=["u-linus"]
    )
    users = await admin.collection_permissions.list_user_permissions_in_collection(internal.id)
    assert [(p.user.display_name, p.permission) for p in users.items] == [
        ("Linus Pauling", "comment")
    ]
    await admin.collection_permissions.update_user_permission_in_collection(
        internal.id, "u-linus", role="edit"
    )
    everyone = await admin.collection_permissions.list_permissions_aggregate_in_collection(
        internal.id, limit=1000
    )
    assert {p.user.display_name: p.permission for p in everyone.items}["Linus Pauling"] == "edit"
    runbooks = await _space(admin, "Incident runbooks")  # in Internal
    assert (await _aggregate(admin, runbooks))["Linus Pauling"] == "edit"
    await admin.collection_permissions.remove_user_from_collection(internal.id, "u-linus")
    docs_core = await _team(admin, "Docs core")
    await admin.collection_permissions.update_team_permission_in_collection(
        internal.id, docs_core.id, role="review"
    )
    await admin.collection_permissions.remove_team_from_collection(internal.id, docs_core.id)
    assert transport.sent[-1].status == 205
    assert (
        await admin.collection_permissions.list_team_permissions_in_collection(internal.id)
    ).items == []


# -- sites --------------------------------------------------------------------------------------


async def test_a_sites_aggregate_says_where_each_role_comes_from(admin):
    sites = await admin.sites.list_sites(ORG)
    site = sites.items[0]
    page = await admin.sites.list_permissions_aggregate_in_site(ORG, site.id, limit=1000)
    by_name = {p.user.display_name: p for p in page.items}
    assert by_name["Ada Lovelace"].permission == "admin"
    assert by_name["Ada Lovelace"].origin.type == "organization"
    assert "Ingrid Solberg" not in by_name
    raised = [p for p in page.items if p.origin.type == "space"]
    for permission in raised:  # a space's grant shows only where it beats the organization role
        member = await _member(admin, permission.user.display_name)
        assert member.role is None or permission.permission != member.role
