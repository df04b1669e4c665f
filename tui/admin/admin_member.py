"""Provides MemberScreen: one member, the spaces they reach with their permission, and their teams."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Static

from tui.admin.member_actions import MEMBER_BINDINGS, MemberActions
from tui.admin.member_dialogs import member_name, role_label
from tui.core.humanize import plural, seen_ago

from ..api.models import Member, MemberSpace, MemberTeam, Organization, Page, Space, Team
from ..shell.navigation import space_location
from ..shell.screen import BrowserScreen
from ..widgets import DetailPane
from ..widgets.list_end import page_limit
from ..widgets.record_table import Column, Record, RecordTable
from .locations import member_location, team_location

__all__ = ["MemberScreen", "MemberView"]


@dataclass
class MemberView:
    """A member, the first page of the spaces they reach, and all their teams."""

    organization: Organization
    member: Member
    spaces: Page[MemberSpace]
    teams: list[MemberTeam]


class MemberScreen(MemberActions, BrowserScreen[MemberView]):
    """The member's facts above two tables: spaces (with the permission) and teams."""

    NAMESPACE = "member"
    CSS_PATH = ["../styles/admin.tcss", "../styles/admin_dialogs.tcss"]
    BINDINGS: ClassVar[list[BindingType]] = [*MEMBER_BINDINGS]

    def __init__(self, organization_id: str, user_id: str, *, via: str = "members") -> None:
        super().__init__()
        self.via = via
        """The administration view the member was opened from (its crumb): members or access."""
        self.organization_id = organization_id
        self.user_id = user_id
        self.view: MemberView | None = None
        self._next_spaces: str | None = None

    def compose_body(self) -> ComposeResult:
        with VerticalScroll(classes="detail-head"):
            yield DetailPane(id="member-facts")
        with Horizontal(classes="detail-tables"):
            with Vertical():
                yield Static(Content("Spaces"), id="spaces-title", classes="table-title")
                yield RecordTable(
                    [
                        Column("space", "Space", 16, flex=True),
                        Column("permission", "Permission", 10),
                    ],
                    id="spaces",
                )
            with Vertical(classes="right-table"):
                yield Static(Content("Teams"), id="teams-title", classes="table-title")
                yield RecordTable(
                    [Column("team", "Team", 12, flex=True), Column("role", "Role", 6)], id="teams"
                )

    def on_mount(self) -> None:
        self.query_one("#spaces", RecordTable).focus()
        place = self.session.places.get("member", f"{self.organization_id}/{self.user_id}")
        if place is not None:
            self.show_location(place)

    async def fetch_view(self) -> MemberView:
        client = self.client
        members = client.organization_members
        organization = await client.organizations.get_organization_by_id(self.organization_id)
        member = await members.get_member_in_organization_by_id(self.organization_id, self.user_id)
        spaces = await members.list_spaces_for_organization_member(
            self.organization_id, self.user_id, limit=self.docdeck.page_size
        )
        teams = [
            team
            async for team in client.paginate(
                members.list_teams_for_organization_member,
                self.organization_id,
                self.user_id,
                limit=100,
            )
        ]
        return MemberView(organization, member, spaces, teams)

    def show_view(self, view: MemberView) -> None:
        self.view = view
        member = view.member
        self.show_location(
            member_location(self.organization_id, self.user_id, member_name(member), via=self.via)
        )
        now = self.docdeck.clock()
        self.query_one("#member-facts", DetailPane).show(
            member_name(member),
            [
                ("E-mail", member.user.email),
                ("Role", role_label(member.role)),
                ("Joined", member.joined_at.date().isoformat() if member.joined_at else None),
                ("Last seen", seen_ago(member.last_seen_at, now)),
                ("SSO", "yes" if member.sso else "no"),
                ("Disabled", "yes" if member.disabled else None),
                ("Reaches", f"{plural(member.spaces, 'space')} · {plural(member.teams, 'team')}"),
                ("Id", member.user.id),
            ],
        )
        self._next_spaces = view.spaces.next_page
        count = view.spaces.count if view.spaces.count is not None else member.spaces
        self.query_one("#spaces-title", Static).update(Content(f"Spaces ({count})"))
        self.query_one("#spaces", RecordTable).set_records(
            [self._space_record(s) for s in view.spaces.items], more=bool(view.spaces.next_page)
        )
        self.query_one("#teams-title", Static).update(Content(f"Teams ({len(view.teams)})"))
        teams = [Record(t.team.id, (t.team.title, t.member.role), t.team) for t in view.teams]
        if not teams:
            # A table of headers alone reads as still loading: say there is none.
            teams = [Record("-none", (Text("No team", style="dim"), ""))]
        self.query_one("#teams", RecordTable).set_records(teams)
        self.refresh_bindings()

    @staticmethod
    def _space_record(reach: MemberSpace) -> Record:
        space = reach.space
        title = f"{space.emoji} {space.title}" if space.emoji else space.title
        return Record(space.id, (title, reach.permission), space)

    def on_record_table_more_wanted(self, event: RecordTable.MoreWanted) -> None:
        token = self._next_spaces
        if not token or event.table.id != "spaces":
            return
        members = self.client.organization_members

        limit = page_limit(event.rest, self.docdeck.page_size)

        async def fetch() -> Page[MemberSpace]:
            return await members.list_spaces_for_organization_member(
                self.organization_id, self.user_id, page=token, limit=limit
            )

        async def show(page: Page[MemberSpace]) -> None:
            if self._next_spaces != token:
                return
            self._next_spaces = page.next_page
            await self.query_one("#spaces", RecordTable).add_page(
                (self._space_record(s) for s in page.items), more=bool(page.next_page)
            )

        self.load(fetch, show, group="more-spaces")

    def on_record_table_record_chosen(self, event: RecordTable.RecordChosen) -> None:
        value = event.record.value
        if isinstance(value, Space):
            self.docdeck.open_location(space_location(value))
        elif isinstance(value, Team):
            self.docdeck.open_location(team_location(self.organization_id, value.id, value.title))

    # -- MemberActions ---------------------------------------------------------------------

    def members_in_view(self) -> list[Member]:
        return [self.view.member] if self.view is not None else []

    def may_administrate(self) -> bool:
        return bool(self.view and self.view.organization.permissions.admin)

    def members_changed(self, message: str, *, removed: bool = False) -> None:
        self.notify(message, title="Done", markup=False)
        if removed:
            self.docdeck.action_back_from(self)
        else:
            self.reload()

    def current_url(self) -> str | None:
        return self.view.member.user.urls.location if self.view else None
