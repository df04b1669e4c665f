"""Provides the dialogs of a space's links: a page's links, its backlinks, a file's backlinks,
and the space's link report, each a list whose rows lead to a page (or a web address).

A broken link is marked as such and shows the link as written, so that the reader sees what
to fix; in the report, Enter goes to the page that holds it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from textual.content import Content

from tui.core import text
from tui.core.humanize import human_size, plural
from tui.dialogs.base import heading
from tui.dialogs.list_dialog import ListDialog

from ..api.models import (
    Backlink,
    ContentLink,
    ContentLinks,
    Page,
    RevisionFile,
    RevisionPage,
    Space,
)
from ..shell.navigation import Focus, Location, page_location
from ..widgets import ListEntry

__all__ = [
    "BacklinksDialog",
    "LinkDestination",
    "LinkReportDialog",
    "PageLinksDialog",
    "PageRef",
    "file_facts",
    "link_summary",
]

STATUSES: Sequence[tuple[str, str]] = (
    ("Every link", "all"),
    ("Broken links", "broken"),
    ("Working links", "ok"),
    ("Links into the app", "in-app"),
)


@dataclass(frozen=True)
class PageRef:
    """A page named by id and title (all a links dialog needs of it)."""

    id: str
    title: str


def file_facts(file: RevisionFile) -> str:
    """``logo.png · image/png · 12.0 KB`` (the name is the server's: one line)."""
    parts = [text.one_line(file.name), text.one_line(file.content_type or "")]
    if file.size:
        parts.append(human_size(file.size))
    return " · ".join(part for part in parts if part)


@dataclass(frozen=True)
class LinkDestination:
    """Where a row leads: a page (at a section), or a web address to open."""

    place: Location | None = None
    focus: Focus = field(default_factory=Focus)
    url: str | None = None
    file_id: str | None = None
    """A file of the content: its address is read fresh (``get_file_by_id``) before opening,
    since the one a link carries may have expired."""
    page_id: str | None = None
    """The page the row is about (a change request's screen shows it in place)."""


def link_summary(links: ContentLinks) -> Content:
    """``12 links, 3 broken`` (over every link, whatever the filter shows)."""
    broken = links.stats.broken.total
    said = plural(links.stats.total, "link")
    if not broken:
        return Content(f"{said}, none broken.")
    return Content.assemble(said, ", ", (f"{broken} broken", "bold $text-error"), ".")


def _page_of(reference: Backlink, space: Space) -> Location | None:
    if reference.kind != "page" or reference.page is None:
        return None
    holder = reference.space or space
    return page_location(holder, reference.page)


def _target(link: ContentLink, space: Space) -> tuple[Content, LinkDestination | None]:
    """How a link's target reads, and where choosing it leads."""
    target = link.target_reference
    if link.status == "broken":
        written = target.url if target is not None and target.url else "?"
        return Content.assemble(("✗ broken ", "bold $text-error"), text.content(written)), None
    if target is None:
        return Content("?"), None
    if target.kind == "page" and target.page is not None:
        anchor = target.internal_location.anchor if target.internal_location else None
        place = _page_of(target, space)
        label = text.content(target.page.title)
        if anchor:
            label = Content.assemble(
                label, Content.styled(f" #{text.one_line(anchor)}", "$text-muted")
            )
        return Content.assemble("→ ", label), LinkDestination(
            place, Focus(anchor=anchor or ""), page_id=target.page.id
        )
    if target.kind == "file" and target.file is not None:
        file = target.file
        return Content.assemble("▣ ", text.content(file.name)), LinkDestination(
            url=file.download_url or None, file_id=file.id
        )
    url = target.url or ""
    mark = "⌂ " if link.status == "in-app" else "↗ "
    return Content.assemble(mark, text.content(url)), LinkDestination(url=url) if url else None


class PageLinksDialog(ListDialog[LinkDestination]):
    """The links of one page; Enter follows a working one."""

    choices = STATUSES
    empty = "No link of this kind on the page."
    hint = "Enter follows the link · Esc closes"

    def __init__(
        self,
        space: Space,
        page: RevisionPage | PageRef,
        *,
        status: str = "all",
        change_request_id: str | None = None,
    ) -> None:
        where = " in the change request" if change_request_id else ""
        super().__init__(heading("Links of ", page.title, where), choice=status)
        self.space = space
        self.page = page
        self.change_request_id = change_request_id
        """Read the page as the change request has it, rather than as the space has it."""

    async def _links(self, **options: Any) -> ContentLinks:
        client = self.client
        if self.change_request_id is not None:
            return await client.change_request_content.list_page_links_in_change_request(
                self.space.id, self.change_request_id, self.page.id, **options
            )
        return await client.space_content.list_page_links_in_space(
            self.space.id, self.page.id, **options
        )

    async def fetch(self, choice: str) -> tuple[list[ListEntry], Content]:
        options: dict[str, str] = {} if choice == "all" else {"status": choice}
        first = await self._links(limit=100, **options)
        items = list(first.items)
        token = first.next_page
        while token:
            more = await self._links(limit=100, page=token, **options)
            items.extend(more.items)
            token = more.next_page
        entries = []
        for index, link in enumerate(items):
            label, destination = _target(link, self.space)
            entries.append(ListEntry(f"link:{index}", label, label.plain, destination))
        return entries, link_summary(first)


class LinkReportDialog(ListDialog[LinkDestination]):
    """Every link of the space, one row per page that holds it; Enter goes to that page."""

    choices = (STATUSES[1], STATUSES[0], STATUSES[2], STATUSES[3])
    empty = "No link of this kind in the space."
    hint = "Enter goes to the page that holds the link · Esc closes"

    def __init__(self, space: Space, *, status: str = "broken") -> None:
        super().__init__(heading("Links of the space ", space.title), choice=status)
        self.space = space

    async def fetch(self, choice: str) -> tuple[list[ListEntry], Content]:
        client = self.client
        options: dict[str, str] = {} if choice == "all" else {"status": choice}
        pages: list[ContentLinks] = [
            await client.spaces.list_space_links(self.space.id, limit=100, **options)
        ]
        while pages[-1].next_page:
            pages.append(
                await client.spaces.list_space_links(
                    self.space.id, limit=100, page=pages[-1].next_page, **options
                )
            )
        entries = []
        for index, link in enumerate(item for page in pages for item in page.items):
            label, _ = _target(link, self.space)
            for number, holder in enumerate(link.location_references):
                place = _page_of(holder, self.space)
                where = holder.page.title if holder.page is not None else "?"
                row = Content.assemble(
                    label, Content.styled("  in ", "$text-muted"), text.content(where)
                )
                entries.append(
                    ListEntry(
                        f"link:{index}:{number}",
                        row,
                        row.plain,
                        LinkDestination(place) if place is not None else None,
                    )
                )
        return entries, link_summary(pages[0])


class BacklinksDialog(ListDialog[LinkDestination]):
    """The pages that link to a page or show a file; Enter goes to one."""

    empty: ClassVar[str] = "No page links here."

    def __init__(
        self,
        space: Space,
        *,
        page: RevisionPage | None = None,
        file: RevisionFile | None = None,
        change_request_id: str | None = None,
    ) -> None:
        name = page.title if page is not None else file.name if file is not None else ""
        where = " in the change request" if change_request_id else ""
        super().__init__(heading("Pages that link to ", name, where))
        self.space = space
        self.page = page
        self.file = file
        self.change_request_id = change_request_id
        """A file of this change request (the service lists no page backlinks of one)."""

    async def fetch(self, choice: str) -> tuple[list[ListEntry], Content]:
        client = self.client
        operation: Callable[..., Awaitable[Page[Backlink]]]
        scope: tuple[str, ...] = (self.space.id,)
        about = Content("")
        if self.page is not None:
            operation = client.space_content.list_space_page_backlinks
            target = self.page.id
        elif self.change_request_id is not None:
            assert self.file is not None
            # The file as the change request holds it now: its name, kind and size.
            held = await client.change_request_content.get_file_in_change_request_by_id(
                self.space.id, self.change_request_id, self.file.id
            )
            about = Content(file_facts(held) + " · ")
            operation = client.change_request_content.list_change_request_file_backlinks
            scope = (self.space.id, self.change_request_id)
            target = self.file.id
        else:
            assert self.file is not None
            operation = client.space_content.list_space_file_backlinks
            target = self.file.id
        backlinks = [
            backlink async for backlink in client.paginate(operation, *scope, target, limit=100)
        ]
        entries = []
        for index, backlink in enumerate(backlinks):
            place = _page_of(backlink, self.space)
            title = backlink.page.title if backlink.page is not None else backlink.url or "?"
            where = backlink.space.title if backlink.space is not None else ""
            row = Content.assemble("← ", text.content(title))
            if where and backlink.space is not None and backlink.space.id != self.space.id:
                row = Content.assemble(
                    row, Content.styled(f"  in {text.one_line(where)}", "$text-muted")
                )
            entries.append(
                ListEntry(
                    f"backlink:{index}",
                    row,
                    row.plain,
                    LinkDestination(place) if place is not None else None,
                )
            )
        return entries, Content.assemble(about, plural(len(backlinks), "page") + " link here.")
