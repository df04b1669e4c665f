"""Provides part of the demo dataset: OpenAPI specifications, translations and Git sync.

Records are written in the formats documented by ``routes/openapi.py``,
``routes/translations.py`` and ``routes/git.py``. Spaces are found by title; a part whose
space is missing is skipped.
"""

from __future__ import annotations

import copy
import hashlib
from datetime import timedelta

from ..http import iso, parse_iso
from ..store import Doc
from .builder import Builder

__all__ = ["seed"]

_SPEC = """openapi: 3.0.3
info:
  title: Northwind API
  version: {version}
paths:
{paths}"""

_PATHS = [
    "  /functions:\n    get:\n      summary: List functions\n",
    "  /functions/{id}:\n    get:\n      summary: Get a function\n",
    "  /deployments:\n    post:\n      summary: Deploy a function\n",
]


def seed(b: Builder, northwind: Doc, community: Doc, *, people: dict[str, Doc]) -> None:
    """Write this part of the demo; other records are found in `b.store`."""
    _openapi(b, northwind)
    spaces = {space["title"]: space for space in b.store.list("space", scope=northwind["id"])}
    reference = spaces.get("API Reference")
    if reference is not None:
        _translations(b, northwind, reference)
    synced = spaces.get("Python SDK") or reference
    if synced is not None:
        _git_import(b, synced)
    handbook = spaces.get("Team handbook")
    if handbook is not None:
        _legacy_git(b, handbook)


# -- OpenAPI ----------------------------------------------------------------------------------


def _spec(b: Builder, organization: Doc, slug: str, created: str, **fields: str) -> Doc:
    spec: Doc = {
        "id": b.id("openapi-spec"),
        "organization": organization["id"],
        "slug": slug,
        "createdAt": created,
        "updatedAt": created,
        "visibility": "private",
        **fields,
    }
    return spec


def _version(b: Builder, spec: Doc, source: dict[str, str], created: str) -> Doc:
    processed = iso(parse_iso(created) + timedelta(seconds=2))
    version: Doc = {
        "id": b.id("openapi-spec-version"),
        "spec": spec["id"],
        "createdAt": created,
        "source": source,
        "processedAt": processed,
    }
    b.store.put("openapi-spec-version", version, scope=spec["id"])
    spec.update(lastVersion=version["id"], lastProcessedAt=processed, updatedAt=created)
    return version


def _openapi(b: Builder, northwind: Doc) -> None:
    api = _spec(b, northwind, "northwind-api", b.at(days=90))
    for count, days in ((1, 90), (2, 40), (3, 6)):
        text = _SPEC.format(version=f"1.{count - 1}.0", paths="".join(_PATHS[:count]))
        _version(b, api, {"text": text}, b.at(days=days))
    b.store.put("openapi-spec", api, scope=northwind["id"])

    url = "https://billing.northwind.dev/openapi.json"
    billing = _spec(b, northwind, "billing-api", b.at(days=20), visibility="public", sourceURL=url)
    _version(b, billing, {"url": url}, b.at(days=20))
    b.store.put("openapi-spec", billing, scope=northwind["id"])


# -- translations -----------------------------------------------------------------------------


def _instructions(text: str) -> Doc:
    leaf = {"object": "leaf", "text": text, "marks": []}
    paragraph = {
        "object": "block",
        "type": "paragraph",
        "nodes": [{"object": "text", "leaves": [leaf]}],
    }
    return {"object": "document", "data": {}, "nodes": [paragraph]}


def _documents(pages: list[Doc]) -> list[Doc]:
    """The document pages of a tree, at any depth (groups and links hold no text)."""
    found, stack = [], list(pages)
    while stack:
        node = stack.pop()
        stack.extend(node.get("pages", []))
        if node.get("type", "document") == "document":
            found.append(node)
    return found


def _translations(b: Builder, northwind: Doc, reference: Doc) -> None:
    revision = b.store.get("revision", reference["revision"]) or {"pages": [], "files": []}
    documents = _documents(revision["pages"])
    pages = len(documents)
    # Counted as the translation routes count: title and markdown words of document pages.
    words = sum(len(d["title"].split()) + len(d.get("markdown", "").split()) for d in documents)
    duration = 2 + words // 500
    # Translated spaces are filed at the top of the organization, as the routes file them.
    french_space = b.space(
        northwind,
        "API Reference (fr)",
        emoji=reference.get("emoji", ""),
        pages=copy.deepcopy(revision["pages"]),
        files=copy.deepcopy(revision.get("files", [])),
        days=3,
        language="fr",
    )
    source = {"space": reference["id"], "language": "en"}
    french: Doc = {
        "id": b.id("translation"),
        "organization": northwind["id"],
        "language": "fr",
        "source": source,
        "instructions": _instructions("Keep product names and code in English."),
        "status": "completed",
        "createdAt": b.at(days=12),
        "updatedAt": b.at(days=3),
        "stats": {
            "runs": 2,
            "totalWords": 2 * words,
            "totalPages": pages,
            "totalDuration": 2 * duration,
            "latestRunDuration": duration,
            "latestPages": pages,
            "latestWords": words,
        },
        "translatedPages": sorted(d["id"] for d in documents),
        "result": {"space": french_space["id"], "revision": french_space["revision"]},
    }
    japanese: Doc = {
        "id": b.id("translation"),
        "organization": northwind["id"],
        "language": "ja",
        "source": source,
        "instructions": _instructions("Use the polite form (です・ます) throughout."),
        "status": "pending",
        "createdAt": b.at(days=1),
        "updatedAt": b.at(days=1),
        "stats": {
            "runs": 0,
            "totalWords": 0,
            "totalPages": 0,
            "totalDuration": 0,
            "latestRunDuration": 0,
            "latestPages": 0,
            "latestWords": 0,
        },
    }
    for translation in (french, japanese):
        b.store.put("translation", translation, scope=northwind["id"])


# -- Git sync ---------------------------------------------------------------------------------


def _git_import(b: Builder, space: Doc) -> None:
    """A past import of the space's current content from its repository."""
    url = "https://github.com/northwind/python-sdk"
    ref = "refs/heads/main"
    moment = b.at(days=1)
    oid = hashlib.sha1(f"{url}\n{ref}\n{moment}".encode()).hexdigest()
    revision = b.store.get("revision", space["revision"])
    if revision is not None:
        revision["git"] = {
            "oid": oid,
            "message": "Import from northwind/python-sdk@main",
            "createdByGitBook": False,
            "ref": ref,
            "url": f"{url}/commit/{oid}",
        }
        b.store.put("revision", revision, scope=space["id"])
    operation: Doc = {
        "id": b.id("git-operation"),
        "space": space["id"],
        "direction": "import",
        "url": url,
        "ref": ref,
        "timestamp": moment,
        "createdAt": moment,
        "standalone": False,
        "applied": True,
        "repoName": "northwind/python-sdk",
        "provider": "github",
        "force": False,
        "treeURL": f"{url}/tree/main",
        "revision": space["revision"],
    }
    b.store.put("git-operation", operation, scope=space["id"])
    space["gitSync"] = {
        "repoName": "northwind/python-sdk",
        "installationProvider": "github",
        "integration": "github",
        "url": f"{url}/tree/main",
        "updatedAt": moment,
    }
    b.store.put("space", space, scope=space["organization"], parent=space.get("parent"))


def _legacy_git(b: Builder, space: Doc) -> None:
    """A space still synchronised through the legacy GitHub installation, waiting to upgrade."""
    space["legacyInstallation"] = True
    space["gitSync"] = {
        "repoName": "northwind/handbook",
        "installationProvider": "github-legacy",
        "integration": "github",
        "url": "https://github.com/northwind/handbook/tree/main",
        "updatedAt": b.at(days=200),
    }
    b.store.put("space", space, scope=space["organization"], parent=space.get("parent"))
