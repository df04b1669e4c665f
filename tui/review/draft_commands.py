"""Provides DraftCommands: the palette's entry that lists the unsent drafts, wherever the app is."""

from __future__ import annotations

from typing import Any, Protocol, cast

from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.content import Content

from ..shell.palette import highlight


class _DraftOpener(Protocol):
    """What of the app the entry uses: it opens the thread a chosen draft answers."""

    def open_draft(self, draft: Any) -> None: ...


__all__ = ["DRAFTS_COMMAND", "DraftCommands"]

DRAFTS_COMMAND = "drafts: list the unsent drafts"


class DraftCommands(Provider):
    """The unsent drafts of the profile, wherever the app is."""

    def _show(self) -> None:
        from .drafts_list import DraftsDialog

        self.app.push_screen(DraftsDialog(), cast(_DraftOpener, self.app).open_draft)

    async def discover(self) -> Hits:
        yield DiscoveryHit(
            Content(DRAFTS_COMMAND), self._show, DRAFTS_COMMAND, "What was typed and not sent"
        )

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        score = matcher.match(DRAFTS_COMMAND)
        if score > 0:
            yield Hit(
                score,
                highlight(DRAFTS_COMMAND, query, self),
                self._show,
                DRAFTS_COMMAND,
                "What was typed and not sent",
            )
