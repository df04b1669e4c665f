"""Provides the routes of translations: create, read, update, delete, list and run.

Record ``translation`` (scope: organization id) holds ``id``, ``organization``, ``language``,
``source`` (``space``, ``language``), ``instructions``, ``status``, ``createdAt``,
``updatedAt``, ``stats``, ``translatedPages`` (ids of every page ever translated, for
``stats.totalPages``), ``result`` (``space``, ``revision``) once a run completed, and ``run``
(``startedAt``, ``revision``: the source revision it reads) while a run is under way.

Status: ``pending`` until the first run; ``POST .../run`` makes it ``running`` and, as nothing
runs in the background here, the run completes when the translation is next read once its
duration has passed by the service's clock (``run_seconds``: 2 s plus 1 s per 500 words).
A completed run copies the source's page tree into the target space, made on the first run
as "<source title> (<language>)" at the top of the organization, in the target language. Nothing is
translated by the local service: the pages keep their text.
"""

from __future__ import annotations

import copy
import re
import unicodedata
from datetime import timedelta
from typing import Annotated, Any, Literal

from pydantic import Field

from ..content_tree import walk
from ..http import Body, Ctx, HttpError, RouteTable, iso, not_found, parse_iso
from ..records import find_organization
from ..store import Doc

routes = RouteTable()

Language = Literal[
    "en", "fr", "de", "es", "it", "pt", "pt-br", "ru", "ja", "zh", "yue", "ko", "ar", "hi",
    "nl", "pl", "tr", "sv", "no", "da", "fi", "el", "cs", "hu", "ro", "th", "vi", "id", "ms",
    "he", "uk", "sk", "bg", "hr", "lt", "lv", "et", "sl",
]  # fmt: skip

TITLE_LIMIT = 50


class Source(Body):
    space: Annotated[str, Field(min_length=1)]
    language: Language


class Instructions(Body):
    """A document: ``object`` "document", ``data`` and top-level block ``nodes``."""

    object: Literal["document"]
    data: dict[str, Any]
    nodes: list[dict[str, Any]]

    def checked(self) -> dict[str, Any]:
        for index, node in enumerate(self.nodes):
            if node.get("object") != "block" or not isinstance(node.get("type"), str):
                raise HttpError(
                    400,
                    f"Invalid request: `instructions.nodes.{index}` must be a block "
                    '(`object` "block" with a `type`).',
                )
        return {"object": "document", "data": self.data, "nodes": self.nodes}


class TranslationCreate(Body):
    language: Language
    source: Source
    instructions: Instructions | None = None


class TranslationUpdate(Body):
    instructions: Instructions


def empty_document() -> dict[str, Any]:
    return {"object": "document", "data": {}, "nodes": []}


def empty_stats() -> dict[str, int]:
    return {
        "runs": 0,
        "totalWords": 0,
        "totalPages": 0,
        "totalDuration": 0,
        "latestRunDuration": 0,
        "latestPages": 0,
        "latestWords": 0,
    }


def content_size(pages: list[Doc]) -> tuple[list[str], int]:
    """The ids of the document pages of a tree and how many words they hold (titles included)."""
    ids, words = [], 0
    for node, _, _ in walk(pages):
        if node.get("type", "document") != "document":
            continue
        ids.append(node["id"])
        words += len(node["title"].split()) + len(node.get("markdown", "").split())
    return ids, words


def run_seconds(words: int) -> int:
    return 2 + words // 500


# -- records ----------------------------------------------------------------------------------


def _save(ctx: Ctx, translation: Doc) -> None:
    ctx.store.put("translation", translation, scope=translation["organization"])


def _source_space(ctx: Ctx, organization_id: str, space_id: str) -> Doc:
    space = ctx.store.get("space", space_id)
    if space is None or space["organization"] != organization_id or space.get("deletedAt"):
        raise HttpError(400, "Invalid source: no space with this id in the organization.")
    return space


def _find(ctx: Ctx, organization_id: str, translation_id: str) -> Doc:
    translation = ctx.store.get("translation", translation_id)
    if translation is None or translation["organization"] != organization_id:
        raise not_found("The translation")
    return _settle(ctx, translation)


def _slug(title: str) -> str:
    text = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:100] or "space"


def _target_space(ctx: Ctx, translation: Doc, source: Doc, now: str) -> Doc:
    """The space holding the result, made on the first completed run."""
    result = translation.get("result") or {}
    existing = ctx.store.get("space", result["space"]) if result.get("space") else None
    if existing is not None and not existing.get("deletedAt"):
        return existing
    suffix = f" ({translation['language']})"
    title = source["title"][: TITLE_LIMIT - len(suffix)].rstrip() + suffix
    return {
        "id": ctx.store.new_id("space"),
        "title": title,
        "emoji": source.get("emoji", ""),
        "visibility": "private",
        "organization": source["organization"],
        "createdAt": now,
        "updatedAt": now,
        "editMode": "live",
        "language": translation["language"],
        "revision": "",
        "defaultLevel": "inherit",
        "slug": _slug(title),
        "comments": 0,
        "changeRequests": 0,
        "changeRequestsOpen": 0,
        "changeRequestsDraft": 0,
    }


def _complete_run(ctx: Ctx, translation: Doc, finished_at: str, duration: int) -> None:
    """Write the result of a finished run: the target revision and the statistics."""
    run = translation.pop("run")
    source = ctx.store.get("space", translation["source"]["space"])
    revision = ctx.store.get("revision", run["revision"]) if run.get("revision") else None
    pages = revision["pages"] if revision else []
    ids, words = content_size(pages)
    if source is not None:
        target = _target_space(ctx, translation, source, finished_at)
        made: Doc = {
            "id": ctx.store.new_id("revision"),
            "space": target["id"],
            "parents": [target["revision"]] if target["revision"] else [],
            "type": "edits",
            "createdAt": finished_at,
            "pages": copy.deepcopy(pages),
            "files": copy.deepcopy(revision.get("files", []) if revision else []),
            "variables": dict(revision.get("variables", {}) if revision else {}),
            "reusableContents": [],
        }
        ctx.store.put("revision", made, scope=target["id"])
        target["revision"] = made["id"]
        target["updatedAt"] = finished_at
        ctx.store.put("space", target, scope=target["organization"], parent=target.get("parent"))
        translation["result"] = {"space": target["id"], "revision": made["id"]}
    translated = sorted(set(translation.get("translatedPages", [])) | set(ids))
    translation["translatedPages"] = translated
    stats = translation.setdefault("stats", empty_stats())
    stats["runs"] += 1
    stats["totalWords"] += words
    stats["totalPages"] = len(translated)
    stats["totalDuration"] += duration
    stats["latestRunDuration"] = duration
    stats["latestPages"] = len(ids)
    stats["latestWords"] = words
    translation["status"] = "completed"
    translation["updatedAt"] = finished_at


def _settle(ctx: Ctx, translation: Doc) -> Doc:
    """Complete a run whose duration has passed by the service's clock."""
    run = translation.get("run")
    if not run:
        return translation
    duration = int(run["duration"])
    done_at = parse_iso(run["startedAt"]) + timedelta(seconds=duration)
    if ctx.now_dt() >= done_at:
        _complete_run(ctx, translation, iso(done_at), duration)
        _save(ctx, translation)
    return translation


def translation_json(ctx: Ctx, translation: Doc) -> dict[str, Any]:
    org_id = translation["organization"]
    result: dict[str, Any] = {
        "object": "translation",
        "id": translation["id"],
        "status": translation["status"],
        "source": translation["source"],
        "language": translation["language"],
        "instructions": translation.get("instructions") or empty_document(),
        "createdAt": translation["createdAt"],
        "updatedAt": translation["updatedAt"],
        "stats": {**empty_stats(), **translation.get("stats", {})},
        "permissions": {"view": True, "edit": ctx.can(org_id, "admin")},
        "urls": {"location": ctx.api_url(f"/v1/orgs/{org_id}/translations/{translation['id']}")},
    }
    if translation.get("result"):
        result["result"] = translation["result"]
    return result


# -- routes -----------------------------------------------------------------------------------


@routes.get("/v1/orgs/{organizationId}/translations")
def list_translations(ctx: Ctx, organizationId: str) -> dict[str, Any]:
    find_organization(ctx, organizationId)
    translations = [_settle(ctx, t) for t in ctx.store.list("translation", scope=organizationId)]
    return ctx.paginate(translations, lambda t: translation_json(ctx, t))


@routes.post("/v1/orgs/{organizationId}/translations", status=201)
def create_translation(ctx: Ctx, organizationId: str) -> dict[str, Any]:
    find_organization(ctx, organizationId, "admin")
    request = ctx.parse(TranslationCreate)
    _source_space(ctx, organizationId, request.source.space)
    if request.source.language == request.language:
        raise HttpError(400, "Invalid request: `language` must differ from the source's language.")
    instructions = request.instructions.checked() if request.instructions else empty_document()
    translation: Doc = {
        "id": ctx.store.new_id("translation"),
        "organization": organizationId,
        "language": request.language,
        "source": {"space": request.source.space, "language": request.source.language},
        "instructions": instructions,
        "status": "pending",
        "createdAt": ctx.now(),
        "updatedAt": ctx.now(),
        "stats": empty_stats(),
    }
    _save(ctx, translation)
    ctx.response_headers["Location"] = ctx.api_url(
        f"/v1/orgs/{organizationId}/translations/{translation['id']}"
    )
    return translation_json(ctx, translation)


@routes.get("/v1/orgs/{organizationId}/translations/{translationId}")
def get_translation(ctx: Ctx, organizationId: str, translationId: str) -> dict[str, Any]:
    find_organization(ctx, organizationId)
    return translation_json(ctx, _find(ctx, organizationId, translationId))


@routes.put("/v1/orgs/{organizationId}/translations/{translationId}")
def update_translation(ctx: Ctx, organizationId: str, translationId: str) -> dict[str, Any]:
    find_organization(ctx, organizationId, "admin")
    request = ctx.parse(TranslationUpdate)
    translation = _find(ctx, organizationId, translationId)
    translation["instructions"] = request.instructions.checked()
    translation["updatedAt"] = ctx.now()
    _save(ctx, translation)
    return translation_json(ctx, translation)


@routes.delete("/v1/orgs/{organizationId}/translations/{translationId}")
def delete_translation(ctx: Ctx, organizationId: str, translationId: str) -> None:
    """Remove the translation; a target space it made stays, as ordinary content."""
    find_organization(ctx, organizationId, "admin")
    translation = ctx.store.get("translation", translationId)
    if translation is not None and translation["organization"] == organizationId:
        ctx.store.delete("translation", translationId)


@routes.post("/v1/orgs/{organizationId}/translations/{translationId}/run", status=204)
def run_translation(ctx: Ctx, organizationId: str, translationId: str) -> None:
    """Start a run over the source's current content; a run already under way is kept."""
    find_organization(ctx, organizationId, "admin")
    translation = _find(ctx, organizationId, translationId)
    if translation.get("run"):
        return
    source = ctx.store.get("space", translation["source"]["space"])
    if source is None or source.get("deletedAt"):
        raise HttpError(400, "The source space of this translation no longer exists.")
    revision = ctx.store.get("revision", source["revision"])
    _, words = content_size(revision["pages"] if revision else [])
    translation["run"] = {
        "startedAt": ctx.now(),
        "revision": source["revision"],
        "duration": run_seconds(words),
    }
    translation["status"] = "running"
    translation["updatedAt"] = ctx.now()
    _save(ctx, translation)
