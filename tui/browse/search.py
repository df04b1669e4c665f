"""Provides SearchScreen: search an organisation or one space, and open a result at its section."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Input, OptionList

from tui.core import text
from tui.core.plain import plain_text
from tui.core.snippets import snippet

from ..api.models import SearchPageResult, SearchSectionResult
from ..shell.navigation import Focus, Location, crumbs_for
from ..shell.screen import BrowserScreen
from ..widgets import Crumb, ItemList, ListEntry

__all__ = ["SearchResults", "SearchScreen", "SearchTarget"]


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


class SearchScreen(BrowserScreen[SearchResults]):
    """A query line above the results; Enter on a result opens its page at the section.

    ``place`` is a search location (``search_location(scope)``): the search of the
    organisation or of the space it is held by.
    """

    NAMESPACE = "search"
    CSS_PATH = "../styles/search.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "s", "edit_query", "New search", id="search.query", tooltip="Go back to the query line"
        ),
    ]

    def __init__(self, place: Location, *, query: str = "") -> None:
        super().__init__()
        self.place = place
        self.organization_id = place.organization
        self.scope: Location | None = None
        """The organisation or the space searched, as seen so far."""
        self.space: Location | None = None
        """The space searched, for a search of one space."""
        self.query_text = query.strip()

    def compose_body(self) -> ComposeResult:
        places = self.session.places
        if self.place.parent is not None:
            self.scope = places.get(*self.place.parent)
        if self.scope is not None and self.scope.kind == "space":
            self.space = self.scope
        where = self.scope.title if self.scope is not None else "the organisation"
        with Vertical(classes="body"):
            yield Input(
                self.query_text,
                placeholder=text.one_line(f"Search {where}…"),
                id="query",
                compact=True,
            )
            yield ItemList(id="results", classes="main-list")

    def on_mount(self) -> None:
        self.query_one("#query").focus()
        self._show_crumbs()
        if self.query_text:
            self.query_one("#results").focus()

    def _show_crumbs(self) -> None:
        label = f"Search “{self.query_text}”" if self.query_text else "Search"
        self.set_crumbs(crumbs_for(self.session.places, self.scope, then=[Crumb(label)]))

    # -- searching -------------------------------------------------------------------------

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "query":
            return
        event.stop()
        self.query_text = event.value.strip()
        self._show_crumbs()
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

    def _snippet_width(self) -> int:
        # The list's width less the two columns of indent and one for a scrollbar: the
        # snippet fills its line, and never wraps onto a second one.
        width = self.query_one("#results", ItemList).scrollable_content_region.width
        return max(24, (width or self.app.size.width - 4) - 3)

    def _add_pages(
        self,
        results: SearchResults,
        space_id: str,
        space_title: str,
        pages: list[SearchPageResult],
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
                found, spans = snippet(
                    text.safe(plain_text(section.body) if section else ""),
                    results.query,
                    self._snippet_width(),
                )
                shown = Content.styled(found, "$text-muted")
                for start, end in spans:
                    shown = shown.stylize("bold $text-accent", start, end)
                prompt = Content.assemble("  ", text.content(title), "\n  ", shown)
                key = f"result:{space_id}:{section.id if section else page.id}"
                results.entries.append(
                    ListEntry(key, prompt, f"{text.one_line(title)} {found}", target)
                )

    def show_view(self, view: SearchResults) -> None:
        listing = self.query_one("#results", ItemList)
        if not view.query:
            listing.set_entries([], empty="Type words to look for, then Enter.")
            self.set_note("")
            return
        self._see(view)
        listing.set_entries(view.entries, empty=f"Nothing matches {text.one_line(view.query)!r}.")
        count = sum(1 for entry in view.entries if not entry.heading)
        self.set_note(f"{count} results" + (" (more: refine the query)" if view.more else ""))

    def _see(self, results: SearchResults) -> None:
        """Remember the pages found, for the palette; keep what is already known of spaces."""
        places = self.session.places
        for entry in results.entries:
            target = entry.value
            if not isinstance(target, SearchTarget):
                continue
            if places.get("space", target.space_id) is None:
                places.see(
                    Location(
                        "space",
                        target.space_id,
                        target.space_title,
                        self.organization_id,
                        parent=("organization", self.organization_id),
                        space=target.space_id,
                    )
                )
            if places.get("page", target.page_id) is None:
                places.see(
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
        page = self.session.places.get("page", target.page_id) or Location(
            "page",
            target.page_id,
            target.page_title,
            self.organization_id,
            parent=("space", target.space_id),
            space=target.space_id,
        )
        focus = Focus(target.anchor, target.section_title, query=self.query_text)
        if self.space is not None:
            # A search of the space it was opened from: back to that space, at the section;
            # Esc there shows these results again.
            self.docdeck.go_to_location(page, focus)
        else:
            # Over the results, so that Esc comes back to them.
            self.docdeck.open_location(page, Focus(target.anchor, target.section_title))

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
