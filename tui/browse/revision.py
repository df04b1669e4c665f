"""Provides RevisionDialog: a space's current revision (``get_current_revision``) in a few lines.

What a reviewer or an editor asks of "main": which revision it is, when it was made, what it
came from (a merged change request leads to it), and how many pages and files it holds.
"""

from __future__ import annotations

from typing import ClassVar

from textual.content import Content

from tui.core import text
from tui.core.humanize import plural
from tui.dialogs.base import heading
from tui.dialogs.list_dialog import ListDialog
from tui.review.locations import change_request_location

from ..api.models import RevisionPage, Space
from ..widgets import ListEntry
from .content_links import LinkDestination

__all__ = ["RevisionDialog"]


def _count_pages(pages: list[RevisionPage]) -> int:
    return sum(1 + _count_pages(page.pages) for page in pages)


class RevisionDialog(ListDialog[LinkDestination]):
    """The facts of the space's live revision; Enter on a merged change request opens it."""

    hint: ClassVar[str] = "Enter opens the change request it merged · Esc closes"

    def __init__(self, space: Space) -> None:
        super().__init__(heading("Current revision of ", space.title))
        self.space = space

    async def fetch(self, choice: str) -> tuple[list[ListEntry], Content]:
        revision = await self.client.space_content.get_current_revision(self.space.id)
        facts: list[tuple[str, str, LinkDestination | None]] = [
            ("Revision", revision.id, None),
            ("Kind", revision.type, None),
        ]
        if revision.created_at is not None:
            facts.append(("Made", revision.created_at.strftime("%Y-%m-%d %H:%M UTC"), None))
        if revision.parents:
            facts.append(("Parents", ", ".join(revision.parents), None))
        facts.append(
            (
                "Holds",
                f"{plural(_count_pages(revision.pages), 'page')} · "
                f"{plural(len(revision.files), 'file')}",
                None,
            )
        )
        merged = revision.merged_from
        if merged is not None:
            facts.append(
                (
                    "Merged from",
                    f"#{merged.number} {merged.subject}",
                    LinkDestination(change_request_location(self.space, merged)),
                )
            )
        if revision.git is not None and revision.git.oid:
            facts.append(("Git commit", revision.git.oid, None))
        entries = [
            ListEntry(
                f"fact:{index}",
                Content.assemble(
                    Content.styled(f"{label:>12}  ", "$text-muted"), text.content(value)
                ),
                text.one_line(value),
                destination,
            )
            for index, (label, value, destination) in enumerate(facts)
        ]
        return entries, Content.assemble("Main is at ", text.content(revision.id), ".")
