"""Provides the routes of Git synchronisation: import, export, info, legacy installation.

Record ``git-operation`` (scope: space id) holds ``id``, ``space``, ``direction`` (``import``
or ``export``), ``url`` (the repository URL with any credentials removed: they are never
stored nor shown), ``ref``, ``timestamp`` (the triggering event's, or the arrival time),
``createdAt``, ``applied``, ``standalone``, ``repoName``, ``provider`` and, for imports,
``revision``. The space keeps what the API shows in ``gitSync`` and a ``legacyInstallation``
flag; removing the legacy installation clears the flag and a ``github-legacy`` sync.

Nothing is fetched nor pushed here. An import makes a revision of the space's current content
in which a "README" page says where it was synchronised from; a standalone import leaves it
aside (the space's ``revision`` does not move), any other import makes it the main content.
Operations apply in the order of their ``timestamp``: one older than the last applied
operation is recorded but changes nothing. Standalone imports neither take part in that order
nor change ``gitSync``, since they leave the space as it is.
"""

from __future__ import annotations

import copy
import hashlib
from datetime import UTC, datetime
from typing import Annotated, Any, Literal
from urllib.parse import urlsplit, urlunsplit

from pydantic import Field

from ..http import Body, Ctx, HttpError, RouteTable, iso, not_found, parse_iso, split_url
from ..records import find_space, require_unlocked
from ..store import Doc

routes = RouteTable()

REF_PATTERN = r"^refs/heads/\S+$"


class GitInfo(Body):
    provider: Literal["github", "gitlab"] | None = None
    url: str | None = None


class GitOperation(Body):
    url: Annotated[str, Field(min_length=1)]
    ref: Annotated[str, Field(pattern=REF_PATTERN)]
    repoCacheID: str | None = None
    repoTreeURL: str | None = None
    repoCommitURL: str | None = None
    repoProjectDirectory: str | None = None
    timestamp: datetime | None = None
    force: bool | None = None
    gitInfo: GitInfo | None = None


class GitImport(GitOperation):
    standalone: bool | None = None


class GitExport(GitOperation):
    commitMessage: Annotated[str, Field(min_length=1)]


# -- repository URLs --------------------------------------------------------------------------


def without_credentials(url: str, name: str = "url") -> str:
    """The URL without any ``user:password@`` part."""
    parts = split_url(url, name)
    if "@" not in parts.netloc:
        return url
    return urlunsplit(parts._replace(netloc=parts.netloc.rpartition("@")[2]))


def _repository_url(url: str) -> str:
    parts = split_url(url, "url")
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise HttpError(400, "Invalid request: `url` must be an http(s) URL of a Git repository.")
    return without_credentials(url)


def _repo_name(url: str) -> str:
    parts = urlsplit(url)
    path = parts.path.strip("/")
    path = path.removesuffix(".git")
    return path or (parts.hostname or "")


def _provider(url: str, git_info: GitInfo | None) -> str | None:
    if git_info is not None and git_info.provider:
        return git_info.provider
    host = (urlsplit(url).hostname or "").lower()
    if host == "github.com" or host.endswith(".github.com"):
        return "github"
    if "gitlab" in host:
        return "gitlab"
    return None


def _timestamp(ctx: Ctx, given: datetime | None) -> str:
    if given is None:
        return ctx.now()
    return iso(given if given.tzinfo else given.replace(tzinfo=UTC))


# -- operations -------------------------------------------------------------------------------


def _last_applied(ctx: Ctx, space_id: str) -> datetime | None:
    moments = [
        parse_iso(op["timestamp"])
        for op in ctx.store.list("git-operation", scope=space_id)
        if op.get("applied") and not op.get("standalone")
    ]
    return max(moments, default=None)


def record_operation(ctx: Ctx, space: Doc, direction: str, request: GitOperation) -> Doc:
    """Record an operation, deciding whether it is applied or too old to apply."""
    url = _repository_url(request.url)
    standalone = bool(getattr(request, "standalone", False))
    timestamp = _timestamp(ctx, request.timestamp)
    last = _last_applied(ctx, space["id"])
    operation: Doc = {
        "id": ctx.store.new_id("git-operation"),
        "space": space["id"],
        "direction": direction,
        "url": url,
        "ref": request.ref,
        "timestamp": timestamp,
        "createdAt": ctx.now(),
        "standalone": standalone,
        "applied": standalone or last is None or parse_iso(timestamp) >= last,
        "repoName": _repo_name(url),
        "force": bool(request.force),
    }
    provider = _provider(url, request.gitInfo)
    if provider:
        operation["provider"] = provider
    for key in ("repoTreeURL", "repoCommitURL"):
        value = getattr(request, key)
        if value:
            operation[key] = without_credentials(value, key)
    if request.gitInfo is not None and request.gitInfo.url:
        operation["treeURL"] = without_credentials(request.gitInfo.url, "gitInfo.url")
    if request.repoProjectDirectory:
        operation["repoProjectDirectory"] = request.repoProjectDirectory
    if isinstance(request, GitExport):
        operation["commitMessage"] = request.commitMessage
    return operation


def git_state(operation: Doc, updated_at: str) -> dict[str, Any]:
    """What ``Space.gitSync`` and the info operation show after an applied operation."""
    state: dict[str, Any] = {
        "repoName": operation["repoName"],
        "integration": operation.get("provider", "git"),
        "url": operation.get("treeURL") or operation.get("repoTreeURL") or operation["url"],
        "updatedAt": updated_at,
    }
    if operation.get("provider"):
        state["installationProvider"] = operation["provider"]
    return state


def _branch(ref: str) -> str:
    return ref.removeprefix("refs/heads/")


def _readme(ctx: Ctx, pages: list[Doc], operation: Doc, oid: str) -> None:
    """Add or update the top-level README page that tells where the content came from."""
    markdown = (
        "# README\n\n"
        f"Synchronised from {operation['repoName']}@{_branch(operation['ref'])} "
        f"(commit `{oid[:7]}`).\n\n"
        "The local service records Git imports without fetching the repository, "
        "so the rest of this space is unchanged.\n"
    )
    for node in pages:
        if node.get("type", "document") == "document" and node["title"] == "README":
            node.update(markdown=markdown, updatedAt=ctx.now())
            return
    pages.insert(
        0,
        {
            "id": ctx.store.new_id("page"),
            "title": "README",
            "type": "document",
            "slug": "readme",
            "createdAt": ctx.now(),
            "updatedAt": ctx.now(),
            "markdown": markdown,
            "pages": [],
        },
    )


def _import_revision(ctx: Ctx, space: Doc, operation: Doc) -> Doc:
    """A revision of the space's current content as the import leaves it, with its commit."""
    main = ctx.store.get("revision", space["revision"]) or {}
    oid = hashlib.sha1(
        f"{operation['url']}\n{operation['ref']}\n{operation['timestamp']}\n{operation['id']}".encode()
    ).hexdigest()
    pages = copy.deepcopy(main.get("pages", []))
    _readme(ctx, pages, operation, oid)
    commit_prefix = (
        operation.get("repoCommitURL") or operation["url"].removesuffix(".git") + "/commit/"
    )
    revision: Doc = {
        "id": ctx.store.new_id("revision"),
        "space": space["id"],
        "parents": [space["revision"]] if space.get("revision") else [],
        "type": "edits",
        "createdAt": ctx.now(),
        "pages": pages,
        "files": copy.deepcopy(main.get("files", [])),
        "variables": dict(main.get("variables", {})),
        "reusableContents": copy.deepcopy(main.get("reusableContents", [])),
        "git": {
            "oid": oid,
            "message": f"Import from {operation['repoName']}@{_branch(operation['ref'])}",
            "createdByGitBook": False,
            "ref": operation["ref"],
            "url": commit_prefix + oid,
        },
    }
    ctx.store.put("revision", revision, scope=space["id"])
    return revision


def _save_space(ctx: Ctx, space: Doc) -> None:
    scope, parent = ctx.store.place("space", space["id"])
    ctx.store.put("space", space, scope=scope or space["organization"], parent=parent)


def _apply(ctx: Ctx, space: Doc, operation: Doc) -> None:
    space["gitSync"] = git_state(operation, ctx.now())
    space["updatedAt"] = ctx.now()
    _save_space(ctx, space)


# -- routes -----------------------------------------------------------------------------------


@routes.post("/v1/spaces/{spaceId}/git/import", status=204)
def import_repository(ctx: Ctx, spaceId: str) -> None:
    space = find_space(ctx, spaceId, "edit")
    request = ctx.parse(GitImport)
    if not request.standalone:
        # A standalone import only proposes a revision, so a locked space may take it.
        require_unlocked(space)
    operation = record_operation(ctx, space, "import", request)
    if operation["applied"]:
        revision = _import_revision(ctx, space, operation)
        operation["revision"] = revision["id"]
        if not operation["standalone"]:
            space["revision"] = revision["id"]
            _apply(ctx, space, operation)
    ctx.store.put("git-operation", operation, scope=spaceId)


@routes.post("/v1/spaces/{spaceId}/git/export", status=204)
def export_repository(ctx: Ctx, spaceId: str) -> None:
    space = find_space(ctx, spaceId, "edit")
    request = ctx.parse(GitExport)
    operation = record_operation(ctx, space, "export", request)
    if operation["applied"]:
        operation["revision"] = space["revision"]
        _apply(ctx, space, operation)
    ctx.store.put("git-operation", operation, scope=spaceId)


@routes.get("/v1/spaces/{spaceId}/git/info")
def git_info(ctx: Ctx, spaceId: str) -> dict[str, Any]:
    space = find_space(ctx, spaceId)
    if not space.get("gitSync"):
        raise not_found("A Git provider set up on this space")
    return dict(space["gitSync"])


@routes.delete("/v1/spaces/{spaceId}/git/legacy-installation")
def delete_legacy_installation(ctx: Ctx, spaceId: str) -> None:
    """Remove the legacy installation, and the sync it provided, so the space can upgrade.

    Removing an installation is a setting of the space, so it needs the admin role.
    """
    space = find_space(ctx, spaceId, "admin")
    legacy = space.pop("legacyInstallation", None) is not None
    if (space.get("gitSync") or {}).get("installationProvider") == "github-legacy":
        space.pop("gitSync")
        legacy = True
    if legacy:
        space["updatedAt"] = ctx.now()
        _save_space(ctx, space)
