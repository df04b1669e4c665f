"""Provides MembersScreen: an organisation's members, searched, filtered and sorted by the service."""

from __future__ import annotations

import asyncio
from datetime import date
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType

from tui.admin.access_dialogs import ExportCsvForm, Exported
from tui.admin.logic.access_stream import write_csv
from tui.admin.member_actions import MEMBER_BINDINGS, MemberActions
from tui.admin.member_dialogs import ROLE_CHOICES, member_name, role_label
from tui.core import text
from tui.core.humanize import plural, seen_ago

from ..api import UNSET
from ..api.models import Member, Page
from ..dialogs.pick_dialog import PickDialog
from ..shell.read_only import mutating
from ..shell.table_screen import TableScreen
from ..widgets.record_table import Column, Record
from .locations import admin_view_location, member_location

__all__ = ["MEMBERS_CSV_HEADER", "MembersScreen", "member_cells", "member_record"]

SORTS = {"joinedAt": "joined", "lastSeenAt": "last seen"}
ALL_ROLES = ""
"""The role filter that keeps everyone."""


MEMBERS_CSV_HEADER = (
    "Name",
    "E-mail",
    "Organization role",
    "Disabled",
    "Joined",
    "Last seen",
    "Spaces",
    "Teams",
    "SSO",
    "Member id",
)
EXPORT_PAGE = 1000
"""The service's largest page: the export asks for the fewest."""


def member_cells(member: Member) -> tuple[str, ...]:
    """A member as a row of the members CSV (times in ISO 8601, for a spreadsheet)."""
    return (
        member.user.display_name,
        member.user.email or "",
        member.role or "guest",
        "yes" if member.disabled else "no",
        member.joined_at.isoformat() if member.joined_at else "",
        member.last_seen_at.isoformat() if member.last_seen_at else "",
        str(member.spaces),
        str(member.teams),
        "yes" if member.sso else "no",
        member.user.id,
    )


def member_record(member: Member, now: float) -> Record:
    role = role_label(member.role)
    # A disabled member is struck through, and says so in words where the last visit would
    # be (their own screen has it): dim and strike alone vanish under NO_COLOR or GNU screen.
    name = text.text(member_name(member), "dim strike" if member.disabled else "")
    seen = "disabled" if member.disabled else seen_ago(member.last_seen_at, now)
    return Record(
        member.user.id,
        (
            name,
            Text(role, style="italic" if member.role is None else ""),
            seen_ago(member.joined_at, now) if member.joined_at else "",
            seen,
            str(member.spaces),
            str(member.teams),
            "yes" if member.sso else "no",
            member.user.email or "",
        ),
        member,
    )


class MembersScreen(MemberActions, TableScreen[Member]):
    """Every member: space selects several, the member keys act on the selection."""

    NAMESPACE = "members"
    COLUMNS = (
        # The sort columns come before the e-mail, which takes what is left; at narrow widths
        # the counts and SSO make room for them.
        Column("name", "Name", 18),
        Column("role", "Role", 7),
        Column("joined", "Joined", 9),
        Column("seen", "Last seen", 9),
        Column("spaces", "Spaces", 6, drop=1),
        Column("teams", "Teams", 5, drop=2),
        Column("sso", "SSO", 3, drop=3),
        Column("email", "E-mail", 16, flex=True),
    )
    MARKABLE = True
    SERVER_FILTER = True
    WITH_DETAILS = False
    EMPTY = "No member has this role."
    WHAT = ("member", "members")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "open_member", "Open", id="members.open", show=False, tooltip="The member's spaces and teams"),
        Binding("f", "filter_role", "Role filter", id="members.role_filter", tooltip="Show only the members of one role (or guests)"),
        Binding("s", "sort", "Sort", id="members.sort", tooltip="Sort by joining date or by last seen"),
        Binding("O", "order", "Order", id="members.order", tooltip="Newest first or oldest first"),
        Binding("h", "here", "I'm here", id="members.here", show=False, tooltip="Tell the organisation you are active now (your last seen becomes now)"),
        Binding("x", "export_csv", "Export CSV", id="members.export", show=False, tooltip="Write the members (the filters in force) as CSV to a file"),
        *MEMBER_BINDINGS,
    ]  # fmt: skip

    def __init__(self, organization_id: str) -> None:
        super().__init__(organization_id)
        self.role = ALL_ROLES
        """The role shown ("" for all, ``guest`` for members without one)."""
        self.sort = "joinedAt"
        self.order = "desc"

    def show_place(self) -> None:
        self.show_location(admin_view_location(self.organization_id, "members"))

    async def fetch_page(self, page: str | None, limit: int) -> Page[Member]:
        return await self.client.organization_members.list_members_in_organization_by_id(
            self.organization_id,
            page=page or UNSET,
            limit=limit,
            role=self.role or UNSET,
            search=self.search or UNSET,
            sort=self.sort,
            order=self.order,
        )

    def record_of(self, item: Member) -> Record:
        return member_record(item, self.docdeck.clock())

    def query_note(self) -> str:
        parts = []
        if self.role:
            parts.append(f"role {self.role}")
        arrow = "↓" if self.order == "desc" else "↑"
        parts.append(f"by {SORTS[self.sort]} {arrow}")
        return " · ".join(parts)

    # -- narrowing and sorting -------------------------------------------------------------

    def action_filter_role(self) -> None:
        choices = [("Every member", ALL_ROLES), *((label, value) for label, value in ROLE_CHOICES)]

        def chosen(role: str | None) -> None:
            if role is not None and role != self.role:
                self.role = role
                self.reload()

        self.app.push_screen(
            PickDialog("Show the members whose role is", choices, current=self.role), chosen
        )

    def action_sort(self) -> None:
        self.sort = "lastSeenAt" if self.sort == "joinedAt" else "joinedAt"
        if self.sort == "lastSeenAt":
            self.notify(
                "Sorted by last seen: members never seen are left out by the service.",
                markup=False,
            )
        self.reload()

    def action_order(self) -> None:
        self.order = "asc" if self.order == "desc" else "desc"
        self.reload()

    # -- exporting -------------------------------------------------------------------------

    async def _export(self, target: Path) -> int:
        """Every member the filters in force keep (not only the pages loaded), as CSV."""
        client = self.client
        role, search, sort, order = self.role, self.search, self.sort, self.order
        members: list[tuple[str, ...]] = []
        with client.uncached():  # read once, written at once: nothing to keep
            async for member in client.paginate(
                client.organization_members.list_members_in_organization_by_id,
                self.organization_id,
                limit=EXPORT_PAGE,
                role=role or UNSET,
                search=search or UNSET,
                sort=sort,
                order=order,
            ):
                members.append(member_cells(member))
        return await asyncio.to_thread(write_csv, target, MEMBERS_CSV_HEADER, members)

    def action_export_csv(self) -> None:
        default = str(
            Path("~") / f"docdeck-members-{self.organization_id}-{date.today().isoformat()}.csv"
        )
        count = self.total if self.total is not None else len(self.table.records)

        def written(result: Exported | None) -> None:
            if result is not None:
                self.notify(
                    f"Wrote {plural(result.rows, 'member')} to {result.path}.",
                    title="Exported",
                    markup=False,
                )

        filters = self.query_note()
        if self.search:
            filters = f"search “{self.search}” · {filters}"
        self.app.push_screen(
            ExportCsvForm(
                count,
                default,
                self._export,
                what="the members shown by the filters in force",
                note=f"Filters: {filters}",
                noun=("member", "members"),
            ),
            written,
        )

    # -- acting ----------------------------------------------------------------------------

    @mutating
    def action_here(self) -> None:
        """The member ping: what the web app sends while someone is active, on demand."""
        client = self.client

        async def ping() -> None:
            await client.organization_members.update_organization_member_last_seen_at(
                self.organization_id
            )
            self.notify("Your last seen is now.", title="Seen", markup=False)
            self.reload()

        self.run_task(ping, group="ping")

    def action_open_member(self) -> None:
        member = self.highlighted
        if member is not None:
            self.docdeck.open_location(
                member_location(self.organization_id, member.user.id, member_name(member))
            )

    def on_record_table_record_chosen(self) -> None:
        self.action_open_member()

    def members_in_view(self) -> list[Member]:
        marked = self.marked
        if marked:
            return marked
        member = self.highlighted
        return [member] if member is not None else []

    def may_administrate(self) -> bool:
        return self.is_admin

    def members_changed(self, message: str, *, removed: bool = False) -> None:
        self.notify(message, title="Done", markup=False)
        self.table.clear_marks()
        self.reload()

    def current_url(self) -> str | None:
        member = self.highlighted
        return member.user.urls.location if member is not None else None
