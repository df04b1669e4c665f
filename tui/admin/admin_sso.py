"""Provides SsoScreen: the organisation's SAML providers, the service's own URLs, the SSO logins."""

from __future__ import annotations

from functools import partial
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.content import Content

from tui.admin.logic.certificates import holds_key_material
from tui.admin.member_dialogs import role_label
from tui.admin.saml_form import SamlForm
from tui.core import text
from tui.core.humanize import plural

from ..api import UNSET
from ..api.models import Page, SamlProvider
from ..dialogs import allowed
from ..dialogs.applied import gone
from ..dialogs.base import heading
from ..dialogs.confirm_action import ConfirmAction
from ..dialogs.list_dialog import ListDialog
from ..dialogs.pick_dialog import PickDialog
from ..shell.read_only import mutating
from ..shell.table_screen import TableScreen
from ..widgets import ListEntry
from ..widgets.record_table import Column, Record
from .locations import admin_view_location

__all__ = ["SsoScreen"]

ADMINS_ONLY = (
    "Only the organisation's administrators see its SAML providers (L lists the SSO logins)."
)


def certificate_summary(certificate: str) -> str | None:
    if not certificate:
        return None
    if holds_key_material(certificate):
        # Not a character of it on screen: a private key stored by mistake (e replaces it).
        return "a private key, not a certificate (hidden; e replaces it)"
    lines = certificate.strip().splitlines()
    body = [line for line in lines if not line.startswith("-----")]
    return (
        f"{len(certificate)} characters, {plural(len(lines), 'line')}; starts {body[0][:16]}…"
        if body
        else f"{len(certificate)} characters"
    )


class SsoLoginsDialog(ListDialog[str]):
    """The ways to sign in with SSO, as a login screen offers them; Enter copies a start URL."""

    empty = "No active SSO login: a provider is active once fully set up."
    hint = "Enter copies the start URL · Esc closes"

    def __init__(self, organization_id: str) -> None:
        super().__init__(Content("SSO logins of the organisation"))
        self.organization_id = organization_id

    async def fetch(self, choice: str) -> tuple[list[ListEntry], Content]:
        logins = await self.client.sso.list_sso_provider_logins_in_organization(
            self.organization_id
        )
        entries = [
            ListEntry(
                login.id,
                Content.assemble(
                    text.content(login.label or login.id, "bold"),
                    Content.styled(f"  {text.one_line(login.start_url)}", "$text-muted"),
                ),
                f"{login.label} {login.start_url}",
                login.start_url,
            )
            for login in logins.items
        ]
        return entries, Content(plural(len(entries), "login"))


class SsoScreen(TableScreen[SamlProvider]):
    """SAML providers beside every field of the highlighted one; ``y`` copies a service URL."""

    NAMESPACE = "sso"
    COLUMNS = (
        Column("label", "Provider", 18),
        Column("status", "Status", 8),
        Column("role", "Default role", 12),
        Column("team", "Default team", 16),
        Column("created", "Created", 10),
    )
    EMPTY = "No SAML provider: press n to add one."
    WHAT = ("provider", "providers")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "create_provider", "New provider", id="sso.create", tooltip="Add a SAML provider"),
        Binding("e", "edit_provider", "Edit", id="sso.edit", tooltip="Change the provider's fields"),
        Binding("d,delete", "delete_provider", "Delete", id="sso.delete", tooltip="Delete the provider (asks first)"),
        Binding("y", "copy_service_url", "Copy URL", id="sso.copy", tooltip="Copy the service's ACS URL, start URL or entity ID, for the identity provider"),
        Binding("L", "sso_logins", "SSO logins", id="sso.logins", tooltip="The ways to sign in with SSO"),
    ]  # fmt: skip

    def __init__(self, organization_id: str) -> None:
        super().__init__(organization_id)
        self.refused = False
        """The caller is not an admin: nothing was asked (the service would refuse)."""

    def show_place(self) -> None:
        self.show_location(admin_view_location(self.organization_id, "sso"))

    async def fetch_page(self, page: str | None, limit: int) -> Page[SamlProvider]:
        # Readers are refused by the service: ask only an admin's question.
        client = self.client
        organization = await client.organizations.get_organization_by_id(self.organization_id)
        self.refused = not organization.permissions.admin
        if self.refused:
            return Page[SamlProvider]()
        return await client.sso.list_saml_providers_in_organization_by_id(
            self.organization_id, page=page or UNSET, limit=limit
        )

    def show_view(self, view: Page[SamlProvider]) -> None:
        super().show_view(view)
        if self.refused:
            self.say_empty(ADMINS_ONLY)

    def record_of(self, item: SamlProvider) -> Record:
        return Record(
            item.id,
            (
                item.label,
                item.status,
                role_label(item.default_role),
                item.default_team.title if item.default_team else "",
                item.created_at.date().isoformat() if item.created_at else "",
            ),
            item,
        )

    def facts_of(self, item: SamlProvider) -> tuple[str, list[tuple[str, object]]]:
        return (
            item.label,
            [
                ("Status", item.status),
                ("SSO URL", item.sso_url or "not set"),
                ("Entity ID", item.entity_id or "not set"),
                ("Certificate", certificate_summary(item.certificate) or "not set"),
                ("Default team", item.default_team.title if item.default_team else "none"),
                ("Default role", role_label(item.default_role)),
                ("Created", item.created_at.date().isoformat() if item.created_at else None),
                ("ACS URL", item.service.acs_url),
                ("Start URL", item.service.start_url),
                ("SP entity ID", item.service.entity_id),
                ("Id", item.id),
            ],
        )

    def on_record_table_record_chosen(self) -> None:
        # The side pane shows every field; at 80 columns it is hidden, so Enter edits.
        self.action_edit_provider()

    # -- copying the service's side --------------------------------------------------------

    def action_copy_service_url(self) -> None:
        provider = self.highlighted
        if provider is None:
            self.notify("Highlight a provider first.", severity="warning")
            return
        service = provider.service
        choices = [
            (f"ACS URL  {service.acs_url}", ("ACS URL", service.acs_url)),
            (f"Start URL  {service.start_url}", ("Start URL", service.start_url)),
            (f"Entity ID  {service.entity_id}", ("Entity ID", service.entity_id)),
        ]

        def chosen(value: tuple[str, str] | None) -> None:
            if value is not None:
                self.docdeck.copy_text(value[1], what=value[0])

        self.app.push_screen(
            PickDialog(
                "Copy which address of the service?",
                choices,
                explanation="The identity provider needs them to send people back here.",
            ),
            chosen,
        )

    def action_sso_logins(self) -> None:
        def chosen(url: str | None) -> None:
            if url:
                self.docdeck.copy_text(url, what="Start URL")

        self.app.push_screen(SsoLoginsDialog(self.organization_id), chosen)

    # -- changing providers ----------------------------------------------------------------

    def _changed(self, message: str, provider: SamlProvider | None) -> None:
        self.notify(message, title="Done", markup=False)
        if provider is not None:
            self.select_after_load(provider.id)
        self.reload()

    @mutating
    def action_create_provider(self) -> None:
        if not allowed(self, self.is_admin, "admin", "add SAML providers"):
            return

        def created(provider: SamlProvider | None) -> None:
            if provider is not None:
                self._changed(
                    f"Added the SAML provider {text.one_line(provider.label)} ({provider.status}).",
                    provider,
                )

        self.app.push_screen(SamlForm(self.organization_id), created)

    @mutating
    def action_edit_provider(self) -> None:
        provider = self.highlighted
        if provider is None or not allowed(self, self.is_admin, "admin", "change SAML providers"):
            return

        def saved(result: SamlProvider | None) -> None:
            if result is not None:
                self._changed(f"Saved {text.one_line(result.label)} ({result.status}).", result)

        self.app.push_screen(SamlForm(self.organization_id, provider), saved)

    @mutating
    def action_delete_provider(self) -> None:
        provider = self.highlighted
        if provider is None or not allowed(self, self.is_admin, "admin", "delete SAML providers"):
            return
        warning = Content("\n").join(
            [
                Content.assemble(
                    "Deleting ",
                    text.content(provider.label, "bold"),
                    " ends sign-in through it at once.",
                ),
                Content.styled(
                    "Members who sign in only with SSO may lose their way in"
                    + (
                        " (the organisation enforces SSO)"
                        if self.organization and self.organization.sso
                        else ""
                    )
                    + ": make sure they have another way before deleting.",
                    "$text-warning",
                ),
            ]
        )
        dialog = ConfirmAction(
            heading("Delete the SAML provider ", provider.label, "?"),
            warning,
            partial(
                self.client.sso.delete_organization_saml_provider, self.organization_id, provider.id
            ),
            confirm_label="Delete",
            typed=provider.label,
            verb="delete it",
            check=partial(
                gone,
                partial(
                    self.client.sso.get_organization_saml_provider_by_id,
                    self.organization_id,
                    provider.id,
                ),
            ),
        )

        def deleted(result: object) -> None:
            if result is not None:
                self._changed(f"Deleted the SAML provider {text.one_line(provider.label)}.", None)

        self.app.push_screen(dialog, deleted)

    def current_url(self) -> str | None:
        provider = self.highlighted
        return provider.service.start_url if provider else None
