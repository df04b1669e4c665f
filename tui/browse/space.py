"""Provides SpaceScreen: a space's page tree beside the page's markdown, and its files."""

from __future__ import annotations

import posixpath
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import TabbedContent, TabPane

from tui.browse.access_link import ACCESS_BINDING, AccessLink  # access (issue 17)
from tui.browse.confirm_delete import Deletion
from tui.browse.content_actions import CONTENT_BINDINGS, ContentActions
from tui.browse.file_list import FileEntry, FileList
from tui.browse.page_view import PageView
from tui.browse.sites_link import SPACE_SITES_BINDING, SitesLink  # sites (issue 10)
from tui.browse.space_actions import SPACE_BINDINGS, SpaceActions
from tui.core import text
from tui.core.humanize import plural
from tui.review.space_reviews import SPACE_REVIEW_BINDINGS, SpaceReviews  # review (issue 8)
from tui.widgets import Crumb, ItemTree, TreeItem

from ..api.models import (
    Collection,
    ContentLinks,
    Organization,
    RevisionFile,
    RevisionPage,
    Space,
)
from ..shell.navigation import (
    Focus,
    Location,
    collection_location,
    crumbs_for,
    organization_location,
    page_location,
    search_location,
    space_location,
)
from ..shell.screen import BrowserScreen

__all__ = ["SpaceScreen", "SpaceView"]

_PAGE_ICONS = {"group": "▤", "link": "↗"}


def _walk(pages: list[RevisionPage]) -> Iterator[RevisionPage]:
    for page in pages:
        yield page
        yield from _walk(page.pages)


def file_entry(file: RevisionFile) -> FileEntry:
    dimensions = (
        f"{file.dimensions.width:.0f} × {file.dimensions.height:.0f}" if file.dimensions else None
    )
    return FileEntry(
        file.id,
        file.name,
        file.content_type,
        file.size,
        download_url=file.download_url,
        dimensions=dimensions,
        value=file,
    )


@dataclass
class SpaceView:
    """What the space screen shows first: the space, its pages and where it sits."""

    space: Space
    pages: list[RevisionPage]
    collections: list[Collection] = field(default_factory=list)
    organization: Organization | None = None
    links: ContentLinks | None = None
    """The counts of the space's links (how many are broken)."""


class SpaceScreen(
    AccessLink, SitesLink, SpaceReviews, ContentActions, SpaceActions, BrowserScreen[SpaceView]
):
    """Pages on the left, the highlighted page's markdown on the right; files in a second tab.

    The space keys (rename, visibility, move, delete…) act on the space shown; the content keys
    (links, backlinks, the link report, import, template) on its content.
    """

    NAMESPACE = "space"
    KEEP_WHEN_LEFT = True  # shown again whole when reopened (tui/shell/kept_screens.py)
    CSS_PATH = "../styles/space.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "s", "search", "Search", id="space.search", tooltip="Search the pages of this space"
        ),
        Binding("p", "show_tab('pages')", "Pages", id="space.pages", tooltip="Show the pages"),
        Binding("f", "show_tab('files')", "Files", id="space.files", tooltip="Show the files"),
        SPACE_SITES_BINDING,  # sites (issue 10)
        ACCESS_BINDING,  # access (issue 17)
        *SPACE_BINDINGS,
        *CONTENT_BINDINGS,
        *SPACE_REVIEW_BINDINGS,  # review (issue 8)
    ]

    def __init__(
        self,
        space_id: str,
        *,
        organization_id: str | None = None,
        page_id: str | None = None,
        anchor: str = "",
        section_title: str = "",
    ) -> None:
        super().__init__()
        self.space_id = space_id
        self.organization_id = organization_id
        self.space: Space | None = None
        self.pages: dict[str, RevisionPage] = {}
        self._wanted_page = page_id
        self._anchor = anchor
        self._section_title = section_title
        self._shown_page: str | None = None
        self._back_to_search = ""
        """The query of the in-space search that led here: Esc goes back to its results."""
        self._links_note = ""
        self._pages_before: set[str] | None = None
        self._change_message = ""

    def compose_body(self) -> ComposeResult:
        with TabbedContent(initial="pages"):
            with TabPane("Pages", id="pages"), Horizontal(classes="body"):
                yield ItemTree[RevisionPage](id="page-tree")
                yield PageView(id="page-view")
            with TabPane("Files", id="files"):
                yield FileList(id="files-list")
            # -- review (issue 8): their lists are mounted when the tab is first shown --
            yield TabPane("Change requests", id="change-requests")
            yield TabPane("Comments", id="comments")

    def on_mount(self) -> None:
        self.query_one("#page-tree").focus()
        place = self.session.places.get("space", self.space_id)
        if place is not None:
            self.show_location(place)
        self.query_one(PageView).show_placeholder("Loading…")

    @property
    def page_tree(self) -> ItemTree[RevisionPage]:
        return self.query_one("#page-tree", ItemTree)

    @property
    def page_view(self) -> PageView:
        return self.query_one(PageView)

    # -- the space and its page tree -------------------------------------------------------

    async def fetch_view(self) -> SpaceView:
        client = self.client
        space = await client.spaces.get_space_by_id(self.space_id)
        pages = await client.space_content.list_pages(self.space_id)
        view = SpaceView(space, pages.pages)
        view.links = await client.spaces.list_space_links(self.space_id, limit=1)
        # Breadcrumbs need the collections above the space; ask only for those never seen.
        places = self.session.places
        parent = space.parent
        while parent and places.get("collection", parent) is None and len(view.collections) < 20:
            collection = await client.collections.get_collection_by_id(parent)
            view.collections.append(collection)
            parent = collection.parent
        if places.get("organization", space.organization) is None:
            view.organization = await client.organizations.get_organization_by_id(
                space.organization
            )
        return view

    def show_view(self, view: SpaceView) -> None:
        space = self.space = view.space
        places = self.session.places
        if view.organization is not None:
            places.see(organization_location(view.organization))
        places.see(*(collection_location(c) for c in reversed(view.collections)))
        self.show_location(space_location(space))
        self.pages = {page.id: page for page in _walk(view.pages)}
        self._show_links_note(view.links)
        first_show = not self.page_tree.is_loaded(None)
        if first_show:
            for page in view.pages:
                if page.pages:
                    self.page_tree.expand_key(f"page:{page.id}")
        self._fill_tree(None, view.pages)
        if first_show:
            self._select_first_page(view.pages)
        else:
            self._show_crumbs()
        self._tell_new_pages()
        self.review_space_shown(space)  # review (issue 8)

    def _show_links_note(self, links: ContentLinks | None) -> None:
        broken = links.stats.broken.total if links is not None else 0
        self._links_note = f"{plural(broken, 'broken link')}: B lists them" if broken else ""
        if not self.filter_bar.value:
            self.set_note(self._links_note)

    def content_changed(self, message: str) -> None:
        self._pages_before = set(self.pages)
        self._change_message = message
        self.reload(refresh=True)  # from the service, so that the answer is always shown

    def _tell_new_pages(self) -> None:
        """After an import or a template: say what came, and show the first new page."""
        if self._pages_before is None:
            return
        if self.showing_cached:
            return  # what the cache held before the change: the service's answer follows
        new = [page for page in self.pages.values() if page.id not in self._pages_before]
        self._pages_before = None
        titles = ", ".join(f"“{text.one_line(page.title)}”" for page in new)
        what = f" New: {titles}." if new else " No page was added."
        self.notify(self._change_message + what, title="Done", markup=False)
        if new:
            self.go_to_section(new[0].id)

    def _fill_tree(self, parent: str | None, pages: list[RevisionPage]) -> None:
        for page in pages:
            if page.pages:
                self._fill_tree(f"page:{page.id}", page.pages)
        self.page_tree.set_children(parent, [self._item(page) for page in pages])

    def _item(self, page: RevisionPage) -> TreeItem[RevisionPage]:
        icon = page.emoji or _PAGE_ICONS.get(page.type, "")
        return TreeItem(
            f"page:{page.id}",
            page.title + self.thread_mark(page.id),  # review (issue 8): open threads
            page.type,
            icon=icon,
            value=page,
            expandable=bool(page.pages),
        )

    def _select_first_page(self, pages: list[RevisionPage]) -> None:
        wanted = self._wanted_page
        if wanted is None or wanted not in self.pages:
            wanted = next((p.id for p in _walk(pages) if p.type == "document"), None)
        if wanted is None:
            self.page_view.show_placeholder("This space has no pages yet.")
            return
        self.page_tree.select_key(f"page:{wanted}")
        self.open_page(self.pages[wanted])

    # -- the page --------------------------------------------------------------------------

    def on_item_tree_item_highlighted(self, event: ItemTree.ItemHighlighted) -> None:
        item = event.item
        if item is not None and item.value.id in self.pages:
            self.open_page(self.pages[item.value.id])

    def on_item_tree_item_selected(self, event: ItemTree.ItemSelected) -> None:
        if not event.item.expandable and event.item.kind == "document":
            self.page_view.focus()

    def open_page(self, page: RevisionPage, *, refresh: bool = False) -> None:
        if page.id == self._shown_page and not refresh:
            return
        self._shown_page = page.id
        if self.space is not None:
            self.session.places.see(page_location(self.space, page))
            self._show_crumbs()
        if page.type != "document":
            self.load(self._summary(page), self._show_page, group="page")
            return
        client = self.client

        async def fetch() -> RevisionPage:
            return await client.space_content.get_page_by_id(self.space_id, page.id)

        self.load(fetch, self._show_page, group="page", refresh=refresh)

    def _summary(self, page: RevisionPage) -> Callable[[], Awaitable[RevisionPage]]:
        async def fetch() -> RevisionPage:
            if page.type == "link":
                target = page.href or (page.target.url if page.target else None) or "another place"
                body = f"This entry links to {target}."
            else:
                body = "This group holds these pages:\n\n" + "\n".join(
                    f"- {child.title}" for child in page.pages
                )
            return page.model_copy(update={"markdown": body})

        return fetch

    async def _show_page(self, page: RevisionPage) -> None:
        await self.page_view.show_page(page)
        if (self._anchor or self._section_title) and page.id == self._wanted_page:
            self.page_view.goto_section(self._anchor, self._section_title)
            self._anchor = self._section_title = ""

    def _show_crumbs(self) -> None:
        """Space › page on the pages tab; space › Files on the files tab."""
        if self.location is None:
            return
        places = self.session.places
        if self._on_files_tab():
            self.set_crumbs(self._crumbs(self.location, [Crumb("Files")]))
            return
        page = places.get("page", self._shown_page or "")
        self.set_crumbs(self._crumbs(page or self.location))

    def _crumbs(self, place: Location, then: list[Crumb] | None = None) -> list[Crumb]:
        return crumbs_for(self.session.places, place, then=then or ())

    def go_to_section(self, page_id: str, anchor: str = "", title: str = "") -> None:
        """Show a page of this space scrolled to one of its sections."""
        self._wanted_page, self._anchor, self._section_title = page_id, anchor, title
        self.action_show_tab("pages")
        if page_id == self._shown_page:
            self.page_view.goto_section(anchor, title)
            self._anchor = self._section_title = ""
        elif page_id in self.pages:
            self.page_tree.select_key(f"page:{page_id}")
            self.open_page(self.pages[page_id])

    def on_page_view_link_activated(self, event: PageView.LinkActivated) -> None:
        href = event.href
        if href.startswith(("https://", "http://")):
            self.docdeck.open_in_browser(href)
            return
        current = self.pages.get(self._shown_page or "")
        base = posixpath.dirname(current.path or "") if current else ""
        target, _, anchor = href.partition("#")
        path = posixpath.normpath(posixpath.join(base, target)).removesuffix(".md").strip("/")
        for page in self.pages.values():
            if page.path == path:
                self.go_to_section(page.id, anchor)
                return
        self.notify(f"No page of this space at {href}", severity="warning", markup=False)

    # -- where this screen leads -----------------------------------------------------------

    def holds(self, place: Location) -> bool:
        if place.kind == "space":
            return place.id == self.space_id
        return place.kind == "page" and place.space == self.space_id

    def focus_on(self, place: Location, focus: Focus) -> None:
        if place.kind == "page":
            self.go_to_section(place.id, focus.anchor, focus.section)
        self._back_to_search = focus.query
        self.refresh_bindings()

    def can_handle_back(self) -> bool:
        return super().can_handle_back() or bool(self._back_to_search)

    def handle_back(self) -> bool:
        if super().handle_back():
            return True
        if self._back_to_search and self.location is not None:
            # Opened from the results of a search of this space: Esc shows them again.
            query, self._back_to_search = self._back_to_search, ""
            self.docdeck.open_location(search_location(self.location), Focus(query=query))
            return True
        return False

    # -- files -----------------------------------------------------------------------------

    def action_show_tab(self, tab: str) -> None:
        self.query_one(TabbedContent).active = tab

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        if event.pane.id == "files":
            self.file_list.table.focus()
            if not self.file_list.loaded:
                self.load_files()
        elif event.pane.id == "pages":  # review (issue 8): its tabs focus their own lists
            self.page_tree.focus()
        self._show_crumbs()

    def load_files(self, *, refresh: bool = False) -> None:
        client = self.client

        async def fetch() -> list[RevisionFile]:
            return [
                f
                async for f in client.paginate(
                    client.space_content.list_files, self.space_id, limit=self.docdeck.page_size
                )
            ]

        def show(files: list[RevisionFile]) -> None:
            self.file_list.show_files([file_entry(f) for f in files])

        self.load(fetch, show, group="files", refresh=refresh)

    @property
    def file_list(self) -> FileList:
        return self.query_one(FileList)

    # -- shared keys -----------------------------------------------------------------------

    def _on_files_tab(self) -> bool:
        return self.query_one(TabbedContent).active == "files"

    def refresh_view(self) -> None:
        self.reload(refresh=True)
        self.review_reload(refresh=True)  # review (issue 8)
        current = self.pages.get(self._shown_page or "")
        if current is not None:
            self.open_page(current, refresh=True)
        if self.file_list.loaded:
            self.load_files(refresh=True)

    def apply_filter(self, value: str) -> None:
        if self.review_filter(value):  # review (issue 8)
            return
        if self._on_files_tab():
            self.file_list.set_filter(value)
            note = f"{self.file_list.shown_count} files shown"
        else:
            self.page_tree.set_filter(value)
            note = f"{self.page_tree.filtered_count()} pages match"
        self.set_note(note if value else self._links_note)

    def filter_target(self) -> Widget | None:
        target = self.review_filter_target()  # review (issue 8)
        if target is not None:
            return target
        return self.file_list.table if self._on_files_tab() else self.page_tree

    def current_url(self) -> str | None:
        if self._on_files_tab():
            file = self.file_list.highlighted
            return file.download_url if file else None
        page = self.pages.get(self._shown_page or "")
        if page is not None and page.urls.app:
            return page.urls.app
        return self.space.urls.app if self.space else None

    def action_search(self) -> None:
        if self.location is not None:
            self.docdeck.open_location(search_location(self.location))

    def sites_scope(self) -> tuple[str, str] | None:  # sites (issue 10)
        return (self.space.organization, self.space.id) if self.space else None

    def access_target(self) -> Space | None:  # access (issue 17)
        return self.space

    # -- acting on the space ---------------------------------------------------------------

    def space_in_view(self) -> Space | None:
        return self.space

    def page_in_view(self) -> RevisionPage | None:
        return None if self._on_files_tab() else self.pages.get(self._shown_page or "")

    def file_in_view(self) -> RevisionFile | None:
        if not self._on_files_tab():
            return None
        entry = self.file_list.highlighted
        return entry.value if entry is not None and isinstance(entry.value, RevisionFile) else None

    def loaded_files(self) -> list[RevisionFile]:
        return [f.value for f in self.file_list.files if isinstance(f.value, RevisionFile)]

    def space_changed(self, space: Space, message: str) -> None:
        self.notify(message, title="Done", markup=False)
        if space.id == self.space_id:
            self.reload()

    def space_deleted(self, deletion: Deletion) -> None:
        self.notify(
            f"Moved {text.one_line(deletion.title)} to the trash. "
            "Press u in the organisation to restore it.",
            title="Deleted",
            markup=False,
        )
        if self.is_current:
            self.docdeck.action_back_from(self)
