"""Provides MemberActions: the keys on organisation members, a mixin of the screens showing them.

The members list acts on the members selected with space (or the highlighted one); a member's
own screen on that member. One member gets a form, several get one confirmation applied one by
one (``BulkDialog``). Every action checks first that the caller administrates the organisation
and says so politely otherwise; nothing is sent before.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING

from textual.binding import Binding, BindingType

from tui.admin.applied_admin import already_in_team, in_team
from tui.admin.bulk_dialog import describe_outcome
from tui.admin.logic.bulk import BulkOutcome
from tui.admin.member_dialogs import (
    BulkRemoveDialog,
    BulkRoleDialog,
    BulkSsoDialog,
    RemoveMemberDialog,
    RoleForm,
    TeamPickDialog,
    member_name,
    role_label,
)
from tui.core import text
from tui.core.humanize import plural

from ..api.models import Member, Team
from ..dialogs import allowed
from ..shell.lost_answers import write_checked
from ..shell.read_only import mutating
from ..shell.screen import DocdeckScreen

if TYPE_CHECKING:
    _Screen = DocdeckScreen
else:
    _Screen = object

__all__ = ["MEMBER_BINDINGS", "MemberActions"]


MEMBER_BINDINGS: list[BindingType] = [
    Binding(
        "e",
        "change_role",
        "Role",
        id="member.role",
        tooltip="Change the role of the selected members (or the highlighted one)",
    ),
    Binding(
        "t",
        "add_to_team",
        "Add to team",
        id="member.add_to_team",
        tooltip="Add the selected members (or the highlighted one) to a team",
    ),
    Binding(
        "S",
        "mark_sso",
        "SSO member",
        id="member.sso",
        show=False,
        tooltip="Mark the selected members (or the highlighted one) as SSO members",
    ),
    Binding(
        "d,delete",
        "remove_member",
        "Remove",
        id="member.remove",
        tooltip="Remove the selected members (or the highlighted one) from the organisation",
    ),
]


class MemberActions(_Screen):
    """Mixin of a DocdeckScreen showing members."""

    organization_id: str

    # -- what the screen provides ----------------------------------------------------------

    def members_in_view(self) -> list[Member]:
        """The members to act on: those selected, else the highlighted one."""
        raise NotImplementedError

    def may_administrate(self) -> bool:
        """Whether the caller is an admin of the organisation."""
        raise NotImplementedError

    def members_changed(self, message: str, *, removed: bool = False) -> None:
        """Members were changed (or removed): reload, say so, clear the selection."""
        raise NotImplementedError

    # -- helpers ---------------------------------------------------------------------------

    def _targets(self, doing: str) -> list[Member] | None:
        members = self.members_in_view()
        if not members:
            self.notify("Highlight a member first.", severity="warning")
            return None
        if not allowed(self, self.may_administrate(), "admin", doing):
            return None
        return members

    def _bulk_done(
        self, verb: str, outcome: BulkOutcome[Member] | None, *, role: str = "", **extra: bool
    ) -> None:
        """Say what a bulk change did, and which ``role`` it gave (a role change)."""
        to = f" to the {role} role" if role else ""
        if outcome is None or not (outcome.applied or outcome.refused or outcome.lost):
            return
        if outcome.complete:
            names = ", ".join(text.one_line(member_name(m)) for m in outcome.applied[:3])
            more = "…" if len(outcome.applied) > 3 else ""
            self.members_changed(
                f"{verb} {plural(len(outcome.applied), 'member')}{to}: {names}{more}.", **extra
            )
        else:
            report = describe_outcome(outcome, member_name, verb).plain
            if role:
                report += f"\nThe new role: {role}."
            self.members_changed(report, **extra)

    # -- role ------------------------------------------------------------------------------

    @mutating
    def action_change_role(self) -> None:
        members = self._targets("change roles")
        if members is None:
            return
        if len(members) == 1:

            def changed(member: Member | None) -> None:
                if member is not None:
                    who = text.one_line(member_name(member))
                    self.members_changed(
                        f"{who} is now a guest."
                        if member.role is None
                        else f"{who} now has the {member.role} role."
                    )

            self.app.push_screen(RoleForm(self.organization_id, members[0]), changed)
            return
        dialog = BulkRoleDialog(self.organization_id, members)

        def all_changed(outcome: BulkOutcome[Member] | None) -> None:
            self._bulk_done("Changed", outcome, role=role_label(dialog.role_sent))

        self.app.push_screen(dialog, all_changed)

    # -- removal ---------------------------------------------------------------------------

    @mutating
    def action_remove_member(self) -> None:
        members = self._targets("remove members")
        if members is None:
            return
        if len(members) == 1:

            def removed(result: object) -> None:
                if result is not None:
                    self.members_changed(
                        f"Removed {text.one_line(member_name(members[0]))} from the organisation.",
                        removed=True,
                    )

            self.app.push_screen(RemoveMemberDialog(self.organization_id, members[0]), removed)
            return
        self.app.push_screen(
            BulkRemoveDialog(self.organization_id, members),
            partial(self._bulk_done, "Removed", removed=True),
        )

    # -- SSO -------------------------------------------------------------------------------

    @mutating
    def action_mark_sso(self) -> None:
        members = self._targets("mark members as SSO members")
        if members is None:
            return
        already = [m for m in members if m.sso]
        if len(already) == len(members):
            self.notify("Already SSO members: nothing to do.", markup=False)
            return
        todo = [m for m in members if not m.sso]
        self.app.push_screen(
            BulkSsoDialog(self.organization_id, todo), partial(self._bulk_done, "Marked")
        )

    # -- teams -----------------------------------------------------------------------------

    @mutating
    def action_add_to_team(self) -> None:
        # Team owners manage their teams without being admins: the team chosen says.
        members = self.members_in_view()
        if not members:
            self.notify("Highlight a member first.", severity="warning")
            return

        def chosen(team: Team | None) -> None:
            doing = f"add members to {text.one_line(team.title)}" if team else ""
            if team is not None and allowed(self, team.permissions.admin, "team owner", doing):
                self.run_task(partial(self._add_to_team, team, members), group="add-to-team")

        self.app.push_screen(TeamPickDialog(self.organization_id, members), chosen)

    async def _add_to_team(self, team: Team, members: Sequence[Member]) -> None:
        client, organization = self.client, self.organization_id
        team_members = client.team_members
        there = await already_in_team(client, organization, team.id, [m.user.id for m in members])
        team_title = text.one_line(team.title)
        if len(there) == len(members):
            who = (
                text.one_line(member_name(members[0]))
                if len(members) == 1
                else f"All {plural(len(members), 'member')}"
            )
            verb = "is" if len(members) == 1 else "are"
            self.notify(f"{who} {verb} already in {team_title}: nothing was sent.", markup=False)
            return
        members = [m for m in members if m.user.id not in there]
        users = [m.user.id for m in members]

        async def add() -> bool:
            if len(users) == 1:
                await team_members.add_member_to_organization_team_by_id(
                    organization, team.id, users[0]
                )
            else:
                # Several at once: the bulk update, one request that checks every name first.
                await team_members.update_members_in_organization_team(
                    organization, team.id, add=users
                )
            return True

        async def added() -> bool | None:
            return await in_team(client, organization, team.id, users) or None

        if not await write_checked(self, client, add, added, again="press t to add again."):
            return
        who = (
            text.one_line(member_name(members[0]))
            if len(members) == 1
            else plural(len(members), "member")
        )
        skipped = f" ({plural(len(there), 'member')} already in it)" if there else ""
        self.members_changed(f"Added {who} to {team_title}{skipped}.")
