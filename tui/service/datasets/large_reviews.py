"""Provides the large dataset's change requests that stress a review: one that touches 1,000
pages of the 2,000-page space, and one that edits a 200 KB page.

"Refresh every topic page" edits every other topic page of the Platform encyclopedia (1,000),
moves five topics to another chapter, renames two, removes three and adds two. The "Release
notes archive" space holds one page of about 200 KB, which "Correct the 2025 release notes"
edits in a few dozen places. Both are open, so the review queue finds them.
"""

from __future__ import annotations

import copy

from ..records import recount_space
from ..store import Doc
from .builder import Builder

__all__ = ["seed"]


def _request(b: Builder, space: Doc, subject: str, pages: list[Doc], author: str) -> Doc:
    numbers = [other["number"] for other in b.store.list("change-request", scope=space["id"])]
    request_id = b.id("change-request")
    revision = b.revision(
        space["id"],
        pages,
        parents=[space["revision"]],
        change_request=request_id,
        created=b.at(hours=3),
    )
    request: Doc = {
        "id": request_id,
        "space": space["id"],
        "number": max(numbers, default=0) + 1,
        "status": "open",
        "subject": subject,
        "createdBy": author,
        "contributors": [author],
        "createdAt": b.at(days=1),
        "updatedAt": b.at(hours=3),
        "revision": revision["id"],
        "revisionInitial": space["revision"],
    }
    b.store.put("change-request", request, scope=space["id"])
    recount_space(b.store, space["id"])
    return request


def _refresh_topics(b: Builder, encyclopedia: Doc) -> None:
    main = b.store.get("revision", encyclopedia["revision"])
    if main is None:
        return
    chapters = copy.deepcopy(main["pages"])
    for c, chapter in enumerate(chapters):
        for p, topic in enumerate(chapter["pages"]):
            if (c * 19 + p) % 2 == 0:
                topic["markdown"] = (
                    topic["markdown"].replace(
                        "This page documents one part of the platform.",
                        f"This page documents one part of the platform, as of release {c}.{p}.",
                    )
                    + "\n## Changes in v2\n\nThe endpoint now pages its results.\n"
                )
    moved = [chapters[3]["pages"].pop(0) for _ in range(5)]
    chapters[4]["pages"][0:0] = moved
    chapters[5]["pages"][1]["title"] += " (renamed)"
    chapters[6]["pages"][2]["title"] += " (renamed)"
    for _ in range(3):
        chapters[7]["pages"].pop()
    chapters[8]["pages"].append(b.page("Topic 008.new", "# A new topic\n\nWritten for v2.\n"))
    chapters[9]["pages"].append(b.page("Topic 009.new", "# Another new topic\n\nAlso v2.\n"))
    _request(b, encyclopedia, "Refresh every topic page", chapters, "u-ada")


def _release_notes(releases: int, fixed: bool) -> str:
    parts = ["# All release notes\n"]
    for n in range(releases):
        year = 2020 + n // 80
        parts.append(
            f"\n## Release {year}.{n % 80:02d}\n\n"
            f"- Faster start-up for the {['CLI', 'SDK', 'API', 'dashboard'][n % 4]} "
            f"(issue #{1000 + n}).\n"
            f"- Fixed a crash when a title holds more than {n % 50 + 10} characters.\n"
            f"- The `limit` parameter of list operations now accepts up to {100 + n} items.\n"
        )
        if fixed and year == 2025 and n % 5 == 0:
            parts[-1] = parts[-1].replace("Fixed a crash", "Fixed a rare crash")
    return "".join(parts)


def seed(b: Builder, globex: Doc, *, encyclopedia: Doc, home: Doc) -> None:
    """Write the two change requests (and the archive space of the second)."""
    _refresh_topics(b, encyclopedia)
    archive = b.space(
        globex,
        "Release notes archive",
        emoji="🗄",
        parent=home,
        pages=[b.page("All release notes", _release_notes(1000, fixed=False))],
    )
    main = b.store.get("revision", archive["revision"])
    if main is None:
        return
    pages = copy.deepcopy(main["pages"])
    pages[0]["markdown"] = _release_notes(1000, fixed=True)
    _request(b, archive, "Correct the 2025 release notes", pages, "u-grace")
