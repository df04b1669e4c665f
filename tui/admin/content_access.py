"""Provides ContentAccessScreen: who reaches a space or a collection, through what, with which
role; give members and teams a role here, change it, remove it, one or several at once.

It reads the content and the collections above it, the users and teams given a role on each,
the members of those teams, the service's aggregate (the effective roles) and the members'
organisation roles; ``tui.admin.logic.content_access`` says where each role comes from and what a
change would do, and ``AccessChangeDialog`` says it before sending.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import ClassVar, Literal

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Static

from tui.admin.access_changes import CONTENT_ROLES, AccessChange, AccessChangeDialog, TeamPicker
from tui.admin.bulk_dialog import describe_outcome
from tui.admin.logic.bulk import BulkOutcome
from tui.admin.logic.content_access import (
    ContentAccess,
    Given,
    MemberAccess,
    Person,
    Place,
    TeamAccess,
)
from tui.admin.member_picker import MemberPicker
from tui.core import text
from tui.core.humanize import plural

from ..api import Client
from ..api.models import Collection, Member, Space, Team, User
from ..dialogs import allowed
from ..dialogs.pick_dialog import PickDialog
from ..shell.navigation import Location, collection_location, space_location
from ..shell.read_only import mutating
from ..shell.screen import BrowserScreen
from ..widgets.record_table import Column, Record, RecordTable
from .locations import content_access_location, member_location, team_location

__all__ = ["AccessView", "ContentAccessScreen", "read_access"]

EVERY = 1000
"""The page size of the lists read (the service's maximum)."""

Row = MemberAccess | TeamAccess


@dataclass
class AccessView:
    kind: Literal["space", "collection"]
    content: Space | Collection
    access: ContentAccess


def _place(kind: Literal["space", "collection"], item: Space | Collection) -> Place:
    return Place(kind, item.id, item.title, item.default_level)


def _person(user: User) -> Person:
    return Person(user.id, user.display_name or user.email or user.id, user.email or "")


def person_of(member: Member) -> Person:
    return _person(member.user)


async def read_access(
    client: Client, kind: Literal["space", "collection"], content_id: str
) -> AccessView:
    """Everything the screen shows about one space or collection (every GET it needs)."""
    content: Space | Collection
    if kind == "space":
        content = await client.spaces.get_space_by_id(content_id)
    else:
        content = await client.collections.get_collection_by_id(content_id)
    chain = [_place(kind, content)]
    parent, seen = content.parent, {content.id}
    while parent and parent not in seen:
        seen.add(parent)
        above = await client.collections.get_collection_by_id(parent)
        chain.append(_place("collection", above))
        parent = above.parent
    given: list[Given] = []
    for place in chain:
        on_space = place.kind == "space"
        space_perms, collection_perms = client.space_permissions, client.collection_permissions
        users = (
            space_perms.list_user_permissions_in_space
            if on_space
            else collection_perms.list_user_permissions_in_collection
        )
        teams = (
            space_perms.list_team_permissions_in_space
            if on_space
            else collection_perms.list_team_permissions_in_collection
        )
        async for user in client.paginate(users, place.id, limit=EVERY):
            name = user.user.display_name or user.user.email or user.user.id
            given.append(Given(place, "user", user.user.id, name, user.permission))
        async for team in client.paginate(teams, place.id, limit=EVERY):
            given.append(Given(place, "team", team.team.id, team.team.title, team.permission))
    organization = content.organization
    team_members: dict[str, set[str]] = {}
    for team_id in dict.fromkeys(g.subject for g in given if g.principal == "team"):
        team_members[team_id] = await members_of_team(client, organization, team_id)
    aggregate_of = (
        client.space_permissions.list_permissions_aggregate_in_space
        if kind == "space"
        else client.collection_permissions.list_permissions_aggregate_in_collection
    )
    aggregate = [
        (_person(p.user), p.permission)
        async for p in client.paginate(aggregate_of, content_id, limit=EVERY)
    ]
    members = client.organization_members.list_members_in_organization_by_id
    org_roles = {
        m.user.id: m.role async for m in client.paginate(members, organization, limit=EVERY)
    }
    return AccessView(
        kind, content, ContentAccess(chain, given, team_members, aggregate, org_roles)
    )


async def members_of_team(client: Client, organization_id: str, team_id: str) -> set[str]:
    listing = client.team_members.list_team_members_in_organization_by_id
    return {
        m.organization.user.id
        async for m in client.paginate(listing, organization_id, team_id, limit=EVERY)
    }


class ContentAccessScreen(BrowserScreen[AccessView]):
    """Teams given a role, then every member who reaches the content; space selects rows."""

    NAMESPACE = "access"
    CSS_PATH = ["../styles/admin.tcss", "../styles/admin_dialogs.tcss"]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "give_members", "Give members", id="access.give_members", tooltip="Give members a role here, found by name or e-mail"),
        Binding("t", "give_teams", "Give teams", id="access.give_teams", tooltip="Give teams a role here, found by title"),
        Binding("e", "change_role", "Change role", id="access.change", tooltip="Change the role given here to the selected rows (or the highlighted one)"),
        Binding("d,delete", "remove_role", "Remove", id="access.remove", tooltip="Remove the role given here to the selected rows (or the highlighted one; asks first)"),
        Binding("enter", "open_row", "Open", id="access.open", show=False, tooltip="Open the member or the team"),
    ]  # fmt: skip

    def __init__(self, place: Location) -> None:
        super().__init__()
        self.place = place
        kind, _, content_id = place.id.partition(":")
        self.kind: Literal["space", "collection"] = (
            "collection" if kind == "collection" else "space"
        )
        self.content_id = content_id
        self.view: AccessView | None = None

    def compose_body(self) -> ComposeResult:
        with Vertical(classes="table-column"):
            yield Static(
                Content.styled("Loading…", "$text-muted"),
                id="access-summary",
                classes="table-title",
            )
            yield RecordTable(
                [
                    Column("who", "Who", 22),
                    Column("role", "Role", 7),
                    Column("through", "Through", 24, flex=True),
                ],
                markable=True,
                id="access",
            )

    @property
    def table(self) -> RecordTable:
        return self.query_one("#access", RecordTable)

    def on_mount(self) -> None:
        self.table.focus()
        self.show_location(self.place)

    async def fetch_view(self) -> AccessView:
        return await read_access(self.client, self.kind, self.content_id)

    def show_view(self, view: AccessView) -> None:
        self.view = view
        content = view.content
        holder = space_location(content) if isinstance(content, Space) else (
            collection_location(content))  # fmt: skip
        self.session.places.see(holder)
        self.show_location(content_access_location(holder))
        access = view.access
        teams, members = access.teams(), access.members()
        self.table.set_records([self._team_record(t) for t in teams] + [
            self._member_record(m) for m in members])  # fmt: skip
        above = len(access.chain) - 1
        summary = f"{plural(len(members), 'member')} reach this {view.kind}"
        if teams:
            summary += f" · {plural(len(teams), 'team')} given a role"
        if above:
            summary += f" · {plural(above, 'collection')} above"
        self.query_one("#access-summary", Static).update(Content.styled(summary, "$text-muted"))
        self._update_note()

    @staticmethod
    def _team_record(team: TeamAccess) -> Record:
        size = f" ({team.members})" if team.members is not None else ""
        who = Content.assemble(
            Content.styled("team ", "$text-muted"), text.content(team.given.name)
        )
        return Record(
            team.key,
            (who, team.given.role, f"{team.through}{size}"),
            team,
            f"team {text.one_line(team.given.name)} {team.through}",
        )

    @staticmethod
    def _member_record(member: MemberAccess) -> Record:
        person = member.person
        return Record(
            member.key,
            (text.content(person.name), member.role or "", text.content(member.through)),
            member,
            f"{text.one_line(person.name)} {text.one_line(person.email)} {member.through}",
        )

    def _update_note(self) -> None:
        marked = len(self.table.marked)
        role = f"You: {'admin' if self._is_admin() else 'not admin'} here"
        self.set_note(f"{role} · {marked} selected" if marked else role)

    def on_record_table_marks_changed(self, event: RecordTable.MarksChanged) -> None:
        self._update_note()

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

    def current_url(self) -> str | None:
        return self.view.content.urls.app if self.view else None

    def action_open_row(self) -> None:
        record = self.table.highlighted_record
        if record is None:
            return
        row = record.value
        organization = self.place.organization
        if isinstance(row, TeamAccess):
            location = team_location(organization, row.given.subject, row.given.name)
        else:
            location = member_location(organization, row.person.id, row.person.name)
        self.docdeck.open_location(location)

    def on_record_table_record_chosen(self, event: RecordTable.RecordChosen) -> None:
        self.action_open_row()

    # -- changing who has access -----------------------------------------------------------

    def _is_admin(self) -> bool:
        return bool(self.view and self.view.content.permissions.admin)

    def _may_change(self) -> AccessView | None:
        view = self.view
        if view is None:
            self.notify("Still loading.", severity="warning")
            return None
        doing = f"change who has access to this {view.kind}"
        return view if allowed(self, self._is_admin(), "admin", doing) else None

    def _targets(self) -> list[Row]:
        marked = [r.value for r in self.table.marked]
        if marked:
            return marked
        record = self.table.highlighted_record
        return [record.value] if record is not None else []

    def _ask_role(
        self, title: Content, current: str | None, then: Callable[[str | None], None]
    ) -> None:
        picker: PickDialog[str] = PickDialog(title, CONTENT_ROLES, current=current)
        self.app.push_screen(picker, then)

    def _confirm(self, changes: list[AccessChange], skipped: list[str]) -> None:
        view = self.view
        if view is None:
            return
        if skipped:
            self.notify("\n".join(skipped), title="Left out", severity="warning", markup=False)
        if not changes:
            return
        dialog = AccessChangeDialog(view.kind, view.content.id, view.content.title, changes)

        def done(outcome: BulkOutcome[AccessChange] | None) -> None:
            self._changed(outcome)

        self.app.push_screen(dialog, done)

    def _changed(self, outcome: BulkOutcome[AccessChange] | None) -> None:
        if outcome is None or not (outcome.applied or outcome.refused or outcome.lost):
            return
        if outcome.complete:
            lines = [change.preview.line for change in outcome.applied]
            self.notify("\n".join(lines), title="Done", markup=False)
        else:
            report = describe_outcome(outcome, lambda c: c.name, "Changed").plain
            self.notify(report, title="Stopped", severity="warning", markup=False)
        self.table.clear_marks()
        self.reload()

    def _member_change(self, view: AccessView, person: Person, role: str | None) -> AccessChange:
        access = view.access
        return AccessChange(
            "user",
            person.id,
            person.name,
            role,
            access.direct_role(person.id) is not None,
            access.preview_member(person, role),
        )

    def _team_change(
        self, view: AccessView, team_id: str, name: str, role: str | None
    ) -> AccessChange:
        access = view.access
        return AccessChange(
            "team",
            team_id,
            name,
            role,
            access.team_role(team_id) is not None,
            access.preview_team(team_id, name, role),
        )

    @mutating
    def action_give_members(self) -> None:
        view = self._may_change()
        if view is None:
            return
        title = text.one_line(view.content.title)

        def chosen(members: list[Member] | None) -> None:
            if not members:
                return
            people = [person_of(m) for m in members]
            who = people[0].name if len(people) == 1 else plural(len(people), "member")
            current = view.access.direct_role(people[0].id) if len(people) == 1 else None

            def role_chosen(role: str | None) -> None:
                if role is not None:
                    self._confirm([self._member_change(view, p, role) for p in people], [])

            self._ask_role(
                Content(f"Role of {text.one_line(who)} on {title}"), current, role_chosen
            )

        self.app.push_screen(
            MemberPicker(f"Give a role on {title}", self.place.organization, several=True),
            chosen,
        )

    @mutating
    def action_give_teams(self) -> None:
        view = self._may_change()
        if view is None:
            return
        title = text.one_line(view.content.title)

        def chosen(teams: list[Team] | None) -> None:
            if not teams:
                return
            who = teams[0].title if len(teams) == 1 else plural(len(teams), "team")
            current = view.access.team_role(teams[0].id) if len(teams) == 1 else None

            def role_chosen(role: str | None) -> None:
                if role is not None:
                    self.run_task(partial(self._give_teams, view, teams, role), group="teams")

            self._ask_role(
                Content(f"Role of {text.one_line(who)} on {title}"), current, role_chosen
            )

        self.app.push_screen(TeamPicker(f"Give a role on {title}", self.place.organization), chosen)

    async def _give_teams(self, view: AccessView, teams: list[Team], role: str) -> None:
        # A team not given anything yet: read its members, so the preview can count them.
        access = view.access
        known = dict(access.team_members)
        for team in teams:
            if team.id not in known:
                known[team.id] = await members_of_team(
                    self.client, self.place.organization, team.id
                )
        changes = [
            AccessChange(
                "team",
                team.id,
                team.title,
                role,
                access.team_role(team.id) is not None,
                access.preview_team(team.id, team.title, role, known[team.id]),
            )
            for team in teams
        ]
        self._confirm(changes, [])

    def _changeable(self, rows: list[Row], removing: bool) -> tuple[list[Row], list[str]]:
        """The rows whose role given here can change, and why the others cannot."""
        kept: list[Row] = []
        skipped: list[str] = []
        for row in rows:
            if isinstance(row, TeamAccess):
                if row.here:
                    kept.append(row)
                else:
                    skipped.append(
                        f"{text.one_line(row.given.name)}: given on "
                        f"{text.one_line(row.given.place.title)}; change it there."
                    )
            elif removing and row.direct is None:
                skipped.append(
                    f"{text.one_line(row.person.name)}: nothing given here; "
                    f"{row.role or 'no role'} comes through {row.through}."
                )
            else:
                kept.append(row)
        return kept, skipped

    @mutating
    def action_change_role(self) -> None:
        view = self._may_change()
        if view is None:
            return
        rows, skipped = self._changeable(self._targets(), removing=False)
        if not rows:
            self._confirm([], skipped)
            return
        current = _given_role(rows[0]) if len(rows) == 1 else None
        who = _name(rows[0]) if len(rows) == 1 else plural(len(rows), "row")
        title = text.one_line(view.content.title)

        def role_chosen(role: str | None) -> None:
            if role is not None:
                self._confirm([self._change_for(view, row, role) for row in rows], skipped)

        self._ask_role(Content(f"Role of {text.one_line(who)} on {title}"), current, role_chosen)

    @mutating
    def action_remove_role(self) -> None:
        view = self._may_change()
        if view is None:
            return
        rows, skipped = self._changeable(self._targets(), removing=True)
        self._confirm([self._change_for(view, row, None) for row in rows], skipped)

    def _change_for(self, view: AccessView, row: Row, role: str | None) -> AccessChange:
        if isinstance(row, TeamAccess):
            return self._team_change(view, row.given.subject, row.given.name, role)
        return self._member_change(view, row.person, role)


def _given_role(row: Row) -> str | None:
    return row.given.role if isinstance(row, TeamAccess) else row.direct


def _name(row: Row) -> str:
    return row.given.name if isinstance(row, TeamAccess) else row.person.name
