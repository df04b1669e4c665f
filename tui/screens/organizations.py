"""Provides OrganizationsScreen: the organisations the token can see, where browsing starts."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import OptionList

from .. import text
from ..api.models import Organization
from ..shell.navigation import organization_location
from ..shell.screen import BrowserScreen
from ..widgets import Crumb, DetailPane, ItemList, ListEntry

__all__ = ["OrganizationsScreen"]


class OrganizationsScreen(BrowserScreen[list[Organization]]):
    """A list of organisations beside the details of the highlighted one."""

    NAMESPACE = "organizations"
    CSS_PATH = "../styles/browser.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "enter",
            "open",
            "Open",
            id="organizations.open",
            show=False,
            tooltip="Open the highlighted organisation",
        ),
    ]

    def compose_body(self) -> ComposeResult:
        with Horizontal(classes="body"):
            yield ItemList(id="organizations", classes="main-list")
            yield DetailPane(id="details", classes="side-pane")

    def on_mount(self) -> None:
        self.query_one("#organizations").focus()
        self.query_one("#details", DetailPane).clear_facts("Loading…")
        self.set_crumbs([Crumb("Organisations")])

    async def fetch_view(self) -> list[Organization]:
        client = self.client
        return [
            organization
            async for organization in client.paginate(
                client.organizations.list_organizations_for_authenticated_user,
                limit=self.docdeck.page_size,
            )
        ]

    def show_view(self, view: list[Organization]) -> None:
        organizations = view
        self.session.places.see(*(organization_location(o) for o in organizations))
        entries = [
            ListEntry(o.id, text.content(o.title), text.one_line(o.title), o) for o in organizations
        ]
        listing = self.query_one("#organizations", ItemList)
        listing.set_entries(entries, empty="This token sees no organisation.")
        self.set_note(f"{len(organizations)} organisations")
        self._show_details()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._show_details()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_open()

    def _highlighted(self) -> Organization | None:
        entry = self.query_one("#organizations", ItemList).highlighted_entry
        return entry.value if entry is not None else None

    def _show_details(self) -> None:
        pane = self.query_one("#details", DetailPane)
        organization = self._highlighted()
        if organization is None:
            pane.clear_facts()
            return
        created = organization.created_at.date().isoformat() if organization.created_at else None
        pane.show(
            organization.title,
            [
                ("Id", organization.id),
                ("Type", organization.type),
                ("Plan", organization.plan),
                ("Hostname", organization.hostname),
                ("Created", created),
                ("Default role", organization.default_role),
                ("Web", organization.urls.app),
            ],
        )

    def action_open(self) -> None:
        organization = self._highlighted()
        if organization is not None:
            self.docdeck.open_location(organization_location(organization))

    def apply_filter(self, value: str) -> None:
        listing = self.query_one("#organizations", ItemList)
        listing.set_filter(value)
        self.set_note(f"{listing.visible_count()} shown" if value else "")

    def filter_target(self) -> Widget | None:
        return self.query_one("#organizations")

    def current_url(self) -> str | None:
        organization = self._highlighted()
        return organization.urls.app if organization else None
