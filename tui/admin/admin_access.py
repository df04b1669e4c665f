"""Provides AccessScreen: who reaches which space with which permission, streamed and exported.

The view asks each space for everyone's effective permission on it (the aggregate operation:
one request per space, or a few pages of 1,000), never each member for their spaces. Rows are
drawn and written to a private CSV spool as they arrive; the screen keeps only the rows it
draws and a few counters, so memory stays bounded however big the organisation. A progress
line says how far the build is; Esc stops it. An organisation where building takes many
requests is not built blindly: the view says how many and builds when asked (``b``), for one
permission (``f``: the service filters), or for the spaces a question names (``w``: "who can
edit the API reference?"). ``/`` filters the rows, ``x`` writes them as CSV to a chosen path.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections import deque
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import ClassVar

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Static
from textual.worker import Worker

from tui.admin.access_dialogs import AccessQuestion, ExportCsvForm, Exported, WhoCanDialog
from tui.admin.logic.access import AccessRow
from tui.admin.logic.access_stream import AccessBuild, copy_spool, next_parallel, scan_spool
from tui.admin.member_dialogs import ROLE_CHOICES
from tui.core.humanize import plural

from ..api import UNSET
from ..dialogs.pick_dialog import PickDialog
from ..shell.screen import BrowserScreen
from ..widgets.record_table import Column, Record, RecordTable
from .locations import admin_view_location, member_location

__all__ = ["ACCESS_BUDGET", "AccessScreen", "AccessView"]

ACCESS_BUDGET = 300
"""Requests the view makes without asking; beyond, it says how many and waits for ``b``."""
PARALLEL = 4
"""Spaces asked at once at most (their rows are still taken in order); fewer while the app
lags behind the answers (``next_parallel``)."""
SHOWN_ROWS = 1000
"""Rows drawn at most (the filter's count and the CSV see them all)."""
PAGE = 1000
"""The service's largest page: fewest requests."""
PROGRESS_EVERY = 0.1
"""Seconds between two updates of the progress line: a repaint per space would be wasted."""
GIVE_WAY = 1 / 60
"""Seconds the build waits after each space while the user is pressing keys: a frame, so that
the loop is mostly free for them (a space's answer takes the app 5 to 7 ms to read)."""


@dataclass
class AccessView:
    """The organisation's active members (their role) and how many spaces it has."""

    roles: dict[str, str | None]
    """Each active member's organisation role, by user id (None for a guest)."""
    spaces: int

    def estimate(self, filtered: bool) -> int:
        """Requests a build of every space takes: one a space with the service filtering by
        permission, else one per page of 1,000 members."""
        pages = 1 if filtered else max(1, math.ceil(len(self.roles) / PAGE))
        return self.spaces * pages


class AccessScreen(BrowserScreen[AccessView]):
    """Rows of member × space × permission, streamed on demand, filtered, exported."""

    NAMESPACE = "access"
    CSS_PATH = ["../styles/admin.tcss", "../styles/admin_dialogs.tcss"]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("w", "who_can", "Who can…?", id="access.who_can", tooltip="Who has at least a role on some spaces"),
        Binding("x", "export_csv", "Export CSV", id="access.export", tooltip="Write the rows as CSV to a file"),
        Binding("b", "build", "Build", id="access.build", tooltip="Build the view, however many requests it takes"),
        Binding("f", "filter_role", "Permission", id="access.role", tooltip="Build the rows of one permission only"),
        Binding("enter", "open_member", "Open", id="access.open", show=False, tooltip="The member's own screen"),
    ]  # fmt: skip

    def __init__(self, organization_id: str) -> None:
        super().__init__()
        self.organization_id = organization_id
        self.role = ""
        """Build the rows of this permission only ("" for every one): the service filters."""
        self.view: AccessView | None = None
        self.build: AccessBuild | None = None
        self.question: AccessQuestion | None = None
        self._filter = ""
        self._builder: Worker[None] | None = None
        self._progress_at = 0.0
        self._progress_fits = False  # whether the progress line's text fits on one row
        self._parallel = PARALLEL  # spaces asked at once now

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

    @property
    def building(self) -> bool:
        return self._builder is not None and self._builder.is_running

    @property
    def requests(self) -> int:
        """Requests the last build made (for the status line and the benchmark)."""
        return self.build.requests if self.build else 0

    def on_mount(self) -> None:
        self.table.focus()
        self.show_location(admin_view_location(self.organization_id, "access"))
        self._progress("Counting the members and the spaces…")

    def on_unmount(self) -> None:
        if self.build is not None:
            self.build.close()

    def _progress(self, message: str) -> None:
        progress = self.query_one("#progress", Static)
        # A line that keeps its place and fits on one row is repainted, not laid out again
        # with the whole screen: during a build it changes ten times a second.
        fits = cell_len(message) + 2 <= progress.size.width
        same_shape = progress.display == bool(message) and fits and self._progress_fits
        self._progress_fits = fits
        progress.display = bool(message)
        progress.update(Content.styled(message, "$text-accent"), layout=not same_shape)

    # -- what a build would take -----------------------------------------------------------

    async def fetch_view(self) -> AccessView:
        client = self.client
        roles = {
            member.user.id: member.role
            async for member in client.paginate(
                client.organization_members.list_members_in_organization_by_id,
                self.organization_id,
                limit=PAGE,
            )
            if not member.disabled
        }
        probe = await client.spaces.list_spaces_in_organization_by_id(self.organization_id, limit=1)
        spaces = probe.count if probe.count is not None else len(probe.items)
        return AccessView(roles, spaces)

    def show_view(self, view: AccessView) -> None:
        self.show_location(admin_view_location(self.organization_id, "access"))
        self.view = view
        if self.build is not None or self.building:
            return
        estimate = view.estimate(bool(self.role))
        if estimate > ACCESS_BUDGET:
            self._progress(
                f"{plural(view.spaces, 'space')}: building everyone's access takes about "
                f"{estimate:,} requests. Press f for one permission, w to ask about some "
                "spaces, or b to build anyway."
            )
            return
        self.action_build()

    # -- building --------------------------------------------------------------------------

    def action_build(self) -> None:
        if self.view is None:
            return
        if self.build is not None:
            self.build.close()
        self.build = AccessBuild(limit=SHOWN_ROWS, needle=self._filter.casefold())
        self.table.set_records([])
        self._progress("Listing the spaces…")
        self._builder = self.run_task(self._build, group="build")

    def stop_build(self) -> bool:
        """Esc while building: stop where it is (the rows so far stay, and can be exported)."""
        if not self.building or self._builder is None or self.build is None:
            return False
        self._builder.cancel()
        self.build.stopped = True
        self._finish()
        return True

    async def _spaces(self, build: AccessBuild) -> list[tuple[str, str]]:
        """(id, title) of the spaces the question names (every one without a question)."""
        client = self.client
        wanted = self.question.space.casefold().strip() if self.question else ""
        found: list[tuple[str, str]] = []
        token: str | None = None
        while True:
            page = await client.spaces.list_spaces_in_organization_by_id(
                self.organization_id, page=token or UNSET, limit=PAGE
            )
            build.requests += 1
            found.extend(
                (space.id, space.title)
                for space in page.items
                if not wanted or wanted in space.title.casefold()
            )
            if page.count is not None and not wanted:
                self._progress(f"Listing the spaces: {len(found):,} of {page.count:,}…")
            token = page.next_page
            if not token:
                return found
            await asyncio.sleep(0)

    async def _space_rows(
        self, build: AccessBuild, space: tuple[str, str], roles: dict[str, str | None]
    ) -> list[AccessRow]:
        """Everyone's effective permission on one space that the question keeps."""
        space_id, title = space
        at_least = self.question.role if self.question else None
        role = self.role or ("admin" if at_least == "admin" else "")
        rows: list[AccessRow] = []
        token: str | None = None
        while True:
            page = await self.client.space_permissions.list_permissions_aggregate_in_space(
                space_id, page=token or UNSET, limit=PAGE, role=role or UNSET
            )
            build.requests += 1
            for item in page.items:
                row = AccessRow(
                    member_id=item.user.id,
                    member_name=item.user.display_name,
                    member_email=item.user.email or "",
                    organization_role=roles.get(item.user.id),
                    space_id=space_id,
                    space_title=title,
                    permission=item.permission,
                )
                if at_least is None or row.grants(at_least):
                    rows.append(row)
            token = page.next_page
            if not token:
                return rows

    async def _in_order(
        self, build: AccessBuild, spaces: list[tuple[str, str]], roles: dict[str, str | None]
    ) -> AsyncIterator[list[AccessRow]]:
        """Each space's rows in the order of ``spaces``, up to ``PARALLEL`` spaces asked at
        once (``self._parallel``)."""
        pending = iter(spaces)
        window: deque[asyncio.Task[list[AccessRow]]] = deque()
        try:
            while True:
                while len(window) < self._parallel:
                    space = next(pending, None)
                    if space is None:
                        break
                    window.append(asyncio.ensure_future(self._space_rows(build, space, roles)))
                if not window:
                    return
                yield await window.popleft()
        finally:
            for task in window:
                task.cancel()

    async def _build(self) -> None:
        build = self.build
        view = self.view
        if build is None or view is None:
            return
        loop = asyncio.get_running_loop()
        self._parallel = PARALLEL
        with self.client.uncached():  # every page is read once: the cache would keep them all
            spaces = await self._spaces(build)
            build.spaces_total = len(spaces)
            self._show_progress(force=True)
            async for rows in self._in_order(build, spaces, view.roles):
                fresh = build.add(rows)
                build.spaces_done += 1
                if fresh:
                    self._draw(fresh)
                self._show_progress()
                # Let keys and repaints through between spaces; how long the loop took to
                # come back says whether the app keeps up with the answers.
                before = loop.time()
                await asyncio.sleep(0)
                self._parallel = next_parallel(self._parallel, loop.time() - before, most=PARALLEL)
                if self.docdeck.user_is_busy():
                    # Keys first: one space at a time, a frame apart, while they come.
                    self._parallel = 1
                    await asyncio.sleep(GIVE_WAY)
        build.finished = True
        self._finish()

    def _draw(self, rows: list[AccessRow]) -> None:
        self.table.append_records(_record(row) for row in rows)

    def _show_progress(self, *, force: bool = False) -> None:
        build = self.build
        now = time.monotonic()
        if build is None or (not force and now - self._progress_at < PROGRESS_EVERY):
            return
        self._progress_at = now
        total = build.spaces_total or 0
        self._progress(
            f"{build.spaces_done:,} of {plural(total, 'space')} · "
            f"{plural(build.rows, 'row')} · Esc stops"
        )
        self._show_note()

    def _finish(self) -> None:
        build = self.build
        if build is None:
            return
        build.spool.flush()
        if build.stopped:
            self._progress(
                f"Stopped at {build.spaces_done:,} of {plural(build.spaces_total or 0, 'space')} "
                "· b builds again"
            )
        else:
            self._progress("")
        self._show_note()
        self.docdeck.release_memory_soon()

    def _show_note(self) -> None:
        build = self.build
        if build is None:
            return
        parts = []
        if self.question is not None:
            where = f" on “{self.question.space}”" if self.question.space else ""
            parts.append(f"{plural(len(build.members), 'member')} can {self.question.role}{where}")
        if self._filter:
            parts.append(f"{build.matched:,} of {plural(build.rows, 'row')}")
        else:
            parts.append(plural(build.rows, "row"))
        if self.role:
            parts.append(f"permission {self.role}")
        if build.matched > len(build.shown):
            parts.append(f"first {len(build.shown):,} drawn")
        parts.append(plural(build.requests, "request"))
        self.set_note(" · ".join(parts))

    def refresh_view(self) -> None:
        self._stop_and_forget()
        self._progress("Counting the members and the spaces…")
        self.reload(refresh=True)

    def _stop_and_forget(self) -> None:
        if self._builder is not None:
            self._builder.cancel()
        if self.build is not None:
            self.build.close()
        self.build = None
        self.table.set_records([])

    # -- asking ----------------------------------------------------------------------------

    def apply_filter(self, value: str) -> None:
        self._filter = value.strip()
        build = self.build
        if build is None:
            return
        build.restart_filter(self._filter)
        self.table.set_records([])
        self.run_guarded(self._rescan, group="rescan")

    async def _rescan(self) -> None:
        """Fill the table again from the spool under the new filter (read in a thread); rows
        that arrive meanwhile are only written, and the scan goes on until it reaches them."""
        build = self.build
        if build is None:
            return
        offset = build.spool.header_end
        while True:
            end = build.spool.flush()
            if end == offset:
                break
            found = await asyncio.to_thread(
                scan_spool,
                build.spool.path,
                offset,
                end,
                build.needle,
                build.limit - len(build.shown),
            )
            if build is not self.build or not build.scanning:
                return
            build.take(found)
            offset = end
        build.scanning = False
        self.table.set_records(_record(row) for row in build.shown)
        self._show_note()

    def filter_target(self) -> RecordTable:
        return self.table

    def action_who_can(self) -> None:
        titles = list(
            dict.fromkeys(row.space_title for row in (self.build.shown if self.build else []))
        )

        def asked(question: AccessQuestion | None) -> None:
            if question is not None:
                self.question = question
                self.action_build()

        self.app.push_screen(WhoCanDialog(titles, self.question), asked)

    def can_handle_back(self) -> bool:
        return super().can_handle_back() or self.building or self.question is not None

    def handle_back(self) -> bool:
        if self.stop_build():
            return True
        if super().handle_back():
            return True
        if self.question is not None:
            self.question = None
            self.action_build()
            return True
        return False

    def action_filter_role(self) -> None:
        choices = [("Every permission", ""), *((label, value) for label, value in ROLE_CHOICES)]

        def chosen(role: str | None) -> None:
            if role is not None and role != self.role:
                self.role = role
                self.action_build()

        self.app.push_screen(
            PickDialog("Build the rows whose permission is", choices, current=self.role),
            chosen,
        )

    def action_export_csv(self) -> None:
        build = self.build
        if build is None:
            self.notify("Build the view first (b).", markup=False)
            return
        if build.scanning:
            self.notify("Still filtering: export once the rows are shown.", markup=False)
            return
        end = build.spool.flush()
        rows, needle, matched = build.rows, build.needle, build.matched
        default = str(
            Path("~") / f"docdeck-access-{self.organization_id}-{date.today().isoformat()}.csv"
        )
        partial_note = ""
        if not build.finished:
            partial_note = (
                f"The build is at {build.spaces_done:,} of "
                f"{plural(build.spaces_total or 0, 'space')}: the file has the rows so far."
            )

        async def write(target: Path) -> int:
            return await asyncio.to_thread(
                copy_spool, build.spool.path, target, end, rows=rows, needle=needle
            )

        def written(result: Exported | None) -> None:
            if result is not None:
                self.notify(
                    f"Wrote {plural(result.rows, 'row')} to {result.path}.",
                    title="Exported",
                    markup=False,
                )

        self.app.push_screen(
            ExportCsvForm(matched if needle else rows, default, write, note=partial_note),
            written,
        )

    def action_open_member(self) -> None:
        record = self.table.highlighted_record
        if record is not None:
            row = record.value
            self.docdeck.open_location(
                member_location(self.organization_id, row.member_id, row.member_name, via="access")
            )

    def on_record_table_record_chosen(self) -> None:
        self.action_open_member()


def _record(row: AccessRow) -> Record:
    return Record(
        f"{row.member_id}:{row.space_id}",
        (row.member_name, row.organization_role or "guest", row.space_title, row.permission, row.member_email),
        row,
    )  # fmt: skip
