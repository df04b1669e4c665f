"""The organization members group, end to end against the in-process service."""

from __future__ import annotations

import base64
import json

import pytest

from tests.conftest import ORG
from tui.api import errors


async def _member(client, name):
    page = await client.organization_members.list_members_in_organization_by_id(ORG, search=name)
    return next(m for m in page.items if m.user.display_name == name)


async def _names(client, **filters):
    page = await client.organization_members.list_members_in_organization_by_id(
        ORG, limit=100, **filters
    )
    return [m.user.display_name for m in page.items]


# -- listing ------------------------------------------------------------------------------------


async def test_members_are_listed_newest_first_by_default(admin):
    page = await admin.organization_members.list_members_in_organization_by_id(ORG)
    assert page.count == 25
    joined = [m.joined_at for m in page.items]
    assert joined == sorted(joined, reverse=True)
    assert page.items[0].user.display_name == "Zoe Park"
    assert page.items[-1].user.display_name == "Ada Lovelace"


async def test_ascending_order_starts_with_the_founders(admin, transport):
    names = await _names(admin, order="asc")
    assert names[:3] == ["Ada Lovelace", "Margaret Hamilton", "Grace Hopper"]
    assert transport.sent[-1].params["order"] == ["asc"]


async def test_the_role_filter_keeps_one_role_and_guest_means_no_role(admin):
    assert sorted(await _names(admin, role="admin")) == ["Ada Lovelace", "Margaret Hamilton"]
    guests = await admin.organization_members.list_members_in_organization_by_id(ORG, role="guest")
    assert [(m.user.display_name, m.role) for m in guests.items] == [("Yusuf Demir", None)]


async def test_searching_members_by_email(admin, transport):
    assert await _names(admin, search="INKWELL-studio") == ["Ben Carter"]
    assert transport.sent[-1].params["search"] == ["INKWELL-studio"]


async def test_searching_members_by_display_name_ignores_case(admin):
    assert await _names(admin, search="grace") == ["Grace Hopper"]
    assert await _names(admin, search="nobody at all") == []


async def test_sorting_by_last_seen_lists_only_members_that_have_been_seen(admin):
    page = await admin.organization_members.list_members_in_organization_by_id(
        ORG, sort="lastSeenAt", limit=100
    )
    assert page.count == 21
    seen = [m.last_seen_at for m in page.items]
    assert None not in seen and seen == sorted(seen, reverse=True)
    assert page.items[0].user.display_name == "Ada Lovelace"
    names = {m.user.display_name for m in page.items}
    assert not names & {"Fatima Zahra", "Olivia Grant", "Elena Rossi", "Zoe Park"}


async def test_the_member_list_pages(admin):
    first = await admin.organization_members.list_members_in_organization_by_id(ORG, limit=10)
    second = await admin.organization_members.list_members_in_organization_by_id(
        ORG, limit=10, page=first.next_page
    )
    assert len(first.items) == 10 and len(second.items) == 10
    assert not {m.id for m in first.items} & {m.id for m in second.items}


async def test_unknown_filter_values_are_refused(admin):
    with pytest.raises(errors.BadRequestError) as caught:
        await admin.organization_members.list_members_in_organization_by_id(ORG, role="owner")
    assert "role" in caught.value.message
    with pytest.raises(errors.BadRequestError):
        await admin.organization_members.list_members_in_organization_by_id(ORG, sort="title")
    with pytest.raises(errors.BadRequestError):
        await admin.organization_members.list_members_in_organization_by_id(ORG, order="up")


async def test_a_reader_can_list_members(reader):
    assert len(await _names(reader)) == 25


# -- one member ---------------------------------------------------------------------------------


async def test_a_member_shows_true_counts_of_teams_and_spaces(admin):
    grace = await admin.organization_members.get_member_in_organization_by_id(ORG, "u-grace")
    assert (grace.role, grace.user.email) == ("edit", "grace@northwind.dev")
    assert grace.teams == 2  # a member of Docs core, the owner of API platform
    spaces = await admin.organization_members.list_spaces_for_organization_member(ORG, "u-grace")
    assert grace.spaces == spaces.count > 0


async def test_a_non_member_is_not_found(admin):
    with pytest.raises(errors.NotFoundError) as caught:
        await admin.organization_members.get_member_in_organization_by_id(ORG, "u-nobody")
    assert "member" in caught.value.message


async def test_an_admin_changes_a_members_role(admin, transport):
    linus = await admin.organization_members.update_member_in_organization_by_id(
        ORG, "u-linus", role="comment"
    )
    assert linus.role == "comment"
    assert transport.sent[-1].json == {"role": "comment"}
    assert (
        await admin.organization_members.get_member_in_organization_by_id(ORG, "u-linus")
    ).role == "comment"


async def test_making_a_member_a_guest(admin, transport):
    guest = await admin.organization_members.update_member_in_organization_by_id(
        ORG, "u-linus", role=None
    )
    # A guest keeps only what was given to them or their teams: Docs core has edit on the
    # Internal collection, which holds three spaces.
    assert guest.role is None and guest.spaces == 3
    assert transport.sent[-1].json == {"role": None}
    assert "Linus Pauling" in await _names(admin, role="guest")


async def test_an_unknown_role_is_refused(admin):
    with pytest.raises(errors.BadRequestError):
        await admin.organization_members.update_member_in_organization_by_id(
            ORG, "u-linus", role="owner"
        )


async def test_the_last_admin_cannot_be_demoted(admin):
    margaret = await _member(admin, "Margaret Hamilton")
    await admin.organization_members.update_member_in_organization_by_id(
        ORG, margaret.id, role="create"
    )
    with pytest.raises(errors.BadRequestError) as caught:
        await admin.organization_members.update_member_in_organization_by_id(
            ORG, "u-ada", role="edit"
        )
    assert "last admin" in caught.value.message
    assert (
        await admin.organization_members.get_member_in_organization_by_id(ORG, "u-ada")
    ).role == "admin"


async def test_an_editor_cannot_change_roles(editor):
    with pytest.raises(errors.ForbiddenError):
        await editor.organization_members.update_member_in_organization_by_id(
            ORG, "u-linus", role="admin"
        )


# -- removing -----------------------------------------------------------------------------------


async def test_removing_a_member_also_takes_them_out_of_their_teams(admin):
    rahul = await _member(admin, "Rahul Mehta")
    before = await admin.teams.list_teams_in_organization_by_id(ORG, title="API platform")
    assert (
        await admin.organization_members.remove_member_from_organization_by_id(ORG, rahul.id)
        is None
    )
    after = await admin.teams.list_teams_in_organization_by_id(ORG, title="API platform")
    assert after.items[0].members == before.items[0].members - 1
    with pytest.raises(errors.NotFoundError):
        await admin.organization_members.get_member_in_organization_by_id(ORG, rahul.id)
    # Already gone: still a success.
    assert (
        await admin.organization_members.remove_member_from_organization_by_id(ORG, rahul.id)
        is None
    )


async def test_a_reader_cannot_remove_someone_else_but_may_leave(reader, admin):
    with pytest.raises(errors.ForbiddenError):
        await reader.organization_members.remove_member_from_organization_by_id(ORG, "u-grace")
    await reader.organization_members.remove_member_from_organization_by_id(ORG, "u-linus")
    assert "Linus Pauling" not in await _names(admin)


async def test_the_last_admin_cannot_be_removed(admin):
    margaret = await _member(admin, "Margaret Hamilton")
    await admin.organization_members.remove_member_from_organization_by_id(ORG, margaret.id)
    with pytest.raises(errors.BadRequestError) as caught:
        await admin.organization_members.remove_member_from_organization_by_id(ORG, "u-ada")
    assert "last admin" in caught.value.message


# -- ping and SSO -------------------------------------------------------------------------------


async def test_ping_moves_last_seen_forward(admin, clock):
    before = await admin.organization_members.get_member_in_organization_by_id(ORG, "u-ada")
    result = await admin.organization_members.update_organization_member_last_seen_at(ORG)
    seen = await admin.organization_members.get_member_in_organization_by_id(ORG, "u-ada")
    assert seen.last_seen_at == clock.now > before.last_seen_at
    clock.advance(hours=2)
    await admin.organization_members.update_organization_member_last_seen_at(ORG)
    later = await admin.organization_members.get_member_in_organization_by_id(ORG, "u-ada")
    assert (later.last_seen_at - seen.last_seen_at).total_seconds() == 2 * 3600
    # The claims are an opaque token; in this service its middle part names the caller.
    payload = result.service_visitor_claims.split(".")[1]
    claims = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    assert (claims["sub"], claims["org"]) == ("u-ada", ORG)


async def test_a_reader_pings_only_themselves(reader, admin, clock):
    await reader.organization_members.update_organization_member_last_seen_at(ORG)
    assert (
        await admin.organization_members.get_member_in_organization_by_id(ORG, "u-linus")
    ).last_seen_at == clock.now
    assert (
        await admin.organization_members.get_member_in_organization_by_id(ORG, "u-ada")
    ).last_seen_at != clock.now


async def test_an_admin_marks_a_member_as_an_sso_member(admin):
    assert not (
        await admin.organization_members.get_member_in_organization_by_id(ORG, "u-linus")
    ).sso
    marked = await admin.organization_members.set_user_as_sso_member_for_organization(
        ORG, "u-linus"
    )
    assert marked.sso and marked.id == "u-linus"


async def test_marking_an_sso_member_takes_an_admin(editor):
    with pytest.raises(errors.ForbiddenError):
        await editor.organization_members.set_user_as_sso_member_for_organization(ORG, "u-linus")


# -- a member's spaces and teams ----------------------------------------------------------------


async def test_a_members_spaces_carry_their_role_and_can_be_reversed(admin):
    newest = await admin.organization_members.list_spaces_for_organization_member(ORG, "u-grace")
    # Her role, edit, everywhere but where her team API platform was given review.
    roles = {item.space.title: item.permission for item in newest.items}
    assert roles.pop("API Reference") == "review"
    assert roles and set(roles.values()) == {"edit"}
    assert {item.space.organization for item in newest.items} == {ORG}
    oldest = await admin.organization_members.list_spaces_for_organization_member(
        ORG, "u-grace", order="asc"
    )
    assert [i.space.id for i in oldest.items] == [i.space.id for i in reversed(newest.items)]


async def test_a_guest_reaches_only_the_spaces_given_to_them(admin):
    yusuf = await _member(admin, "Yusuf Demir")
    assert yusuf.spaces == 1
    spaces = await admin.organization_members.list_spaces_for_organization_member(ORG, yusuf.id)
    assert [(s.space.title, s.permission) for s in spaces.items] == [
        ("Incident runbooks", "comment")
    ]


async def test_a_guest_given_nothing_reaches_no_spaces(admin):
    zoe = await _member(admin, "Zoe Park")  # in no team, given nothing
    await admin.organization_members.update_member_in_organization_by_id(ORG, zoe.id, role=None)
    assert (await _member(admin, "Zoe Park")).spaces == 0
    spaces = await admin.organization_members.list_spaces_for_organization_member(ORG, zoe.id)
    assert spaces.items == [] and spaces.count == 0


async def test_a_members_teams_with_their_role_and_a_title_filter(admin, transport):
    teams = await admin.organization_members.list_teams_for_organization_member(ORG, "u-grace")
    assert [(t.team.title, t.member.role) for t in teams.items] == [
        ("Docs core", "member"),
        ("API platform", "owner"),
    ]
    filtered = await admin.organization_members.list_teams_for_organization_member(
        ORG, "u-grace", title="api"
    )
    assert [t.team.title for t in filtered.items] == ["API platform"]
    assert transport.sent[-1].params["title"] == ["api"]


async def test_spaces_and_teams_of_a_non_member_are_not_found(admin):
    with pytest.raises(errors.NotFoundError):
        await admin.organization_members.list_spaces_for_organization_member(ORG, "u-nobody")
    with pytest.raises(errors.NotFoundError):
        await admin.organization_members.list_teams_for_organization_member(ORG, "u-nobody")
