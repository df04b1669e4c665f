"""Provides ChangeRequestContentDialog: a change request's own pages (as a tree) and its files.

A change request's content is browsed like a space's: its page tree as the change request holds
it (``list_pages_in_change_request``) and its files (``list_files_in_change_request_by_id``).
Enter on a page closes with it (its screen then lists the page's links in the change request),
on a file likewise (its screen lists the pages that show it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual.content import Content

from tui.browse.content_links import PageRef, file_facts
from tui.core import text
from tui.core.humanize import plural
from tui.dialogs.base import heading
from tui.dialogs.list_dialog import ListDialog

from ..api.models import ChangeRequest, RevisionFile, RevisionPage, Space
from ..widgets import ListEntry

__all__ = ["ChangeRequestContentDialog", "ContentChoice", "page_rows"]

FILES_PAGE = 100


@dataclass(frozen=True)
class ContentChoice:
    """The row chosen: a page or a file of the change request."""

    page: PageRef | None = None
    file: RevisionFile | None = None


def page_rows(pages: list[RevisionPage]) -> list[tuple[int, RevisionPage]]:
    """The page tree depth first, each page with its depth (0 at the top level)."""
    rows: list[tuple[int, RevisionPage]] = []
    stack = [(0, page) for page in reversed(pages)]
    while stack:
        depth, page = stack.pop()
        rows.append((depth, page))
        stack.extend((depth + 1, child) for child in reversed(page.pages))
    return rows


class ChangeRequestContentDialog(ListDialog[ContentChoice]):
    """The pages of the change request as a tree, or its files; Enter goes on from one."""

    choices: ClassVar[tuple[tuple[str, str], ...]] = (("Pages", "pages"), ("Files", "files"))
    empty: ClassVar[str] = "Nothing of this kind in the change request."
    hint: ClassVar[str] = "Enter: a page's links, or the pages showing a file · Esc closes"

    def __init__(self, space: Space, change_request: ChangeRequest, *, choice: str = "") -> None:
        title = f"#{change_request.number} {change_request.subject or '(no subject)'}"
        super().__init__(heading("Content of ", title), choice=choice)
        self.space = space
        self.change_request = change_request

    async def fetch(self, choice: str) -> tuple[list[ListEntry], Content]:
        content = self.client.change_request_content
        if choice == "files":
            files = [
                file
                async for file in self.client.paginate(
                    content.list_files_in_change_request_by_id,
                    self.space.id,
                    self.change_request.id,
                    limit=FILES_PAGE,
                )
            ]
            entries = [
                ListEntry(
                    f"file:{file.id}",
                    Content.assemble("▣ ", Content(file_facts(file))),
                    text.one_line(file.name),
                    ContentChoice(file=file),
                )
                for file in files
            ]
            return entries, Content(plural(len(files), "file") + " in the change request.")
        tree = await content.list_pages_in_change_request(self.space.id, self.change_request.id)
        rows = page_rows(tree.pages)
        entries = [
            ListEntry(
                f"page:{page.id}",
                Content.assemble(
                    "  " * depth, "▸ " if page.pages else "· ", text.content(page.title)
                ),
                text.one_line(page.title),
                ContentChoice(page=PageRef(page.id, page.title)),
            )
            for depth, page in rows
        ]
        return entries, Content(plural(len(rows), "page") + " in the change request.")
