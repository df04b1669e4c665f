"""Provides SiteScreen: a docs site in four views: its structure, settings, audience and published view.

Each view is a pane with its own keys over the one SiteModel (``site_pane``): the screen keeps
what they have in common: loading the site and its schema, the breadcrumbs, the tabs (1 to 4),
undo and the journal (``site_history``), the site's access (P) and deleting the site.
"""

from __future__ import annotations

from functools import partial
from typing import ClassVar, TypeVar

from textual._path import CSSPathType
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.css.query import NoMatches
from textual.widget import Widget
from textual.widgets import TabbedContent, TabPane

from tui.admin.locations import content_access_location
from tui.core.humanize import plural
from tui.sites.logic.conditions import Visitor
from tui.sites.logic.site_structure import NodeKind, SiteNode, SiteOutline
from tui.sites.site_admin_actions import SiteAdminActions
from tui.sites.site_audience_pane import SiteAudiencePane
from tui.sites.site_base import AudienceData, SiteModel, SiteView, fetch_audience, fetch_site_view
from tui.sites.site_history import JOURNAL_BINDING, UNDO_BINDING, SiteHistory
from tui.sites.site_pane import SitePane
from tui.sites.site_published_pane import SitePublishedPane
from tui.sites.site_settings_pane import SiteSettingsPane
from tui.sites.site_structure_pane import SiteStructurePane
from tui.sites.site_tree import SiteStructureTree
from tui.widgets import Crumb, DetailPane

from ..api.models import (
    Organization,
    Site,
)
from ..shell.navigation import Focus, Location, crumbs_for, organization_location
from ..shell.read_only import mutating
from ..shell.screen import BrowserScreen
from .locations import site_location, site_section_location, sites_location

__all__ = ["SiteScreen"]

PaneT = TypeVar("PaneT", SiteSettingsPane, SiteAudiencePane, SitePublishedPane)


class SiteScreen(SiteHistory, SiteAdminActions, BrowserScreen[SiteView]):
    """The structure tree beside the highlighted node's details; settings, audience and the
    published view in the other tabs (1 to 4), each a pane with its own keys."""

    NAMESPACE = "site"
    CSS_PATH: ClassVar[CSSPathType | None] = [
        "../styles/site.tcss",
        "../styles/site_dialogs.tcss",
    ]
    BINDINGS: ClassVar[list[BindingType]] = [
        UNDO_BINDING,
        JOURNAL_BINDING,
        Binding(
            "D",
            "delete_this_site",
            "Delete this site",
            show=False,
            id="site.delete_site",
            tooltip="Delete the site (asks for its name first)",
        ),
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
        self.model = SiteModel(site_id, organization_id)
        self._select = select

    # What the model holds, by the names the screen has always had.

    @property
    def view(self) -> SiteView | None:
        return self.model.view

    @property
    def site(self) -> Site | None:
        return self.model.site

    @property
    def organization(self) -> Organization | None:
        return self.model.organization

    @property
    def outline(self) -> SiteOutline:
        return self.model.outline

    @property
    def audience(self) -> AudienceData | None:
        return self.model.audience

    @property
    def visitor(self) -> Visitor | None:
        return self.model.visitor

    def compose_body(self) -> ComposeResult:
        with TabbedContent(initial="structure"):
            with TabPane("1 Structure", id="structure"):
                yield SiteStructurePane.of(self.model)
            # The other views are made when first shown: the structure opens sooner.
            yield TabPane("2 Settings", id="settings")
            yield TabPane("3 Audience", id="audience")
            yield TabPane("4 Published", id="published")

    def on_mount(self) -> None:
        self.structure.structure_tree.focus()
        place = self.session.places.get("site", self.site_id)
        if place is not None:
            self.show_location(place)
        self.query_one("#node-details", DetailPane).clear_facts("Loading…")
        self.load_audience()

    def action_site_access(self) -> None:
        if self.site is not None:
            place = site_location(self.site, self.organization_id)
            self.docdeck.open_location(content_access_location(place))

    # -- the views -------------------------------------------------------------------------

    @property
    def structure(self) -> SiteStructurePane:
        return self.query_one(SiteStructurePane)

    @property
    def structure_tree(self) -> SiteStructureTree:
        return self.structure.structure_tree

    def _pane(self, kind: type[PaneT]) -> PaneT | None:
        """A view other than the structure, if it was shown once (None: not made yet)."""
        found = list(self.query(kind).results(kind))
        return found[0] if found else None

    def highlighted_node(self) -> SiteNode | None:
        try:
            return self.structure.highlighted_node()
        except NoMatches:
            return None

    # -- loading ---------------------------------------------------------------------------

    async def fetch_view(self) -> SiteView:
        return await fetch_site_view(self.client, self.organization_id, self.site_id)

    def show_view(self, view: SiteView) -> None:
        self.model.view = view
        places = self.session.places
        places.see(organization_location(view.organization), sites_location(self.organization_id))
        place = site_location(view.site, self.organization_id)
        self.show_location(place)
        places.see(*(site_section_location(place, s) for s in view.sections), place)
        if self.structure.show_outline(view.outline, self._select):
            self._select = None
        if (settings := self._pane(SiteSettingsPane)) is not None:
            settings.show_model()
        if (audience := self._pane(SiteAudiencePane)) is not None:
            audience.show_audience()  # whether adaptive content is on may have changed
        self.set_note(self.structure_note())

    def load_audience(self, *, refresh: bool = False) -> None:
        fetch = partial(fetch_audience, self.client, self.organization_id, self.site_id)
        self.load(fetch, self.show_audience, group="audience", refresh=refresh)

    def show_audience(self, audience: AudienceData) -> None:
        self.model.audience = audience
        if self.model.visitor is not None:
            self.structure.show_simulation()
        if (pane := self._pane(SiteAudiencePane)) is not None:
            pane.show_audience()

    def structure_note(self) -> str:
        sections = len(self.outline.of_kind(NodeKind.SECTION))
        site_spaces = len(self.outline.of_kind(NodeKind.SITE_SPACE))
        return f"{plural(sections, 'section')} · {plural(site_spaces, 'site space')}"

    def refresh_view(self) -> None:
        self.reload(refresh=True)
        self.refresh_side_views()

    def refresh_side_views(self) -> None:
        self.load_audience(refresh=True)
        if (published := self._pane(SitePublishedPane)) is not None:
            published.load_published(refresh=True)

    def reload_after_change(self) -> None:
        self.reload()
        self.load_audience()

    def select_after_show(self, key: str | None) -> None:
        if key is not None:
            self._select = key

    def open_place(self, place: Location) -> None:
        self.docdeck.open_location(place)

    # -- breadcrumbs -----------------------------------------------------------------------

    def show_node_crumbs(self, node: SiteNode | None) -> None:
        """The trail to the highlighted node of the structure, while the structure shows."""
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
        """Mount a tab's view the first time it is shown, with what is known already."""
        if tab == "settings" and self._pane(SiteSettingsPane) is None:
            settings = SiteSettingsPane.of(self.model)
            await self.query_one("#settings", TabPane).mount(settings)
            settings.show_model()
        elif tab == "audience" and self._pane(SiteAudiencePane) is None:
            audience = SiteAudiencePane.of(self.model, id="audience-view")
            await self.query_one("#audience", TabPane).mount(audience)
            audience.show_audience()
        elif tab == "published" and self._pane(SitePublishedPane) is None:
            published = SitePublishedPane.of(self.model, id="published-view")
            await self.query_one("#published", TabPane).mount(published)

    async def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        tab = event.pane.id or "structure"
        await self._make_view(tab)
        kinds: dict[str, type[SitePane]] = {
            "structure": SiteStructurePane,
            "settings": SiteSettingsPane,
            "audience": SiteAudiencePane,
            "published": SitePublishedPane,
        }
        pane: SitePane = event.pane.query_one(kinds.get(tab, SiteStructurePane))
        pane.shown()
        if tab != "structure" and self.location is not None:
            self.set_crumbs(
                crumbs_for(self.session.places, self.location, then=[Crumb(tab.capitalize())])
            )
        self.refresh_bindings()

    def can_handle_back(self) -> bool:
        settings = self._pane(SiteSettingsPane)
        return (
            super().can_handle_back()
            or self.model.visitor is not None
            or (
                settings is not None and (settings.has_focus_within or not settings.warned_of_all())
            )
        )

    def handle_back(self) -> bool:
        if super().handle_back():
            return True
        if self.model.visitor is not None:
            self.structure.action_stop_viewing_as()  # Esc first stops viewing as a visitor
            return True
        settings = self._pane(SiteSettingsPane)
        if settings is None:
            return False
        if settings.has_focus_within:
            self.query_one(TabbedContent).query_one("Tabs").focus()
            return True
        return settings.warn_unsaved_settings()

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
        if self._on_tab("published") and (published := self._pane(SitePublishedPane)):
            return published.published_url()
        url = self.structure.current_url() if self._on_tab("structure") else None
        if url is not None:
            return url
        if self.site is None:
            return None
        return self.site.urls.published or self.site.urls.app

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
