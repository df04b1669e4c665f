"""OpenAPI specifications and their versions, end to end against the in-process service."""

from __future__ import annotations

import pytest

from tests.conftest import ORG, OTHER_ORG
from tui.api import errors
from tui.api.models import OpenAPISpecSource

SPEC_TEXT = "openapi: 3.0.3\ninfo:\n  title: Orders\n  version: 1.0.0\npaths: {}\n"


async def test_the_demo_has_a_private_api_with_history_and_a_public_billing_api(admin):
    specs = {spec.slug: spec for spec in (await admin.openapi.list_openapi_specs(ORG)).items}
    assert set(specs) == {"northwind-api", "billing-api"}
    api, billing = specs["northwind-api"], specs["billing-api"]
    assert (api.processing_state, api.visibility) == ("complete", "private")
    assert billing.visibility == "public" and billing.urls.published
    assert billing.source_url == "https://billing.northwind.dev/openapi.json"
    versions = await admin.openapi_versions.list_openapi_spec_versions(ORG, "northwind-api")
    assert versions.count == 3
    assert versions.items[0].id == api.last_version  # newest first


async def test_a_spec_made_from_text_is_pending_then_processed(admin, transport, clock):
    made = await admin.openapi.create_openapi_spec(
        ORG, slug="orders-api", source={"text": SPEC_TEXT}
    )
    assert transport.sent[-1].json == {"slug": "orders-api", "source": {"text": SPEC_TEXT}}
    assert (made.processing_state, made.last_version, made.source_url) == ("pending", None, None)
    with pytest.raises(errors.NotFoundError):
        await admin.openapi_versions.get_latest_openapi_spec_version(ORG, "orders-api")

    clock.advance(seconds=5)
    with admin.revalidating():
        processed = await admin.openapi.get_openapi_spec_by_slug(ORG, "orders-api")
    assert processed.processing_state == "complete"
    assert processed.last_version and processed.last_processed_at
    content = await admin.openapi_versions.get_latest_openapi_spec_version_content(
        ORG, "orders-api"
    )
    assert content.filesystem["files"]["openapi.yaml"] == SPEC_TEXT
    assert content.url and content.url.endswith("/openapi.yaml")


async def test_processing_shows_progress_before_it_completes(admin, clock):
    await admin.openapi.create_openapi_spec(ORG, slug="slow-api", source={"text": SPEC_TEXT})
    clock.advance(seconds=1.5)
    spec = await admin.openapi.get_openapi_spec_by_slug(ORG, "slow-api")
    assert spec.processing_state == "progress"


async def test_a_new_source_makes_a_new_version_that_becomes_processed(admin, clock):
    before = await admin.openapi.get_openapi_spec_by_slug(ORG, "northwind-api")
    updated = await admin.openapi.create_or_update_openapi_spec_by_slug(
        ORG, "northwind-api", source=OpenAPISpecSource(text=SPEC_TEXT)
    )
    assert updated.processing_state == "pending"
    assert updated.last_version == before.last_version  # the old version still serves
    versions = await admin.openapi_versions.list_openapi_spec_versions(ORG, "northwind-api")
    assert versions.count == 4
    newest = versions.items[0]

    clock.advance(seconds=5)
    with admin.revalidating():
        latest = await admin.openapi_versions.get_latest_openapi_spec_version(ORG, "northwind-api")
        spec = await admin.openapi.get_openapi_spec_by_slug(ORG, "northwind-api")
    assert latest.id == newest.id == spec.last_version
    assert spec.processing_state == "complete"


async def test_put_on_an_unknown_slug_creates_the_spec(admin, transport):
    made = await admin.openapi.create_or_update_openapi_spec_by_slug(
        ORG, "shipping-api", source={"url": "https://shipping.northwind.dev/openapi.yaml"}
    )
    assert transport.sent[-1].status == 201
    assert made.slug == "shipping-api"
    assert made.source_url == "https://shipping.northwind.dev/openapi.yaml"
    slugs = [spec.slug for spec in (await admin.openapi.list_openapi_specs(ORG)).items]
    assert "shipping-api" in slugs


async def test_a_url_source_is_recorded_without_pretending_it_was_fetched(admin, clock):
    url = "https://shipping.northwind.dev/openapi.yaml"
    await admin.openapi.create_openapi_spec(ORG, slug="shipping-api", source={"url": url})
    clock.advance(seconds=5)
    latest = await admin.openapi_versions.get_latest_openapi_spec_version(ORG, "shipping-api")
    assert latest.url == url
    content = await admin.openapi_versions.get_latest_openapi_spec_version_content(
        ORG, "shipping-api"
    )
    assert content.url == url
    assert content.filesystem["fetched"] is False and content.filesystem["files"] == {}
    assert content.filesystem["source"] == {"type": "url", "url": url}


async def test_a_spec_is_made_public_and_private_again(admin, transport):
    public = await admin.openapi.update_openapi_spec_by_slug(
        ORG, "northwind-api", visibility="public"
    )
    assert transport.sent[-1].json == {"visibility": "public"}
    assert public.visibility == "public" and public.urls.published
    private = await admin.openapi.update_openapi_spec_by_slug(
        ORG, "northwind-api", visibility="private"
    )
    assert private.visibility == "private" and private.urls.published is None


async def test_a_deleted_spec_is_gone_and_deleting_it_again_is_harmless(admin):
    await admin.openapi.delete_openapi_spec_by_slug(ORG, "billing-api")
    with pytest.raises(errors.NotFoundError):
        await admin.openapi.get_openapi_spec_by_slug(ORG, "billing-api")
    with pytest.raises(errors.NotFoundError):
        await admin.openapi_versions.list_openapi_spec_versions(ORG, "billing-api")
    await admin.openapi.delete_openapi_spec_by_slug(ORG, "billing-api")


async def test_each_version_and_its_content_are_read_by_id(admin):
    versions = await admin.openapi_versions.list_openapi_spec_versions(ORG, "northwind-api")
    oldest = versions.items[-1]
    version = await admin.openapi_versions.get_openapi_spec_version_by_id(
        ORG, "northwind-api", oldest.id
    )
    assert version.id == oldest.id and version.urls.location.endswith(f"/versions/{oldest.id}")
    content = await admin.openapi_versions.get_openapi_spec_version_content_by_id(
        ORG, "northwind-api", oldest.id
    )
    first = content.filesystem["files"]["openapi.yaml"]
    assert "version: 1.0.0" in first and "/deployments" not in first
    latest = await admin.openapi_versions.get_latest_openapi_spec_version_content(
        ORG, "northwind-api"
    )
    assert "/deployments" in latest.filesystem["files"]["openapi.yaml"]


async def test_versions_pages_follow_the_limit(admin):
    first = await admin.openapi_versions.list_openapi_spec_versions(ORG, "northwind-api", limit=2)
    assert len(first.items) == 2 and first.next_page
    rest = await admin.openapi_versions.list_openapi_spec_versions(
        ORG, "northwind-api", limit=2, page=first.next_page
    )
    assert len(rest.items) == 1


async def test_unknown_specs_and_versions_are_not_found(admin):
    with pytest.raises(errors.NotFoundError):
        await admin.openapi.get_openapi_spec_by_slug(ORG, "nope")
    with pytest.raises(errors.NotFoundError):
        await admin.openapi_versions.list_openapi_spec_versions(ORG, "nope")
    with pytest.raises(errors.NotFoundError):
        await admin.openapi_versions.get_latest_openapi_spec_version(ORG, "nope")
    with pytest.raises(errors.NotFoundError):
        await admin.openapi_versions.get_openapi_spec_version_by_id(ORG, "northwind-api", "nope")
    with pytest.raises(errors.NotFoundError):
        await admin.openapi_versions.get_openapi_spec_version_content_by_id(
            ORG, "northwind-api", "nope"
        )
    with pytest.raises(errors.NotFoundError):
        await admin.openapi.update_openapi_spec_by_slug(ORG, "nope", visibility="public")


async def test_a_version_of_another_spec_is_not_found_here(admin):
    billing = await admin.openapi.get_openapi_spec_by_slug(ORG, "billing-api")
    with pytest.raises(errors.NotFoundError):
        await admin.openapi_versions.get_openapi_spec_version_by_id(
            ORG, "northwind-api", billing.last_version
        )


@pytest.mark.parametrize(
    "slug, message",
    [
        ("Orders", "pattern"),
        ("orders--api", "pattern"),
        ("-orders", "pattern"),
        ("", "at least 1"),
        ("a" * 101, "at most 100"),
    ],
)
async def test_slugs_that_break_the_rules_are_refused(admin, slug, message):
    with pytest.raises(errors.BadRequestError) as caught:
        await admin.openapi.create_openapi_spec(ORG, slug=slug, source={"text": SPEC_TEXT})
    assert message in caught.value.message


@pytest.mark.parametrize(
    "source",
    [
        {},
        {"url": "https://a.example/openapi.yaml", "text": SPEC_TEXT},
        {"text": ""},
        {"url": "not a url"},
        {"url": "https://example.com/" + "a" * 2030},
    ],
)
async def test_sources_that_break_the_rules_are_refused(admin, source):
    with pytest.raises(errors.BadRequestError):
        await admin.openapi.create_openapi_spec(ORG, slug="orders-api", source=source)
    with pytest.raises(errors.NotFoundError):
        await admin.openapi.get_openapi_spec_by_slug(ORG, "orders-api")


async def test_required_fields_and_visibility_values_are_checked(admin):
    # Raw bodies through the client's request path: the typed methods require these fields.
    with pytest.raises(errors.BadRequestError) as caught:
        await admin.request("POST", "/orgs/{}/openapi", ORG, json={"slug": "orders-api"})
    assert "source" in caught.value.message
    with pytest.raises(errors.BadRequestError):
        await admin.request("PUT", "/orgs/{}/openapi/{}", ORG, "northwind-api", json={})
    with pytest.raises(errors.BadRequestError):
        await admin.openapi.update_openapi_spec_by_slug(ORG, "northwind-api", visibility="secret")


async def test_put_refuses_a_new_slug_that_breaks_the_pattern(admin):
    with pytest.raises(errors.BadRequestError):
        await admin.openapi.create_or_update_openapi_spec_by_slug(
            ORG, "Not_A_Slug", source={"text": SPEC_TEXT}
        )


async def test_a_slug_already_taken_is_a_conflict(admin):
    with pytest.raises(errors.ConflictError) as caught:
        await admin.openapi.create_openapi_spec(ORG, slug="billing-api", source={"text": SPEC_TEXT})
    assert "PUT" in caught.value.message


@pytest.mark.parametrize("token", ["demo-editor", "demo-reader"])
async def test_only_admins_change_specs(connect, token):
    client = connect(token)
    spec = await client.openapi.get_openapi_spec_by_slug(ORG, "northwind-api")
    assert spec.permissions.view and not spec.permissions.edit
    with pytest.raises(errors.ForbiddenError):
        await client.openapi.create_openapi_spec(ORG, slug="orders-api", source={"text": SPEC_TEXT})
    with pytest.raises(errors.ForbiddenError):
        await client.openapi.create_or_update_openapi_spec_by_slug(
            ORG, "northwind-api", source={"text": SPEC_TEXT}
        )
    with pytest.raises(errors.ForbiddenError):
        await client.openapi.update_openapi_spec_by_slug(ORG, "northwind-api", visibility="public")
    with pytest.raises(errors.ForbiddenError):
        await client.openapi.delete_openapi_spec_by_slug(ORG, "northwind-api")


async def test_an_admin_may_edit_and_the_specs_of_a_foreign_organization_are_hidden(admin, reader):
    spec = await admin.openapi.get_openapi_spec_by_slug(ORG, "northwind-api")
    assert spec.permissions.edit
    with pytest.raises(errors.NotFoundError):
        await reader.openapi.list_openapi_specs(OTHER_ORG)
    assert (await admin.openapi.list_openapi_specs(OTHER_ORG)).items == []
