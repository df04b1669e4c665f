"""Provides the records of docs sites: how sites, sections, section groups and site spaces are
stored, found, ordered and written out as the API shows them.

Filing (kind: scope / parent):

- ``site``: scope organization id. Fields: ``id``, ``organization``, ``type``, ``title``,
  ``visibility``, ``published``, ``createdAt``, ``basename``, optional ``hostname``, ``proxy``
  (the origin string; answers show ``{origin, target}``), ``agentsContext``,
  ``adaptiveContent`` (``{enabled}``), ``adaptiveSchema`` (``{jsonSchema, updatedAt}``),
  ``shareKey`` (share-link sites), ``defaultSiteSection``, ``defaultSiteSpace`` (the default
  at the root level) and ``structure``.
- ``site-section``: scope site id. Fields: ``id``, ``site``, ``title``, ``path``, optional
  ``description``, ``icon``, ``condition``, ``defaultSiteSpace``, ``createdAt``.
- ``site-section-group``: scope site id. Fields: ``id``, ``site``, ``title``, optional
  ``icon``, ``sections`` (its section ids, in order), ``createdAt``.
- ``site-space``: scope site id, parent section id (None at the root level). Fields: ``id``,
  ``site``, ``space``, ``section`` (or None), ``path``, optional ``condition``, ``createdAt``.

Order. A site's top level interleaves two kinds (sections and groups), which store order
cannot express, so it is an explicit list in the site doc: ``structure``, entries
``{"type": "site-section" | "site-section-group", "id"}``; a group's sections are the
group's ``sections`` list. Site spaces keep store order within their section (or the root),
changed with ``records.reorder``. Entries whose record is gone are skipped, and records
missing from the lists are shown last, so the lists never need repair to be read.

Defaults. The default section is ``defaultSiteSection`` when it still exists, else the first
section; the default site space of a section (or of the root) is its ``defaultSiteSpace``
when it still belongs there, else its first site space.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from ..http import Ctx, HttpError, not_found
from ..records import APP_URL, find_organization, space_json
from ..store import Doc, Store

__all__ = [
    "GROUP",
    "SECTION",
    "SiteView",
    "add_site_space",
    "find_site",
    "save_group",
    "save_section",
    "save_site",
    "save_site_space",
    "slug",
    "space_in_organization",
    "unique_path",
]

SECTION = "site-section"
GROUP = "site-section-group"
PROXY_TARGET = "https://proxy.gitbook.site/sites/{}"


# -- filing ------------------------------------------------------------------------------------


def save_site(store: Store, site: Doc) -> None:
    store.put("site", site, scope=site["organization"])


def save_section(store: Store, section: Doc) -> None:
    store.put(SECTION, section, scope=section["site"])


def save_group(store: Store, group: Doc) -> None:
    store.put(GROUP, group, scope=group["site"])


def save_site_space(store: Store, site_space: Doc) -> None:
    store.put("site-space", site_space, scope=site_space["site"], parent=site_space.get("section"))


def find_site(ctx: Ctx, organization_id: str, site_id: str, needed: str = "read") -> Doc:
    """The site of the organization, if the caller has at least ``needed`` there."""
    find_organization(ctx, organization_id, needed)
    site = ctx.store.get("site", site_id)
    if site is None or site.get("organization") != organization_id:
        raise not_found("The site")
    return site


def space_in_organization(ctx: Ctx, organization_id: str, space_id: str) -> Doc:
    """A live space of the organization named in a request body (400 otherwise)."""
    space = ctx.store.get("space", space_id)
    if space is None or space.get("organization") != organization_id or space.get("deletedAt"):
        raise HttpError(400, f"Invalid space: no space with id `{space_id}` in this organization.")
    return space


def slug(title: str) -> str:
    """A path segment made from a title (the same rule as the datasets' slugs)."""
    text = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:100] or "space"


def unique_path(wanted: str, taken: set[str]) -> str:
    """``wanted``, or ``wanted-2``, ``wanted-3``… whichever is free first."""
    wanted = wanted[:100] or "space"
    path, number = wanted, 1
    while path in taken:
        number += 1
        suffix = f"-{number}"
        path = wanted[: 100 - len(suffix)] + suffix
    return path


def add_site_space(ctx: Ctx, site: Doc, space: Doc, section_id: str | None) -> Doc:
    """A new site space for ``space`` at the end of a section (or of the root level)."""
    taken = {
        s["path"]
        for s in ctx.store.list("site-space", scope=site["id"])
        if s.get("section") == section_id
    }
    site_space: Doc = {
        "id": ctx.store.new_id("site-space"),
        "site": site["id"],
        "space": space["id"],
        "section": section_id,
        "path": unique_path(slug(space["title"]), taken),
        "createdAt": ctx.now(),
    }
    save_site_space(ctx.store, site_space)
    return site_space


# -- one site, as a request sees it ------------------------------------------------------------


class SiteView:
    """A site with its structure loaded: order, defaults, URLs and the JSON of its parts.

    Build a fresh one after writing; it reads the store once and answers from memory.
    """

    def __init__(self, ctx: Ctx, site: Doc) -> None:
        self.ctx = ctx
        self.site = site
        store = ctx.store
        self.sections = {s["id"]: s for s in store.list(SECTION, scope=site["id"])}
        self.groups = {g["id"]: g for g in store.list(GROUP, scope=site["id"])}
        self.spaces: dict[str, Doc] = {}
        self.site_spaces: list[Doc] = []
        for site_space in store.list("site-space", scope=site["id"]):
            space = self.spaces.get(site_space["space"]) or store.get("space", site_space["space"])
            if space is None:  # the space is gone for good: so is its place on the site
                continue
            self.spaces[space["id"]] = space
            self.site_spaces.append(site_space)
        self._load_structure()

    # -- structure ---------------------------------------------------------------------------

    def _load_structure(self) -> None:
        grouped: set[str] = set()
        for group in self.groups.values():
            group["sections"] = [
                s for s in group.get("sections", []) if s in self.sections and s not in grouped
            ]
            grouped.update(group["sections"])
        self.top: list[tuple[str, str]] = []
        placed: set[str] = set()
        for entry in self.site.get("structure", []):
            kind, item = entry.get("type"), entry.get("id")
            known = (kind == SECTION and item in self.sections and item not in grouped) or (
                kind == GROUP and item in self.groups
            )
            if known and item not in placed:
                self.top.append((kind, item))
                placed.add(item)
        for section_id in self.sections:
            if section_id not in grouped and section_id not in placed:
                self.top.append((SECTION, section_id))
        for group_id in self.groups:
            if group_id not in placed:
                self.top.append((GROUP, group_id))

    def save_structure(self) -> None:
        """Write the top-level order and every group's sections back to the store."""
        self.site["structure"] = [{"type": kind, "id": item} for kind, item in self.top]
        save_site(self.ctx.store, self.site)
        for group in self.groups.values():
            save_group(self.ctx.store, group)

    def ordered_sections(self) -> list[Doc]:
        """Every section in reading order: top level, a group's sections where the group is."""
        found: list[Doc] = []
        for kind, item in self.top:
            if kind == SECTION:
                found.append(self.sections[item])
            else:
                found.extend(self.sections[s] for s in self.groups[item]["sections"])
        return found

    def ordered_groups(self) -> list[Doc]:
        return [self.groups[item] for kind, item in self.top if kind == GROUP]

    def group_of(self, section_id: str) -> Doc | None:
        return next((g for g in self.groups.values() if section_id in g["sections"]), None)

    def detach(self, section_id: str) -> None:
        """Take a section out of the top level or its group (to be placed again)."""
        self.top = [(kind, item) for kind, item in self.top if item != section_id]
        for group in self.groups.values():
            if section_id in group["sections"]:
                group["sections"].remove(section_id)

    def default_section(self) -> Doc | None:
        chosen = self.sections.get(self.site.get("defaultSiteSection") or "")
        if chosen is not None:
            return chosen
        ordered = self.ordered_sections()
        return ordered[0] if ordered else None

    def container(self, section_id: str | None) -> list[Doc]:
        """The site spaces of a section (or of the root level for None), in order."""
        return [s for s in self.site_spaces if s.get("section") == section_id]

    def default_site_space(self, section_id: str | None) -> Doc | None:
        siblings = self.container(section_id)
        owner = self.site if section_id is None else self.sections.get(section_id, {})
        wanted = owner.get("defaultSiteSpace")
        chosen = next((s for s in siblings if s["id"] == wanted), None)
        return chosen or (siblings[0] if siblings else None)

    def ordered_site_spaces(self) -> list[Doc]:
        """Root-level site spaces first, then each section's in section order."""
        found = self.container(None)
        for section in self.ordered_sections():
            found.extend(self.container(section["id"]))
        return found

    # -- URLs --------------------------------------------------------------------------------

    def _organization(self) -> Doc:
        return self.ctx.store.get("organization", self.site["organization"]) or {}

    def _gitbook_url(self) -> str:
        organization = self._organization()
        host = organization.get("hostname") or self.site["organization"]
        return f"https://{host}.gitbook.io/{self.site.get('basename') or self.site['id']}/"

    def published_root(self) -> tuple[str, str] | None:
        """The published address as (base ending in /, suffix), or None when not reachable.

        A share-link site is reachable only through its share key: the ``shareKey`` query
        parameter must be the site's key, and the URLs then carry it as ``?share=<key>``.
        """
        site = self.site
        if not site.get("published"):
            return None
        suffix = ""
        if site.get("visibility") == "share-link":
            key = self.ctx.q_str("shareKey")
            if not key or key != site.get("shareKey"):
                return None
            suffix = f"?share={key}"
        if site.get("proxy"):
            return f"https://{site['proxy']}/", suffix
        if site.get("hostname"):
            return f"https://{site['hostname']}/", suffix
        return self._gitbook_url(), suffix

    def section_url(self, section: Doc) -> tuple[str, str] | None:
        root = self.published_root()
        if root is None:
            return None
        default = self.default_section()
        if default is not None and default["id"] == section["id"]:
            return root
        return f"{root[0]}{section['path']}/", root[1]

    def site_space_url(self, site_space: Doc) -> str | None:
        section_id = site_space.get("section")
        if section_id is None:
            base = self.published_root()
        else:
            base = (
                self.section_url(self.sections[section_id]) if section_id in self.sections else None
            )
        if base is None:
            return None
        default = self.default_site_space(section_id)
        if default is not None and default["id"] == site_space["id"]:
            return base[0] + base[1]
        return f"{base[0]}{site_space['path']}/{base[1]}"

    # -- JSON --------------------------------------------------------------------------------

    def site_json(self) -> dict[str, Any]:
        site = self.site
        org_id = site["organization"]
        result: dict[str, Any] = {
            "object": "site",
            "id": site["id"],
            "type": site.get("type", "basic"),
            "title": site["title"],
            "visibility": site.get("visibility", "public"),
            "published": bool(site.get("published")),
            "siteSpaces": len(self.site_spaces),
            "createdAt": site["createdAt"],
            "agentsContext": site.get("agentsContext", "included"),
            "features": [],
            "urls": {
                "location": self.ctx.api_url(f"/v1/orgs/{org_id}/sites/{site['id']}"),
                "app": f"{APP_URL}/o/{org_id}/sites/{site['id']}",
            },
        }
        for key in ("hostname", "basename", "adaptiveContent"):
            if site.get(key) is not None:
                result[key] = site[key]
        if site.get("proxy"):
            result["proxy"] = {"origin": site["proxy"], "target": PROXY_TARGET.format(site["id"])}
        if site.get("adaptiveContent", {}).get("enabled"):
            result["features"].append(
                {"id": "sites-adaptive-content", "plan": site.get("type", "basic"), "frozen": False}
            )
        root = self.published_root()
        if root is not None:
            result["urls"]["published"] = root[0] + root[1]
        return result

    def site_space_json(self, site_space: Doc) -> dict[str, Any]:
        space = self.spaces[site_space["space"]]
        default = self.default_site_space(site_space.get("section"))
        result: dict[str, Any] = {
            "object": "site-space",
            "id": site_space["id"],
            "path": site_space["path"],
            "space": space_json(self.ctx, space),
            "title": space["title"],
            "default": default is not None and default["id"] == site_space["id"],
            "hasAdvancedCustomizationFeature": False,
            "urls": {},
        }
        if site_space.get("section"):
            result["section"] = site_space["section"]
        if site_space.get("condition") is not None:
            result["condition"] = site_space["condition"]
        url = self.site_space_url(site_space)
        if url is not None:
            result["urls"]["published"] = url
        return result

    def section_json(self, section: Doc) -> dict[str, Any]:
        default = self.default_section()
        result: dict[str, Any] = {
            "object": "site-section",
            "id": section["id"],
            "title": section["title"],
            "path": section["path"],
            "default": default is not None and default["id"] == section["id"],
            "siteSpaces": [self.site_space_json(s) for s in self.container(section["id"])],
            "urls": {},
        }
        for key in ("description", "condition", "icon"):
            if section.get(key) is not None:
                result[key] = section[key]
        group = self.group_of(section["id"])
        if group is not None:
            result["sectionGroup"] = group["id"]
        url = self.section_url(section)
        if url is not None:
            result["urls"]["published"] = url[0] + url[1]
        return result

    def group_json(self, group: Doc) -> dict[str, Any]:
        sections = [self.section_json(self.sections[s]) for s in group["sections"]]
        result: dict[str, Any] = {
            "object": "site-section-group",
            "id": group["id"],
            "title": group["title"],
            "sections": sections,
            "children": sections,
        }
        if group.get("icon") is not None:
            result["icon"] = group["icon"]
        return result

    def structure_json(self) -> dict[str, Any]:
        """The published structure: sections (and groups) when there are any, else site spaces."""
        if not self.sections:
            return {
                "type": "siteSpaces",
                "structure": [self.site_space_json(s) for s in self.container(None)],
            }
        items = [
            self.section_json(self.sections[item])
            if kind == SECTION
            else self.group_json(self.groups[item])
            for kind, item in self.top
        ]
        return {"type": "sections", "structure": items}
