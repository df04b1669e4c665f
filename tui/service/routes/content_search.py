"""Provides the search of content, in one space and across an organization.

A page matches when every word of the query appears in its title or markdown, ignoring case
(a word may be part of a longer one: "deploy" finds "deploying"). Its markdown is split into
sections at headings (outside code blocks); the sections that hold every word are returned,
or, when the words are spread over several sections, those that hold any of them. Each
section carries its heading, the anchor path ``page/path#heading-slug`` and a short excerpt
of its text around the first match. Pages marked ``noIndex`` are never found.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..content_tree import current_revision, walk
from ..datasets.builder import slugify
from ..http import Ctx, HttpError, RouteTable
from ..records import APP_URL, find_organization, find_space
from ..store import Doc

routes = RouteTable()

MAX_QUERY = 512
_HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$")
_FENCE = re.compile(r"^\s*(```|~~~)")
_WORD = re.compile(r"\w+(?:['.-]\w+)*")
_BEFORE, _AFTER = 60, 120


@dataclass
class Section:
    """A part of a page: its heading (the page title before the first heading) and text."""

    title: str
    anchor: str | None
    text: str

    def haystack(self) -> str:
        return f"{self.title}\n{self.text}".casefold()


def query_words(ctx: Ctx) -> list[str]:
    """The words of the ``query`` parameter; 400 when it is missing, empty or too long."""
    query = ctx.q_str("query")
    if query is None or not query.strip():
        raise HttpError(400, "Invalid request: `query` is required: give the text to search for.")
    if len(query) > MAX_QUERY:
        raise HttpError(400, f"Invalid request: `query` must be at most {MAX_QUERY} characters.")
    words = list(dict.fromkeys(word.casefold() for word in _WORD.findall(query)))
    if not words:
        raise HttpError(400, "Invalid request: `query` holds no word to search for.")
    return words


def split_sections(title: str, markdown: str) -> list[Section]:
    """The sections of a markdown text, split at its headings (not those in code blocks)."""
    sections = [Section(title, None, "")]
    lines: list[str] = []
    fenced = False
    for line in markdown.splitlines():
        if _FENCE.match(line):
            fenced = not fenced
        heading = None if fenced else _HEADING.match(line)
        if heading:
            sections[-1].text = "\n".join(lines).strip()
            lines = []
            sections.append(Section(heading.group(1), slugify(heading.group(1)), ""))
        else:
            lines.append(line)
    sections[-1].text = "\n".join(lines).strip()
    # The text before the first heading is a section only when there is some.
    return [s for i, s in enumerate(sections) if i > 0 or s.text]


def excerpt(text: str, words: list[str]) -> str:
    """A short piece of ``text`` around the first match, on one line, cut at word ends."""
    prose = "\n".join(line for line in text.splitlines() if not _FENCE.match(line))
    flat = " ".join(prose.split())
    folded = flat.casefold()
    hits = [folded.find(word) for word in words if word in folded]
    at = min(hits) if hits else 0
    start = max(0, at - _BEFORE)
    end = min(len(flat), at + _AFTER)
    if start > 0 and (space := flat.find(" ", start, at)) != -1:
        start = space + 1
    if end < len(flat) and (space := flat.rfind(" ", at, end)) > at:
        end = space
    piece = flat[start:end].strip()
    return ("…" if start > 0 else "") + piece + ("…" if end < len(flat) else "")


def _matching_sections(sections: list[Section], words: list[str]) -> list[Section]:
    every = [s for s in sections if all(word in s.haystack() for word in words)]
    return every or [s for s in sections if any(word in s.haystack() for word in words)]


def search_revision(space: Doc, revision: Doc, words: list[str]) -> list[dict[str, Any]]:
    """The pages of a revision that match every word, as SearchPageResult items."""
    base = f"{APP_URL}/o/{space['organization']}/s/{space['id']}"
    results = []
    for node, path, _ in walk(revision.get("pages", [])):
        if node.get("type", "document") != "document" or node.get("noIndex"):
            continue
        markdown = node.get("markdown", "")
        page_text = f"{node['title']}\n{markdown}".casefold()
        if not all(word in page_text for word in words):
            continue
        sections = []
        for section in _matching_sections(split_sections(node["title"], markdown), words):
            anchor = f"#{section.anchor}" if section.anchor else ""
            sections.append(
                {
                    "id": f"{node['id']}{anchor}",
                    "title": section.title,
                    "path": f"{path}{anchor}",
                    "body": excerpt(section.text, words),
                    "urls": {"app": f"{base}/{path}{anchor}"},
                }
            )
        results.append(
            {
                "id": node["id"],
                "title": node["title"],
                "path": path,
                "sections": sections,
                "urls": {"app": f"{base}/{path}"},
            }
        )
    return results


@routes.get("/v1/spaces/{spaceId}/search")
def search_space(ctx: Ctx, spaceId: str) -> dict[str, Any]:
    space = find_space(ctx, spaceId)
    words = query_words(ctx)
    pages = search_revision(space, current_revision(ctx, space), words)
    return ctx.paginate(pages, lambda page: page)


@routes.get("/v1/orgs/{organizationId}/search")
def search_organization(ctx: Ctx, organizationId: str) -> dict[str, Any]:
    find_organization(ctx, organizationId)
    words = query_words(ctx)
    found = []
    for space in ctx.store.list("space", scope=organizationId):
        revision = ctx.store.get("revision", space["revision"])
        pages = search_revision(space, revision, words) if revision else []
        if pages:
            found.append({"id": space["id"], "title": space["title"], "pages": pages})
    return ctx.paginate(found, lambda result: result)
