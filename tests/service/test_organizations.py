"""The organizations group, end to end against the in-process service."""

from __future__ import annotations

import pytest

from tests.conftest import ORG, OTHER_ORG
from tui.api import errors


async def test_the_current_user_is_the_token_owner(admin, reader):
    assert (await admin.users.get_authenticated_user()).display_name == "Ada Lovelace"
    assert (await reader.users.get_authenticated_user()).email == "linus@northwind.dev"


async def test_a_member_lists_the_organizations_they_belong_to(admin, reader):
    page = await admin.organizations.list_organizations_for_authenticated_user()
    assert [org.id for org in page.items] == [ORG, OTHER_ORG]
    assert page.count == 2 and page.next_page is None
    page = await reader.organizations.list_organizations_for_authenticated_user()
    assert [org.title for org in page.items] == ["Northwind Labs"]


async def test_permissions_say_what_the_caller_may_do(admin, reader):
    assert (await admin.organizations.get_organization_by_id(ORG)).permissions.admin
    org = await reader.organizations.get_organization_by_id(ORG)
    assert org.permissions.view and not org.permissions.admin


async def test_an_unknown_organization_is_not_found(admin, reader):
    with pytest.raises(errors.NotFoundError) as caught:
        await admin.organizations.get_organization_by_id("nope")
    assert "organization" in caught.value.message
    with pytest.raises(errors.NotFoundError):  # not a member: it does not exist for them
        await reader.organizations.get_organization_by_id(OTHER_ORG)


async def test_an_admin_renames_the_organization_and_sets_its_domains(admin, transport):
    org = await admin.organizations.update_organization_by_id(
        ORG, title="Northwind", email_domains=["northwind.dev", "nw.io"], default_role=None
    )
    assert org.title == "Northwind" and org.email_domains == ["northwind.dev", "nw.io"]
    assert transport.sent[-1].json == {
        "title": "Northwind",
        "emailDomains": ["northwind.dev", "nw.io"],
        "defaultRole": None,
    }


async def test_a_default_content_site_must_exist(admin):
    with pytest.raises(errors.BadRequestError) as caught:
        await admin.organizations.update_organization_by_id(
            ORG, default_content={"type": "site", "site": "missing"}
        )
    assert "site" in caught.value.message


async def test_an_organization_title_is_checked(admin):
    with pytest.raises(errors.BadRequestError) as caught:
        await admin.organizations.update_organization_by_id(ORG, title="x")
    assert "at least 2" in caught.value.message


async def test_a_reader_cannot_update_the_organization(reader):
    with pytest.raises(errors.ForbiddenError) as caught:
        await reader.organizations.update_organization_by_id(ORG, ai=False)
    assert "read" in caught.value.message


async def test_deleting_an_invite_answers_no_content_even_when_missing(admin):
    assert await admin.organizations.delete_organization_invite_by_id(ORG, "gone") is None


async def test_organizations_are_found_by_email_domain(admin):
    found = await admin.organizations.get_organizations_for_email_domain("northwind.dev")
    assert [org.id for org in found.organizations] == [ORG]
    assert (
        await admin.organizations.get_organizations_for_email_domain("x.org")
    ).organizations == []


async def test_a_missing_token_is_refused(connect):
    with pytest.raises(errors.UnauthorizedError) as caught:
        await connect("not-a-token").users.get_authenticated_user()
    assert "token" in caught.value.message
