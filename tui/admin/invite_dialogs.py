"""Provides the invitation dialogs: inviting people by e-mail (with what happened to each
address), and deleting an invite link.

``InviteByEmailDialog`` reads the addresses typed or pasted (``tui.admin.logic.invites``), checks
each before sending and names every bad one; the service answers with the users it added and the
addresses it could not make SSO members, which ``InviteReportDialog`` shows per address.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass

from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Button, Checkbox, Static

from tui.admin.logic.invites import GUEST, Invitee, outcome_of, read_addresses
from tui.core import text
from tui.core.humanize import plural
from tui.dialogs.base import ActionDialog, heading
from tui.dialogs.confirm_action import ConfirmAction

from ..api import UNSET
from ..api.errors import NotFoundError
from ..api.models import InviteEmail, Member
from ..widgets import ChoiceField, TickBox
from ..widgets.checked_fields import AreaField

__all__ = ["DeleteLinkDialog", "InviteByEmailDialog", "InviteReport", "InviteReportDialog"]

ORGANIZATION_ROLES: list[tuple[str, str]] = [
    ("Admin", "admin"),
    ("Create", "create"),
    ("Review", "review"),
    ("Edit", "edit"),
    ("Comment", "comment"),
    ("Read", "read"),
    ("Guest (no role)", GUEST),
]


@dataclass(frozen=True)
class InviteReport:
    """What an invitation did, per address: ``[(address, "added as edit"), …]``."""

    outcomes: list[tuple[str, str]]

    @property
    def added(self) -> int:
        return sum(outcome.startswith("added") for _, outcome in self.outcomes)


class InviteByEmailDialog(ActionDialog[InviteReport]):
    """The addresses, the role for those that name none, SSO; each address checked first."""

    confirm_label = "Invite"

    def __init__(self, organization_id: str, organization_title: str, default_role: str) -> None:
        super().__init__(heading("Invite people to ", organization_title))
        self.organization_id = organization_id
        self.default_role = default_role
        self._sent: list[Invitee] = []

    def compose_body(self) -> ComposeResult:
        # How to write them sits under the box (where a bad one is then named), so that at
        # 80×24 the role and SSO below stay in view.
        yield AreaField(
            "Addresses",
            rule=self._problem,
            hint=(
                "Separated by commas, spaces or new lines; a role after a colon "
                "(ada@example.com:edit) overrides the one below."
            ),
            id="addresses",
        )
        yield ChoiceField("Role", ORGANIZATION_ROLES, self.default_role, id="role")
        yield TickBox("Invite as SSO members", id="sso")

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#addresses", AreaField).area.focus()

    def _default(self) -> str | None:
        role = self.query_one("#role", ChoiceField).value
        return None if role == GUEST else str(role)

    def _read(self) -> tuple[list[Invitee], list[str]]:
        return read_addresses(self.query_one("#addresses", AreaField).area.text, self._default())

    def _problem(self, value: str) -> str | None:
        wanted, problems = self._read()
        if problems:
            return "\n".join(problems)
        return None if wanted else "Type or paste at least one address."

    async def send(self) -> InviteReport:
        wanted, _problems = self._read()
        self._sent = wanted
        default = self._default()
        emails: list[str | InviteEmail] = [
            i.email if i.role == default else InviteEmail(email=i.email, role=i.role)
            for i in wanted
        ]
        sso = self.query_one("#sso", Checkbox).value
        organizations = self.client.organizations
        result = await organizations.invite_users_to_organization(
            self.organization_id, emails=emails, role=default, sso=sso or UNSET
        )
        added = await self._emails_of(result.users)
        return InviteReport(
            [(i.email, outcome_of(i, added, result.failed_sso_emails)) for i in wanted]
        )

    async def _emails_of(self, user_ids: Sequence[str]) -> set[str]:
        """The addresses of the users the service added (it answers with their ids)."""
        members = self.client.organization_members

        async def email(user_id: str) -> str:
            try:
                member = await members.get_member_in_organization_by_id(
                    self.organization_id, user_id
                )
            except NotFoundError:
                return ""
            return (member.user.email or "").lower()

        return set(await asyncio.gather(*(email(u) for u in user_ids)))

    async def check_applied(self) -> InviteReport | None:
        """After a lost answer: applied when every address is a member now."""
        members = self.client.organization_members
        outcomes = []
        for invitee in self._sent:
            page = await members.list_members_in_organization_by_id(
                self.organization_id, search=invitee.email, limit=10
            )
            found: list[Member] = [
                m for m in page.items if (m.user.email or "").lower() == invitee.email.lower()
            ]
            if not found:
                return None
            outcomes.append((invitee.email, "a member now"))
        return InviteReport(outcomes)


class InviteReportDialog(ActionDialog[bool]):
    """What the invitation did to each address; one button closes it."""

    confirm_label = "Close"

    def __init__(self, report: InviteReport) -> None:
        count = len(report.outcomes)
        super().__init__(Content(f"Invited {plural(count, 'address', 'addresses')}"))
        self.report = report

    def compose_body(self) -> ComposeResult:
        lines = [
            Content.assemble(text.content(email, "bold"), ": ", outcome)
            for email, outcome in self.report.outcomes
        ]
        yield Static(Content("\n").join(lines), id="invite-report", classes="impact")

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#cancel", Button).display = False
        self.query_one("#confirm", Button).focus()

    async def send(self) -> bool:
        return True


class DeleteLinkDialog(ConfirmAction):
    """Deleting an invite link, which opens on Cancel."""

    def on_mount(self) -> None:
        # After ConfirmAction's own on_mount (Textual runs each class's), which focuses the action.
        self.call_after_refresh(self.query_one("#cancel", Button).focus)
