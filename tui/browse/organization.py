"""Provides OrganizationScreen: the tree of an organisation's collections and spaces."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.css.query import NoMatches
from textual.timer import Timer
from textual.widget import Widget

from tui.admin.locations import admin_location
from tui.browse.access_link import ACCESS_BINDING, AccessLink  # access (issue 17)
from tui.browse.confirm_delete import Deletion
from tui.browse.sites_link import ORGANIZATION_SITES_BINDING, SitesLink  # sites (issue 10)
from tui.browse.tree_actions import TREE_BINDINGS, TreeActions
from tui.core import text
from tui.core.humanize import plural
from tui.review.locations import review_queue_location

from ..api.errors import ApiError
from ..api.models import Collection, Next, Organization, Page, Space
from ..shell.navigation import (
    Focus,
    Location,
    collection_location,
    crumbs_for,
    organization_location,
    search_location,
    space_location,
)
from ..shell.screen import BrowserScreen
from ..widgets import DetailPane, ItemTree, TreeItem

__all__ = ["OrganizationScreen", "collection_item", "space_item"]

OrganizationItem = Collection | Space
"""What a row of the organisation's tree stands for."""


def collection_item(collection: Collection) -> TreeItem[OrganizationItem]:
    return TreeItem(
        f"collection:{collection.id}",
        collection.title,
        "collection",
        value=collection,
        expandable=True,
    )


def space_item(space: Space) -> TreeItem[OrganizationItem]:
    return TreeItem(f"space:{space.id}", space.title, "space", icon=space.emoji or "•", value=space)


HIGHLIGHT_SETTLE = 0.03
"""Seconds the cursor rests on a row before its details are shown."""

SCAN_PATIENCE = 10
"""Pages in a row with no top-level space before the scan reads bigger ones."""

EVERYTHING = 1000
"""The page size used to load a whole organisation for the filter (the service's maximum)."""


@dataclass
class OrganizationView:
    """What the top of the tree needs: the organisation, its top collections, a page of spaces."""

    organization: Organization
    collections: list[Collection]
    spaces: Page[Space]


@dataclass
class EveryItem:
    """Every collection and space of the organisation, for a filter that finds them all."""

    collections: list[Collection]
    spaces: list[Space]


class OrganizationScreen(AccessLink, SitesLink, TreeActions, BrowserScreen[OrganizationView]):
    """Collections open lazily; long lists of spaces load more when their end is reached.

    The keys that act on an item (rename, move, delete…) act on the highlighted one: each key
    has a binding for collections and one for spaces, and only the one that fits is active.
    The filter (``/``) loads the whole organisation once, so that it finds a space in a
    collection never opened.
    """

    NAMESPACE = "organization"
    KEEP_WHEN_LEFT = True  # shown again whole when reopened (tui/shell/kept_screens.py)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "s",
            "search",
            "Search",
            id="organization.search",
            tooltip="Search the content of every space of the organisation",
        ),
        # -- review (issue 8) --
        Binding(
            "R",
            "review_queue",
            "Reviews",
            id="organization.review_queue",
            tooltip="The review queue: every open change request of the organisation",
        ),
        ORGANIZATION_SITES_BINDING,  # sites (issue 10)
        ACCESS_BINDING,  # access (issue 17)
        # -- administration (issue 11) --
        Binding(
            "A",
            "administration",
            "Administration",
            id="organization.admin",
            tooltip="Members, teams, SSO, OpenAPI, translations, Git sync, access",
        ),
        *TREE_BINDINGS,
    ]

    def __init__(self, organization_id: str, *, reveal: str | None = None) -> None:
        super().__init__()
        self.organization_id = organization_id
        self.organization: Organization | None = None
        self._next: dict[str | None, str | None] = {}
        self._reveal = reveal
        self._select_after_load: str | None = None
        self._highlight_timer: Timer | None = None
        self._bindings_kind: str | None = None
        self._everything = False
        """Whether the tree holds the whole organisation (loaded for the filter)."""
        self._loading_everything = False

    def compose_body(self) -> ComposeResult:
        with Horizontal(classes="body"):
            yield ItemTree[OrganizationItem](id="content-tree", classes="main-list")
            with VerticalScroll(classes="side-pane"):
                yield DetailPane(id="details")

    def on_mount(self) -> None:
        self.query_one("#content-tree").focus()
        place = self.session.places.get("organization", self.organization_id)
        if place is not None:
            self.show_location(place)

    @property
    def content_tree(self) -> ItemTree[OrganizationItem]:
        return self.query_one("#content-tree", ItemTree)

    # -- the top level ---------------------------------------------------------------------

    async def fetch_view(self) -> OrganizationView:
        client = self.client
        size = self.docdeck.page_size
        organization = await client.organizations.get_organization_by_id(self.organization_id)
        collections = [
            c
            async for c in client.paginate(
                client.collections.list_collections_in_organization_by_id,
                self.organization_id,
                nested=False,
                limit=size,
            )
        ]
        spaces = await client.spaces.list_spaces_in_organization_by_id(
            self.organization_id, limit=size
        )
        return OrganizationView(organization, collections, spaces)

    def show_view(self, view: OrganizationView) -> None:
        self.organization = view.organization
        self.show_location(organization_location(view.organization))
        top_spaces = [s for s in view.spaces.items if not s.parent]
        self._see(view.collections, view.spaces.items)
        if self._everything and self.content_tree.is_loaded(None):
            return  # the whole organisation is loaded: a first page would only hide some
        self._next[None] = view.spaces.next_page
        self.content_tree.set_children(
            None,
            [collection_item(c) for c in view.collections] + [space_item(s) for s in top_spaces],
            more=bool(view.spaces.next_page),
        )
        self._show_details()
        self._advance_reveal()
        self._select_pending()

    def _see(self, collections: list[Collection], spaces: list[Space]) -> None:
        places = self.session.places
        places.see(*(collection_location(c) for c in collections))
        places.see(*(space_location(s) for s in spaces))

    # -- lower levels ----------------------------------------------------------------------

    def on_item_tree_load_requested(self, event: ItemTree.LoadRequested) -> None:
        if event.more:
            self._load_more(event.parent)
        elif event.parent is not None and isinstance(event.parent.value, Collection):
            self._load_children(event.parent.value)
        elif event.parent is None:
            self.reload()

    def _load_children(self, collection: Collection, *, refresh: bool = False) -> None:
        client = self.client
        size = self.docdeck.page_size
        key = f"collection:{collection.id}"

        async def fetch() -> tuple[list[Collection], Page[Space]]:
            # The API lists nested collections only organisation-wide: keep this one's.
            every = [
                c
                async for c in client.paginate(
                    client.collections.list_collections_in_organization_by_id,
                    self.organization_id,
                    limit=size,
                )
            ]
            spaces = await client.collections.list_spaces_in_collection_by_id(
                collection.id, limit=size
            )
            return [c for c in every if c.parent == collection.id], spaces

        def show(data: tuple[list[Collection], Page[Space]]) -> None:
            children, spaces = data
            self._see(children, spaces.items)
            self._next[key] = spaces.next_page
            self.content_tree.set_children(
                key,
                [collection_item(c) for c in children] + [space_item(s) for s in spaces.items],
                more=bool(spaces.next_page),
            )
            self._advance_reveal()
            self._select_pending()

        def failed(error: ApiError) -> None:
            self.content_tree.load_failed(key)

        self.load(fetch, show, group=f"children:{key}", refresh=refresh, on_error=failed)

    def _load_more(self, parent: TreeItem[OrganizationItem] | None) -> None:
        key = parent.key if parent is not None else None
        token = self._next.get(key)
        if not token:
            return
        client = self.client
        size = self.docdeck.page_size
        holder = parent.value if parent is not None else None

        async def fetch() -> Page[Space]:
            if holder is None:
                return await self._top_level_spaces(token)
            return await client.collections.list_spaces_in_collection_by_id(
                holder.id, page=token, limit=size
            )

        def show(page: Page[Space]) -> None:
            if self._next.get(key) != token:
                return  # this page is already shown (painted from the cache first)
            self._next[key] = page.next_page
            spaces = [s for s in page.items if parent is not None or not s.parent]
            self._see([], page.items)
            self.content_tree.append_children(
                key, [space_item(s) for s in spaces], more=bool(page.next_page)
            )

        def failed(error: ApiError) -> None:
            self.content_tree.load_failed(key)

        self.load(fetch, show, group=f"more:{key}", on_error=failed)

    async def _top_level_spaces(self, token: str) -> Page[Space]:
        """The next spaces of the top level, from ``token`` on.

        The API lists an organisation's spaces all together; those of the top level (no
        collection) may be one in a hundred. Pages are read until a page's worth is found;
        after ten pages in a row with none, each page is twice the last (up to the service's
        largest), so that a top level behind 5,000 spaces takes 17 requests, not 150. They
        are not cached: the cache would keep the thousands of spaces left out (opening Globex
        kept 5,000 of them, 37 MiB, for 20 rows shown).
        """
        client = self.client
        size = self.docdeck.page_size
        found: list[Space] = []
        next_page: str | None = token
        limit, empty = size, 0
        with client.uncached():
            while next_page and len(found) < size:
                page = await client.spaces.list_spaces_in_organization_by_id(
                    self.organization_id, page=next_page, limit=limit
                )
                top = [space for space in page.items if not space.parent]
                found += top
                next_page = page.next_page
                empty = 0 if top else empty + 1
                if empty >= SCAN_PATIENCE:
                    limit = min(limit * 2, EVERYTHING)
        return Page[Space](items=found, next=Next(page=next_page) if next_page else None)

    def refresh_view(self) -> None:
        self.reload_all(refresh=True)

    def reload_after_change(self) -> None:
        self.reload_all()

    def reload_all(self, *, refresh: bool = False) -> None:
        """Reload the top level and every expanded collection (after a change, or with r)."""
        self._everything = False
        self.reload(refresh=refresh)
        tree = self.content_tree
        for key in tree.expanded_keys():
            item = tree.item(key)
            if item is not None and isinstance(item.value, Collection) and tree.is_loaded(key):
                self._load_children(item.value, refresh=refresh)
        if tree.filter:
            self._load_everything()

    # -- the whole organisation, for the filter --------------------------------------------

    def _load_everything(self) -> None:
        if self._loading_everything:
            return
        self._loading_everything = True
        client = self.client

        async def fetch() -> EveryItem:
            collections = [
                c
                async for c in client.paginate(
                    client.collections.list_collections_in_organization_by_id,
                    self.organization_id,
                    limit=EVERYTHING,
                )
            ]
            spaces = [
                s
                async for s in client.paginate(
                    client.spaces.list_spaces_in_organization_by_id,
                    self.organization_id,
                    limit=EVERYTHING,
                )
            ]
            return EveryItem(collections, spaces)

        def failed(error: ApiError) -> None:
            self._loading_everything = False

        self.set_note("loading the whole organisation for the filter…")
        self.load(fetch, self._show_everything, group="everything", on_error=failed)

    def _show_everything(self, every: EveryItem) -> None:
        self._loading_everything = False
        self._see(every.collections, every.spaces)
        levels: dict[str | None, list[TreeItem[OrganizationItem]]] = {None: []}
        for collection in every.collections:
            levels[f"collection:{collection.id}"] = []
        for collection in every.collections:
            holder = f"collection:{collection.parent}" if collection.parent else None
            levels.setdefault(holder, []).append(collection_item(collection))
        for space in every.spaces:
            holder = f"collection:{space.parent}" if space.parent else None
            levels.setdefault(holder, []).append(space_item(space))
        self._everything = True
        self._next = dict.fromkeys(levels)
        self.content_tree.set_levels(levels, more={})
        self.apply_filter(self.content_tree.filter)

    # -- showing a place it holds (from the palette or the breadcrumbs) --------------------

    def holds(self, place: Location) -> bool:
        if place.kind == "organization":
            return place.id == self.organization_id
        return place.kind == "collection" and place.organization == self.organization_id

    def focus_on(self, place: Location, focus: Focus) -> None:
        if place.kind == "collection":
            self.reveal(place.id)

    def reveal(self, collection_id: str) -> None:
        self._reveal = collection_id
        self._advance_reveal()

    def _advance_reveal(self) -> None:
        if self._reveal is None:
            return
        places = self.session.places
        place = places.get("collection", self._reveal)
        chain = places.trail(place)[1:] if place is not None else []
        tree = self.content_tree
        for step in chain:
            key = f"{step.kind}:{step.id}"
            if tree.item(key) is None:
                return  # its parent has not loaded yet
            if step is chain[-1]:
                tree.select_key(key)
                self._reveal = None
                return
            if key not in tree.expanded_keys() or not tree.is_loaded(key):
                tree.expand_key(key)
                return

    # -- the highlighted item --------------------------------------------------------------

    def on_item_tree_item_highlighted(self, event: ItemTree.ItemHighlighted) -> None:
        # Running down a long list only moves the cursor: the details and the keys that fit
        # the row follow once it rests, so that each key costs a cursor move, not a layout.
        if self._highlight_timer is not None:
            self._highlight_timer.stop()
        self._highlight_timer = self.set_timer(HIGHLIGHT_SETTLE, self._highlight_changed)

    def on_item_tree_item_selected(self, event: ItemTree.ItemSelected) -> None:
        if isinstance(event.item.value, Space):
            self.docdeck.open_location(space_location(event.item.value))

    def _show_details(self) -> None:
        pane = self.query_one("#details", DetailPane)
        item = self.content_tree.highlighted
        if item is None:
            if self.content_tree.filter:
                pane.clear_facts("Nothing loaded matches the filter.")
            elif self.organization is not None:
                self._crumbs_for(None)
                pane.show(
                    self.organization.title,
                    [("Id", self.organization.id), ("Web", self.organization.urls.app)],
                )
            return
        value = item.value
        if isinstance(value, Collection):
            self._crumbs_for(collection_location(value))
            pane.show(
                value.title,
                [
                    ("Kind", "collection"),
                    ("About", value.description),
                    ("Default role", value.default_level),
                    ("Id", value.id),
                    ("Web", value.urls.app),
                ],
            )
        else:
            self._crumbs_for(space_location(value))
            updated = value.updated_at.date().isoformat() if value.updated_at else None
            pane.show(
                value.title,
                [
                    ("Kind", "space"),
                    ("Visibility", value.visibility),
                    ("Edit mode", value.edit_mode),
                    ("Updated", updated),
                    ("Comments", str(value.comments)),
                    ("Open CRs", str(value.change_requests_open)),
                    ("Git sync", value.git_sync.repo_name if value.git_sync else None),
                    ("Id", value.id),
                    ("Web", value.urls.app),
                ],
                icon=value.emoji,
            )

    def _crumbs_for(self, place: Location | None) -> None:
        """Breadcrumbs of where the highlighted item sits (the organisation when none)."""
        if place is None:
            if self.location is not None:
                self.set_crumbs(crumbs_for(self.session.places, self.location))
            return
        self.set_crumbs(crumbs_for(self.session.places, place)[:-1])

    # -- actions ---------------------------------------------------------------------------

    def action_review_queue(self) -> None:  # review (issue 8)
        if self.location is not None:
            self.docdeck.open_location(review_queue_location(self.location))

    def action_search(self) -> None:
        if self.location is not None:
            self.docdeck.open_location(search_location(self.location))

    def action_administration(self) -> None:
        self.docdeck.open_location(admin_location(self.organization_id))

    def sites_scope(self) -> tuple[str, str] | None:  # sites (issue 10)
        return (self.organization_id, "")

    def access_target(self) -> Collection | Space | None:  # access (issue 17)
        item = self.highlighted_item()
        return item.value if item is not None else None

    def apply_filter(self, value: str) -> None:
        tree = self.content_tree
        tree.set_filter(value)
        if value and not self._everything:
            self._load_everything()
        elif value:
            self.set_note(f"{tree.filtered_count()} loaded items match")
        else:
            self.set_note("")
        self.call_after_refresh(self._show_details)

    def filter_target(self) -> Widget | None:
        return self.content_tree

    def current_url(self) -> str | None:
        item = self.content_tree.highlighted
        if item is not None:
            return item.value.urls.app or None
        return self.organization.urls.app if self.organization else None

    # -- acting on items -------------------------------------------------------------------

    def highlighted_item(self) -> TreeItem[OrganizationItem] | None:
        try:
            return self.content_tree.highlighted
        except NoMatches:
            return None  # the keys are checked before the tree exists

    def organization_in_view(self) -> Organization | None:
        return self.organization

    def loaded_collection(self, collection_id: str) -> Collection | None:
        item = self.content_tree.item(f"collection:{collection_id}")
        return item.value if item is not None and isinstance(item.value, Collection) else None

    # -- after a change --------------------------------------------------------------------

    def space_changed(self, space: Space, message: str) -> None:
        self.notify(message, title="Done", markup=False)
        if space.organization == self.organization_id:
            self._show_after_reload(f"space:{space.id}", space.parent)
        self.reload_all()

    def collection_changed(self, collection: Collection, message: str) -> None:
        self.notify(message, title="Done", markup=False)
        if collection.organization == self.organization_id:
            self._show_after_reload(f"collection:{collection.id}", collection.parent)
        self.reload_all()

    def space_deleted(self, deletion: Deletion) -> None:
        self.notify(
            f"Moved {text.one_line(deletion.title)} to the trash. Press u to restore it.",
            title="Deleted",
            markup=False,
        )
        self.reload_all()

    def collection_deleted(self, deletion: Deletion) -> None:
        trashed = len(deletion.trashed)
        note = (
            f" {plural(trashed, 'space')} went to the trash: press u to restore "
            + ("it." if trashed == 1 else "them.")
            if trashed
            else ""
        )
        self.notify(
            f"Deleted the collection {text.one_line(deletion.title)}.{note}",
            title="Deleted",
            markup=False,
        )
        self.reload_all()

    def _show_after_reload(self, key: str, parent: str | None) -> None:
        """Highlight an item once the reload shows it (opening its collection if needed).

        An item that goes into a collection not loaded here is not chased: the cursor would
        jump to it much later, when the user opens that collection.
        """
        holder = f"collection:{parent}" if parent is not None else None
        if holder is not None and self.content_tree.item(holder) is None:
            return
        self._select_after_load = key
        if holder is not None:
            self.content_tree.expand_key(holder)

    def _select_pending(self) -> None:
        key = self._select_after_load
        if key is not None and self.content_tree.item(key) is not None:
            self._select_after_load = None
            self.content_tree.select_key(key)
            # The cursor may land on the line it was on, which posts no highlight event.
            self.call_after_refresh(self._highlight_changed)

    def _highlight_changed(self) -> None:
        self._show_details()
        item = self.content_tree.highlighted
        kind = item.kind if item is not None else None
        if kind != self._bindings_kind:  # the item keys follow the kind of the highlighted row
            self._bindings_kind = kind
            self.refresh_bindings()
