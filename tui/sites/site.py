"""Provides SiteScreen: a docs site in four views: its structure, settings, audience and published view."""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar, TypeVar

from textual._path import CSSPathType
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.widget import Widget
from textual.widgets import TabbedContent, TabPane

from tui.admin.locations import content_access_location
from tui.core import text
from tui.core.humanize import plural
from tui.sites.logic.site_structure import NodeKind, SiteNode, SiteOutline
from tui.sites.site_admin_actions import SiteAdminActions
from tui.sites.site_audience_actions import AUDIENCE_BINDINGS, SiteAudienceActions
from tui.sites.site_base import AudienceData, SiteView, fetch_site_view
from tui.sites.site_published import PUBLISHED_BINDINGS, SitePublishedView
from tui.sites.site_settings_actions import SiteSettingsActions
from tui.sites.site_structure_actions import STRUCTURE_BINDINGS, SiteStructureActions
from tui.sites.site_tree import SiteStructureTree
from tui.widgets import Breadcrumbs, Crumb, DetailPane

from ..api.models import (
    Organization,
    Site,
    Space,
)
from ..shell.navigation import Focus, Location, crumbs_for, organization_location
from ..shell.read_only import mutating
from ..shell.screen import BrowserScreen, ScreenCommand
from .locations import site_location, site_section_location, sites_location

__all__ = ["SiteScreen"]

EVERYTHING = 1000
T = TypeVar("T")

TABS = ("structure", "settings", "audience", "published")


class SiteScreen(
    SiteStructureActions,
    SiteSettingsActions,
    SiteAudienceActions,
    SitePublishedView,
    SiteAdminActions,
    BrowserScreen[SiteView],
):
    """The structure tree beside the highlighted node's details; settings, audience and the
    published view in the other tabs (1 to 4)."""

    NAMESPACE = "site"
    CSS_PATH: ClassVar[CSSPathType | None] = [
        "../styles/site.tcss",
        "../styles/site_dialogs.tcss",
    ]
    BINDINGS: ClassVar[list[BindingType]] = [
        *STRUCTURE_BINDINGS,
        *AUDIENCE_BINDINGS,
        *PUBLISHED_BINDINGS,
        Binding(
            "P",
            "site_access",
            "Access",
            show=False,
            id="site.access",
            tooltip="Everyone who reaches the site, with their role and where it comes from",
        ),
        Binding(
            "1",
            "show_tab('structure')",
            "Structure",
            id="site.structure",
            tooltip="The site's groups, sections and site spaces",
        ),
        Binding(
            "2",
            "show_tab('settings')",
            "Settings",
            id="site.settings",
            tooltip="Title, visibility, addresses, defaults",
        ),
        Binding(
            "3",
            "show_tab('audience')",
            "Audience",
            id="site.audience",
            tooltip="The claims of the site's visitors",
        ),
        Binding(
            "4",
            "show_tab('published')",
            "Published",
            id="site.published",
            tooltip="The site as its visitors get it, with its URLs",
        ),
    ]

    def __init__(self, site_id: str, organization_id: str, *, select: str | None = None) -> None:
        super().__init__()
        self.site_id = site_id
        self.organization_id = organization_id
        self.site: Site | None = None
        self.organization: Organization | None = None
        self.outline = SiteOutline()
        self.audience: AudienceData | None = None
        self.view: SiteView | None = None
        self._made: set[str] = set()
        """The tabs whose content was mounted (the structure's always is)."""
        self._select = select

    def compose_body(self) -> ComposeResult:
        with TabbedContent(initial="structure"):
            with TabPane("1 Structure", id="structure"), Vertical():
                yield from self.compose_structure()
            # The other views are made when first shown: the structure opens sooner.
            yield TabPane("2 Settings", id="settings")
            yield TabPane("3 Audience", id="audience")
            yield TabPane("4 Published", id="published")

    def compose_structure(self) -> ComposeResult:
        yield from self.compose_visitor_bar()
        with Horizontal(classes="body"):
            yield SiteStructureTree(id="structure-tree", classes="main-list")
            with VerticalScroll(classes="side-pane"):
                yield DetailPane(id="node-details")

    def on_mount(self) -> None:
        self.structure_tree.focus()
        place = self.session.places.get("site", self.site_id)
        if place is not None:
            self.show_location(place)
        self.query_one("#node-details", DetailPane).clear_facts("Loading…")
        self.load_audience()

    def action_site_access(self) -> None:
        if self.site is not None:
            place = site_location(self.site, self.organization_id)
            self.docdeck.open_location(content_access_location(place))

    @property
    def structure_tree(self) -> SiteStructureTree:
        return self.query_one("#structure-tree", SiteStructureTree)

    # -- loading ---------------------------------------------------------------------------

    async def fetch_view(self) -> SiteView:
        return await fetch_site_view(self.client, self.organization_id, self.site_id)

    def show_view(self, view: SiteView) -> None:
        self.view = view
        self.site, self.organization = view.site, view.organization
        places = self.session.places
        places.see(organization_location(view.organization), sites_location(self.organization_id))
        place = site_location(view.site, self.organization_id)
        self.show_location(place)
        places.see(*(site_section_location(place, s) for s in view.sections), place)
        self.outline = view.outline
        self.structure_tree.show_outline(view.outline)
        self.show_simulation()
        self.show_settings_of(view)
        if self.audience is not None:
            self.show_audience(self.audience)  # whether adaptive content is on may have changed
        self.set_note(self.structure_note())
        if self._select and self.structure_tree.select_key(self._select):
            self._select = None
        self.call_after_refresh(self.show_node_details)

    def structure_note(self) -> str:
        sections = len(self.outline.of_kind(NodeKind.SECTION))
        site_spaces = len(self.outline.of_kind(NodeKind.SITE_SPACE))
        return f"{plural(sections, 'section')} · {plural(site_spaces, 'site space')}"

    def refresh_view(self) -> None:
        self.reload(refresh=True)
        self.refresh_side_views()

    def refresh_side_views(self) -> None:
        self.load_audience(refresh=True)
        self.load_published(refresh=True)

    def reload_after_change(self) -> None:
        self.reload()
        self.load_audience()

    def select_after_show(self, key: str | None) -> None:
        if key is not None:
            self._select = key

    # -- the highlighted node --------------------------------------------------------------

    def highlighted_node(self) -> SiteNode | None:
        try:
            item = self.structure_tree.highlighted
        except NoMatches:
            return None  # the keys are checked before the tree exists
        return item.value if item is not None else None

    def tree_widget(self) -> SiteStructureTree:
        return self.structure_tree

    def space_behind(self, node: SiteNode) -> Space | None:
        view = self.view
        if view is None:
            return None
        every = [*view.site_spaces, *(s for section in view.sections for s in section.site_spaces)]
        return next((s.space for s in every if s.id == node.id and s.space is not None), None)

    def on_item_tree_item_highlighted(self, event: SiteStructureTree.ItemHighlighted) -> None:
        self.show_node_details()
        self.refresh_bindings()

    def on_item_tree_item_selected(self, event: SiteStructureTree.ItemSelected) -> None:
        node = event.item.value
        if isinstance(node, SiteNode) and node.kind is NodeKind.SITE_SPACE:
            self.open_space_of(node)

    def show_node_details(self) -> None:
        try:
            pane = self.query_one("#node-details", DetailPane)
            self.query_one(Breadcrumbs)
        except NoMatches:
            return  # called after a refresh, by which time the screen was left

        node = self.highlighted_node()
        if node is None or self.site is None:
            self._crumbs(None)
            if self.site is not None:
                pane.show(self.site.title, [("Sections", self.structure_note())])
            return
        self._crumbs(node)
        verdict = self.structure_tree.verdict(node.key)
        facts: list[tuple[str, object]] = [("Kind", node.word)]
        if node.kind is not NodeKind.GROUP:
            facts.append(("Path", f"/{node.path}"))
        facts.append(("Icon", node.icon))
        if node.default:
            facts.append(("Default", self._default_words(node)))
        if node.kind is not NodeKind.GROUP:
            facts.append(("Condition", node.condition or "none: every visitor sees it"))
        if verdict is not None:
            facts.append(("Visitor", str(verdict)))
        if node.kind is NodeKind.SITE_SPACE:
            facts.append(("Space", node.space_title))
        facts.append(("About", node.description))
        if node.kind is not NodeKind.GROUP:
            facts.append(("Published", node.url or "not published"))
        facts.append(("Id", node.id))
        if node.kind is NodeKind.SITE_SPACE:
            facts.append(("Open", "Enter shows the space's pages"))
        facts.append(("Marks", "★ default · ◈ condition"))
        pane.show(node.title, facts, icon=node.space_emoji)

    def _default_words(self, node: SiteNode) -> str:
        if node.kind is NodeKind.SECTION:
            return "the site's default section"
        if node.parent:
            return "the default site space of its section"
        return "the site's default site space"

    def _crumbs(self, node: SiteNode | None) -> None:
        if self.location is None or not self._on_tab("structure"):
            return
        places = self.session.places
        if node is None:
            self.set_crumbs(crumbs_for(places, self.location))
            return
        section = node if node.kind is NodeKind.SECTION else self.outline.section_of(node)
        place = places.get("site-section", section.id) if section is not None else None
        if place is None:
            self.set_crumbs(crumbs_for(places, self.location, then=[Crumb(node.title)]))
        elif section is node:
            self.set_crumbs(crumbs_for(places, place))
        else:
            self.set_crumbs(crumbs_for(places, place, then=[Crumb(node.title)]))

    # -- tabs ------------------------------------------------------------------------------

    def action_show_tab(self, tab: str) -> None:
        self.query_one(TabbedContent).active = tab

    def _on_tab(self, tab: str) -> bool:
        return self.query_one(TabbedContent).active == tab

    def current_tab(self) -> str:
        try:
            return self.query_one(TabbedContent).active or "structure"
        except NoMatches:
            return "structure"

    async def _make_view(self, tab: str) -> None:
        """Mount a tab's content the first time it is shown, with what is known already."""
        if tab in self._made or tab == "structure":
            return
        self._made.add(tab)
        makers = {
            "settings": self.settings_view,
            "audience": self.audience_view,
            "published": self.published_view,
        }
        await self.query_one(f"#{tab}", TabPane).mount(makers[tab]())
        if tab == "settings" and self.view is not None:
            self.show_settings_of(self.view)
        elif tab == "audience" and self.audience is not None:
            self.show_audience(self.audience)

    async def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        tab = event.pane.id or "structure"
        await self._make_view(tab)
        if tab == "structure":
            self.structure_tree.focus()
            self.show_node_details()
        elif tab == "settings":
            self.focus_settings()
        elif tab == "audience":
            self.focus_audience()
        else:
            self.focus_published()
        if tab != "structure" and self.location is not None:
            self.set_crumbs(
                crumbs_for(self.session.places, self.location, then=[Crumb(tab.capitalize())])
            )
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        tab = self.current_tab()
        for tab_name, allowed in (
            ("structure", self.STRUCTURE_ACTIONS),
            ("audience", self.AUDIENCE_ACTIONS),
            ("published", self.PUBLISHED_ACTIONS),
        ):
            if action in allowed and tab != tab_name:
                return False
        if action in self.STRUCTURE_ACTIONS:
            return self.structure_action_fits(action)
        return True

    def can_handle_back(self) -> bool:
        return (
            super().can_handle_back()
            or self.settings_have_focus()
            or self.visitor is not None
            or self.unsaved_settings() not in ((), self._warned_unsaved)
        )

    def handle_back(self) -> bool:
        if super().handle_back():
            return True
        if self.visitor is not None:
            self.action_stop_viewing_as()  # Esc first stops viewing the site as a visitor
            return True
        if self.settings_have_focus():
            self.query_one(TabbedContent).query_one("Tabs").focus()
            return True
        return self.warn_unsaved_settings()

    # -- where this screen leads -----------------------------------------------------------

    def holds(self, place: Location) -> bool:
        if place.kind == "site":
            return place.id == self.site_id
        return place.kind == "site-section" and place.parent == ("site", self.site_id)

    def focus_on(self, place: Location, focus: Focus) -> None:
        if place.kind == "site-section":
            self.action_show_tab("structure")
            self.structure_tree.select_key(f"{NodeKind.SECTION}:{place.id}")

    def apply_filter(self, value: str) -> None:
        self.action_show_tab("structure")
        self.structure_tree.set_filter(value)
        self.set_note(
            f"{self.structure_tree.filtered_count()} match" if value else self.structure_note()
        )

    def filter_target(self) -> Widget | None:
        return self.structure_tree

    def current_url(self) -> str | None:
        if self._on_tab("published"):
            return self.published_url()
        node = self.highlighted_node() if self._on_tab("structure") else None
        if node is not None and node.url:
            return node.url
        if self.site is None:
            return None
        return self.site.urls.published or self.site.urls.app

    def screen_commands(self) -> Iterator[ScreenCommand]:
        yield from super().screen_commands()
        yield ScreenCommand(
            "site: delete this site",
            "Delete the site (asks for its name first)",
            self.action_delete_this_site,
        )

    def site_title(self) -> str:
        return text.one_line(self.site.title) if self.site else "the site"

    # -- the site itself -------------------------------------------------------------------

    def organization_in_view(self) -> Organization | None:
        return self.organization

    def site_in_view(self) -> Site | None:
        return self.site

    @mutating
    def action_delete_this_site(self) -> None:
        self.action_delete_site()

    def site_created(self, site: Site, message: str) -> None:
        self.notify(message, title="Done", markup=False)

    def site_deleted(self, site: Site, message: str) -> None:
        self.notify(f"{message} U (the journal) can undo it.", title="Deleted", markup=False)
        self.docdeck.action_back_from(self)
