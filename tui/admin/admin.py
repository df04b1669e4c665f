"""Provides AdminScreen: an organisation's administration, one view per family of settings."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.widget import Widget
from textual.widgets import OptionList

from ..api.models import Organization
from ..shell.screen import BrowserScreen
from ..widgets import DetailPane, ItemList, ListEntry
from .locations import ADMIN_VIEWS, admin_location, admin_view_location

__all__ = ["AdminScreen"]

ABOUT: dict[str, str] = {
    "organization": "Its settings and e-mail domains; find an organisation by e-mail domain.",
    "members": "Roles, last seen, SSO; change roles and remove members, one or several at once.",
    "teams": "Teams and their members with their team roles.",
    "sso": "SAML providers, the service's ACS and start URLs, and the SSO logins.",
    "openapi": "OpenAPI specifications, their processing, versions and content.",
    "translations": "Translations of spaces: run them and watch them complete.",
    "git": "Each space's Git synchronisation: import, export, the legacy installation.",
    "access": "Who reaches which space with which role; export it as CSV.",
    "invites": "Invite people by e-mail; invite links to the organisation, a space or a "
    "collection: create, copy, change, delete.",
}
"""What each view is for, as the list explains it."""


class AdminScreen(BrowserScreen[Organization]):
    """The views of the administration, listed with what each is for; Enter (or 1–9) opens one."""

    NAMESPACE = "admin"
    CSS_PATH = ["../styles/admin.tcss", "../styles/admin_dialogs.tcss"]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "open", "Open", id="admin.open", show=False, tooltip="Open the view"),
        *(
            Binding(
                str(number),
                f"open_view('{view}')",
                title,
                id=f"admin.{view}",
                show=False,
                tooltip=f"Open {title}: {ABOUT[view]}",
            )
            for number, (view, title) in enumerate(ADMIN_VIEWS.items(), 1)
        ),
    ]

    def __init__(self, organization_id: str) -> None:
        super().__init__()
        self.organization_id = organization_id
        self.organization: Organization | None = None

    def compose_body(self) -> ComposeResult:
        with Horizontal(classes="body"):
            yield ItemList(id="views", classes="main-list")
            with VerticalScroll(classes="side-pane"):
                yield DetailPane(id="details")

    def on_mount(self) -> None:
        views = self.query_one("#views", ItemList)
        views.set_entries(
            ListEntry(
                view,
                Content.assemble(
                    Content.styled(f"{number} ", "$text-muted"), Content.styled(title, "bold")
                ),
                f"{title} {ABOUT[view]}",
                view,
            )
            for number, (view, title) in enumerate(ADMIN_VIEWS.items(), 1)
        )
        views.focus()
        self.show_location(admin_location(self.organization_id))
        self._show_details()

    async def fetch_view(self) -> Organization:
        return await self.client.organizations.get_organization_by_id(self.organization_id)

    def show_view(self, view: Organization) -> None:
        self.organization = view
        self.show_location(admin_location(self.organization_id))
        self._show_details()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._show_details()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_open()

    def _highlighted_view(self) -> str | None:
        entry = self.query_one("#views", ItemList).highlighted_entry
        return entry.value if entry is not None else None

    def _show_details(self) -> None:
        view = self._highlighted_view()
        pane = self.query_one("#details", DetailPane)
        if view is None:
            pane.clear_facts()
            return
        organization = self.organization
        facts: list[tuple[str, object]] = [("About", ABOUT[view])]
        if organization is not None:
            permissions = organization.permissions
            role = "admin" if permissions.admin else "not admin"
            facts += [
                ("Organisation", organization.title),
                ("You are", role),
            ]
            if not permissions.admin and view != "access":
                facts.append(("Note", "You can look; changes need the admin role."))
        pane.show(ADMIN_VIEWS[view], facts)

    def action_open(self) -> None:
        view = self._highlighted_view()
        if view is not None:
            self.action_open_view(view)

    def action_open_view(self, view: str) -> None:
        if view in ADMIN_VIEWS:
            self.docdeck.open_location(admin_view_location(self.organization_id, view))

    def apply_filter(self, value: str) -> None:
        self.query_one("#views", ItemList).set_filter(value)

    def filter_target(self) -> Widget | None:
        return self.query_one("#views")

    def current_url(self) -> str | None:
        return self.organization.urls.app if self.organization else None
