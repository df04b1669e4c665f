"""Provides TeamScreen: a team's members with their team roles; add, remove, change roles."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from functools import partial
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Static

from tui.admin.applied_admin import in_team, out_of_team
from tui.admin.bulk_dialog import names_line
from tui.admin.member_dialogs import member_name, role_label
from tui.admin.member_picker import MemberPicker
from tui.admin.team_actions import TeamActions, team_bindings
from tui.core import text
from tui.core.humanize import plural

from ..api.models import Member, Organization, Page, Team, TeamMember
from ..dialogs import allowed
from ..dialogs.base import heading
from ..dialogs.confirm_action import ConfirmAction
from ..dialogs.pick_dialog import PickDialog
from ..shell.lost_answers import write_checked
from ..shell.read_only import mutating
from ..shell.screen import BrowserScreen
from ..widgets import DetailPane
from ..widgets.list_end import page_limit
from ..widgets.record_table import Column, Record, RecordTable
from .locations import member_location, team_location

__all__ = ["TeamScreen", "TeamView"]

TEAM_ROLES = [
    ("Owner: manages the team's members", "owner"),
    ("Member", "member"),
]


@dataclass
class TeamView:
    organization: Organization
    team: Team
    members: Page[TeamMember]


class TeamScreen(TeamActions, BrowserScreen[TeamView]):
    """The team's facts above its members; space selects several for one change."""

    NAMESPACE = "team"
    CSS_PATH = ["../styles/admin.tcss", "../styles/admin_dialogs.tcss"]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "add_members", "Add", id="team.add_members", tooltip="Add members, found by name or e-mail"),
        Binding("e", "team_role", "Team role", id="team.role", tooltip="Make the selected members (or the highlighted one) owners or members"),
        Binding("d,delete", "remove_members", "Remove", id="team.remove_members", tooltip="Take the selected members (or the highlighted one) out of the team"),
        *team_bindings("E", "D"),
    ]  # fmt: skip

    def __init__(self, organization_id: str, team_id: str) -> None:
        super().__init__()
        self.organization_id = organization_id
        self.team_id = team_id
        self.view: TeamView | None = None
        self._next: str | None = None

    def compose_body(self) -> ComposeResult:
        with VerticalScroll(classes="detail-head"):
            yield DetailPane(id="team-facts")
        with Vertical(classes="detail-tables"):
            yield Static(Content("Members"), id="members-title", classes="table-title")
            yield RecordTable(
                [
                    Column("name", "Name", 20),
                    Column("role", "Team role", 9),
                    Column("org-role", "Role", 7),
                    Column("email", "E-mail", 28),
                ],
                markable=True,
                id="members",
            )

    @property
    def table(self) -> RecordTable:
        return self.query_one("#members", RecordTable)

    def on_mount(self) -> None:
        self.table.focus()
        place = self.session.places.get("team", self.team_id)
        if place is not None:
            self.show_location(place)

    async def fetch_view(self) -> TeamView:
        client = self.client
        organization = await client.organizations.get_organization_by_id(self.organization_id)
        team = await client.teams.get_team_in_organization_by_id(self.organization_id, self.team_id)
        members = await client.team_members.list_team_members_in_organization_by_id(
            self.organization_id, self.team_id, limit=self.docdeck.page_size
        )
        return TeamView(organization, team, members)

    def show_view(self, view: TeamView) -> None:
        self.view = view
        team = view.team
        self.show_location(team_location(self.organization_id, team.id, team.title))
        self.query_one("#team-facts", DetailPane).show(
            team.title,
            [
                ("Members", str(team.members)),
                ("Spaces", str(team.spaces)),
                ("Created", team.created_at.date().isoformat() if team.created_at else None),
                ("You manage it", "yes" if team.permissions.admin else "no"),
                ("Id", team.id),
            ],
        )
        self._next = view.members.next_page
        self.query_one("#members-title", Static).update(Content(f"Members ({team.members})"))
        self.table.set_records([self._record(m) for m in view.members.items], more=bool(self._next))
        self.set_note(f"{plural(team.members, 'member')}")

    @staticmethod
    def _record(item: TeamMember) -> Record:
        member = item.organization
        return Record(
            member.user.id,
            (member_name(member), item.team.role, role_label(member.role), member.user.email or ""),
            item,
        )

    def on_record_table_more_wanted(self, event: RecordTable.MoreWanted) -> None:
        token = self._next
        if not token:
            return
        team_members = self.client.team_members

        limit = page_limit(event.rest, self.docdeck.page_size)

        async def fetch() -> Page[TeamMember]:
            return await team_members.list_team_members_in_organization_by_id(
                self.organization_id, self.team_id, page=token, limit=limit
            )

        async def show(page: Page[TeamMember]) -> None:
            if self._next != token:
                return
            self._next = page.next_page
            await self.table.add_page((self._record(m) for m in page.items), more=bool(self._next))

        self.load(fetch, show, group="more")

    def on_record_table_record_chosen(self, event: RecordTable.RecordChosen) -> None:
        member: Member = event.record.value.organization
        self.docdeck.open_location(
            member_location(self.organization_id, member.user.id, member_name(member))
        )

    def can_handle_back(self) -> bool:
        return super().can_handle_back() or bool(self.table.marked)

    def handle_back(self) -> bool:
        if super().handle_back():
            return True
        if self.table.marked:
            self.table.clear_marks()
            return True
        return False

    def apply_filter(self, value: str) -> None:
        self.table.set_filter(value)

    def filter_target(self) -> RecordTable:
        return self.table

    # -- acting on members -----------------------------------------------------------------

    def _targets(self) -> list[TeamMember]:
        marked = [r.value for r in self.table.marked]
        if marked:
            return marked
        record = self.table.highlighted_record
        return [record.value] if record is not None else []

    def _may_manage(self, doing: str) -> bool:
        permitted = bool(self.view and self.view.team.permissions.admin)
        return allowed(self, permitted, "admin (or team owner)", doing)

    def _send(
        self,
        work: Callable[[], Awaitable[object]],
        check: Callable[[], Awaitable[bool]],
        message: str,
        again: str,
    ) -> None:
        """Send a change of the team's members; after a lost answer, ``check`` tells."""

        async def write() -> bool:
            await work()
            return True

        async def applied() -> bool | None:
            return await check() or None

        async def run() -> None:
            done = await write_checked(self, self.client, write, applied, again=again)
            if done:
                self.team_changed(self.view.team if self.view else None, message)

        self.run_task(run, group="team-members")

    @mutating
    def action_add_members(self) -> None:
        if self.view is None or not self._may_manage("add members to this team"):
            return
        team = self.view.team
        already = [r.key for r in self.table.records]

        def chosen(members: list[Member] | None) -> None:
            if not members:
                return
            team_members = self.client.team_members
            names = names_line([member_name(m) for m in members])
            work: Callable[[], Awaitable[object]]
            if len(members) == 1:
                work = partial(
                    team_members.add_member_to_organization_team_by_id,
                    self.organization_id,
                    team.id,
                    members[0].user.id,
                )
            else:
                work = partial(
                    team_members.update_members_in_organization_team,
                    self.organization_id,
                    team.id,
                    add=[m.user.id for m in members],
                )
            users = [m.user.id for m in members]
            self._send(
                work,
                partial(in_team, self.client, self.organization_id, team.id, users),
                f"Added {names} to {text.one_line(team.title)}.",
                "press a to add them again.",
            )

        picker = MemberPicker(
            f"Add to {text.one_line(team.title)}",
            self.organization_id,
            several=True,
            exclude=already,
        )
        self.app.push_screen(picker, chosen)

    @mutating
    def action_team_role(self) -> None:
        targets = self._targets()
        if not targets or self.view is None or not self._may_manage("change team roles"):
            return
        team = self.view.team
        names = names_line([member_name(t.organization) for t in targets])
        current = targets[0].team.role if len(targets) == 1 else None

        def chosen(role: str | None) -> None:
            if role is None:
                return
            team_members = self.client.team_members
            work: Callable[[], Awaitable[object]]
            if len(targets) == 1:
                work = partial(
                    team_members.add_member_to_organization_team_by_id,
                    self.organization_id,
                    team.id,
                    targets[0].organization.user.id,
                    role=role,
                )
            else:
                work = partial(
                    team_members.update_members_in_organization_team,
                    self.organization_id,
                    team.id,
                    memberships={t.organization.user.id: {"role": role} for t in targets},
                )
            users = [t.organization.user.id for t in targets]
            self._send(
                work,
                partial(in_team, self.client, self.organization_id, team.id, users, role),
                f"{names}: now {role} of {text.one_line(team.title)}.",
                "press e to change it again.",
            )

        self.app.push_screen(
            PickDialog(f"Team role of {text.one_line(names)}", TEAM_ROLES, current=current),
            chosen,
        )

    @mutating
    def action_remove_members(self) -> None:
        targets = self._targets()
        if not targets or self.view is None or not self._may_manage("remove members"):
            return
        team = self.view.team
        names = names_line([member_name(t.organization) for t in targets])
        team_members = self.client.team_members
        work: Callable[[], Awaitable[object]]
        if len(targets) == 1:
            work = partial(
                team_members.delete_member_from_organization_team_by_id,
                self.organization_id,
                team.id,
                targets[0].organization.user.id,
            )
        else:
            work = partial(
                team_members.update_members_in_organization_team,
                self.organization_id,
                team.id,
                remove=[t.organization.user.id for t in targets],
            )
        dialog = ConfirmAction(
            heading("Take ", names, f" out of {text.one_line(team.title)}?"),
            Content(
                "They stay members of the organisation, with their role; they lose what the "
                "team gave them."
            ),
            work,
            confirm_label="Remove",
            check=partial(
                out_of_team,
                self.client,
                self.organization_id,
                team.id,
                [t.organization.user.id for t in targets],
            ),
        )

        def removed(result: object) -> None:
            if result is not None:
                self.team_changed(team, f"Took {names} out of {text.one_line(team.title)}.")

        self.app.push_screen(dialog, removed)

    # -- TeamActions -----------------------------------------------------------------------

    def team_in_view(self) -> Team | None:
        return self.view.team if self.view else None

    def team_changed(self, team: Team | None, message: str) -> None:
        self.notify(message, title="Done", markup=False)
        if team is None:
            self.docdeck.action_back_from(self)
            return
        self.table.clear_marks()
        self.reload()
