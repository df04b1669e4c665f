"""Provides the re-reads that tell whether an administration's write whose answer was lost was applied.

The same shapes as ``tui.dialogs.applied`` (whose helpers they use), for members, teams, the
organisation's settings, SAML providers, OpenAPI specifications, translations and Git sync.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from datetime import datetime
from typing import Any

from tui.admin.logic.instructions import document_text
from tui.dialogs.applied import every, gone, holds, ids, new_item, reads_as, same

from ..api import Client
from ..api.errors import NotFoundError
from ..api.models import Member, OpenAPISpec, Organization, SamlProvider, Team, Translation

__all__ = [
    "git_synced",
    "in_team",
    "instructions_are",
    "legacy_git_removed",
    "member_gone",
    "new_saml_provider",
    "new_spec_version",
    "new_team",
    "new_translation",
    "organization_holds",
    "out_of_team",
    "role_is",
    "saml_holds",
    "saml_provider_ids",
    "spec_made",
    "spec_version",
    "spec_visibility",
    "sso_marked",
    "team_ids",
    "team_titled",
    "translation_ids",
    "translation_run",
]


# -- members ------------------------------------------------------------------------------


async def role_is(
    client: Client, organization_id: str, user_id: str, role: str | None
) -> Member | None:
    """The member when their role is now ``role`` (None: a guest)."""
    members = client.organization_members
    return await reads_as(
        lambda: members.get_member_in_organization_by_id(organization_id, user_id),
        lambda member: member.role == role,
    )


async def member_gone(client: Client, organization_id: str, user_id: str) -> bool:
    """Whether the member is no longer in the organisation."""
    members = client.organization_members
    return await gone(lambda: members.get_member_in_organization_by_id(organization_id, user_id))


async def sso_marked(client: Client, organization_id: str, user_id: str) -> Member | None:
    """The member when they are now an SSO member."""
    members = client.organization_members
    return await reads_as(
        lambda: members.get_member_in_organization_by_id(organization_id, user_id),
        lambda member: member.sso,
    )


# -- teams --------------------------------------------------------------------------------


async def team_ids(client: Client, organization_id: str) -> set[str]:
    """The organisation's teams before creating one."""
    teams: list[Team] = await every(
        client, client.teams.list_teams_in_organization_by_id, organization_id
    )
    return ids(teams)


async def new_team(
    client: Client, organization_id: str, before: set[str], title: str
) -> Team | None:
    """The team of that title not among those ``before``."""
    teams = await every(client, client.teams.list_teams_in_organization_by_id, organization_id)
    return new_item(teams, before, lambda team: team.title == title)


async def team_titled(
    client: Client, organization_id: str, team_id: str, title: str
) -> Team | None:
    """The team when its title is now ``title``."""
    return await reads_as(
        lambda: client.teams.get_team_in_organization_by_id(organization_id, team_id),
        lambda team: team.title == title,
    )


async def _team_roles(client: Client, organization_id: str, team_id: str) -> dict[str, str]:
    """user id → their role in the team, for everyone in it now."""
    listing = client.team_members.list_team_members_in_organization_by_id
    return {
        member.organization.user.id: member.team.role
        for member in await every(client, listing, organization_id, team_id)
    }


async def already_in_team(
    client: Client, organization_id: str, team_id: str, users: Collection[str]
) -> set[str]:
    """Which of ``users`` the team holds already (asked before adding: nothing to send)."""
    roles = await _team_roles(client, organization_id, team_id)
    return {user for user in users if user in roles}


async def in_team(
    client: Client,
    organization_id: str,
    team_id: str,
    users: Collection[str],
    role: str | None = None,
) -> bool:
    """Whether every one of ``users`` is in the team now (with ``role``, when given)."""
    roles = await _team_roles(client, organization_id, team_id)
    return all(user in roles and (role is None or roles[user] == role) for user in users)


async def out_of_team(
    client: Client, organization_id: str, team_id: str, users: Collection[str]
) -> bool:
    """Whether none of ``users`` is in the team now."""
    roles = await _team_roles(client, organization_id, team_id)
    return not any(user in roles for user in users)


# -- the organisation ---------------------------------------------------------------------

_ORGANIZATION_FIELDS: Mapping[str, Any] = {"logo": lambda org: org.urls.logo}


async def organization_holds(
    client: Client, organization_id: str, changes: Mapping[str, Any]
) -> Organization | None:
    """The organisation when every setting sent (as the update names them) now holds.

    E-mail domains compare as a set: the service may keep them in another order.
    """
    organization = await client.organizations.get_organization_by_id(organization_id)
    rest = dict(changes)
    domains = rest.pop("email_domains", None)
    if domains is not None and {d.lower() for d in organization.email_domains} != {
        d.lower() for d in domains
    }:
        return None
    return organization if holds(organization, rest, _ORGANIZATION_FIELDS) else None


# -- SAML providers -----------------------------------------------------------------------

_SAML_FIELDS: Mapping[str, Any] = {
    "default_team": lambda p: p.default_team.id if p.default_team is not None else None
}


async def saml_provider_ids(client: Client, organization_id: str) -> set[str]:
    providers = client.sso.list_saml_providers_in_organization_by_id
    listed: list[SamlProvider] = await every(client, providers, organization_id)
    return ids(listed)


async def new_saml_provider(
    client: Client, organization_id: str, before: set[str], label: str
) -> SamlProvider | None:
    """The provider of that label not among those ``before``."""
    providers = client.sso.list_saml_providers_in_organization_by_id
    listed = await every(client, providers, organization_id)
    return new_item(listed, before, lambda provider: provider.label == label)


async def saml_holds(
    client: Client, organization_id: str, provider_id: str, changes: Mapping[str, Any]
) -> SamlProvider | None:
    """The provider when every field sent (``default_team`` as an id) now holds."""
    return await reads_as(
        lambda: client.sso.get_organization_saml_provider_by_id(organization_id, provider_id),
        lambda provider: holds(provider, changes, _SAML_FIELDS),
    )


# -- OpenAPI specifications ---------------------------------------------------------------


async def spec_made(
    client: Client, organization_id: str, slug: str, source_url: str
) -> OpenAPISpec | None:
    """The specification of that slug from that source (a slug is the organisation's once:
    before the create, it was not there, or the service would have refused it)."""
    try:
        spec = await client.openapi.get_openapi_spec_by_slug(organization_id, slug)
    except NotFoundError:
        return None
    return spec if same(spec.source_url, source_url) else None


async def spec_version(client: Client, organization_id: str, slug: str) -> str | None:
    """The id of the specification's newest version (processed or not)."""
    listing = client.openapi_versions.list_openapi_spec_versions
    versions = await listing(organization_id, slug, limit=1)
    return versions.items[0].id if versions.items else None


async def new_spec_version(
    client: Client, organization_id: str, slug: str, before: str | None
) -> OpenAPISpec | None:
    """The specification when a version newer than ``before`` exists: a new source was taken."""
    if await spec_version(client, organization_id, slug) == before:
        return None
    return await client.openapi.get_openapi_spec_by_slug(organization_id, slug)


async def spec_visibility(
    client: Client, organization_id: str, slug: str, visibility: str
) -> OpenAPISpec | None:
    return await reads_as(
        lambda: client.openapi.get_openapi_spec_by_slug(organization_id, slug),
        lambda spec: spec.visibility == visibility,
    )


# -- translations -------------------------------------------------------------------------


async def translation_ids(client: Client, organization_id: str) -> set[str]:
    listed: list[Translation] = await every(
        client, client.translations.list_translations, organization_id
    )
    return ids(listed)


async def new_translation(
    client: Client, organization_id: str, before: set[str], *, space: str, language: str
) -> Translation | None:
    """The translation of ``space`` into ``language`` not among those ``before``."""
    listed = await every(client, client.translations.list_translations, organization_id)
    return new_item(
        listed,
        before,
        lambda t: t.language == language and t.source is not None and t.source.space == space,
    )


async def instructions_are(
    client: Client, organization_id: str, translation_id: str, document: dict[str, Any]
) -> Translation | None:
    """The translation when its instructions now read as the document sent."""
    return await reads_as(
        lambda: client.translations.get_translation(organization_id, translation_id),
        lambda t: document_text(t.instructions) == document_text(document),
    )


async def translation_run(
    client: Client, organization_id: str, translation_id: str, runs: int
) -> Translation | None:
    """The translation when a run started after the ``runs`` counted before sending: it is
    running, or it finished one more."""
    return await reads_as(
        lambda: client.translations.get_translation(organization_id, translation_id),
        lambda t: t.status == "running" or t.stats.runs > runs,
    )


# -- Git ----------------------------------------------------------------------------------


async def git_synced(client: Client, space_id: str, before: datetime | None) -> bool:
    """Whether the space's Git sync moved on since ``before`` (its time before sending)."""
    space = await client.spaces.get_space_by_id(space_id)
    now = space.git_sync.updated_at if space.git_sync is not None else None
    return now is not None and now != before


async def legacy_git_removed(client: Client, space_id: str) -> bool:
    """Whether the space no longer shows a sync through the legacy installation."""
    space = await client.spaces.get_space_by_id(space_id)
    sync = space.git_sync
    return sync is None or sync.installation_provider != "github-legacy"
