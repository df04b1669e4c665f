"""Provides OrganizationsScreen: the organisations the token can see, where browsing starts."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import OptionList

from tui.core import text
from tui.core.humanize import plan_label, plural

from ..first_screen import OrganizationSummary
from ..shell.navigation import organization_location
from ..shell.screen import BrowserScreen
from ..widgets.breadcrumbs import Crumb
from ..widgets.detail_pane import DetailPane
from ..widgets.item_list import ItemList, ListEntry

if TYPE_CHECKING:
    from ..api.models import Organization

__all__ = ["OrganizationsScreen"]


def summary_of(organization: Organization) -> OrganizationSummary:
    """What the screen shows of an organisation, and what the first-screen cache keeps."""
    created = organization.created_at.date().isoformat() if organization.created_at else None
    return OrganizationSummary(
        id=organization.id,
        title=organization.title,
        type=organization.type,
        plan=organization.plan,
        hostname=organization.hostname,
        created=created,
        default_role=organization.default_role,
        url=organization.urls.app,
    )


def _entries(organizations: list[OrganizationSummary]) -> list[ListEntry]:
    return [
        ListEntry(o.id, text.content(o.title), text.one_line(o.title), o) for o in organizations
    ]


def _facts(organization: OrganizationSummary) -> tuple[str, list[tuple[str, object]]]:
    """The title and the facts the details pane shows of an organisation."""
    return organization.title, [
        ("Id", organization.id),
        ("Type", organization.type),
        ("Plan", plan_label(organization.plan)),
        ("Hostname", organization.hostname),
        ("Created", organization.created),
        ("Default role", organization.default_role),
        ("Web", organization.url),
    ]


class OrganizationsScreen(BrowserScreen["list[Organization]"]):
    """A list of organisations beside the details of the highlighted one.

    Given ``first_paint`` (what the last session showed, from ``tui.first_screen``), it paints
    that at once, before the app has a client; the service's answer then replaces it and is
    kept for the next start.
    """

    NAMESPACE = "organizations"
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
        listing = ItemList(id="organizations", classes="main-list")
        details = DetailPane(id="details", classes="side-pane")
        if self._first_paint:
            # Filled before they mount, so that the first frame shows them (not a second one).
            listing.set_entries(_entries(self._first_paint))
            details.show(*_facts(self._first_paint[0]))
        else:
            details.clear_facts("Loading…")
        with Horizontal(classes="body"):
            yield listing
            yield details

    def __init__(self, first_paint: list[OrganizationSummary] | None = None) -> None:
        super().__init__()
        self._first_paint = first_paint
        self._open_when_answered = False

    def first_crumbs(self) -> list[Crumb]:
        return [Crumb("Organisations")]

    def on_mount(self) -> None:
        self.query_one("#organizations").focus()
        if self._first_paint is not None:
            self.set_note(plural(len(self._first_paint), "organisation"))
            self.cached = True
            self._first_paint = None
            self.view_shown()  # the rows are there: keys act on them at once

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
        summaries = [summary_of(o) for o in organizations]
        self._show_summaries(summaries)
        if not self.showing_cached:
            self.docdeck.remember_first_screen(summaries)
            if self._open_when_answered:
                self._open_when_answered = False
                self.action_open()

    def _show_summaries(self, organizations: list[OrganizationSummary]) -> None:
        listing = self.query_one("#organizations", ItemList)
        listing.set_entries(_entries(organizations), empty="This token sees no organisation.")
        self.set_note(plural(len(organizations), "organisation"))
        self._show_details()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._show_details()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_open()

    def _highlighted(self) -> OrganizationSummary | None:
        entry = self.query_one("#organizations", ItemList).highlighted_entry
        return entry.value if entry is not None else None

    def _show_details(self) -> None:
        pane = self.query_one("#details", DetailPane)
        organization = self._highlighted()
        if organization is None:
            pane.clear_facts()
        else:
            pane.show(*_facts(organization))

    def action_open(self) -> None:
        organization = self._highlighted()
        if organization is None:
            return
        place = self.session.places.get("organization", organization.id)
        if place is None:
            # Painted from the first-screen cache, not yet answered: open it once it is.
            self._open_when_answered = True
        else:
            self.docdeck.open_location(place)

    def apply_filter(self, value: str) -> None:
        listing = self.query_one("#organizations", ItemList)
        listing.set_filter(value)
        self.set_note(f"{listing.visible_count()} shown" if value else "")

    def filter_target(self) -> Widget | None:
        return self.query_one("#organizations")

    def current_url(self) -> str | None:
        organization = self._highlighted()
        return organization.url if organization else None
