"""Git synchronisation of a space, end to end against the in-process service."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest

from tests.conftest import ORG
from tui.api import errors
from tui.api.models import GitProviderInfo

REPO = "https://github.com/northwind/deploy-guide.git"


async def _space(client: Any, title: str) -> Any:
    spaces = await client.spaces.list_spaces_in_organization_by_id(ORG, limit=100)
    return next(space for space in spaces.items if space.title == title)


async def _readme(client: Any, space_id: str) -> str | None:
    revision = await client.space_content.get_current_revision(space_id)
    page = next((page for page in revision.pages if page.title == "README"), None)
    if page is None:
        return None
    return (await client.space_content.get_page_by_id(space_id, page.id)).markdown


async def test_the_demo_sdk_is_synchronised_from_github(admin):
    sdk = await _space(admin, "Python SDK")
    info = await admin.space_git.get_space_git_info(sdk.id)
    assert (info.repo_name, info.installation_provider) == ("northwind/python-sdk", "github")
    assert info.url == "https://github.com/northwind/python-sdk/tree/main"
    assert sdk.git_sync == info
    revision = await admin.space_content.get_current_revision(sdk.id)
    assert revision.git.ref == "refs/heads/main" and not revision.git.created_by_git_book


async def test_a_space_never_synchronised_has_no_git_info(admin):
    space = await _space(admin, "Deploying to production")
    assert space.git_sync is None
    with pytest.raises(errors.NotFoundError):
        await admin.space_git.get_space_git_info(space.id)


async def test_an_import_makes_new_main_content_that_says_where_it_came_from(editor, transport):
    space = await _space(editor, "Deploying to production")
    await editor.space_git.import_git_repository(space.id, url=REPO, ref="refs/heads/main")
    assert transport.sent[-1].json == {"url": REPO, "ref": "refs/heads/main"}
    info = await editor.space_git.get_space_git_info(space.id)
    assert (info.repo_name, info.installation_provider, info.integration) == (
        "northwind/deploy-guide",
        "github",
        "github",
    )
    assert info.url == REPO and info.updated_at is not None
    after = await editor.spaces.get_space_by_id(space.id)
    assert after.revision != space.revision
    assert after.git_sync == info
    revision = await editor.space_content.get_current_revision(space.id)
    assert revision.parents == [space.revision]
    assert revision.git.ref == "refs/heads/main" and revision.git.created_by_git_book is False
    assert "northwind/deploy-guide@main" in (await _readme(editor, space.id) or "")
    assert "Overview" in [page.title for page in revision.pages]


async def test_wire_names_of_the_optional_fields(admin, transport):
    space = await _space(admin, "Deploying to production")
    await admin.space_git.import_git_repository(
        space.id,
        url=REPO,
        ref="refs/heads/docs",
        repo_cache_id="cache-1",
        repo_tree_url="https://github.com/northwind/deploy-guide/tree/docs/",
        repo_commit_url="https://github.com/northwind/deploy-guide/commit/",
        repo_project_directory="docs",
        force=True,
        git_info=GitProviderInfo(
            provider="github", url="https://github.com/northwind/deploy-guide"
        ),
    )
    sent = transport.sent[-1].json
    assert set(sent) == {
        "url",
        "ref",
        "repoCacheID",
        "repoTreeURL",
        "repoCommitURL",
        "repoProjectDirectory",
        "force",
        "gitInfo",
    }
    assert sent["gitInfo"] == {
        "provider": "github",
        "url": "https://github.com/northwind/deploy-guide",
    }
    info = await admin.space_git.get_space_git_info(space.id)
    assert info.url == "https://github.com/northwind/deploy-guide"
    revision = await admin.space_content.get_current_revision(space.id)
    assert revision.git.url.startswith("https://github.com/northwind/deploy-guide/commit/")


async def test_credentials_in_the_repository_url_never_come_back(admin, service):
    space = await _space(admin, "Deploying to production")
    secret_url = "https://bot:s3cret-token@gitlab.example.com/team/deploy-docs.git"
    await admin.space_git.import_git_repository(space.id, url=secret_url, ref="refs/heads/main")
    await admin.space_git.export_to_git_repository(
        space.id, url=secret_url, ref="refs/heads/main", commit_message="Update docs"
    )
    info = await admin.space_git.get_space_git_info(space.id)
    assert info.url == "https://gitlab.example.com/team/deploy-docs.git"
    assert (info.repo_name, info.installation_provider) == ("team/deploy-docs", "gitlab")
    space_after = await admin.spaces.get_space_by_id(space.id)
    revision = await admin.space_content.get_current_revision(space.id)
    shown = json.dumps(
        [
            info.model_dump(mode="json"),
            space_after.model_dump(mode="json"),
            revision.model_dump(mode="json"),
        ]
    )
    assert "s3cret" not in shown and "bot@" not in shown
    store = service.state.emulator.store
    kept = json.dumps([store.list(kind, scope=space.id) for kind in ("git-operation", "revision")])
    assert "s3cret" not in kept


async def test_an_older_timestamp_does_not_overwrite_the_last_git_import(admin, clock):
    space = await _space(admin, "Deploying to production")
    now = clock.now
    await admin.space_git.import_git_repository(
        space.id, url=REPO, ref="refs/heads/main", timestamp=now
    )
    applied = await admin.spaces.get_space_by_id(space.id)
    clock.advance(minutes=1)
    await admin.space_git.import_git_repository(
        space.id,
        url="https://github.com/northwind/stale-fork.git",
        ref="refs/heads/old",
        timestamp=now - timedelta(hours=1),
    )
    with admin.revalidating():
        info = await admin.space_git.get_space_git_info(space.id)
        after = await admin.spaces.get_space_by_id(space.id)
    assert info.repo_name == "northwind/deploy-guide"
    assert after.revision == applied.revision

    await admin.space_git.export_to_git_repository(
        space.id,
        url="https://github.com/northwind/deploy-guide-v2.git",
        ref="refs/heads/main",
        commit_message="Publish",
        timestamp=now + timedelta(minutes=5),
    )
    assert (
        await admin.space_git.get_space_git_info(space.id)
    ).repo_name == "northwind/deploy-guide-v2"


async def test_a_standalone_import_leaves_the_space_s_content_alone(admin, service):
    space = await _space(admin, "Deploying to production")
    await admin.space_git.import_git_repository(
        space.id, url=REPO, ref="refs/heads/preview", standalone=True
    )
    after = await admin.spaces.get_space_by_id(space.id)
    assert after.revision == space.revision
    assert await _readme(admin, space.id) is None
    with pytest.raises(errors.NotFoundError):
        await admin.space_git.get_space_git_info(space.id)
    # The import still produced its own revision, aside from the main content.
    made = [
        revision
        for revision in service.state.emulator.store.list("revision", scope=space.id)
        if revision.get("git", {}).get("ref") == "refs/heads/preview"
    ]
    assert len(made) == 1 and made[0]["parents"] == [space.revision]


async def test_an_export_records_the_repository_without_changing_the_content(admin, transport):
    space = await _space(admin, "Deploying to production")
    await admin.space_git.export_to_git_repository(
        space.id,
        url="https://gitlab.com/northwind/deploy.git",
        ref="refs/heads/main",
        commit_message="Sync from docs",
    )
    assert transport.sent[-1].json["commitMessage"] == "Sync from docs"
    info = await admin.space_git.get_space_git_info(space.id)
    assert (info.repo_name, info.installation_provider) == ("northwind/deploy", "gitlab")
    assert (await admin.spaces.get_space_by_id(space.id)).revision == space.revision


@pytest.mark.parametrize(
    "payload, field",
    [
        ({"ref": "refs/heads/main"}, "url"),
        ({"url": REPO}, "ref"),
        ({"url": REPO, "ref": "main"}, "ref"),
        ({"url": REPO, "ref": "refs/tags/v1"}, "ref"),
        ({"url": "git@github.com:northwind/x.git", "ref": "refs/heads/main"}, "url"),
        ({"url": REPO, "ref": "refs/heads/main", "gitInfo": {"provider": "svn"}}, "provider"),
        ({"url": REPO, "ref": "refs/heads/main", "timestamp": "yesterday"}, "timestamp"),
    ],
)
async def test_imports_that_break_the_rules_are_refused(admin, payload, field):
    space = await _space(admin, "Deploying to production")
    with pytest.raises(errors.BadRequestError) as caught:
        await admin.request("POST", "/spaces/{}/git/import", space.id, json=payload)
    assert field in caught.value.message


async def test_an_export_needs_a_commit_message(admin):
    space = await _space(admin, "Deploying to production")
    with pytest.raises(errors.BadRequestError) as caught:
        await admin.request(
            "POST", "/spaces/{}/git/export", space.id, json={"url": REPO, "ref": "refs/heads/main"}
        )
    assert "commitMessage" in caught.value.message


async def test_a_locked_space_refuses_imports(admin):
    space = await _space(admin, "Deploying to production")
    await admin.spaces.update_space_by_id(space.id, edit_mode="locked")
    with pytest.raises(errors.ForbiddenError) as caught:
        await admin.space_git.import_git_repository(space.id, url=REPO, ref="refs/heads/main")
    assert "locked" in caught.value.message


async def test_a_reader_sees_the_git_info_but_cannot_synchronise(reader):
    sdk = await _space(reader, "Python SDK")
    assert (await reader.space_git.get_space_git_info(sdk.id)).repo_name == "northwind/python-sdk"
    assert not sdk.permissions.trigger_git_sync
    with pytest.raises(errors.ForbiddenError):
        await reader.space_git.import_git_repository(sdk.id, url=REPO, ref="refs/heads/main")
    with pytest.raises(errors.ForbiddenError):
        await reader.space_git.export_to_git_repository(
            sdk.id, url=REPO, ref="refs/heads/main", commit_message="x"
        )


async def test_removing_the_legacy_installation_ends_the_legacy_sync(admin, editor):
    handbook = await _space(admin, "Team handbook")
    legacy = await admin.space_git.get_space_git_info(handbook.id)
    assert legacy.installation_provider == "github-legacy"
    with pytest.raises(errors.ForbiddenError):
        await editor.space_git.delete_legacy_git_installation(handbook.id)
    await admin.space_git.delete_legacy_git_installation(handbook.id)
    with pytest.raises(errors.NotFoundError):
        await admin.space_git.get_space_git_info(handbook.id)
    await admin.space_git.delete_legacy_git_installation(handbook.id)  # already gone: still fine


async def test_removing_a_legacy_installation_leaves_a_current_sync_alone(admin):
    sdk = await _space(admin, "Python SDK")
    await admin.space_git.delete_legacy_git_installation(sdk.id)
    assert (await admin.space_git.get_space_git_info(sdk.id)).installation_provider == "github"


async def test_git_operations_on_an_unknown_space_are_not_found(admin):
    with pytest.raises(errors.NotFoundError):
        await admin.space_git.get_space_git_info("missing")
    with pytest.raises(errors.NotFoundError):
        await admin.space_git.import_git_repository("missing", url=REPO, ref="refs/heads/main")
