"""Provides TableScreen[T]: a list of the service's items as a table, paged as you scroll.

A list screen of the administration (members, teams, SAML providers…) declares its columns and
how to fetch a page and show an item, and gets the rest: the first page from the cache then
the service, the next pages as the cursor nears the end, ``/`` filtering (by the service, in one
round trip, when ``SERVER_FILTER``; else over what is loaded), ``r``, marks for bulk actions,
and a side pane with every fact of the highlighted item:

    class TeamsScreen(TableScreen[Team]):
        COLUMNS = [Column("title", "Team", 30), Column("members", "Members", 7)]

        async def fetch_page(self, page: str | None, limit: int) -> Page[Team]: ...
        def record_of(self, team: Team) -> Record: ...
        def facts_of(self, team: Team) -> tuple[str, list[tuple[str, object]]]: ...
        def show_place(self) -> None: self.show_location(...)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import ClassVar, Generic, TypeVar

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Static

from ..api.errors import ApiError
from ..api.models import Organization, Page
from ..widgets import DetailPane
from ..widgets.list_end import page_limit
from ..widgets.record_table import Column, Record, RecordTable
from .screen import BrowserScreen

__all__ = ["TableScreen"]

T = TypeVar("T")

SEARCH_SETTLE = 0.2
"""Seconds typing rests before a filter the service applies is sent."""
NARROW = 100
"""Below this width the side pane is hidden, so that the table keeps its columns."""
HIGHLIGHT_SETTLE = 0.03
"""Seconds the cursor rests on a row before its details are shown."""


class TableScreen(BrowserScreen[Page[T]], Generic[T]):
    """A table of items beside the facts of the highlighted one."""

    CSS_PATH = ["../styles/admin.tcss", "../styles/admin_dialogs.tcss"]
    COLUMNS: ClassVar[Sequence[Column]] = ()
    MARKABLE: ClassVar[bool] = False
    """Whether space marks rows for an action on several."""
    SERVER_FILTER: ClassVar[bool] = False
    """Whether ``/`` asks the service (search, title filter) rather than narrowing the loaded."""
    WITH_DETAILS: ClassVar[bool] = True
    """Whether a side pane shows the facts of the highlighted item."""
    EMPTY: ClassVar[str] = "Nothing here."
    WHAT: ClassVar[tuple[str, str]] = ("item", "items")
    """How the status line counts the rows: ``25 members``."""

    def __init__(self, organization_id: str) -> None:
        super().__init__()
        self.organization_id = organization_id
        self.search = ""
        """The text the service filters by (SERVER_FILTER screens)."""
        self.total: int | None = None
        """How many items the service has for the current query, when it says."""
        self._next_page: str | None = None
        self._search_timer: Timer | None = None
        self._highlight_timer: Timer | None = None
        self._loaded_once = False
        self._select_key: str | None = None
        self.organization: Organization | None = None
        """The organisation, with the caller's permissions in it (loaded beside the list)."""

    # -- what a list declares --------------------------------------------------------------

    async def fetch_page(self, page: str | None, limit: int) -> Page[T]:
        """One page of ``limit`` items for the current query (``page`` None: the first)."""
        raise NotImplementedError

    def record_of(self, item: T) -> Record:
        raise NotImplementedError

    def facts_of(self, item: T) -> tuple[str, list[tuple[str, object]]]:
        """The title and the facts the side pane shows for an item."""
        return ("", [])

    def show_place(self) -> None:
        """Record where this screen is and draw its breadcrumbs."""

    def query_note(self) -> str:
        """What narrows the list besides the filter (``role: edit · by last seen``)."""
        return ""

    def item_highlighted(self, item: T | None) -> None:
        """The cursor rests on another item (refresh the keys that depend on it)."""

    # -- frame -----------------------------------------------------------------------------

    def compose_body(self) -> ComposeResult:
        with Horizontal(classes="body"):
            with Vertical(classes="main-list table-column"):
                yield RecordTable(self.COLUMNS, markable=self.MARKABLE, id="records")
                yield Static(Content.styled("Loading…", "$text-muted"), id="table-note")
            if self.WITH_DETAILS:
                with VerticalScroll(classes="side-pane"):
                    yield DetailPane(id="details")

    def on_mount(self) -> None:
        self.table.focus()
        self.show_place()
        self.load(self._fetch_organization, self._show_organization, group="organization")

    async def _fetch_organization(self) -> Organization:
        return await self.client.organizations.get_organization_by_id(self.organization_id)

    def _show_organization(self, organization: Organization) -> None:
        self.organization = organization
        self.organization_shown(organization)
        self.refresh_bindings()

    def organization_shown(self, organization: Organization) -> None:
        """The organisation (and the caller's permissions) arrived."""

    @property
    def is_admin(self) -> bool:
        """Whether the caller administrates the organisation (as far as is known yet)."""
        return bool(self.organization and self.organization.permissions.admin)

    def on_resize(self) -> None:
        # Below 100 columns the table takes the whole width: the facts are a key away.
        self.set_class(self.size.width < NARROW, "-narrow")

    @property
    def table(self) -> RecordTable:
        return self.query_one("#records", RecordTable)

    @property
    def items(self) -> list[T]:
        """The items loaded (those the local filter hides included)."""
        return [record.value for record in self.table.records]

    @property
    def highlighted(self) -> T | None:
        record = self.table.highlighted_record
        return record.value if record is not None else None

    @property
    def marked(self) -> list[T]:
        return [record.value for record in self.table.marked]

    # -- loading ---------------------------------------------------------------------------

    async def fetch_view(self) -> Page[T]:
        return await self.fetch_page(None, self.docdeck.page_size)

    def show_view(self, view: Page[T]) -> None:
        self.show_place()
        self._loaded_once = True
        self._next_page = view.next_page
        self.total = view.count
        self.table.set_records(
            [self.record_of(item) for item in view.items], more=bool(view.next_page)
        )
        if self._select_key is not None and self.table.select_key(self._select_key):
            self._select_key = None
        self._update_note()

    def select_after_load(self, key: str) -> None:
        """Put the cursor on this row once a load shows it (a row just created)."""
        self._select_key = key

    def on_record_table_more_wanted(self, event: RecordTable.MoreWanted) -> None:
        token = self._next_page
        if not token:
            return

        async def show(page: Page[T]) -> None:
            if self._next_page != token:
                return  # already shown (painted from the cache first)
            self._next_page = page.next_page
            # A slice at a time (rows made as they are added): a page may hold 1,000.
            await self.table.add_page(
                (self.record_of(item) for item in page.items), more=bool(page.next_page)
            )
            self._update_note()

        def failed(error: ApiError) -> None:
            self.table.more = bool(self._next_page)

        limit = page_limit(event.rest, self.docdeck.page_size)
        self.load(partial(self.fetch_page, token, limit), show, group="more", on_error=failed)

    def _update_note(self) -> None:
        table = self.table
        singular, several = self.WHAT
        loaded = len(table.records)
        count = self.total if self.total is not None else loaded
        parts = [f"{count} {singular if count == 1 else several}"]
        if table.more and loaded < count:
            parts[0] += f" ({loaded} loaded)"
        if table.filter:
            parts.append(f"{len(table.shown)} match “{table.filter}”")
        if self.search:
            parts.append(f"search “{self.search}”")
        extra = self.query_note()
        if extra:
            parts.append(extra)
        if table.marked:
            parts.append(f"{len(table.marked)} selected")
        self.set_note(" · ".join(parts))
        note = self.query_one("#table-note", Static)
        empty = not table.shown and self._loaded_once
        message = ""
        if empty:
            message = "No match." if (table.filter or self.search) else self.EMPTY
        note.update(Content.styled(message, "$text-muted"))
        note.display = bool(message) or not self._loaded_once

    def say_empty(self, message: str) -> None:
        """Show why the list is empty (e.g. the role needed to see it)."""
        self._loaded_once = True
        self.table.set_records([])
        note = self.query_one("#table-note", Static)
        note.update(Content.styled(message, "$text-muted"))
        note.display = True

    def refresh_view(self) -> None:
        self.reload(refresh=True)

    # -- the highlighted item --------------------------------------------------------------

    def on_record_table_record_highlighted(self, event: RecordTable.RecordHighlighted) -> None:
        if self._highlight_timer is not None:
            self._highlight_timer.stop()
        self._highlight_timer = self.set_timer(HIGHLIGHT_SETTLE, self._highlight_settled)

    def _highlight_settled(self) -> None:
        item = self.highlighted
        if self.WITH_DETAILS:
            pane = self.query_one("#details", DetailPane)
            if item is None:
                pane.clear_facts("")
            else:
                title, facts = self.facts_of(item)
                pane.show(title, facts)
        self.item_highlighted(item)

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

    # -- the filter ------------------------------------------------------------------------

    def apply_filter(self, value: str) -> None:
        if not self.SERVER_FILTER:
            self.table.set_filter(value)
            self._update_note()
            return
        if self._search_timer is not None:
            self._search_timer.stop()
        self._search_timer = self.set_timer(SEARCH_SETTLE, partial(self._search, value.strip()))

    def _search(self, value: str) -> None:
        if value != self.search:
            self.search = value
            self.reload()

    def filter_target(self) -> Widget | None:
        return self.table
