"""Provides part of the demo dataset (sites): Northwind's public docs, its share-link handbook
and an unpublished partner portal.

Records follow the formats described in ``routes/site_records.py``. Spaces are found by
title; a space another part of the demo does not (yet) write is skipped, and so is a
section left without spaces.
"""

from __future__ import annotations

from typing import Any

from ..store import Doc
from .builder import Builder, slugify

__all__ = ["HANDBOOK_SHARE_KEY", "seed"]

# The secret of the handbook's share link: ``shareKey`` resolves its published URLs.
HANDBOOK_SHARE_KEY = "sk-northwind-handbook-2026"

# The visitor schema of Northwind Docs, as the service stores it (see routes/site_adaptive.py).
DOCS_VISITOR_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "unsigned": {
            "type": "object",
            "description": "Unsigned claims of the site visitor.",
            "properties": {
                "returning_visitor": {
                    "type": "boolean",
                    "description": "The visitor has been here before",
                },
            },
            "additionalProperties": False,
        },
        "beta_tester": {"type": "boolean", "description": "Enrolled in the beta programme"},
        "plan_enterprise": {"type": "boolean", "description": "On the Enterprise plan"},
    },
    "additionalProperties": False,
}


def seed(b: Builder, northwind: Doc, community: Doc, *, people: dict[str, Doc]) -> None:
    """Write this part of the demo; other records are found in `b.store`."""
    spaces = {s["title"]: s for s in b.store.list("space", scope=northwind["id"])}
    _docs_site(b, northwind, spaces)
    _handbook_site(b, northwind, spaces)
    _partner_portal(b, northwind, spaces)


def _docs_site(b: Builder, organization: Doc, spaces: dict[str, Doc]) -> None:
    site = _site(
        b,
        organization,
        "Northwind Docs",
        type="premium",
        visibility="public",
        published=True,
        hostname="docs.northwind.dev",
        basename="docs",
        adaptiveContent={"enabled": True},
        adaptiveSchema={"jsonSchema": DOCS_VISITOR_SCHEMA, "updatedAt": b.at(days=12)},
        days=90,
    )
    guides = _section(b, site, spaces, "Guides", ["Deploying to production"], icon="book")
    api = _section(
        b,
        site,
        spaces,
        "API",
        ["API Reference", "Python SDK", "JavaScript SDK"],
        icon="code",
        description="Endpoints, authentication and the official SDKs",
        conditions={"JavaScript SDK": "visitor.claims.beta_tester === true"},
    )
    changelog = _section(b, site, spaces, "Changelog", ["Release notes"], icon="clock-rotate-left")
    structure: list[dict[str, str]] = []
    if guides is not None:
        structure.append({"type": "site-section", "id": guides["id"]})
    developers = [s["id"] for s in (api, changelog) if s is not None]
    if developers:
        group: Doc = {
            "id": b.id("site-section-group"),
            "site": site["id"],
            "title": "Developers",
            "icon": "laptop-code",
            "sections": developers,
            "createdAt": b.at(days=40),
        }
        b.store.put("site-section-group", group, scope=site["id"])
        structure.append({"type": "site-section-group", "id": group["id"]})
    site["structure"] = structure
    first = guides or api or changelog
    if first is not None:
        site["defaultSiteSection"] = first["id"]
    b.store.put("site", site, scope=organization["id"])


def _handbook_site(b: Builder, organization: Doc, spaces: dict[str, Doc]) -> None:
    site = _site(
        b,
        organization,
        "Internal Handbook",
        visibility="share-link",
        published=True,
        basename="handbook",
        shareKey=HANDBOOK_SHARE_KEY,
        agentsContext="excluded",
        days=60,
    )
    for title in ("Team handbook", "Engineering onboarding", "Incident runbooks"):
        if title in spaces:
            site_space = _site_space(b, site, spaces[title], None)
            site.setdefault("defaultSiteSpace", site_space["id"])
    b.store.put("site", site, scope=organization["id"])


def _partner_portal(b: Builder, organization: Doc, spaces: dict[str, Doc]) -> None:
    site = _site(
        b,
        organization,
        "Partner Portal",
        visibility="visitor-auth",
        published=False,
        basename="partners",
        days=6,
    )
    if "API Reference" in spaces:
        _site_space(b, site, spaces["API Reference"], None)
    b.store.put("site", site, scope=organization["id"])


def _site(b: Builder, organization: Doc, title: str, *, days: float, **fields: Any) -> Doc:
    site: Doc = {
        "id": b.id("site"),
        "organization": organization["id"],
        "type": "basic",
        "title": title,
        "createdAt": b.at(days=days),
        "agentsContext": "included",
        "structure": [],
        **fields,
    }
    b.store.put("site", site, scope=organization["id"])
    return site


def _section(
    b: Builder,
    site: Doc,
    spaces: dict[str, Doc],
    title: str,
    titles: list[str],
    *,
    icon: str,
    description: str | None = None,
    conditions: dict[str, str] | None = None,
) -> Doc | None:
    """A section showing the spaces of ``titles`` that exist, or None when none does."""
    present = [spaces[t] for t in titles if t in spaces]
    if not present:
        return None
    section: Doc = {
        "id": b.id("site-section"),
        "site": site["id"],
        "title": title,
        "path": slugify(title),
        "icon": icon,
        "createdAt": b.at(days=45),
    }
    if description:
        section["description"] = description
    for space in present:
        condition = (conditions or {}).get(space["title"])
        site_space = _site_space(b, site, space, section["id"], condition=condition)
        section.setdefault("defaultSiteSpace", site_space["id"])
    b.store.put("site-section", section, scope=site["id"])
    return section


def _site_space(
    b: Builder, site: Doc, space: Doc, section_id: str | None, *, condition: str | None = None
) -> Doc:
    site_space: Doc = {
        "id": b.id("site-space"),
        "site": site["id"],
        "space": space["id"],
        "section": section_id,
        "path": slugify(space["title"]),
        "createdAt": b.at(days=40),
    }
    if condition:
        site_space["condition"] = condition
    b.store.put("site-space", site_space, scope=site["id"], parent=section_id)
    return site_space
