"""Provides GitScreen: each space's Git synchronisation; import, export, the legacy installation."""

from __future__ import annotations

from functools import partial
from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.content import Content

from tui.admin.applied_admin import legacy_git_removed
from tui.admin.git_form import GitForm
from tui.core import text
from tui.core.humanize import seen_ago

from ..api import UNSET
from ..api.errors import NotFoundError
from ..api.models import GitSyncState, Page, Space
from ..dialogs import allowed
from ..dialogs.base import heading
from ..dialogs.confirm_action import ConfirmAction
from ..shell.navigation import space_location
from ..shell.read_only import mutating
from ..shell.table_screen import TableScreen
from ..widgets import DetailPane
from ..widgets.record_table import Column, Record
from .locations import admin_view_location

__all__ = ["GitScreen"]


class GitScreen(TableScreen[Space]):
    """The organisation's spaces with their Git sync; the side pane asks the service's git info."""

    NAMESPACE = "git"
    COLUMNS = (
        Column("space", "Space", 20, flex=True),
        Column("provider", "Provider", 13),
        Column("repo", "Repository", 18, flex=True),
        Column("synced", "Last sync", 9),
    )
    EMPTY = "No space in this organisation."
    WHAT = ("space", "spaces")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "open_space", "Open", id="git.open", show=False, tooltip="Open the space"),
        Binding("i", "git_import", "Import", id="git.import", tooltip="Import the space's content from a Git branch (asks first)"),
        Binding("x", "git_export", "Export", id="git.export", tooltip="Export the space's content to a Git branch (asks first)"),
        Binding("L", "remove_legacy", "Remove legacy", id="git.legacy", tooltip="Remove the legacy Git installation so the space can upgrade (asks first)"),
    ]  # fmt: skip

    def show_place(self) -> None:
        self.show_location(admin_view_location(self.organization_id, "git"))

    async def fetch_page(self, page: str | None, limit: int) -> Page[Space]:
        return await self.client.spaces.list_spaces_in_organization_by_id(
            self.organization_id, page=page or UNSET, limit=limit
        )

    def record_of(self, item: Space) -> Record:
        sync = item.git_sync
        synced = seen_ago(sync.updated_at, self.docdeck.clock()) if sync and sync.updated_at else ""
        title = f"{item.emoji} {item.title}" if item.emoji else item.title
        if sync is None:
            # Said once, dimmed, so the spaces that do sync stand out.
            unset = Text("not set up", style="dim")
            return Record(item.id, (title, unset, "", ""), item)
        return Record(
            item.id,
            (
                title,
                sync.installation_provider or sync.integration or "git",
                sync.repo_name or "",
                synced,
            ),
            item,
        )

    def facts_of(self, item: Space) -> tuple[str, list[tuple[str, object]]]:
        return item.title, self._facts(item, item.git_sync)

    def _facts(self, space: Space, sync: GitSyncState | None) -> list[tuple[str, object]]:
        if sync is None:
            return [("Git sync", "not set up"), ("Space", space.id)]
        now = self.docdeck.clock()
        return [
            ("Provider", sync.installation_provider or "none named"),
            ("Integration", sync.integration),
            ("Repository", sync.repo_name),
            ("URL", sync.url),
            ("Last sync", seen_ago(sync.updated_at, now) if sync.updated_at else None),
            ("Space", space.id),
        ]

    def item_highlighted(self, item: Space | None) -> None:
        # The service's own git info, fresher than what the list of spaces carries.
        if item is None or not self.WITH_DETAILS or self.has_class("-narrow"):
            return
        self.load(
            partial(self._fetch_info, item.id),
            partial(self._show_info, item),
            group="git-info",
            on_error=lambda error: None,
        )

    async def _fetch_info(self, space_id: str) -> GitSyncState | None:
        try:
            return await self.client.space_git.get_space_git_info(space_id)
        except NotFoundError:
            return None  # no Git sync on this space: not a failure

    def _show_info(self, space: Space, sync: GitSyncState | None) -> None:
        if self.highlighted is not None and self.highlighted.id == space.id:
            self.query_one("#details", DetailPane).show(space.title, self._facts(space, sync))

    # -- acting ----------------------------------------------------------------------------

    def _space(self, permitted: str, doing: str) -> Space | None:
        space = self.highlighted
        if space is None:
            self.notify("Highlight a space first.", severity="warning")
            return None
        ok = space.permissions.admin if permitted == "admin" else space.permissions.edit
        return space if allowed(self, ok, permitted, doing) else None

    def _done(self, message: str, space: Space) -> None:
        self.notify(message, title="Done", markup=False)
        self.select_after_load(space.id)
        self.reload()

    def _operation(self, direction: str) -> None:
        space = self._space("edit", f"{direction} this space with Git")
        if space is None:
            return

        def sent(result: object) -> None:
            if result is not None:
                self._done(f"The {direction} of {text.one_line(space.title)} has started.", space)

        self.app.push_screen(GitForm(space, "import" if direction == "import" else "export"), sent)

    @mutating
    def action_git_import(self) -> None:
        self._operation("import")

    @mutating
    def action_git_export(self) -> None:
        self._operation("export")

    @mutating
    def action_remove_legacy(self) -> None:
        space = self._space("admin", "remove the legacy Git installation")
        if space is None:
            return
        impact = Content("\n").join(
            [
                Content.assemble(
                    "Removing the legacy Git installation of ",
                    text.content(space.title, "bold"),
                    " lets it upgrade to the current Git sync.",
                ),
                Content(
                    "If the legacy installation is what synchronises it, synchronisation stops "
                    "until it is set up again. A space without one is left as it is."
                ),
            ]
        )
        # Only a sync through the legacy installation shows that it is there (the flag alone
        # does not): without one, a lost answer cannot be checked, and removing twice is harmless.
        shown = (
            space.git_sync is not None and space.git_sync.installation_provider == "github-legacy"
        )
        dialog = ConfirmAction(
            heading("Remove the legacy Git installation of ", space.title, "?"),
            impact,
            partial(self.client.space_git.delete_legacy_git_installation, space.id),
            confirm_label="Remove",
            check=partial(legacy_git_removed, self.client, space.id) if shown else None,
        )

        def removed(result: object) -> None:
            if result is not None:
                self._done(
                    f"Removed the legacy installation of {text.one_line(space.title)}.", space
                )

        self.app.push_screen(dialog, removed)

    def action_open_space(self) -> None:
        space = self.highlighted
        if space is not None:
            self.docdeck.open_location(space_location(space))

    def on_record_table_record_chosen(self) -> None:
        self.action_open_space()

    def current_url(self) -> str | None:
        space = self.highlighted
        if space is not None and space.git_sync and space.git_sync.url:
            return space.git_sync.url
        return space.urls.app if space else None
