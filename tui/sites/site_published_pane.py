"""Provides SitePublishedPane: a site as its visitors get it, with the published URLs (``4``).

The published view is the service's: groups, sections and site spaces with their URLs. A
share-link site's URLs resolve only with its share key, which the service never tells: ``s``
asks for it (kept for the session), and ``y`` copies the highlighted URL.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Static

from tui.core import text
from tui.sites.site_dialogs import ResolvedShareKey, ShareKeyDialog

from ..api import UNSET
from ..api.models import PublishedContentSite, SiteSection, SiteSectionGroup, SiteSpace
from ..widgets import ItemList, ListEntry
from .memory import sites_memory
from .site_pane import PANE_UNDO_BINDING, SitePane

__all__ = ["SitePublishedPane", "published_entries"]


def _row(depth: int, glyph: str, title: str, url: str | None) -> Content:
    link = text.content(url, "$text-accent") if url else Content.styled("no URL", "$text-muted")
    return Content.assemble(
        "  " * depth, glyph, " ", text.content(title, "bold"), "\n", "  " * depth, "  ", link
    )


def published_entries(
    items: Sequence[SiteSection | SiteSectionGroup | SiteSpace], depth: int = 0
) -> Iterator[ListEntry]:
    """The rows of a published structure, its URLs under their titles."""
    for item in items:
        if isinstance(item, SiteSectionGroup):
            yield ListEntry(
                f"group:{item.id}",
                Content.assemble("  " * depth, "▤ ", text.content(item.title, "bold")),
                item.title,
                None,
            )
            yield from published_entries(item.sections, depth + 1)
        elif isinstance(item, SiteSection):
            url = item.urls.published
            yield ListEntry(
                f"section:{item.id}", _row(depth, "§", item.title, url), item.title, url
            )
            yield from published_entries(item.site_spaces, depth + 1)
        else:
            url = item.urls.published
            glyph = item.space.emoji if item.space is not None and item.space.emoji else "◇"
            yield ListEntry(
                f"site-space:{item.id}", _row(depth, glyph, item.title, url), item.title, url
            )


class SitePublishedPane(Vertical, SitePane):
    """The Published view: what the service publishes, loaded when first shown."""

    BINDINGS: ClassVar[list[BindingType]] = [
        PANE_UNDO_BINDING,
        Binding(
            "s",
            "share_key",
            "Share key",
            id="site.share_key",
            tooltip="Type the share key of a share-link site, to resolve its URLs",
        ),
    ]

    def compose(self) -> ComposeResult:
        yield Static(id="published-head")
        yield ItemList(id="published-list")

    def shown(self) -> None:
        self.query_one("#published-list", ItemList).focus()
        self.load_published()

    def load_published(self, *, refresh: bool = False) -> None:
        client, org, site = self.client, self.model.organization_id, self.model.site_id
        key = sites_memory(self.host.session).share_keys.get(site)

        async def fetch() -> PublishedContentSite:
            return await client.sites.get_published_content_site(org, site, share_key=key or UNSET)

        self.host.load(fetch, self.show_published, group="published", refresh=refresh)

    def show_published(self, published: PublishedContentSite) -> None:
        site = published.site
        lines: list[Content] = []
        if not site.published:
            lines.append(
                Content.styled(
                    "Not published: visitors see nothing yet. This is what they would get.",
                    "$text-warning",
                )
            )
        elif not site.urls.published:
            lines.append(Content("Published: visitors need its share link."))
        else:
            lines.append(
                Content.assemble("Published at ", text.content(site.urls.published, "bold"))
            )
        if site.visibility == "share-link":
            if sites_memory(self.host.session).share_keys.get(self.model.site_id):
                lines.append(
                    Content.styled(
                        "Share-link site: URLs resolved with the share key typed in this session "
                        "(s changes it).",
                        "$text-muted",
                    )
                )
            else:
                lines.append(
                    Content.styled(
                        "Share-link site: its URLs resolve only with its share key; s types it.",
                        "$text-muted",
                    )
                )
        lines.append(Content.styled("y copies the highlighted URL, o opens it.", "$text-muted"))
        self.query_one("#published-head", Static).update(Content("\n").join(lines))
        self.query_one("#published-list", ItemList).set_entries(
            list(published_entries(published.structure.structure)),
            empty="Nothing is published on this site.",
        )

    def published_url(self) -> str | None:
        entry = self.query_one("#published-list", ItemList).highlighted_entry
        if entry is not None and isinstance(entry.value, str):
            return entry.value
        return None

    def action_share_key(self) -> None:
        def resolved(result: ResolvedShareKey | None) -> None:
            if result is None:
                return
            sites_memory(self.host.session).share_keys[self.model.site_id] = result.key
            self.show_published(result.published)
            self.notify("The share key resolves the site's URLs.", title="Done")

        key = sites_memory(self.host.session).share_keys.get(self.model.site_id, "")
        self.app.push_screen(ShareKeyDialog(self.target(), key), resolved)
