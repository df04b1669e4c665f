"""Provides the organisation's forms: its settings and its e-mail domains.

After a lost answer they read the organisation again and compare what they sent. Invite links
have a view of their own (``tui.admin.admin_invites``).
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Checkbox, Static

from tui.admin.logic.admin_checks import email_domain_problem, hostname_problem, web_address_problem
from tui.dialogs.base import ActionDialog, heading

from ..api.models import Organization
from ..widgets import ChoiceField, TickBox
from ..widgets.checked_fields import AreaField, CheckedField
from .applied_admin import organization_holds
from .member_dialogs import ROLE_CHOICES, role_label, role_to_send

__all__ = [
    "ORGANIZATION_TITLE_MAX",
    "EmailDomainsForm",
    "OrganizationForm",
    "domains_problem",
]

ORGANIZATION_TITLE_MIN = 2
ORGANIZATION_TITLE_MAX = 255
LOGO_URL_MAX = 2048


def _title_problem(value: str) -> str | None:
    if len(value) < ORGANIZATION_TITLE_MIN:
        return f"Title takes at least {ORGANIZATION_TITLE_MIN} characters."
    if len(value) > ORGANIZATION_TITLE_MAX:
        return f"Title is {len(value)} characters long; the limit is {ORGANIZATION_TITLE_MAX}."
    return None


class OrganizationForm(ActionDialog[Organization]):
    """The settings the update operation takes; only those changed are sent."""

    def __init__(self, organization: Organization) -> None:
        super().__init__(heading("Settings of ", organization.title), confirm_label="Save")
        self.organization = organization
        self._sent: dict[str, Any] = {}

    def compose_body(self) -> ComposeResult:
        org = self.organization
        yield CheckedField(
            "Title", org.title, rule=_title_problem, max_length=ORGANIZATION_TITLE_MAX, id="title"
        )
        yield CheckedField(
            "Hostname (the organisation's subdomain; empty removes it)",
            org.hostname or "",
            rule=lambda v: hostname_problem(v) if v else None,
            max_length=32,
            id="hostname",
        )
        yield ChoiceField(
            "Default role (of people who join)",
            ROLE_CHOICES,
            role_label(org.default_role),
            id="default-role",
        )
        yield CheckedField(
            "Logo (a web address)",
            org.urls.logo or "",
            rule=lambda v: web_address_problem("Logo", v, LOGO_URL_MAX, required=False),
            id="logo",
        )
        yield TickBox("SSO enforced for the whole organisation", org.sso, id="sso")
        yield TickBox("AI features", org.ai, id="ai")
        yield TickBox(
            "Invite links (anyone with a link may join)", org.invite_links, id="invite-links"
        )

    def on_mount(self) -> None:
        self.query_one("#title", CheckedField).input.focus()

    def changes(self) -> dict[str, Any]:
        """What differs from the organisation as it is (the only fields sent)."""
        org = self.organization
        changes: dict[str, Any] = {}
        title = self.query_one("#title", CheckedField).value
        if title != org.title:
            changes["title"] = title
        hostname = self.query_one("#hostname", CheckedField).value
        if hostname != (org.hostname or ""):
            changes["hostname"] = hostname or None
        role = str(self.query_one("#default-role", ChoiceField).value)
        if role != role_label(org.default_role):
            changes["default_role"] = role_to_send(role)
        logo = self.query_one("#logo", CheckedField).value
        if logo != (org.urls.logo or ""):
            changes["logo"] = logo or None
        for field, current in (
            ("sso", org.sso),
            ("ai", org.ai),
            ("invite_links", org.invite_links),
        ):
            value = self.query_one(f"#{field.replace('_', '-')}", Checkbox).value
            if value != current:
                changes[field] = value
        return changes

    def problems_before_sending(self) -> str | None:
        return None if self.changes() else "Nothing was changed."

    async def send(self) -> Organization:
        self._sent = self.changes()
        return await self.client.organizations.update_organization_by_id(
            self.organization.id, **self._sent
        )

    async def check_applied(self) -> Organization | None:
        return await organization_holds(self.client, self.organization.id, self._sent)


def _lines(raw: str) -> list[str]:
    return [line.strip().lower() for line in raw.splitlines() if line.strip()]


def domains_problem(lines: list[str]) -> str | None:
    """The first domain that is not one, in a sentence."""
    for line in lines:
        problem = email_domain_problem(line)
        if problem:
            return problem
    if len({line.lower() for line in lines}) != len(lines):
        return "A domain is listed twice."
    return None


class EmailDomainsForm(ActionDialog[Organization]):
    """The e-mail domains whose people may find and join the organisation, one per line."""

    def __init__(self, organization: Organization) -> None:
        super().__init__(heading("E-mail domains of ", organization.title), confirm_label="Save")
        self.organization = organization
        self._sent: list[str] = []

    def compose_body(self) -> ComposeResult:
        yield Static(
            Content(
                "People with an address at one of these domains can find the organisation "
                "(and join it when invite links are on). One domain per line; empty: none."
            ),
            classes="impact",
        )
        yield AreaField(
            "Domains",
            "\n".join(self.organization.email_domains),
            rule=lambda value: domains_problem(_lines(value)),
            id="domains",
        )

    def on_mount(self) -> None:
        self.query_one("#domains", AreaField).area.focus()

    def domains(self) -> list[str]:
        return _lines(self.query_one("#domains", AreaField).value)

    async def send(self) -> Organization:
        self._sent = self.domains()
        return await self.client.organizations.update_organization_by_id(
            self.organization.id, email_domains=self._sent
        )

    async def check_applied(self) -> Organization | None:
        changes = {"email_domains": self._sent}
        return await organization_holds(self.client, self.organization.id, changes)
