"""Translations of spaces, end to end against the in-process service."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import ORG, OTHER_ORG
from tui.api import errors


def _document(text: str) -> dict[str, Any]:
    leaf = {"object": "leaf", "text": text, "marks": []}
    block = {
        "object": "block",
        "type": "paragraph",
        "nodes": [{"object": "text", "leaves": [leaf]}],
    }
    return {"object": "document", "data": {}, "nodes": [block]}


async def _space(client: Any, title: str, organization: str = ORG) -> Any:
    spaces = await client.spaces.list_spaces_in_organization_by_id(organization, limit=100)
    return next(space for space in spaces.items if space.title == title)


async def _translation(client: Any, language: str) -> Any:
    translations = await client.translations.list_translations(ORG)
    return next(t for t in translations.items if t.language == language)


def _documents(pages: list[Any]) -> list[Any]:
    found = []
    for page in pages:
        if page.type == "document":
            found.append(page)
        found.extend(_documents(page.pages))
    return found


async def test_the_demo_translates_the_api_reference_into_french_and_japanese(admin):
    reference = await _space(admin, "API Reference")
    french = await _translation(admin, "fr")
    japanese = await _translation(admin, "ja")
    assert french.source.space == japanese.source.space == reference.id
    assert french.status == "completed" and french.stats.runs == 2
    assert french.stats.latest_pages > 0 and french.stats.latest_words > 0
    target = await admin.spaces.get_space_by_id(french.result.space)
    assert (target.title, target.language) == ("API Reference (fr)", "fr")
    assert target.revision == french.result.revision
    assert japanese.status == "pending" and japanese.result is None
    assert japanese.stats.runs == 0


async def test_an_admin_creates_a_translation_that_waits_for_its_first_run(admin, transport):
    handbook = await _space(admin, "Team handbook")
    source = {"space": handbook.id, "language": "en"}
    made = await admin.translations.create_translation(
        ORG, language="de", source=source, instructions=_document("Use the informal Du.")
    )
    assert transport.sent[-1].json == {
        "language": "de",
        "source": source,
        "instructions": _document("Use the informal Du."),
    }
    assert (made.status, made.language, made.source.space) == ("pending", "de", handbook.id)
    assert made.stats.runs == 0 and made.result is None
    assert made.permissions.edit
    again = await admin.translations.get_translation(ORG, made.id)
    assert again.instructions == _document("Use the informal Du.")


async def test_instructions_default_to_an_empty_document_and_can_be_replaced(admin, transport):
    handbook = await _space(admin, "Team handbook")
    made = await admin.translations.create_translation(
        ORG, language="es", source={"space": handbook.id, "language": "en"}
    )
    assert made.instructions == {"object": "document", "data": {}, "nodes": []}
    updated = await admin.translations.update_translation(
        ORG, made.id, instructions=_document("Usa el tuteo.")
    )
    assert transport.sent[-1].method == "PUT"
    assert transport.sent[-1].json == {"instructions": _document("Usa el tuteo.")}
    assert updated.instructions == _document("Usa el tuteo.")


async def test_a_translation_run_moves_its_status_forward_and_counts_pages(admin, clock):
    handbook = await _space(admin, "Team handbook")
    made = await admin.translations.create_translation(
        ORG, language="it", source={"space": handbook.id, "language": "en"}
    )
    await admin.translations.run_translation(ORG, made.id)
    running = await admin.translations.get_translation(ORG, made.id)
    assert running.status == "running" and running.stats.runs == 0

    clock.advance(seconds=5)
    with admin.revalidating():
        done = await admin.translations.get_translation(ORG, made.id)
    source_pages = _documents((await admin.space_content.list_pages(handbook.id)).pages)
    assert done.status == "completed"
    assert done.stats.runs == 1
    assert done.stats.latest_pages == done.stats.total_pages == len(source_pages)
    assert done.stats.latest_words == done.stats.total_words > 0
    assert done.stats.latest_run_duration == done.stats.total_duration >= 2

    target = await admin.spaces.get_space_by_id(done.result.space)
    assert (target.title, target.language) == ("Team handbook (it)", "it")
    assert target.revision == done.result.revision
    copied = _documents((await admin.space_content.list_pages(target.id)).pages)
    assert [page.title for page in copied] == [page.title for page in source_pages]


async def test_a_second_run_reuses_the_target_space_and_adds_to_the_totals(admin, clock):
    french = await _translation(admin, "fr")
    await admin.translations.run_translation(ORG, french.id)
    clock.advance(seconds=60)
    with admin.revalidating():
        done = await admin.translations.get_translation(ORG, french.id)
    assert done.stats.runs == 3
    assert done.stats.total_words == french.stats.total_words + done.stats.latest_words
    assert done.stats.total_pages == french.stats.total_pages  # the same pages again
    assert done.result.space == french.result.space
    assert done.result.revision != french.result.revision


async def test_a_deleted_translation_is_gone_and_deleting_again_is_harmless(admin):
    japanese = await _translation(admin, "ja")
    await admin.translations.delete_translation(ORG, japanese.id)
    with pytest.raises(errors.NotFoundError):
        await admin.translations.get_translation(ORG, japanese.id)
    await admin.translations.delete_translation(ORG, japanese.id)
    languages = [t.language for t in (await admin.translations.list_translations(ORG)).items]
    assert languages == ["fr"]


async def test_unknown_translations_are_not_found(admin):
    with pytest.raises(errors.NotFoundError):
        await admin.translations.get_translation(ORG, "missing")
    with pytest.raises(errors.NotFoundError):
        await admin.translations.run_translation(ORG, "missing")
    with pytest.raises(errors.NotFoundError):
        await admin.translations.update_translation(ORG, "missing", instructions=_document("x"))


async def test_the_source_space_must_be_in_the_organization(admin):
    elsewhere = await _space(admin, "Community guidelines", OTHER_ORG)
    for space_id in ("missing", elsewhere.id):
        with pytest.raises(errors.BadRequestError) as caught:
            await admin.translations.create_translation(
                ORG, language="fr", source={"space": space_id, "language": "en"}
            )
        assert "space" in caught.value.message


@pytest.mark.parametrize(
    "payload",
    [
        {"source": {"space": "s", "language": "en"}},
        {"language": "fr"},
        {"language": "klingon", "source": {"space": "s", "language": "en"}},
        {"language": "fr", "source": {"language": "en"}},
        {"language": "fr", "source": {"space": "s", "language": "xx"}},
    ],
)
async def test_creation_checks_required_fields_and_languages(admin, payload):
    with pytest.raises(errors.BadRequestError):
        await admin.request("POST", "/orgs/{}/translations", ORG, json=payload)


async def test_a_space_is_not_translated_into_its_own_language(admin):
    handbook = await _space(admin, "Team handbook")
    with pytest.raises(errors.BadRequestError):
        await admin.translations.create_translation(
            ORG, language="en", source={"space": handbook.id, "language": "en"}
        )


async def test_instructions_must_be_a_document_of_blocks(admin):
    french = await _translation(admin, "fr")
    with pytest.raises(errors.BadRequestError):
        await admin.translations.update_translation(ORG, french.id, instructions={"text": "hi"})
    with pytest.raises(errors.BadRequestError):
        await admin.translations.update_translation(
            ORG, french.id, instructions={"object": "document", "data": {}, "nodes": [{"x": 1}]}
        )
    with pytest.raises(errors.BadRequestError):
        await admin.request("PUT", "/orgs/{}/translations/{}", ORG, french.id, json={})


@pytest.mark.parametrize("token", ["demo-editor", "demo-reader"])
async def test_only_admins_manage_translations(connect, token):
    client = connect(token)
    french = await _translation(client, "fr")
    assert french.permissions.view and not french.permissions.edit
    reference = await _space(client, "API Reference")
    with pytest.raises(errors.ForbiddenError):
        await client.translations.create_translation(
            ORG, language="de", source={"space": reference.id, "language": "en"}
        )
    with pytest.raises(errors.ForbiddenError):
        await client.translations.update_translation(ORG, french.id, instructions=_document("x"))
    with pytest.raises(errors.ForbiddenError):
        await client.translations.run_translation(ORG, french.id)
    with pytest.raises(errors.ForbiddenError):
        await client.translations.delete_translation(ORG, french.id)


async def test_translations_of_a_foreign_organization_are_hidden(reader):
    with pytest.raises(errors.NotFoundError):
        await reader.translations.list_translations(OTHER_ORG)
