"""The SSO group, end to end against the in-process service."""

from __future__ import annotations

import pytest

from tests.conftest import ORG, OTHER_ORG
from tui.api import errors

SSO_URL = "https://login.example.com/saml/sso"
ENTITY = "https://login.example.com/saml/metadata"
CERTIFICATE = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----"


async def _okta(client):
    page = await client.sso.list_saml_providers_in_organization_by_id(ORG)
    return next(p for p in page.items if p.label == "Okta")


async def _team_id(client, title, organization=ORG):
    page = await client.teams.list_teams_in_organization_by_id(organization, title=title)
    return next(t.id for t in page.items if t.title == title)


async def test_the_demo_provider_is_active_with_a_default_team_and_role(admin):
    page = await admin.sso.list_saml_providers_in_organization_by_id(ORG)
    assert page.count == 1
    okta = page.items[0]
    assert (okta.label, okta.status, okta.default_role) == ("Okta", "active", "read")
    assert okta.default_team is not None and okta.default_team.title == "Docs core"
    assert okta.sso_url.startswith("https://northwind.okta.com/")
    assert okta.id in okta.service.acs_url and okta.service.acs_url.endswith("/acs")
    assert okta.id in okta.service.start_url and okta.id in okta.service.entity_id


async def test_the_sso_logins_offer_each_active_provider(admin, reader):
    okta = await _okta(admin)
    logins = await reader.sso.list_sso_provider_logins_in_organization(ORG)
    assert [(item.id, item.label, item.start_url) for item in logins.items] == [
        (okta.id, "Okta", okta.service.start_url)
    ]


async def test_a_new_provider_stays_pending_until_fully_configured(admin, transport):
    made = await admin.sso.create_organization_saml_provider(ORG, label="Azure AD")
    assert made.status == "pending" and made.sso_url == "" and made.default_team is None
    assert made.urls.location.endswith(f"/v1/orgs/{ORG}/saml/{made.id}")
    logins = await admin.sso.list_sso_provider_logins_in_organization(ORG)
    assert "Azure AD" not in [item.label for item in logins.items]
    ready = await admin.sso.update_organization_saml_provider(
        ORG, made.id, sso_url=SSO_URL, entity_id=ENTITY, certificate=CERTIFICATE
    )
    assert transport.sent[-1].json == {
        "ssoURL": SSO_URL,
        "entityID": ENTITY,
        "certificate": CERTIFICATE,
    }
    assert ready.status == "active" and ready.label == "Azure AD"
    logins = await admin.sso.list_sso_provider_logins_in_organization(ORG)
    assert "Azure AD" in [item.label for item in logins.items]


async def test_a_providers_default_team_comes_back_as_a_team(admin, transport):
    support = await _team_id(admin, "Support")
    made = await admin.sso.create_organization_saml_provider(
        ORG, label="Google", default_team=support, default_role="comment", sso_url=SSO_URL
    )
    assert transport.sent[-1].json == {
        "label": "Google",
        "defaultTeam": support,
        "defaultRole": "comment",
        "ssoURL": SSO_URL,
    }
    assert made.default_team is not None
    assert (made.default_team.id, made.default_team.title, made.default_team.members) == (
        support,
        "Support",
        4,
    )
    fetched = await admin.sso.get_organization_saml_provider_by_id(ORG, made.id)
    assert fetched.default_team.title == "Support" and fetched.default_role == "comment"


async def test_a_default_role_of_null_makes_newcomers_guests_and_the_team_can_be_dropped(
    admin, transport
):
    okta = await _okta(admin)
    updated = await admin.sso.update_organization_saml_provider(
        ORG, okta.id, default_role=None, default_team=None
    )
    assert transport.sent[-1].json == {"defaultRole": None, "defaultTeam": None}
    assert updated.default_role is None and updated.default_team is None
    assert updated.label == "Okta" and updated.status == "active"


async def test_a_deleted_default_team_stops_being_the_default(admin):
    okta = await _okta(admin)
    await admin.teams.remove_team_from_organization_by_id(ORG, okta.default_team.id)
    assert (await admin.sso.get_organization_saml_provider_by_id(ORG, okta.id)).default_team is None


async def test_an_unknown_default_team_is_refused(admin):
    with pytest.raises(errors.BadRequestError) as caught:
        await admin.sso.create_organization_saml_provider(ORG, label="X", default_team="missing")
    assert "defaultTeam" in caught.value.message
    maintainers = await _team_id(admin, "Maintainers", OTHER_ORG)
    okta = await _okta(admin)
    with pytest.raises(errors.BadRequestError):
        await admin.sso.update_organization_saml_provider(ORG, okta.id, default_team=maintainers)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"label": ""}, "at least 1"),
        ({"label": "l" * 31}, "at most 30"),
        ({"label": "ok", "entity_id": "e" * 1025}, "at most 1024"),
        ({"label": "ok", "certificate": "c" * 10001}, "at most 10000"),
        ({"label": "ok", "sso_url": "https://x.example/" + "p" * 2031}, "at most 2048"),
        ({"label": "ok", "sso_url": "not a url"}, "ssoURL"),
        ({"label": "ok", "default_role": "owner"}, "defaultRole"),
    ],
)
async def test_provider_limits_are_enforced(admin, fields, message):
    with pytest.raises(errors.BadRequestError) as caught:
        await admin.sso.create_organization_saml_provider(ORG, **fields)
    assert message in caught.value.message


async def test_the_longest_allowed_values_are_accepted(admin):
    made = await admin.sso.create_organization_saml_provider(
        ORG,
        label="l" * 30,
        entity_id="e" * 1024,
        certificate="c" * 10000,
        sso_url="https://x.example/" + "p" * 2030,
    )
    assert made.status == "active" and len(made.sso_url) == 2048


async def test_a_label_cannot_be_removed_or_lengthened_past_the_limit(admin):
    okta = await _okta(admin)
    with pytest.raises(errors.BadRequestError):
        await admin.sso.update_organization_saml_provider(ORG, okta.id, label="l" * 31)
    renamed = await admin.sso.update_organization_saml_provider(ORG, okta.id, label="Okta SSO")
    assert renamed.label == "Okta SSO" and renamed.certificate == okta.certificate


async def test_deleting_a_provider(admin):
    okta = await _okta(admin)
    assert await admin.sso.delete_organization_saml_provider(ORG, okta.id) is None
    with pytest.raises(errors.NotFoundError):
        await admin.sso.get_organization_saml_provider_by_id(ORG, okta.id)
    assert (await admin.sso.list_sso_provider_logins_in_organization(ORG)).items == []
    assert await admin.sso.delete_organization_saml_provider(ORG, okta.id) is None


async def test_an_unknown_provider_is_not_found(admin):
    with pytest.raises(errors.NotFoundError):
        await admin.sso.get_organization_saml_provider_by_id(ORG, "missing")
    with pytest.raises(errors.NotFoundError):
        await admin.sso.update_organization_saml_provider(ORG, "missing", label="X")


async def test_only_admins_change_providers(admin, editor, reader):
    okta = await _okta(admin)
    with pytest.raises(errors.ForbiddenError):
        await editor.sso.create_organization_saml_provider(ORG, label="Mine")
    with pytest.raises(errors.ForbiddenError):
        await editor.sso.update_organization_saml_provider(ORG, okta.id, label="Mine")
    with pytest.raises(errors.ForbiddenError):
        await reader.sso.delete_organization_saml_provider(ORG, okta.id)


async def test_readers_and_editors_cannot_see_providers_and_permissions_say_so(
    admin, editor, reader
):
    okta = await _okta(admin)
    for client in (reader, editor):
        with pytest.raises(errors.ForbiddenError):
            await client.sso.list_saml_providers_in_organization_by_id(ORG)
        with pytest.raises(errors.ForbiddenError):
            await client.sso.get_organization_saml_provider_by_id(ORG, okta.id)
        organization = await client.organizations.get_organization_by_id(ORG)
        assert organization.permissions.admin is False
        # Signing in through single sign-on stays open to every member.
        assert [
            login.label
            for login in (await client.sso.list_sso_provider_logins_in_organization(ORG)).items
        ] == ["Okta"]
    assert (await admin.organizations.get_organization_by_id(ORG)).permissions.admin is True


async def test_sso_of_an_organization_one_is_not_in_is_not_found(reader):
    with pytest.raises(errors.NotFoundError):
        await reader.sso.list_saml_providers_in_organization_by_id(OTHER_ORG)
    with pytest.raises(errors.NotFoundError):
        await reader.sso.list_sso_provider_logins_in_organization(OTHER_ORG)
