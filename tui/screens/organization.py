"""Provides OrganizationScreen: the tree of an organisation's collections and spaces."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.css.query import NoMatches
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Tree

from .. import text
from ..api.errors import ApiError
from ..api.models import Collection, Organization, Page, Space
from ..dialogs import Deletion
from ..dialogs.places import plural
from ..widgets import Breadcrumbs, Crumb, DetailPane, ItemTree, TreeItem
from .base import BrowserScreen
from .locations import Location
from .organizations import organization_location
from .tree_actions import TREE_BINDINGS, TreeActions

__all__ = ["OrganizationScreen", "collection_location", "space_location"]


def collection_location(collection: Collection) -> Location:
    parent = (
        ("collection", collection.parent)
        if collection.parent
        else ("organization", collection.organization)
    )
    return Location(
        "collection",
        collection.id,
        collection.title,
        collection.organization,
        parent=parent,
        url=collection.urls.app,
    )


def space_location(space: Space) -> Location:
    parent = ("collection", space.parent) if space.parent else ("organization", space.organization)
    return Location(
        "space",
        space.id,
        space.title,
        space.organization,
        parent=parent,
        url=space.urls.app,
        icon=space.emoji,
    )


def collection_item(collection: Collection) -> TreeItem:
    return TreeItem(
        f"collection:{collection.id}",
        collection.title,
        "collection",
        value=collection,
        expandable=True,
    )


def space_item(space: Space) -> TreeItem:
    return TreeItem(f"space:{space.id}", space.title, "space", icon=space.emoji or "•", value=space)


HIGHLIGHT_SETTLE = 0.03
"""Seconds the cursor rests on a row before its details are shown."""


@dataclass
class OrganizationView:
    """What the top of the tree needs: the organisation, its top collections, a page of spaces."""

    organization: Organization
    collections: list[Collection]
    spaces: Page[Space]


class OrganizationScreen(TreeActions, BrowserScreen):
    """Collections open lazily; long lists of spaces load more when their end is reached.

    The keys that act on an item (rename, move, delete…) act on the highlighted one: each key
    has a binding for collections and one for spaces, and only the one that fits is active.
    """

    NAMESPACE = "organization"
    CSS_PATH = "../styles/browser.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "s",
            "search",
            "Search",
            id="organization.search",
            tooltip="Search the content of every space of the organisation",
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
        self.stale = False
        """Whether another screen changed what this one shows: it reloads when shown again."""

    def compose_body(self) -> ComposeResult:
        with Horizontal(classes="body"):
            yield ItemTree(id="content-tree", classes="main-list")
            with VerticalScroll(classes="side-pane"):
                yield DetailPane(id="details")

    def on_mount(self) -> None:
        self.query_one("#content-tree").focus()
        place = self.docdeck.locations.get("organization", self.organization_id)
        if place is not None:
            self.show_location(place)

    @property
    def content_tree(self) -> ItemTree:
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

    def show_view(self, data: Any) -> None:
        view: OrganizationView = data
        self.organization = view.organization
        self.show_location(organization_location(view.organization))
        top_spaces = [s for s in view.spaces.items if not s.parent]
        self._see(view.collections, view.spaces.items)
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
        locations = self.docdeck.locations
        locations.see(*(collection_location(c) for c in collections))
        locations.see(*(space_location(s) for s in spaces))

    # -- lower levels ----------------------------------------------------------------------

    def on_item_tree_load_requested(self, event: ItemTree.LoadRequested) -> None:
        if event.more:
            self._load_more(event.parent)
        elif event.parent is not None and event.parent.kind == "collection":
            self._load_children(event.parent)
        elif event.parent is None:
            self.reload()

    def _load_children(self, item: TreeItem, *, refresh: bool = False) -> None:
        collection: Collection = item.value
        client = self.client
        size = self.docdeck.page_size

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
            self._next[item.key] = spaces.next_page
            self.content_tree.set_children(
                item.key,
                [collection_item(c) for c in children] + [space_item(s) for s in spaces.items],
                more=bool(spaces.next_page),
            )
            self._advance_reveal()
            self._select_pending()

        def failed(error: ApiError) -> None:
            self.content_tree.load_failed(item.key)

        self.load(fetch, show, group=f"children:{item.key}", refresh=refresh, on_error=failed)

    def _load_more(self, parent: TreeItem | None) -> None:
        key = parent.key if parent is not None else None
        token = self._next.get(key)
        if not token:
            return
        client = self.client
        size = self.docdeck.page_size

        async def fetch() -> Page[Space]:
            if parent is None:
                return await client.spaces.list_spaces_in_organization_by_id(
                    self.organization_id, page=token, limit=size
                )
            return await client.collections.list_spaces_in_collection_by_id(
                parent.value.id, page=token, limit=size
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

    def refresh_view(self) -> None:
        self.reload_all(refresh=True)

    def reload_all(self, *, refresh: bool = False) -> None:
        """Reload the top level and every expanded collection (after a change, or with r)."""
        self.reload(refresh=refresh)
        for key in self.content_tree.expanded_keys():
            item = self.content_tree.item(key)
            if item is not None and item.kind == "collection" and self.content_tree.is_loaded(key):
                self._load_children(item, refresh=refresh)

    def on_screen_resume(self) -> None:
        if self.stale:
            self.stale = False
            self.reload_all()

    # -- revealing a collection (from the palette or the breadcrumbs) ------------------------

    def reveal(self, collection_id: str) -> None:
        self._reveal = collection_id
        self._advance_reveal()

    def _advance_reveal(self) -> None:
        if self._reveal is None:
            return
        place = self.docdeck.locations.get("collection", self._reveal)
        chain = self.docdeck.locations.trail(place)[1:] if place is not None else []
        for step in chain:
            key = f"{step.kind}:{step.id}"
            if self.content_tree.item(key) is None:
                return  # its parent has not loaded yet
            if step is chain[-1]:
                self.content_tree.select_key(key)
                self._reveal = None
                return
            if key not in self.content_tree.expanded_keys() or not self.content_tree.is_loaded(key):
                self.content_tree.expand_key(key)
                return

    # -- the highlighted item --------------------------------------------------------------

    def on_tree_node_highlighted(self, event: Tree.NodeHighlighted[TreeItem]) -> None:
        # Running down a long list only moves the cursor: the details and the keys that fit
        # the row follow once it rests, so that each key costs a cursor move, not a layout.
        if self._highlight_timer is not None:
            self._highlight_timer.stop()
        self._highlight_timer = self.set_timer(HIGHLIGHT_SETTLE, self._highlight_changed)

    def on_tree_node_selected(self, event: Tree.NodeSelected[TreeItem]) -> None:
        item = event.node.data
        if item is not None and item.kind == "space":
            self.docdeck.open_location(space_location(item.value))

    def _show_details(self) -> None:
        pane = self.query_one("#details", DetailPane)
        item = self.content_tree.highlighted
        if item is None:
            if self.organization is not None:
                pane.show(
                    self.organization.title,
                    [("Id", self.organization.id), ("Web", self.organization.urls.app)],
                )
            return
        if item.kind == "collection":
            collection: Collection = item.value
            self._crumbs_for(collection_location(collection))
            pane.show(
                collection.title,
                [
                    ("Kind", "collection"),
                    ("About", collection.description),
                    ("Default role", collection.default_level),
                    ("Id", collection.id),
                    ("Web", collection.urls.app),
                ],
            )
        elif item.kind == "space":
            space: Space = item.value
            self._crumbs_for(space_location(space))
            updated = space.updated_at.date().isoformat() if space.updated_at else None
            pane.show(
                space.title,
                [
                    ("Kind", "space"),
                    ("Visibility", space.visibility),
                    ("Edit mode", space.edit_mode),
                    ("Updated", updated),
                    ("Comments", str(space.comments)),
                    ("Open CRs", str(space.change_requests_open)),
                    ("Git sync", space.git_sync.repo_name if space.git_sync else None),
                    ("Id", space.id),
                    ("Web", space.urls.app),
                ],
                icon=space.emoji,
            )

    def _crumbs_for(self, place: Location) -> None:
        """Breadcrumbs of where the highlighted item sits."""
        trail = self.docdeck.locations.trail(place)[:-1]
        self.query_one(Breadcrumbs).set_trail(
            [Crumb(p.title, f"app.go_to({p.kind!r}, {p.id!r})") for p in trail]
        )

    # -- actions ---------------------------------------------------------------------------

    def action_search(self) -> None:
        from .search import SearchScreen

        self.app.push_screen(SearchScreen(self.organization_id))

    def apply_filter(self, value: str) -> None:
        self.content_tree.set_filter(value)
        self.set_note(f"{self.content_tree.filtered_count()} loaded items match" if value else "")

    def filter_target(self) -> Widget | None:
        return self.content_tree

    def current_url(self) -> str | None:
        item = self.content_tree.highlighted
        if item is not None:
            return str(item.value.urls.app) if item.value.urls.app else None
        return self.organization.urls.app if self.organization else None

    # -- acting on items -------------------------------------------------------------------

    def highlighted_item(self) -> TreeItem | None:
        try:
            return self.content_tree.highlighted
        except NoMatches:
            return None  # the keys are checked before the tree exists

    def organization_in_view(self) -> Organization | None:
        return self.organization

    def loaded_collection(self, collection_id: str) -> Collection | None:
        item = self.content_tree.item(f"collection:{collection_id}")
        return item.value if item is not None else None

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
