"""Provides the routes of OpenAPI specifications and their versions.

Records: ``openapi-spec`` (scope: organization id) holds ``id``, ``organization``, ``slug``,
``createdAt``, ``updatedAt``, ``visibility`` and, once known, ``sourceURL``, ``lastVersion``
and ``lastProcessedAt``. ``openapi-spec-version`` (scope: spec id) holds ``id``, ``spec``,
``createdAt``, ``source`` (``{"url": ...}`` or ``{"text": ...}``, as sent) and, once
processed, ``processedAt``.

Processing: each new source makes a version that starts ``pending``. Nothing runs in the
background here, so a version is settled lazily whenever its specification is read: after
``PROGRESS_AFTER`` by the service's clock it shows as ``progress``, after ``PROCESSED_AFTER``
it is ``complete``, and the specification's ``lastVersion`` and ``lastProcessedAt`` move to
it. The local service never fetches a URL source: the version records the URL, its content
points at it, and its ``filesystem`` says it was not fetched rather than inventing a document.
"""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Annotated, Any, Literal

from pydantic import Field

from ..http import Body, Ctx, HttpError, RouteTable, http_url, iso, not_found, parse_iso
from ..records import APP_URL, PUBLISHED_URL, find_organization
from ..store import Doc

routes = RouteTable()

SLUG_PATTERN = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
PROGRESS_AFTER = timedelta(seconds=1)
PROCESSED_AFTER = timedelta(seconds=2)
FILES_URL = "https://files.docdeck.local/openapi"

Slug = Annotated[str, Field(min_length=1, max_length=100, pattern=SLUG_PATTERN)]


class Source(Body):
    """One of the source variants of the official document: ``{url}`` or ``{text}``."""

    url: Annotated[str, Field(max_length=2048)] | None = None
    text: Annotated[str, Field(min_length=1)] | None = None


class SpecCreate(Body):
    slug: Slug
    source: Source


class SpecPut(Body):
    source: Source


class SpecPatch(Body):
    visibility: Literal["private", "public"]


# -- records ----------------------------------------------------------------------------------


def _checked_source(source: Source) -> dict[str, str]:
    """The source as stored, refusing anything but exactly one valid variant."""
    if (source.url is None) == (source.text is None):
        raise HttpError(400, "Invalid request: `source` needs exactly one of `url` or `text`.")
    if source.text is not None:
        return {"text": source.text}
    http_url(source.url or "", "source.url")
    return {"url": source.url or ""}


def _find_spec(ctx: Ctx, organization_id: str, slug: str) -> Doc | None:
    for spec in ctx.store.list("openapi-spec", scope=organization_id):
        if spec["slug"] == slug:
            return spec
    return None


def _require_spec(ctx: Ctx, organization_id: str, slug: str) -> Doc:
    spec = _find_spec(ctx, organization_id, slug)
    if spec is None:
        raise not_found(f"The OpenAPI specification `{slug}`")
    return _settle(ctx, spec)


def _add_version(ctx: Ctx, spec: Doc, source: dict[str, str]) -> Doc:
    version: Doc = {
        "id": ctx.store.new_id("openapi-spec-version"),
        "spec": spec["id"],
        "createdAt": ctx.now(),
        "source": source,
    }
    ctx.store.put("openapi-spec-version", version, scope=spec["id"])
    if "url" in source:
        spec["sourceURL"] = source["url"]
    else:
        spec.pop("sourceURL", None)
    spec["updatedAt"] = ctx.now()
    ctx.store.put("openapi-spec", spec, scope=spec["organization"])
    return version


def _versions(ctx: Ctx, spec: Doc) -> list[Doc]:
    """The versions of a specification, oldest first."""
    return ctx.store.list("openapi-spec-version", scope=spec["id"])


def _settle(ctx: Ctx, spec: Doc) -> Doc:
    """Finish the processing of every version whose delay has passed by the service's clock."""
    now = ctx.now_dt()
    changed = False
    for version in _versions(ctx, spec):
        if version.get("processedAt"):
            continue
        done_at = parse_iso(version["createdAt"]) + PROCESSED_AFTER
        if now < done_at:
            continue
        version["processedAt"] = iso(done_at)
        ctx.store.put("openapi-spec-version", version, scope=spec["id"])
        spec["lastVersion"] = version["id"]
        spec["lastProcessedAt"] = version["processedAt"]
        changed = True
    if changed:
        ctx.store.put("openapi-spec", spec, scope=spec["organization"])
    return spec


def _processing_state(ctx: Ctx, spec: Doc) -> str:
    versions = _versions(ctx, spec)
    if not versions or versions[-1].get("processedAt"):
        return "complete"
    elapsed = ctx.now_dt() - parse_iso(versions[-1]["createdAt"])
    return "progress" if elapsed >= PROGRESS_AFTER else "pending"


def _spec_url(ctx: Ctx, spec: Doc) -> str:
    return ctx.api_url(f"/v1/orgs/{spec['organization']}/openapi/{spec['slug']}")


def spec_json(ctx: Ctx, spec: Doc) -> dict[str, Any]:
    org_id = spec["organization"]
    result: dict[str, Any] = {
        "object": "openapi-spec",
        "id": spec["id"],
        "createdAt": spec["createdAt"],
        "updatedAt": spec["updatedAt"],
        "slug": spec["slug"],
        "processingState": _processing_state(ctx, spec),
        "visibility": spec.get("visibility", "private"),
        "permissions": {"view": True, "edit": ctx.can(org_id, "admin")},
        "urls": {
            "location": _spec_url(ctx, spec),
            "app": f"{APP_URL}/o/{org_id}/openapi/{spec['slug']}",
        },
    }
    if spec.get("visibility") == "public":
        result["urls"]["published"] = f"{PUBLISHED_URL}/~openapi/{org_id}/{spec['slug']}"
    for key in ("sourceURL", "lastVersion", "lastProcessedAt"):
        if spec.get(key):
            result[key] = spec[key]
    return result


def _file_name(text: str) -> str:
    return "openapi.json" if text.lstrip().startswith("{") else "openapi.yaml"


def _content_url(spec: Doc, version: Doc) -> str:
    """Where a version's document can be read: its URL source, or the stored text."""
    source = version["source"]
    if "url" in source:
        return str(source["url"])
    return f"{FILES_URL}/{spec['id']}/{version['id']}/{_file_name(source['text'])}"


def version_json(ctx: Ctx, spec: Doc, version: Doc) -> dict[str, Any]:
    return {
        "object": "openapi-spec-version",
        "id": version["id"],
        "createdAt": version["createdAt"],
        "url": _content_url(spec, version),
        "urls": {"location": f"{_spec_url(ctx, spec)}/versions/{version['id']}"},
    }


def content_json(spec: Doc, version: Doc) -> dict[str, Any]:
    source = version["source"]
    if "url" in source:
        # Not fetched: say where the document lives instead of pretending to hold it.
        filesystem: dict[str, Any] = {
            "source": {"type": "url", "url": source["url"]},
            "fetched": False,
            "files": {},
        }
    else:
        name = _file_name(source["text"])
        filesystem = {
            "source": {"type": "text"},
            "entryPoint": name,
            "files": {name: source["text"]},
        }
    return {"filesystem": filesystem, "url": _content_url(spec, version)}


def _version(ctx: Ctx, spec: Doc, version_id: str) -> Doc:
    version = ctx.store.get("openapi-spec-version", version_id)
    if version is None or version.get("spec") != spec["id"]:
        raise not_found("The OpenAPI specification version")
    return version


def _latest(ctx: Ctx, spec: Doc) -> Doc:
    version = (
        ctx.store.get("openapi-spec-version", spec["lastVersion"])
        if spec.get("lastVersion")
        else None
    )
    if version is None:
        raise not_found("A processed version of this OpenAPI specification")
    return version


# -- specifications ---------------------------------------------------------------------------


@routes.get("/v1/orgs/{organizationId}/openapi")
def list_specs(ctx: Ctx, organizationId: str) -> dict[str, Any]:
    find_organization(ctx, organizationId)
    specs = [_settle(ctx, spec) for spec in ctx.store.list("openapi-spec", scope=organizationId)]
    return ctx.paginate(specs, lambda spec: spec_json(ctx, spec))


@routes.post("/v1/orgs/{organizationId}/openapi", status=201)
def create_spec(ctx: Ctx, organizationId: str) -> dict[str, Any]:
    find_organization(ctx, organizationId, "admin")
    request = ctx.parse(SpecCreate)
    source = _checked_source(request.source)
    if _find_spec(ctx, organizationId, request.slug) is not None:
        raise HttpError(
            409,
            f"An OpenAPI specification with the slug `{request.slug}` already exists; "
            "send its new source with PUT to update it.",
        )
    spec = _new_spec(ctx, organizationId, request.slug)
    _add_version(ctx, spec, source)
    ctx.response_headers["Location"] = _spec_url(ctx, spec)
    return spec_json(ctx, spec)


def _new_spec(ctx: Ctx, organization_id: str, slug: str) -> Doc:
    return {
        "id": ctx.store.new_id("openapi-spec"),
        "organization": organization_id,
        "slug": slug,
        "createdAt": ctx.now(),
        "updatedAt": ctx.now(),
        "visibility": "private",
    }


@routes.get("/v1/orgs/{organizationId}/openapi/{specSlug}")
def get_spec(ctx: Ctx, organizationId: str, specSlug: str) -> dict[str, Any]:
    find_organization(ctx, organizationId)
    return spec_json(ctx, _require_spec(ctx, organizationId, specSlug))


@routes.put("/v1/orgs/{organizationId}/openapi/{specSlug}")
def put_spec(ctx: Ctx, organizationId: str, specSlug: str) -> dict[str, Any]:
    """Create the specification with this slug, or give an existing one a new source."""
    find_organization(ctx, organizationId, "admin")
    request = ctx.parse(SpecPut)
    source = _checked_source(request.source)
    spec = _find_spec(ctx, organizationId, specSlug)
    if spec is None:
        if len(specSlug) > 100 or not re.match(SLUG_PATTERN, specSlug):
            raise HttpError(
                400,
                "Invalid request: the slug must be 1 to 100 characters matching "
                f"the pattern {SLUG_PATTERN}.",
            )
        spec = _new_spec(ctx, organizationId, specSlug)
        ctx.status = 201
    else:
        _settle(ctx, spec)
    _add_version(ctx, spec, source)
    return spec_json(ctx, spec)


@routes.patch("/v1/orgs/{organizationId}/openapi/{specSlug}")
def patch_spec(ctx: Ctx, organizationId: str, specSlug: str) -> dict[str, Any]:
    find_organization(ctx, organizationId, "admin")
    request = ctx.parse(SpecPatch)
    spec = _require_spec(ctx, organizationId, specSlug)
    spec["visibility"] = request.visibility
    spec["updatedAt"] = ctx.now()
    ctx.store.put("openapi-spec", spec, scope=organizationId)
    return spec_json(ctx, spec)


@routes.delete("/v1/orgs/{organizationId}/openapi/{specSlug}")
def delete_spec(ctx: Ctx, organizationId: str, specSlug: str) -> None:
    find_organization(ctx, organizationId, "admin")
    spec = _find_spec(ctx, organizationId, specSlug)
    if spec is None:
        return
    ctx.store.delete_where("openapi-spec-version", scope=spec["id"])
    ctx.store.delete("openapi-spec", spec["id"])


# -- versions ---------------------------------------------------------------------------------


@routes.get("/v1/orgs/{organizationId}/openapi/{specSlug}/versions")
def list_versions(ctx: Ctx, organizationId: str, specSlug: str) -> dict[str, Any]:
    """Every version, newest first, processed or not."""
    find_organization(ctx, organizationId)
    spec = _require_spec(ctx, organizationId, specSlug)
    versions = list(reversed(_versions(ctx, spec)))
    return ctx.paginate(versions, lambda version: version_json(ctx, spec, version))


# The literal "latest" routes come before "{versionId}", which would otherwise match them.
@routes.get("/v1/orgs/{organizationId}/openapi/{specSlug}/versions/latest")
def get_latest_version(ctx: Ctx, organizationId: str, specSlug: str) -> dict[str, Any]:
    find_organization(ctx, organizationId)
    spec = _require_spec(ctx, organizationId, specSlug)
    return version_json(ctx, spec, _latest(ctx, spec))


@routes.get("/v1/orgs/{organizationId}/openapi/{specSlug}/versions/latest/content")
def get_latest_content(ctx: Ctx, organizationId: str, specSlug: str) -> dict[str, Any]:
    find_organization(ctx, organizationId)
    spec = _require_spec(ctx, organizationId, specSlug)
    return content_json(spec, _latest(ctx, spec))


@routes.get("/v1/orgs/{organizationId}/openapi/{specSlug}/versions/{versionId}")
def get_version(ctx: Ctx, organizationId: str, specSlug: str, versionId: str) -> dict[str, Any]:
    find_organization(ctx, organizationId)
    spec = _require_spec(ctx, organizationId, specSlug)
    return version_json(ctx, spec, _version(ctx, spec, versionId))


@routes.get("/v1/orgs/{organizationId}/openapi/{specSlug}/versions/{versionId}/content")
def get_version_content(
    ctx: Ctx, organizationId: str, specSlug: str, versionId: str
) -> dict[str, Any]:
    find_organization(ctx, organizationId)
    spec = _require_spec(ctx, organizationId, specSlug)
    return content_json(spec, _version(ctx, spec, versionId))
