"""Provides OrganizationSettingsScreen: an organisation's settings, e-mail domains and invite links."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll

from tui.admin.find_organization import FindOrganizationDialog
from tui.admin.member_dialogs import role_label
from tui.admin.organization_forms import EmailDomainsForm, OrganizationForm
from tui.core import text
from tui.core.humanize import plan_label, use_label

from ..api.models import Organization
from ..dialogs import allowed
from ..shell.navigation import organization_location
from ..shell.read_only import mutating
from ..shell.screen import BrowserScreen
from ..widgets import DetailPane
from .locations import admin_view_location

__all__ = ["OrganizationSettingsScreen"]


def _yes(value: bool) -> str:
    return "on" if value else "off"


class OrganizationSettingsScreen(BrowserScreen[Organization]):
    """Every setting the service shows; one key per thing it lets an admin change."""

    NAMESPACE = "organisation settings"
    CSS_PATH = ["../styles/admin.tcss", "../styles/admin_dialogs.tcss"]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("e", "edit_settings", "Settings", id="org_settings.edit", tooltip="Title, hostname, default role, logo, SSO, AI, invite links"),
        Binding("m", "edit_domains", "E-mail domains", id="org_settings.domains", tooltip="The e-mail domains whose people find the organisation"),
        Binding("F", "find_by_domain", "Find by domain", id="org_settings.find", tooltip="The organisations of an e-mail domain"),
    ]  # fmt: skip

    def __init__(self, organization_id: str) -> None:
        super().__init__()
        self.organization_id = organization_id
        self.organization: Organization | None = None

    def compose_body(self) -> ComposeResult:
        with VerticalScroll(classes="body"):
            yield DetailPane(id="settings")

    def on_mount(self) -> None:
        self.show_location(admin_view_location(self.organization_id, "organization"))

    async def fetch_view(self) -> Organization:
        return await self.client.organizations.get_organization_by_id(self.organization_id)

    def show_view(self, view: Organization) -> None:
        self.organization = view
        self.show_location(admin_view_location(self.organization_id, "organization"))
        default = view.default_content
        self.query_one("#settings", DetailPane).show(
            view.title,
            [
                ("Id", view.id),
                ("E-mail domains", ", ".join(view.email_domains) or "none"),
                ("Hostname", view.hostname or "none"),
                ("Custom hostname", view.custom_hostname),
                ("Default role", role_label(view.default_role)),
                ("Default content", f"{default.type} {default.site or ''}".strip() if default else "none"),
                ("SSO enforced", _yes(view.sso)),
                ("AI", _yes(view.ai)),
                ("Invite links", _yes(view.invite_links)),
                ("Plan", plan_label(view.plan)),
                ("Type", view.type),
                ("Use", use_label(view.use_case)),
                ("Created", view.created_at.date().isoformat() if view.created_at else None),
                ("You are", "admin" if view.permissions.admin else "not admin"),
                ("Web", view.urls.app),
                ("Logo", view.urls.logo),
            ],
        )  # fmt: skip

    # -- acting ----------------------------------------------------------------------------

    def _admin(self, doing: str) -> Organization | None:
        organization = self.organization
        if organization is None:
            return None
        return (
            organization if allowed(self, organization.permissions.admin, "admin", doing) else None
        )

    def _saved(self, message: str) -> None:
        self.notify(message, title="Done", markup=False)
        self.reload()

    @mutating
    def action_edit_settings(self) -> None:
        organization = self._admin("change the organisation's settings")
        if organization is not None:

            def saved(result: Organization | None) -> None:
                if result is not None:
                    self._saved(f"Saved the settings of {text.one_line(result.title)}.")

            self.app.push_screen(OrganizationForm(organization), saved)

    @mutating
    def action_edit_domains(self) -> None:
        organization = self._admin("change the e-mail domains")
        if organization is not None:

            def saved(result: Organization | None) -> None:
                if result is not None:
                    domains = ", ".join(result.email_domains) or "none"
                    self._saved(f"E-mail domains: {domains}.")

            self.app.push_screen(EmailDomainsForm(organization), saved)

    def action_find_by_domain(self) -> None:
        def chosen(organization: Organization | None) -> None:
            if organization is not None:
                self.docdeck.open_location(organization_location(organization))

        self.app.push_screen(FindOrganizationDialog(), chosen)

    def current_url(self) -> str | None:
        return self.organization.urls.app if self.organization else None
