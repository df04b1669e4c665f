"""Provides the dialogs that act on organisation members: role, removal, SSO, teams; one or many.

After a lost answer each reads the member again (``tui.dialogs.applied_admin``): the role is the
one sent, the member is gone, or marked as an SSO member.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Static

from tui.core import text
from tui.core.humanize import plural
from tui.dialogs.base import ActionDialog, heading
from tui.dialogs.list_dialog import ListDialog

from ..api.errors import ApiError
from ..api.models import Member, MemberTeam, Team
from ..widgets import ChoiceField, ConfirmField, ListEntry
from .applied_admin import member_gone, role_is, sso_marked
from .bulk_dialog import BulkDialog
from .logic.role_changes import ADMIN, RoleChange, preview_lines, role_warnings

__all__ = [
    "GUEST",
    "ROLE_CHOICES",
    "BulkRemoveDialog",
    "BulkRoleDialog",
    "BulkSsoDialog",
    "RemoveMemberDialog",
    "RoleForm",
    "TeamPickDialog",
    "member_name",
    "role_label",
    "role_to_send",
]

GUEST = "guest"
"""The choice standing for no role (sent as null): a guest reaches only what is shared."""

ROLE_CHOICES: list[tuple[str, str]] = [
    ("Admin: administrate content, members and settings", "admin"),
    ("Create: create content", "create"),
    ("Review: review content", "review"),
    ("Edit: edit content, live or through change requests", "edit"),
    ("Comment: access content and its discussions", "comment"),
    ("Read: access content, no updates", "read"),
    ("Guest: no role in the organisation (null)", GUEST),
]


def role_label(role: str | None) -> str:
    """A member's role as the app writes it: ``edit``, or ``guest`` for none."""
    return role or GUEST


def role_to_send(choice: str) -> str | None:
    """The role to send for a choice: guest is null."""
    return None if choice == GUEST else choice


def member_name(member: Member) -> str:
    """The member's display name, else their e-mail, else their id."""
    return member.user.display_name or member.user.email or member.user.id


def _who(member: Member) -> Content:
    name = text.content(member_name(member), "bold")
    if not member.user.email:
        return name
    return Content.assemble(name, " (", text.content(member.user.email), ")")


class RoleForm(ActionDialog[Member]):
    """Change one member's role."""

    def __init__(self, organization_id: str, member: Member) -> None:
        super().__init__(heading("Role of ", member_name(member)), confirm_label="Change role")
        self.organization_id = organization_id
        self.member = member
        self._role: str | None = None

    def compose_body(self) -> ComposeResult:
        yield Static(
            Content.assemble(
                _who(self.member),
                " is a guest now."
                if self.member.role is None
                else f" has the {self.member.role} role now.",
            ),
            classes="impact",
        )
        yield ChoiceField("Role", ROLE_CHOICES, role_label(self.member.role), id="role")

    def on_mount(self) -> None:
        self.query_one("#role", ChoiceField).control.focus()

    def on_select_changed(self) -> None:
        # One choice to make: once made, Enter changes the role.
        if self.query_one("#role", ChoiceField).value != role_label(self.member.role):
            self.query_one("#confirm").focus()

    def problems_before_sending(self) -> str | None:
        if self.query_one("#role", ChoiceField).value == role_label(self.member.role):
            return "That is the role they have already: choose another one."
        return None

    async def send(self) -> Member:
        self._role = role_to_send(str(self.query_one("#role", ChoiceField).value))
        return await self.client.organization_members.update_member_in_organization_by_id(
            self.organization_id, self.member.user.id, role=self._role
        )

    async def check_applied(self) -> Member | None:
        return await role_is(self.client, self.organization_id, self.member.user.id, self._role)


class BulkRoleDialog(BulkDialog[Member]):
    """Change the role of several members, one request each.

    Before anything is sent it shows each member's current → new role, and warns when the
    change demotes the caller or every admin (``tui.admin.logic.role_changes``).
    """

    done_word = "Changed"

    def __init__(self, organization_id: str, members: Sequence[Member]) -> None:
        super().__init__(
            Content(f"Change the role of {plural(len(members), 'member')}"),
            members,
            member_name,
            Content("Each member gets the role chosen below, one after the other:"),
            confirm_label="Change roles",
        )
        self.organization_id = organization_id
        self._role: str | None = None
        self.changes = [
            RoleChange(m.user.id, text.one_line(member_name(m)), m.role) for m in members
        ]
        self.me: str | None = None
        self.admins: set[str] | None = None
        """Every admin of the organisation, once read (only when the change may demote one)."""

    def compose_names(self) -> ComposeResult:
        yield Static(id="preview", classes="names")
        yield Static(id="role-warning", classes="warning")

    def compose_body(self) -> ComposeResult:
        yield ChoiceField("New role", ROLE_CHOICES, "read", id="role")

    def on_mount(self) -> None:
        self.show_preview()
        self.start(self._read_who, group="who")

    async def _read_who(self) -> None:
        client = self.client
        try:
            self.me = (await client.users.get_authenticated_user()).id
            if any(c.current == ADMIN for c in self.changes):
                self.admins = {
                    m.user.id
                    async for m in client.paginate(
                        client.organization_members.list_members_in_organization_by_id,
                        self.organization_id,
                        role=ADMIN,
                        limit=1000,  # the API's largest page
                    )
                }
        except ApiError:
            pass  # the preview stays without its warnings; the service still refuses
        self.show_preview()

    def on_select_changed(self) -> None:
        self.show_preview()

    def show_preview(self) -> None:
        """Each member's current → new role, and what the change takes away."""
        role = self.role
        self.query_one("#preview", Static).update(
            Content("\n".join(preview_lines(self.changes, role, self.me)))
        )
        warnings = role_warnings(self.changes, role, self.me, self.admins)
        warning = self.query_one("#role-warning", Static)
        warning.update(
            Content.styled("\n".join(f"Warning: {w}" for w in warnings), "$text-warning")
        )
        warning.display = bool(warnings)

    def focus_first(self) -> None:
        self.query_one("#role", ChoiceField).control.focus()

    @property
    def role(self) -> str | None:
        return role_to_send(str(self.query_one("#role", ChoiceField).value))

    @property
    def role_sent(self) -> str | None:
        """The role the run gave (None: guest), whatever the field shows since."""
        return self._role

    async def _send(self) -> None:
        self._role = self.role  # the choice stays editable while the run goes on
        await super()._send()

    async def apply(self, item: Member) -> object:
        return await self.client.organization_members.update_member_in_organization_by_id(
            self.organization_id, item.user.id, role=self._role
        )

    async def check_item(self, item: Member) -> bool:
        return (
            await role_is(self.client, self.organization_id, item.user.id, self._role) is not None
        )


def removal_impact(member: Member, teams: Sequence[MemberTeam] | None) -> Content:
    """What removing a member takes away, naming them, their spaces and their teams."""
    what = [
        f"their {role_label(member.role)} role",
        f"their access to {plural(member.spaces, 'space')}",
    ]
    if teams is None:
        what.append(f"their place in {plural(member.teams, 'team')}")
    elif teams:
        names = ", ".join(text.one_line(t.team.title) for t in teams)
        what.append(f"their place in {plural(len(teams), 'team')} ({names})")
    return Content("\n").join(
        [
            Content.assemble(
                "Removing ", _who(member), f" takes away {', '.join(what[:-1])} and {what[-1]}."
            ),
            Content(
                "They can be invited again, but they will not get their teams back by themselves."
            ),
        ]
    )


class RemoveMemberDialog(ActionDialog[object]):
    """Remove one member, once their name is typed; it says what they lose first."""

    confirm_variant = "error"
    sending_note = "Removing…"

    def __init__(self, organization_id: str, member: Member) -> None:
        super().__init__(
            heading("Remove ", member_name(member), " from the organisation?"),
            confirm_label="Remove",
        )
        self.organization_id = organization_id
        self.member = member

    def compose_body(self) -> ComposeResult:
        yield Static(removal_impact(self.member, None), id="impact", classes="impact")
        yield ConfirmField(member_name(self.member), verb="remove them", id="confirm-name")

    def on_mount(self) -> None:
        self.add_class("-destructive")
        self.query_one("#confirm-name", ConfirmField).input.focus()
        self.refresh_ready()
        self.start(self._name_teams, group="teams")

    async def _name_teams(self) -> None:
        members = self.client.organization_members
        try:
            page = await members.list_teams_for_organization_member(
                self.organization_id, self.member.user.id, limit=100
            )
        except ApiError:
            return  # the counts stay as the list gave them
        self.query_one("#impact", Static).update(removal_impact(self.member, page.items))

    def on_input_changed(self) -> None:
        self.refresh_ready()

    def is_ready(self) -> bool:
        return self.query_one("#confirm-name", ConfirmField).matches

    async def send(self) -> object:
        await self.client.organization_members.remove_member_from_organization_by_id(
            self.organization_id, self.member.user.id
        )
        return self.member

    async def check_applied(self) -> object | None:
        removed = await member_gone(self.client, self.organization_id, self.member.user.id)
        return self.member if removed else None


class BulkRemoveDialog(BulkDialog[Member]):
    """Remove several members, once their number is typed."""

    done_word = "Removed"

    def __init__(self, organization_id: str, members: Sequence[Member]) -> None:
        spaces = sum(m.spaces for m in members)
        teams = sum(m.teams for m in members)
        super().__init__(
            Content(f"Remove {plural(len(members), 'member')} from the organisation?"),
            members,
            member_name,
            Content(
                f"They lose their roles, their access to spaces ({spaces} in all) and their "
                f"places in teams ({teams} in all). They can be invited again, but they will "
                "not get their teams back by themselves."
            ),
            confirm_label="Remove",
            typed=plural(len(members), "member"),
            destructive=True,
        )
        self.organization_id = organization_id

    def typed_verb(self) -> str:
        return "remove them"

    async def apply(self, item: Member) -> object:
        await self.client.organization_members.remove_member_from_organization_by_id(
            self.organization_id, item.user.id
        )
        return item

    async def check_item(self, item: Member) -> bool:
        return await member_gone(self.client, self.organization_id, item.user.id)


class BulkSsoDialog(BulkDialog[Member]):
    """Mark one or several members as SSO members (they then sign in through SSO)."""

    done_word = "Marked"

    def __init__(self, organization_id: str, members: Sequence[Member]) -> None:
        super().__init__(
            Content(f"Mark {plural(len(members), 'member')} as SSO members?"),
            members,
            member_name,
            Content(
                "An SSO member signs in through the organisation's identity provider; "
                "the API has no way to undo this mark."
            ),
            confirm_label="Mark as SSO",
        )
        self.organization_id = organization_id

    async def apply(self, item: Member) -> object:
        return await self.client.organization_members.set_user_as_sso_member_for_organization(
            self.organization_id, item.user.id
        )

    async def check_item(self, item: Member) -> bool:
        return await sso_marked(self.client, self.organization_id, item.user.id) is not None


class TeamPickDialog(ListDialog[Team]):
    """The organisation's teams; Enter chooses the one to add members to."""

    empty = "This organisation has no team yet."
    hint = "Enter adds to the highlighted team · Esc closes"

    def __init__(self, organization_id: str, members: Sequence[Member]) -> None:
        who = member_name(members[0]) if len(members) == 1 else plural(len(members), "member")
        super().__init__(heading("Add ", who, " to which team?"))
        self.organization_id = organization_id
        self.members = list(members)

    async def fetch(self, choice: str) -> tuple[list[ListEntry], Content]:
        client = self.client
        teams = [
            team
            async for team in client.paginate(
                client.teams.list_teams_in_organization_by_id, self.organization_id, limit=100
            )
        ]
        already: set[str] = set()
        if len(self.members) == 1:
            # One member: say which teams they are in already.
            already = {
                membership.team.id
                async for membership in client.paginate(
                    client.organization_members.list_teams_for_organization_member,
                    self.organization_id,
                    self.members[0].user.id,
                    limit=100,
                )
            }
        entries = [
            ListEntry(
                team.id,
                Content.assemble(
                    text.content(team.title),
                    Content.styled(
                        f"  {plural(team.members, 'member')}"
                        + ("  · already in it" if team.id in already else ""),
                        "$text-muted",
                    ),
                ),
                text.one_line(team.title),
                team,
            )
            for team in teams
        ]
        return entries, Content(plural(len(teams), "team"))
