"""Provides AccessScreen: who reaches which space with which permission, built and exported.

The view is built from the member-spaces lists, fetched a few at a time with the progress shown.
An organisation where that takes many requests (2,000 members reaching 10,000 spaces each) is
not built blindly: the view first counts what it would take, says so, and builds only when
asked (``b``), or for fewer members (``f``: one role). ``w`` answers "who can edit
the API reference?", ``/`` filters the rows, ``x`` writes them as CSV to a chosen path.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import date
from functools import partial
from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Static

from ..api import UNSET
from ..api.models import Member, MemberSpace
from ..data.access import AccessMatrix, gather_limited
from ..dialogs.access_dialogs import AccessQuestion, ExportCsvForm, WhoCanDialog
from ..dialogs.member_dialogs import ROLE_CHOICES
from ..dialogs.pick_dialog import PickDialog
from ..humanize import plural
from ..shell.navigation import admin_view_location, member_location
from ..shell.screen import BrowserScreen
from ..widgets.record_table import Column, Record, RecordTable

__all__ = ["ACCESS_BUDGET", "AccessScreen", "AccessView"]

ACCESS_BUDGET = 300
"""Requests the view makes without asking; beyond, it says how many and waits for ``b``."""
PARALLEL = 4
"""Member-spaces lists fetched at once."""
SHOWN_ROWS = 5000
"""Rows drawn at most (the filter, ``w`` and the CSV see them all)."""
PAGE = 1000
"""The service's largest page: fewest requests."""


@dataclass
class AccessView:
    """The members in scope, and what building their access would take."""

    members: list[Member]
    pages_per_member: int
    """Pages of spaces of the first member: the estimate's unit."""

    @property
    def estimate(self) -> int:
        return len(self.members) * max(1, self.pages_per_member)


class AccessScreen(BrowserScreen[AccessView]):
    """Rows of member × space × permission, built on demand, filtered, exported."""

    NAMESPACE = "access"
    CSS_PATH = ["../styles/admin.tcss", "../styles/admin_dialogs.tcss"]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("w", "who_can", "Who can…?", id="access.who_can", tooltip="Who has at least a role on some spaces"),
        Binding("x", "export_csv", "Export CSV", id="access.export", tooltip="Write the rows shown as CSV to a file"),
        Binding("b", "build", "Build", id="access.build", tooltip="Build the view, however many requests it takes"),
        Binding("f", "filter_role", "Members", id="access.role", tooltip="Build for the members of one role only"),
        Binding("enter", "open_member", "Open", id="access.open", show=False, tooltip="The member's own screen"),
    ]  # fmt: skip

    def __init__(self, organization_id: str) -> None:
        super().__init__()
        self.organization_id = organization_id
        self.role = ""
        """Build for the members of this role only ("" for everyone)."""
        self.view: AccessView | None = None
        self.matrix: AccessMatrix | None = None
        self.question: AccessQuestion | None = None
        self.requests = 0
        """Requests the last build made (for the status line and the benchmark)."""
        self._filter = ""
        self._user_of: dict[str, str] = {}

    def compose_body(self) -> ComposeResult:
        with Vertical(classes="body table-column"):
            yield Static(id="progress", classes="progress")
            yield RecordTable(
                [
                    Column("member", "Member", 18),
                    Column("role", "Role", 7, drop=1),
                    Column("space", "Space", 18, flex=True),
                    Column("permission", "Permission", 10),
                    Column("email", "E-mail", 14, flex=True),
                ],
                id="records",
            )

    @property
    def table(self) -> RecordTable:
        return self.query_one("#records", RecordTable)

    def on_mount(self) -> None:
        self.table.focus()
        self.show_location(admin_view_location(self.organization_id, "access"))
        self._progress("Counting the members…")

    def _progress(self, message: str) -> None:
        self.query_one("#progress", Static).update(Content.styled(message, "$text-accent"))

    # -- the members in scope --------------------------------------------------------------

    async def fetch_view(self) -> AccessView:
        client = self.client
        members_api = client.organization_members
        members = [
            member
            async for member in client.paginate(
                members_api.list_members_in_organization_by_id,
                self.organization_id,
                role=self.role or UNSET,
                limit=PAGE,
            )
        ]
        pages = 1
        if members:
            probe = await members_api.list_spaces_for_organization_member(
                self.organization_id, members[0].user.id, limit=PAGE
            )
            total = probe.count if probe.count is not None else len(probe.items)
            pages = max(1, math.ceil(total / PAGE))
        return AccessView(members, pages)

    def show_view(self, view: AccessView) -> None:
        self.show_location(admin_view_location(self.organization_id, "access"))
        fresh = self.view is None or [m.id for m in view.members] != [
            m.id for m in self.view.members
        ]
        self.view = view
        if view.estimate > ACCESS_BUDGET:
            self._progress(
                f"{plural(len(view.members), 'member')} in scope: building their access takes "
                f"about {view.estimate:,} requests. Press f to build for one role, or b to "
                "build anyway."
            )
            return
        if fresh or self.matrix is None:
            self.action_build()

    # -- building --------------------------------------------------------------------------

    def action_build(self) -> None:
        view = self.view
        if view is None:
            return
        self.run_task(partial(self._build, view.members), group="build")

    async def _build(self, members: list[Member]) -> None:
        client = self.client
        members_api = client.organization_members
        requests = 0

        async def spaces_of(member: Member) -> list[MemberSpace]:
            nonlocal requests
            found: list[MemberSpace] = []
            token = None
            while True:
                page = await members_api.list_spaces_for_organization_member(
                    self.organization_id, member.user.id, page=token or UNSET, limit=PAGE
                )
                requests += 1
                found.extend(page.items)
                token = page.next_page
                if not token:
                    return found

        def progress(done: int, total: int) -> None:
            self._progress(f"Reading the spaces of {done} of {plural(total, 'member')}…")

        self.busy = True
        try:
            reached = await gather_limited(members, spaces_of, limit=PARALLEL, on_progress=progress)
        finally:
            self.busy = False
        self.requests = requests
        self._user_of = {member.id: member.user.id for member in members}
        self.matrix = AccessMatrix.build(zip(members, reached, strict=True))
        self._progress("")
        self.query_one("#progress", Static).display = False
        self._show_rows()

    def _shown_matrix(self) -> AccessMatrix | None:
        matrix = self.matrix
        if matrix is None:
            return None
        if self.question is not None:
            matrix = matrix.who_can(self.question.role, space=self.question.space)
        if self._filter:
            matrix = matrix.filter(text=self._filter)
        return matrix

    def _show_rows(self) -> None:
        matrix = self._shown_matrix()
        if matrix is None or self.matrix is None:
            return
        rows = matrix.rows[:SHOWN_ROWS]
        self.table.set_records(
            Record(
                f"{row.member_id}:{row.space_id}",
                (row.member_name, row.organization_role or "guest", row.space_title, row.permission, row.member_email),
                row,
            )
            for row in rows
        )  # fmt: skip
        parts = [f"{plural(len(matrix), 'row')} of {len(self.matrix)}"]
        if self.question is not None:
            where = f" on “{self.question.space}”" if self.question.space else ""
            members = len(matrix.members)
            parts.append(f"{plural(members, 'member')} can {self.question.role}{where}")
        if self.role:
            parts.append(f"role {self.role}")
        if len(matrix) > SHOWN_ROWS:
            parts.append(f"first {SHOWN_ROWS:,} drawn")
        parts.append(f"built from {plural(self.requests, 'request')}")
        self.set_note(" · ".join(parts))

    def refresh_view(self) -> None:
        self.matrix = None
        self.query_one("#progress", Static).display = True
        self._progress("Counting the members…")
        self.reload(refresh=True)

    # -- asking ----------------------------------------------------------------------------

    def apply_filter(self, value: str) -> None:
        self._filter = value.strip()
        self._show_rows()

    def filter_target(self) -> RecordTable:
        return self.table

    def action_who_can(self) -> None:
        if self.matrix is None:
            self.notify("Build the view first (b).", markup=False)
            return
        spaces = [title for _, title in self.matrix.spaces]

        def asked(question: AccessQuestion | None) -> None:
            if question is not None:
                self.question = question
                self._show_rows()

        self.app.push_screen(WhoCanDialog(spaces, self.question), asked)

    def can_handle_back(self) -> bool:
        return super().can_handle_back() or self.question is not None

    def handle_back(self) -> bool:
        if super().handle_back():
            return True
        if self.question is not None:
            self.question = None
            self._show_rows()
            return True
        return False

    def action_filter_role(self) -> None:
        choices = [("Every member", ""), *((label, value) for label, value in ROLE_CHOICES)]

        def chosen(role: str | None) -> None:
            if role is not None and role != self.role:
                self.role = role
                self.matrix = None
                self.table.set_records([])
                self.query_one("#progress", Static).display = True
                self._progress("Counting the members…")
                self.reload()

        self.app.push_screen(
            PickDialog("Build the access of the members whose role is", choices, current=self.role),
            chosen,
        )

    def action_export_csv(self) -> None:
        matrix = self._shown_matrix()
        if matrix is None:
            self.notify("Build the view first (b).", markup=False)
            return
        default = str(
            Path("~") / f"docdeck-access-{self.organization_id}-{date.today().isoformat()}.csv"
        )

        def written(path: Path | None) -> None:
            if path is not None:
                self.notify(
                    f"Wrote {plural(len(matrix), 'row')} to {path}.", title="Exported", markup=False
                )

        self.app.push_screen(ExportCsvForm(matrix, default), written)

    def action_open_member(self) -> None:
        record = self.table.highlighted_record
        if record is not None:
            row = record.value
            self.docdeck.open_location(
                member_location(
                    self.organization_id,
                    self._user_of.get(row.member_id, row.member_id),
                    row.member_name,
                    via="access",
                )
            )

    def on_record_table_record_chosen(self) -> None:
        self.action_open_member()
