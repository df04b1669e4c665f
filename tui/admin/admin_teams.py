"""Provides TeamsScreen: an organisation's teams, found by title or by who can manage them."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType

from tui.admin.member_dialogs import member_name
from tui.admin.member_picker import MemberPicker
from tui.admin.team_actions import TeamActions, team_bindings
from tui.admin.team_dialogs import TeamForm
from tui.core import text

from ..api import UNSET
from ..api.models import Member, Page, Team
from ..dialogs import allowed
from ..shell.read_only import mutating
from ..shell.table_screen import TableScreen
from ..widgets.record_table import Column, Record
from .locations import admin_view_location, team_location

__all__ = ["TeamsScreen"]


class TeamsScreen(TeamActions, TableScreen[Team]):
    """Every team; ``/`` asks the service for titles, ``w`` for the teams a member can manage."""

    NAMESPACE = "teams"
    COLUMNS = (
        Column("title", "Team", 28),
        Column("members", "Members", 7),
        Column("spaces", "Spaces", 6),
        Column("created", "Created", 10),
        Column("manage", "You manage", 10),
    )
    SERVER_FILTER = True
    EMPTY = "No team yet: press n to create one."
    WHAT = ("team", "teams")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "open_team", "Open", id="teams.open", show=False, tooltip="The team's members"),
        Binding("n", "create_team", "New team", id="teams.create", tooltip="Create a team, with members"),
        *team_bindings("e", "d,delete"),
        Binding("w", "managed_by", "Managed by", id="teams.managed_by", tooltip="Only the teams a member can manage (again: every team)"),
    ]  # fmt: skip

    def __init__(self, organization_id: str) -> None:
        super().__init__(organization_id)
        self.manager: Member | None = None
        """Show only the teams this member can manage (None: every team)."""

    def show_place(self) -> None:
        self.show_location(admin_view_location(self.organization_id, "teams"))

    async def fetch_page(self, page: str | None, limit: int) -> Page[Team]:
        return await self.client.teams.list_teams_in_organization_by_id(
            self.organization_id,
            page=page or UNSET,
            limit=limit,
            title=self.search or UNSET,
            owner=self.manager.user.id if self.manager else UNSET,
        )

    def record_of(self, item: Team) -> Record:
        created = item.created_at.date().isoformat() if item.created_at else ""
        return Record(
            item.id,
            (item.title, str(item.members), str(item.spaces), created, "yes" if item.permissions.admin else ""),
            item,
        )  # fmt: skip

    def facts_of(self, item: Team) -> tuple[str, list[tuple[str, object]]]:
        return (
            item.title,
            [
                ("Members", str(item.members)),
                ("Spaces", str(item.spaces)),
                ("Created", item.created_at.date().isoformat() if item.created_at else None),
                ("You manage it", "yes" if item.permissions.admin else "no"),
                ("Id", item.id),
            ],
        )

    def query_note(self) -> str:
        if self.manager is None:
            return ""
        return f"managed by {text.one_line(member_name(self.manager))}"

    # -- narrowing -------------------------------------------------------------------------

    def action_managed_by(self) -> None:
        if self.manager is not None:
            self.manager = None
            self.reload()
            return

        def chosen(members: list[Member] | None) -> None:
            if members:
                self.manager = members[0]
                self.reload()

        self.app.push_screen(
            MemberPicker("Teams this member can manage", self.organization_id), chosen
        )

    # -- acting ----------------------------------------------------------------------------

    def action_open_team(self) -> None:
        team = self.highlighted
        if team is not None:
            self.docdeck.open_location(team_location(self.organization_id, team.id, team.title))

    def on_record_table_record_chosen(self) -> None:
        self.action_open_team()

    @mutating
    def action_create_team(self) -> None:
        if not allowed(self, self.is_admin, "admin", "create teams"):
            return

        def created(team: Team | None) -> None:
            if team is not None:
                self.team_changed(team, f"Created the team {text.one_line(team.title)}.")

        self.app.push_screen(TeamForm(self.organization_id), created)

    def team_in_view(self) -> Team | None:
        return self.highlighted

    def team_changed(self, team: Team | None, message: str) -> None:
        self.notify(message, title="Done", markup=False)
        if team is not None:
            self.select_after_load(team.id)
        self.reload()

    def current_url(self) -> str | None:
        return None
