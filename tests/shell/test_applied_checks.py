"""The checks that tell whether a write whose answer was lost was applied: each says "not yet"
before the write and finds it after, read from the local service without the app."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from tests.conftest import ORG
from tui.admin.applied_admin import (
    git_synced,
    in_team,
    instructions_are,
    legacy_git_removed,
    member_gone,
    new_saml_provider,
    new_spec_version,
    new_team,
    new_translation,
    organization_holds,
    out_of_team,
    role_is,
    saml_holds,
    saml_provider_ids,
    spec_made,
    spec_version,
    spec_visibility,
    sso_marked,
    team_ids,
    team_titled,
    translation_ids,
    translation_run,
)
from tui.admin.bulk_dialog import describe_outcome
from tui.admin.logic.bulk import apply_one_by_one
from tui.admin.logic.instructions import document_of
from tui.api import errors
from tui.browse.applied_browse import new_revision, space_revision
from tui.review.applied_review import (
    asked_to_review,
    message_gone,
    message_reads,
    new_reply,
    new_thread,
    reaction_is,
    resolved_as,
    review_ids,
    reviewed,
    thread_ids,
    updated_from_main,
)
from tui.review.threads import ThreadScope
from tui.shell.lost_answers import write_checked

ME = "u-ada"  # demo-admin


async def space_named(client, title: str):
    page = await client.spaces.list_spaces_in_organization_by_id(ORG, limit=100)
    return next(s for s in page.items if s.title == title)


async def change_request(client, space_title: str, subject: str):
    space = await space_named(client, space_title)
    page = await client.change_requests.list_change_requests_for_space(space.id)
    return space, next(r for r in page.items if r.subject == subject)


async def member_named(client, name: str):
    page = await client.organization_members.list_members_in_organization_by_id(
        ORG, search=name, limit=5
    )
    return next(m for m in page.items if m.user.display_name == name)


# -- change requests ----------------------------------------------------------------------


async def test_a_review_is_found_once_filed_and_only_with_my_verdict(admin):
    space, request = await change_request(admin, "API Reference", "Document the new rate limits")
    before = await review_ids(admin, space.id, request.id)
    found = {"before": before, "reviewer": ME, "status": "approved"}
    assert await reviewed(admin, space.id, request.id, **found) is None
    await admin.change_request_reviews.submit_change_request_review(
        space.id, request.id, status="approved"
    )
    review = await reviewed(admin, space.id, request.id, **found)
    assert review is not None and review.revision == request.revision
    other = {**found, "status": "changes-requested"}
    assert await reviewed(admin, space.id, request.id, **other) is None
    seen = {**found, "before": before | {review.id}}
    assert await reviewed(admin, space.id, request.id, **seen) is None


async def test_an_update_from_main_is_found_by_the_base_it_stood_on(admin):
    space, request = await change_request(admin, "API Reference", "Explain when tokens expire")
    assert request.outdated
    base = request.revision_merged_ancestor
    assert await updated_from_main(admin, space.id, request.id, base) is None
    await admin.change_requests.update_change_request(space.id, request.id)
    result = await updated_from_main(admin, space.id, request.id, base)
    assert result is not None and result.result == "update"


async def test_a_reviewer_asked_then_withdrawn_reads_back_each_time(admin):
    space, request = await change_request(admin, "API Reference", "Document the new rate limits")
    ben = (await member_named(admin, "Ben Carter")).user.id
    reviews = admin.change_request_reviews
    assert not await asked_to_review(admin, space.id, request.id, ben)
    await reviews.request_reviewers_for_change_request(space.id, request.id, users=[ben])
    assert await asked_to_review(admin, space.id, request.id, ben)
    await reviews.remove_requested_reviewer_from_change_request(space.id, request.id, ben)
    assert not await asked_to_review(admin, space.id, request.id, ben)


# -- threads ------------------------------------------------------------------------------


async def test_each_write_in_a_thread_reads_back(admin):
    scope = ThreadScope((await space_named(admin, "Team handbook")).id)
    body = "Where is the on-call rota?"
    before = await thread_ids(admin, scope)
    assert await new_thread(admin, scope, before=before, body=body) is None
    comment = await scope.post(admin, body)
    found = await new_thread(admin, scope, before=before, body=body, author=ME)
    assert found is not None and found.id == comment.id
    assert await new_thread(admin, scope, before=before, body=body, author="u-grace") is None

    assert await new_reply(admin, scope, comment.id, before=set(), body="Page 3.") is None
    reply = await scope.reply(admin, comment.id, "Page 3.")
    assert (await new_reply(admin, scope, comment.id, before=set(), body="Page 3.")) == reply
    assert await new_reply(admin, scope, comment.id, before={reply.id}, body="Page 3.") is None

    assert await message_reads(admin, scope, comment.id, reply.id, "Page 4.") is None
    await scope.update_reply(admin, comment.id, reply.id, body="Page 4.")
    assert await message_reads(admin, scope, comment.id, reply.id, "Page 4.") is not None

    mine = {"emoji": "🎉", "me": ME}
    assert await reaction_is(admin, scope, comment.id, None, present=True, **mine) is None
    await scope.update(admin, comment.id, added_reactions=["🎉"])
    assert await reaction_is(admin, scope, comment.id, None, present=True, **mine) is not None
    assert await reaction_is(admin, scope, comment.id, None, present=False, **mine) is None

    assert await resolved_as(admin, scope, comment.id, True) is None
    await scope.update(admin, comment.id, resolved=True)
    assert await resolved_as(admin, scope, comment.id, True) is not None

    assert not await message_gone(admin, scope, comment.id, reply.id)
    await scope.delete_reply(admin, comment.id, reply.id)
    assert await message_gone(admin, scope, comment.id, reply.id)
    await scope.delete(admin, comment.id)
    assert await message_gone(admin, scope, comment.id, None)


# -- content ------------------------------------------------------------------------------


async def test_an_import_is_found_by_the_revision_it_made(admin):
    space = await space_named(admin, "Engineering onboarding")
    before = await space_revision(admin, space.id)
    assert await new_revision(admin, space.id, before) is None
    result = await admin.space_content.import_content(
        space.id, url="https://example.com/guide", source="website"
    )
    assert await new_revision(admin, space.id, before) == result.revision


# -- administration -----------------------------------------------------------------------


async def test_a_member_s_role_mark_and_removal_read_back(admin):
    zoe = (await member_named(admin, "Zoe Park")).user.id  # a reader, not an SSO member
    assert await role_is(admin, ORG, zoe, "review") is None
    members = admin.organization_members
    await members.update_member_in_organization_by_id(ORG, zoe, role="review")
    assert (await role_is(admin, ORG, zoe, "review")).role == "review"
    await members.update_member_in_organization_by_id(ORG, zoe, role=None)
    assert await role_is(admin, ORG, zoe, None) is not None  # a guest
    assert await sso_marked(admin, ORG, zoe) is None
    await members.set_user_as_sso_member_for_organization(ORG, zoe)
    assert await sso_marked(admin, ORG, zoe) is not None
    assert not await member_gone(admin, ORG, zoe)
    await members.remove_member_from_organization_by_id(ORG, zoe)
    assert await member_gone(admin, ORG, zoe)


async def test_a_team_created_renamed_and_peopled_reads_back(admin):
    before = await team_ids(admin, ORG)
    assert await new_team(admin, ORG, before, "Localisation") is None
    team = await admin.teams.create_organization_team(ORG, title="Localisation")
    assert (await new_team(admin, ORG, before, "Localisation")).id == team.id
    assert await new_team(admin, ORG, before | {team.id}, "Localisation") is None
    assert await team_titled(admin, ORG, team.id, "L10n") is None
    await admin.teams.update_team_in_organization_by_id(ORG, team.id, title="L10n")
    assert await team_titled(admin, ORG, team.id, "L10n") is not None

    ben = (await member_named(admin, "Ben Carter")).user.id
    assert not await in_team(admin, ORG, team.id, [ben])
    await admin.team_members.add_member_to_organization_team_by_id(ORG, team.id, ben)
    assert await in_team(admin, ORG, team.id, [ben])
    assert not await in_team(admin, ORG, team.id, [ben], "owner")
    await admin.team_members.update_members_in_organization_team(
        ORG, team.id, memberships={ben: {"role": "owner"}}
    )
    assert await in_team(admin, ORG, team.id, [ben], "owner")
    assert not await out_of_team(admin, ORG, team.id, [ben])
    await admin.team_members.delete_member_from_organization_team_by_id(ORG, team.id, ben)
    assert await out_of_team(admin, ORG, team.id, [ben])


async def test_the_organisation_s_settings_read_back_as_sent(admin):
    changes = {"title": "Northwind Docs", "logo": "https://northwind.dev/logo.png", "ai": True}
    assert await organization_holds(admin, ORG, changes) is None
    await admin.organizations.update_organization_by_id(ORG, **changes)
    assert await organization_holds(admin, ORG, changes) is not None
    domains = {"email_domains": ["northwind.dev", "nw.example"]}
    assert await organization_holds(admin, ORG, domains) is None
    await admin.organizations.update_organization_by_id(
        ORG, email_domains=["nw.example", "northwind.dev"]
    )
    assert await organization_holds(admin, ORG, domains) is not None


async def test_a_saml_provider_added_then_changed_reads_back(admin):
    before = await saml_provider_ids(admin, ORG)
    assert await new_saml_provider(admin, ORG, before, "Entra") is None
    provider = await admin.sso.create_organization_saml_provider(ORG, label="Entra")
    assert (await new_saml_provider(admin, ORG, before, "Entra")).id == provider.id
    team = next(iter(await team_ids(admin, ORG)))
    changes = {"label": "Entra ID", "default_team": team}
    assert await saml_holds(admin, ORG, provider.id, changes) is None
    await admin.sso.update_organization_saml_provider(ORG, provider.id, **changes)
    assert await saml_holds(admin, ORG, provider.id, changes) is not None
    assert await saml_holds(admin, ORG, provider.id, {"default_team": None}) is None


async def test_a_specification_made_given_a_source_and_shown_reads_back(admin):
    url = "https://example.com/payments.json"
    assert await spec_made(admin, ORG, "payments-api", url) is None
    await admin.openapi.create_openapi_spec(ORG, slug="payments-api", source={"url": url})
    assert await spec_made(admin, ORG, "payments-api", url) is not None
    version = await spec_version(admin, ORG, "payments-api")
    assert await new_spec_version(admin, ORG, "payments-api", version) is None
    await admin.openapi.create_or_update_openapi_spec_by_slug(
        ORG, "payments-api", source={"url": url}
    )
    assert await new_spec_version(admin, ORG, "payments-api", version) is not None
    assert await spec_visibility(admin, ORG, "payments-api", "public") is None
    await admin.openapi.update_openapi_spec_by_slug(ORG, "payments-api", visibility="public")
    assert await spec_visibility(admin, ORG, "payments-api", "public") is not None


async def test_a_translation_made_instructed_and_run_reads_back(admin):
    space = await space_named(admin, "Team handbook")
    before = await translation_ids(admin, ORG)
    wanted = {"space": space.id, "language": "de"}
    assert await new_translation(admin, ORG, before, **wanted) is None
    translation = await admin.translations.create_translation(
        ORG, language="de", source={"space": space.id, "language": "en"}
    )
    assert (await new_translation(admin, ORG, before, **wanted)).id == translation.id
    document = document_of("Keep product names in English.")
    assert await instructions_are(admin, ORG, translation.id, document) is None
    await admin.translations.update_translation(ORG, translation.id, instructions=document)
    assert await instructions_are(admin, ORG, translation.id, document) is not None
    assert await translation_run(admin, ORG, translation.id, runs=0) is None
    await admin.translations.run_translation(ORG, translation.id)
    assert await translation_run(admin, ORG, translation.id, runs=0) is not None


async def test_a_git_import_and_the_legacy_removal_read_back(admin):
    sdk = await space_named(admin, "Python SDK")
    before = sdk.git_sync.updated_at if sdk.git_sync else None
    assert not await git_synced(admin, sdk.id, before)
    await admin.space_git.import_git_repository(
        sdk.id, url="https://github.com/northwind/sdk", ref="refs/heads/main"
    )
    assert await git_synced(admin, sdk.id, before)
    handbook = await space_named(admin, "Team handbook")
    assert not await legacy_git_removed(admin, handbook.id)
    await admin.space_git.delete_legacy_git_installation(handbook.id)
    assert await legacy_git_removed(admin, handbook.id)


# -- a run of many, and a write from a key ------------------------------------------------


async def test_a_bulk_run_stops_at_a_lost_answer_and_reports_what_the_check_found():
    lost = errors.AnswerLostError("connection reset")

    async def apply(name: str) -> None:
        if name == "Grace":
            raise lost

    outcome = await apply_one_by_one(
        ["Ada", "Grace", "Linus"],
        apply,
        lambda e: isinstance(e, errors.ApiError),
        is_lost=lambda e: isinstance(e, errors.AnswerLostError),
    )
    assert (outcome.applied, outcome.lost, outcome.not_tried) == (
        ["Ada"],
        ("Grace", lost),
        ["Linus"],
    )
    report = describe_outcome(outcome, str, "Changed").plain
    assert "Changed 1 of 3: Ada." in report
    assert "Sent for Grace, but the answer was lost: checking whether it was applied…" in report
    applied = outcome.found(True)
    assert applied.applied == ["Ada", "Grace"] and not applied.complete
    assert "Changed 2 of 3: Ada and Grace." in describe_outcome(applied, str, "Changed").plain
    assert "it was not applied." in describe_outcome(outcome.found(False), str, "Changed").plain
    unknown = describe_outcome(outcome.found(None), str, "Changed").plain
    assert "Changed 1 of 3" in unknown and "cannot be told yet" in unknown


class Node:
    """Stands in for a screen: keeps what write_checked tells the user."""

    def __init__(self) -> None:
        self.told: list[str] = []
        self.app = SimpleNamespace(notify=lambda message, **_: self.told.append(message))


@pytest.mark.parametrize("timed_out", [False, True])
async def test_a_key_s_write_lost_and_not_found_is_not_applied_unless_it_timed_out(
    admin, timed_out
):
    node = Node()

    async def write() -> bool:
        raise errors.AnswerLostError("no answer", timed_out=timed_out)

    async def nothing() -> bool | None:
        return None

    if timed_out:  # the service may still be working: nobody knows yet
        with pytest.raises(errors.AnswerLostError):
            await write_checked(node, admin, write, nothing, again="press x.")
    else:
        assert await write_checked(node, admin, write, nothing, again="press x.") is None
        assert node.told[-1] == "It was not applied: press x."
