"""Provides SearchScreen: search an organisation or one space, and open a result at its section."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Input, OptionList

from .. import text
from ..api.models import SearchPageResult, SearchSectionResult, Space
from ..widgets import Breadcrumbs, Crumb, ItemList, ListEntry
from .base import BrowserScreen
from .locations import Location
from .space import SpaceScreen

__all__ = ["SearchScreen", "SearchTarget"]

_SNIPPET = 72


@dataclass(frozen=True)
class SearchTarget:
    """Where a result leads: a page of a space, at a section."""

    space_id: str
    space_title: str
    page_id: str
    page_title: str
    anchor: str = ""
    section_title: str = ""
    url: str | None = None


@dataclass
class SearchResults:
    query: str
    entries: list[ListEntry] = field(default_factory=list)
    more: bool = False


class SearchScreen(BrowserScreen):
    """A query line above the results; Enter on a result opens its page at the section."""

    NAMESPACE = "search"
    CSS_PATH = "../styles/search.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "s", "edit_query", "New search", id="search.query", tooltip="Go back to the query line"
        ),
    ]

    def __init__(
        self, organization_id: str, *, space: Space | None = None, query: str = ""
    ) -> None:
        super().__init__()
        self.organization_id = organization_id
        self.space = space
        self.query_text = query.strip()

    def compose_body(self) -> ComposeResult:
        where = self.space.title if self.space else self._organization_title()
        with Vertical(classes="body"):
            yield Input(
                self.query_text,
                placeholder=text.one_line(f"Search {where}…"),
                id="query",
                compact=True,
            )
            yield ItemList(id="results", classes="main-list")

    def _organization_title(self) -> str:
        place = self.docdeck.locations.get("organization", self.organization_id)
        return place.title if place else "the organisation"

    def on_mount(self) -> None:
        self.query_one("#query").focus()
        holder = (
            self.docdeck.locations.get("space", self.space.id)
            if self.space
            else self.docdeck.locations.get("organization", self.organization_id)
        )
        trail = self.docdeck.locations.trail(holder) if holder else []
        self.query_one(Breadcrumbs).set_trail(
            [Crumb(p.title, f"app.go_to({p.kind!r}, {p.id!r})") for p in trail] + [Crumb("Search")]
        )

    # -- searching -------------------------------------------------------------------------

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "query":
            return
        event.stop()
        self.query_text = event.value.strip()
        self.reload()
        if self.query_text:
            self.query_one("#results").focus()

    async def fetch_view(self) -> SearchResults:
        results = SearchResults(self.query_text)
        if not results.query:
            return results
        client = self.client
        size = self.docdeck.page_size
        if self.space is not None:
            found = await client.space_content.search_space_content(
                self.space.id, query=results.query, limit=size
            )
            self._add_pages(results, self.space.id, self.space.title, found.items)
            next_page = found.next_page
        else:
            spaces = await client.organizations.search_organization_content(
                self.organization_id, query=results.query, limit=size
            )
            for space in spaces.items:
                results.entries.append(
                    ListEntry(
                        f"space:{space.id}",
                        text.content(space.title, "bold $text-primary"),
                        text.one_line(space.title),
                        heading=True,
                    )
                )
                self._add_pages(results, space.id, space.title, space.pages)
            next_page = spaces.next_page
        results.more = bool(next_page)
        return results

    @staticmethod
    def _add_pages(
        results: SearchResults, space_id: str, space_title: str, pages: list[SearchPageResult]
    ) -> None:
        for page in pages:
            sections: list[SearchSectionResult | None] = [*page.sections] or [None]
            for section in sections:
                anchor = section.path.partition("#")[2] if section else ""
                heading = section.title if section else ""
                target = SearchTarget(
                    space_id,
                    space_title,
                    page.id,
                    page.title,
                    anchor,
                    heading,
                    (section.urls.app if section else None) or page.urls.app,
                )
                title = (
                    f"{page.title} › {heading}" if heading and heading != page.title else page.title
                )
                snippet = text.one_line(section.body if section else "")
                if len(snippet) > _SNIPPET:
                    snippet = snippet[: _SNIPPET - 1] + "…"
                prompt = Content.assemble(
                    "  ", text.content(title), "\n  ", Content.styled(snippet, "$text-muted")
                )
                key = f"result:{space_id}:{section.id if section else page.id}"
                results.entries.append(
                    ListEntry(key, prompt, f"{text.one_line(title)} {snippet}", target)
                )

    def show_view(self, data: Any) -> None:
        results: SearchResults = data
        listing = self.query_one("#results", ItemList)
        if not results.query:
            listing.set_entries([], empty="Type words to look for, then Enter.")
            self.set_note("")
            return
        self._see(results)
        listing.set_entries(
            results.entries, empty=f"Nothing matches {text.one_line(results.query)!r}."
        )
        count = sum(1 for entry in results.entries if not entry.heading)
        self.set_note(f"{count} results" + (" (more: refine the query)" if results.more else ""))

    def _see(self, results: SearchResults) -> None:
        """Remember the pages found, for the palette; keep what is already known of spaces."""
        locations = self.docdeck.locations
        for entry in results.entries:
            target = entry.value
            if not isinstance(target, SearchTarget):
                continue
            if locations.get("space", target.space_id) is None:
                locations.see(
                    Location(
                        "space",
                        target.space_id,
                        target.space_title,
                        self.organization_id,
                        parent=("organization", self.organization_id),
                    )
                )
            if locations.get("page", target.page_id) is None:
                locations.see(
                    Location(
                        "page",
                        target.page_id,
                        target.page_title,
                        self.organization_id,
                        parent=("space", target.space_id),
                        space=target.space_id,
                    )
                )

    # -- opening a result ------------------------------------------------------------------

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        entry = self.query_one("#results", ItemList).highlighted_entry
        if entry is not None and isinstance(entry.value, SearchTarget):
            self.open_result(entry.value)

    def open_result(self, target: SearchTarget) -> None:
        stack = self.app.screen_stack
        below = stack[-2] if len(stack) > 1 else None
        if isinstance(below, SpaceScreen) and below.space_id == target.space_id:
            self.app.pop_screen()
            below.go_to_section(target.page_id, target.anchor, target.section_title)
            return
        self.app.push_screen(
            SpaceScreen(
                target.space_id,
                organization_id=self.organization_id,
                page_id=target.page_id,
                anchor=target.anchor,
                section_title=target.section_title,
            )
        )

    def action_edit_query(self) -> None:
        self.query_one("#query").focus()

    def apply_filter(self, value: str) -> None:
        listing = self.query_one("#results", ItemList)
        listing.set_filter(value)
        self.set_note(f"{listing.visible_count()} shown" if value else "")

    def filter_target(self) -> Widget | None:
        return self.query_one("#results")

    def current_url(self) -> str | None:
        entry = self.query_one("#results", ItemList).highlighted_entry
        if entry is not None and isinstance(entry.value, SearchTarget):
            return entry.value.url
        return None
