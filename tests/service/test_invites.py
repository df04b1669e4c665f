"""Invitations by e-mail and invite links, end to end against the in-process service."""

from __future__ import annotations

import pytest

from tests.conftest import ORG
from tui.api import errors
from tui.api.models import InviteEmail, InviteLinkToCollection, InviteLinkToSpace


async def _members_by_email(client):
    page = await client.organization_members.list_members_in_organization_by_id(ORG, limit=1000)
    return {m.user.email: m for m in page.items}


async def _space(client, title):
    page = await client.spaces.list_spaces_in_organization_by_id(ORG, limit=100)
    return next(s for s in page.items if s.title == title)


async def test_invited_addresses_become_members_with_their_roles(admin, transport):
    result = await admin.organizations.invite_users_to_organization(
        ORG,
        emails=["new.writer@northwind.dev", InviteEmail(email="lead@northwind.dev", role="admin")],
        role="edit",
    )
    assert transport.sent[-1].json == {
        "emails": ["new.writer@northwind.dev", {"email": "lead@northwind.dev", "role": "admin"}],
        "role": "edit",
    }
    assert result.invited == 2 and len(result.users) == 2
    members = await _members_by_email(admin)
    assert members["new.writer@northwind.dev"].role == "edit"
    assert members["lead@northwind.dev"].role == "admin"


async def test_an_address_already_a_member_is_not_added_again(admin):
    result = await admin.organizations.invite_users_to_organization(
        ORG, emails=["grace@northwind.dev", "someone.new@northwind.dev"], role="read"
    )
    assert result.invited == 1
    assert (await _members_by_email(admin))["grace@northwind.dev"].role == "edit"  # unchanged


async def test_without_a_role_the_organizations_default_role_applies(admin):
    await admin.organizations.update_organization_by_id(ORG, default_role="comment")
    await admin.organizations.invite_users_to_organization(ORG, emails=["d@northwind.dev"])
    assert (await _members_by_email(admin))["d@northwind.dev"].role == "comment"


async def test_a_malformed_address_is_refused_and_nobody_is_added(admin, transport):
    before = await _members_by_email(admin)
    with pytest.raises(errors.BadRequestError, match="not an e-mail address"):
        await admin.organizations.invite_users_to_organization(
            ORG, emails=["ok@northwind.dev", "not an address"], role="read"
        )
    assert await _members_by_email(admin) == before


async def test_only_an_admin_invites(editor):
    with pytest.raises(errors.ForbiddenError):
        await editor.organizations.invite_users_to_organization(ORG, emails=["x@northwind.dev"])


async def test_sso_invites_of_people_of_another_organization_are_reported(admin):
    # Grace is also a member of Northwind Community.
    result = await admin.organizations.invite_users_to_organization(
        "org-community", emails=["mei.chen@northwind.dev"], role="read", sso=True
    )
    assert result.failed_sso_emails == ["mei.chen@northwind.dev"]


# -- invite links -------------------------------------------------------------------------------


async def test_the_demo_has_links_to_the_organization_a_space_and_a_collection(admin):
    links = await admin.organizations.list_organization_invite_links(ORG)
    kinds = [type(link).__name__ for link in links.items]
    assert kinds == ["InviteLinkToOrganization", "InviteLinkToSpace", "InviteLinkToCollection"]
    assert links.items[0].role == "read"
    assert isinstance(links.items[1], InviteLinkToSpace)
    assert links.items[1].space.title == "API Reference"
    assert isinstance(links.items[2], InviteLinkToCollection)
    assert links.items[2].collection.title == "Guides"


async def test_a_link_is_created_read_changed_and_deleted(admin, transport):
    api = await _space(admin, "API Reference")
    link = await admin.organizations.create_organization_invite(ORG, level="comment", space=api.id)
    assert transport.sent[-1].json == {"level": "comment", "space": api.id}
    assert transport.sent[-1].status == 201
    assert isinstance(link, InviteLinkToSpace) and link.level == "comment"
    read = await admin.organizations.get_organization_invite_link(ORG, link.id)
    assert read.id == link.id
    changed = await admin.organizations.update_organization_invite_by_id(ORG, link.id, level="edit")
    assert isinstance(changed, InviteLinkToSpace) and changed.level == "edit"
    await admin.organizations.delete_organization_invite_by_id(ORG, link.id)
    assert transport.sent[-1].status == 205
    with pytest.raises(errors.NotFoundError):
        await admin.organizations.get_organization_invite_link(ORG, link.id)


async def test_a_link_that_gives_the_caller_nothing_new_is_redundant(admin, editor):
    link = await admin.organizations.create_organization_invite(ORG, role="admin")
    assert link.redundant is True  # Ada is an admin already
    links = await admin.organizations.list_organization_invite_links(ORG)
    assert all(item.redundant for item in links.items)


async def test_a_link_to_content_of_another_organization_is_refused(admin):
    page = await admin.spaces.list_spaces_in_organization_by_id("org-community")
    with pytest.raises(errors.BadRequestError):
        await admin.organizations.create_organization_invite(
            ORG, level="read", space=page.items[0].id
        )


async def test_a_readers_cannot_list_or_create_links(reader):
    with pytest.raises(errors.ForbiddenError):
        await reader.organizations.list_organization_invite_links(ORG)
    with pytest.raises(errors.ForbiddenError):
        await reader.organizations.create_organization_invite(ORG, role="read")
