"""Provides the Builder that datasets use to write records in the store's own formats.

Content is kept as revisions: a revision holds a tree of page nodes, each a dict with
``id``, ``title``, ``type`` (``document``, ``group`` or ``link``), ``slug``, optional ``emoji``,
``icon``, ``description``, ``hidden``, ``markdown`` (documents), ``href`` (links),
``createdAt``, ``updatedAt`` and ``pages`` (children); and a list of files with ``id``,
``name``, ``contentType``, ``size`` and optional ``dimensions``.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from datetime import UTC, datetime, timedelta
from typing import Any

from ..http import iso
from ..store import Doc, Store

__all__ = ["EPOCH", "Builder", "slugify"]

# Datasets are dated relative to this moment, so that they are the same on every machine.
EPOCH = datetime(2026, 11, 1, 9, 0, tzinfo=UTC)


def slugify(title: str) -> str:
    text = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return slug[:100] or "page"


class Builder:
    """Writes records for a dataset with stable ids derived from a seed and a counter."""

    def __init__(self, store: Store, seed: str) -> None:
        self.store = store
        self.seed = seed
        self._counter = 0

    def id(self, kind: str) -> str:
        self._counter += 1
        digest = hashlib.sha256(f"{self.seed}:{kind}:{self._counter}".encode()).hexdigest()
        return digest[:20]

    @staticmethod
    def at(days: float = 0, hours: float = 0, minutes: float = 0) -> str:
        """A timestamp this long before the dataset's epoch."""
        return iso(EPOCH - timedelta(days=days, hours=hours, minutes=minutes))

    # -- people ---------------------------------------------------------------------------

    def user(
        self, display_name: str, email: str, *, id: str | None = None, photo: bool = True
    ) -> Doc:
        user: Doc = {"id": id or self.id("user"), "displayName": display_name, "email": email}
        if photo:
            user["photoURL"] = f"https://avatars.example.com/{user['id']}.png"
        self.store.put("user", user)
        return user

    def token(self, token: str, user: Doc) -> None:
        self.store.put("token", {"id": token, "user": user["id"]})

    def organization(self, title: str, **fields: Any) -> Doc:
        organization: Doc = {
            "id": fields.pop("id", None) or self.id("organization"),
            "title": title,
            "createdAt": fields.pop("createdAt", self.at(days=400)),
            "emailDomains": fields.pop("emailDomains", []),
            "type": "business",
            "useCase": "productDocs",
            "plan": "pro_2024",
            "defaultRole": None,
            "sso": False,
            "ai": True,
            "inviteLinks": True,
            **fields,
        }
        self.store.put("organization", organization)
        return organization

    def member(
        self,
        organization: Doc,
        user: Doc,
        role: str | None,
        *,
        joined: str | None = None,
        last_seen: str | None = None,
        **fields: Any,
    ) -> Doc:
        member: Doc = {
            "id": f"{organization['id']}:{user['id']}",
            "organization": organization["id"],
            "user": user["id"],
            "role": role,
            "joinedAt": joined or self.at(days=300),
            "disabled": False,
            "sso": False,
            **fields,
        }
        if last_seen:
            member["lastSeenAt"] = last_seen
        self.store.put("member", member, scope=organization["id"], parent=user["id"])
        return member

    # -- content --------------------------------------------------------------------------

    def collection(
        self, organization: Doc, title: str, *, parent: Doc | None = None, description: str = ""
    ) -> Doc:
        collection: Doc = {
            "id": self.id("collection"),
            "title": title,
            "organization": organization["id"],
            "defaultLevel": "inherit",
            "createdAt": self.at(days=200),
        }
        if description:
            collection["description"] = description
        if parent is not None:
            collection["parent"] = parent["id"]
        self.store.put(
            "collection", collection, scope=organization["id"], parent=collection.get("parent")
        )
        return collection

    def page(
        self,
        title: str,
        markdown: str = "",
        *,
        children: list[Doc] | None = None,
        type: str = "document",
        emoji: str | None = None,
        description: str | None = None,
        slug: str | None = None,
        href: str | None = None,
        days: float = 30,
    ) -> Doc:
        """A page node, to be placed in a tree given to ``space`` or a revision."""
        node: Doc = {
            "id": self.id("page"),
            "title": title,
            "type": type,
            "slug": slug or slugify(title),
            "createdAt": self.at(days=days + 60),
            "updatedAt": self.at(days=days),
            "pages": children or [],
        }
        if type == "document":
            node["markdown"] = markdown
        if type == "link":
            node["href"] = href or "https://example.com"
        if emoji:
            node["emoji"] = emoji
        if description:
            node["description"] = description
        return node

    def file(
        self,
        name: str,
        content_type: str,
        size: int,
        *,
        width: int | None = None,
        height: int | None = None,
    ) -> Doc:
        file: Doc = {"id": self.id("file"), "name": name, "contentType": content_type, "size": size}
        if width and height:
            file["dimensions"] = {"width": width, "height": height}
        return file

    def revision(
        self,
        space_id: str,
        pages: list[Doc],
        files: list[Doc] | None = None,
        *,
        parents: list[str] | None = None,
        change_request: str | None = None,
        type: str = "edits",
        created: str | None = None,
    ) -> Doc:
        revision: Doc = {
            "id": self.id("revision"),
            "space": space_id,
            "parents": parents or [],
            "type": type,
            "createdAt": created or self.at(days=5),
            "pages": pages,
            "files": files or [],
            "variables": {},
            "reusableContents": [],
        }
        if change_request:
            revision["changeRequest"] = change_request
        self.store.put("revision", revision, scope=space_id, parent=change_request)
        return revision

    def space(
        self,
        organization: Doc,
        title: str,
        *,
        emoji: str = "",
        parent: Doc | None = None,
        visibility: str = "private",
        pages: list[Doc] | None = None,
        files: list[Doc] | None = None,
        days: float = 10,
        **fields: Any,
    ) -> Doc:
        space_id = self.id("space")
        revision = self.revision(space_id, pages or [], files, created=self.at(days=days))
        space: Doc = {
            "id": space_id,
            "title": title,
            "emoji": emoji,
            "visibility": visibility,
            "organization": organization["id"],
            "createdAt": self.at(days=days + 120),
            "updatedAt": self.at(days=days),
            "editMode": "live",
            "language": "en",
            "revision": revision["id"],
            "defaultLevel": "inherit",
            "slug": slugify(title),
            "comments": 0,
            "changeRequests": 0,
            "changeRequestsOpen": 0,
            "changeRequestsDraft": 0,
            **fields,
        }
        if parent is not None:
            space["parent"] = parent["id"]
        self.store.put("space", space, scope=organization["id"], parent=space.get("parent"))
        return space
