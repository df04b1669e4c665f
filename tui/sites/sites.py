"""Provides SitesScreen: an organisation's docs sites, filtered as the service filters them."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import ClassVar

from textual._path import CSSPathType
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widget import Widget
from textual.widgets import OptionList, Static

from tui.core import text
from tui.core.humanize import plural
from tui.sites.site_admin_actions import SiteAdminActions

from ..api import UNSET
from ..api.models import Organization, Site, Space
from ..dialogs.space_picker import PickSpaceDialog
from ..shell.navigation import Focus, Location, organization_location, space_location
from ..shell.screen import BrowserScreen
from ..widgets import DetailPane, ItemList, ListEntry
from .locations import SitesFocus, site_location, sites_location

__all__ = ["SitesScreen", "SitesView", "site_facts", "site_summary"]

EVERYTHING = 1000

# The published filter, in the order p cycles through it.
_PUBLISHED = (None, True, False)
_PUBLISHED_WORDS = {None: "any", True: "published", False: "not published"}


def site_address(site: Site) -> str:
    """Where the site lives: its proxy, hostname or basename."""
    if site.proxy is not None:
        return site.proxy.origin
    if site.hostname:
        return site.hostname
    return f"/{site.basename}" if site.basename else ""


def site_summary(site: Site) -> tuple[str, str]:
    """``premium · public · published`` and ``docs.northwind.dev · 5 site spaces``."""
    kind = [site.type, site.visibility, "published" if site.published else "not published"]
    where = [site_address(site), plural(site.site_spaces, "site space")]
    return " · ".join(p for p in kind if p), " · ".join(p for p in where if p)


def site_facts(site: Site) -> list[tuple[str, object]]:
    created = site.created_at.date().isoformat() if site.created_at else None
    adaptive = site.adaptive_content.enabled if site.adaptive_content else False
    return [
        ("Type", site.type),
        ("Visibility", site.visibility),
        ("Published", "yes" if site.published else "no"),
        ("Hostname", site.hostname),
        ("Basename", site.basename),
        ("Proxy", site.proxy.origin if site.proxy else None),
        ("Site spaces", str(site.site_spaces)),
        ("Adaptive", "on" if adaptive else "off"),
        ("Agents", site.agents_context),
        ("Created", created),
        ("Id", site.id),
        ("Published at", site.urls.published),
        ("Web", site.urls.app),
    ]


@dataclass
class SitesView:
    """The sites the filters keep, and what the breadcrumbs and the filters' line need."""

    organization: Organization
    sites: list[Site]
    space: Space | None = None
    """The space the list is narrowed to."""


class SitesScreen(SiteAdminActions, BrowserScreen[SitesView]):
    """The sites of an organisation beside the details of the highlighted one.

    ``/`` is the service's title filter, ``p`` its published filter, ``f`` keeps the sites that
    show a space, ``x`` clears them all.
    """

    NAMESPACE = "sites"
    CSS_PATH: ClassVar[CSSPathType | None] = [
        "../styles/sites.tcss",
        "../styles/site_dialogs.tcss",
    ]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "open_site", "Open", show=False, id="sites.open", tooltip="Open the site"),
        Binding(
            "p",
            "published_filter",
            "Published?",
            id="sites.published_filter",
            tooltip="Show every site, the published ones, or the others",
        ),
        Binding(
            "f",
            "space_filter",
            "Showing a space",
            id="sites.space_filter",
            tooltip="Keep the sites that show a space you choose",
        ),
        Binding("x", "clear_filters", "Clear filters", id="sites.clear", tooltip="Show every site"),
        *SiteAdminActions.BINDINGS_OF_SITES,
    ]

    def __init__(self, organization_id: str, *, space_id: str = "") -> None:
        super().__init__()
        self.organization_id = organization_id
        self.organization: Organization | None = None
        self.space_id = space_id
        self.title_filter = ""
        self.published: bool | None = None
        self.sites: list[Site] = []

    def compose_body(self) -> ComposeResult:
        with Vertical(classes="body"):
            yield Static(id="sites-filters")
            with Horizontal():
                yield ItemList(id="sites", classes="main-list")
                yield DetailPane(id="details", classes="side-pane")

    def on_mount(self) -> None:
        self.query_one("#sites").focus()
        self.query_one("#details", DetailPane).clear_facts("Loading…")
        self._show_filters()
        place = self.session.places.get("organization", self.organization_id)
        if place is not None:
            self.show_location(sites_location(self.organization_id))

    @property
    def site_list(self) -> ItemList:
        return self.query_one("#sites", ItemList)

    # -- loading ---------------------------------------------------------------------------

    async def fetch_view(self) -> SitesView:
        client = self.client
        title, published, space_id = self.title_filter, self.published, self.space_id

        async def sites() -> list[Site]:
            return [
                site
                async for site in client.paginate(
                    client.sites.list_sites,
                    self.organization_id,
                    limit=EVERYTHING,
                    title=title or UNSET,
                    published=UNSET if published is None else published,
                    space=space_id or UNSET,
                )
            ]

        async def space() -> Space | None:
            return await client.spaces.get_space_by_id(space_id) if space_id else None

        organization, found, shown = await asyncio.gather(
            client.organizations.get_organization_by_id(self.organization_id), sites(), space()
        )
        return SitesView(organization, found, shown)

    def show_view(self, view: SitesView) -> None:
        self.organization = view.organization
        places = self.session.places
        places.see(organization_location(view.organization))
        if view.space is not None:
            places.see(space_location(view.space))
        self.show_location(sites_location(self.organization_id))
        places.see(*(site_location(s, self.organization_id) for s in view.sites))
        self.sites = view.sites
        entries = [
            ListEntry(
                site.id,
                Content.assemble(
                    text.content(site.title, "bold"),
                    "\n  ",
                    text.content(site_summary(site)[0], "$text-muted"),
                    "\n  ",
                    text.content(site_summary(site)[1], "$text-muted"),
                ),
                " ".join((site.title, site_address(site))),
                site,
            )
            for site in view.sites
        ]
        self.site_list.set_entries(entries, empty=self._empty_message())
        self.set_note(plural(len(view.sites), "site"))
        self._show_filters(view.space)
        self._show_details()

    def _empty_message(self) -> str:
        if self.title_filter or self.published is not None or self.space_id:
            return "No site matches these filters (x clears them)."
        return "This organisation has no docs site yet (n creates one)."

    def _show_filters(self, space: Space | None = None) -> None:
        if self.space_id:
            title = (
                space.title
                if space is not None
                else self.session.places.title("space", self.space_id, "a space")
            )
            showing: Content = text.content(title, "bold")
        else:
            showing = Content("any space")
        line = Content.assemble(
            Content.styled("Title ", "$text-muted"),
            text.content(f"“{self.title_filter}”", "bold") if self.title_filter else "any",
            Content.styled(" · Published ", "$text-muted"),
            _PUBLISHED_WORDS[self.published],
            Content.styled(" · Showing ", "$text-muted"),
            showing,
        )
        self.query_one("#sites-filters", Static).update(line)

    # -- the highlighted site ---------------------------------------------------------------

    def highlighted_site(self) -> Site | None:
        entry = self.site_list.highlighted_entry
        return entry.value if entry is not None and isinstance(entry.value, Site) else None

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._show_details()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_open_site()

    def _show_details(self) -> None:
        pane = self.query_one("#details", DetailPane)
        site = self.highlighted_site()
        if site is None:
            pane.clear_facts()
            return
        pane.show(site.title, site_facts(site))

    def action_open_site(self) -> None:
        site = self.highlighted_site()
        if site is not None:
            self.docdeck.open_location(site_location(site, self.organization_id))

    # -- filters ----------------------------------------------------------------------------

    def apply_filter(self, value: str) -> None:
        value = value.strip()
        if value != self.title_filter:
            self.title_filter = value
            self._show_filters()
            self.reload()

    def filter_target(self) -> Widget | None:
        return self.site_list

    def action_published_filter(self) -> None:
        self.published = _PUBLISHED[(_PUBLISHED.index(self.published) + 1) % len(_PUBLISHED)]
        self._show_filters()
        self.reload()

    def action_space_filter(self) -> None:
        def chosen(space: Space | None) -> None:
            if space is not None:
                self.session.places.see(space_location(space))
                self.space_id = space.id
                self._show_filters(space)
                self.reload()

        self.app.push_screen(
            PickSpaceDialog(Content("Keep the sites that show the space…"), self.organization_id),
            chosen,
        )

    def action_clear_filters(self) -> None:
        self.title_filter, self.published, self.space_id = "", None, ""
        self._show_filters()
        self.reload()

    def can_handle_back(self) -> bool:
        return super().can_handle_back()

    # -- where this screen leads ------------------------------------------------------------

    def holds(self, place: Location) -> bool:
        return place.kind == "sites" and place.id == self.organization_id

    def focus_on(self, place: Location, focus: Focus) -> None:
        if isinstance(focus, SitesFocus) and focus.space and focus.space != self.space_id:
            self.space_id = focus.space
            self.reload()

    def current_url(self) -> str | None:
        site = self.highlighted_site()
        if site is None:
            return None
        return site.urls.published or site.urls.app

    # -- after a change ---------------------------------------------------------------------

    def organization_in_view(self) -> Organization | None:
        return self.organization

    def site_in_view(self) -> Site | None:
        return self.highlighted_site()

    def site_created(self, site: Site, message: str) -> None:
        self.notify(message, title="Done", markup=False)
        self.reload_after_change()
        self.docdeck.open_location(site_location(site, self.organization_id))

    def site_deleted(self, site: Site, message: str) -> None:
        self.notify(f"{message} U (the journal) can undo it.", title="Deleted", markup=False)
        self.reload(refresh=True)

    def sites_changed(self, message: str) -> None:
        self.notify(message, title="Done", markup=False)
        self.reload(refresh=True)
