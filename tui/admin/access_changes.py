"""Provides the dialogs that change who reaches a space or a collection: a team picker that
searches, and one confirmation for giving, changing or removing the roles of several members
and teams, which says what each change does before it is sent.

``AccessChangeDialog`` is a ``BulkDialog``: one request per member or team, stopping at the
first refusal with the app's report; a lost answer is checked by reading the content's user or
team list again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import ClassVar, Literal

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.timer import Timer
from textual.widgets import Input, OptionList, Static

from tui.admin.logic.content_access import Preview
from tui.core import text
from tui.core.humanize import plural
from tui.dialogs.base import heading
from tui.dialogs.fitting import FittedDialog

from ..api import UNSET, Client
from ..api.errors import ApiError
from ..api.models import Team
from ..shell.failures import GuardedWork
from ..shell.host import Hosted
from ..widgets import ItemList, ListEntry
from .bulk_dialog import BulkDialog

__all__ = ["CONTENT_ROLES", "AccessChange", "AccessChangeDialog", "TeamPicker"]

CONTENT_ROLES: list[tuple[str, str]] = [
    ("Admin: manage the content and who reaches it", "admin"),
    ("Create: create content in it", "create"),
    ("Review: review and merge change requests", "review"),
    ("Edit: edit, live or through change requests", "edit"),
    ("Comment: read and discuss", "comment"),
    ("Read: read only", "read"),
]
"""The roles a member or a team can be given on a space or a collection (no guest here)."""

SEARCH_SETTLE = 0.2
SHOWN = 100


@dataclass(frozen=True)
class AccessChange:
    """One change: give (``role``) or remove (None) a user's or a team's role here."""

    principal: Literal["user", "team"]
    id: str
    name: str
    role: str | None
    exists: bool
    """Whether they already have a role given here (change it) or not (give one)."""
    preview: Preview


class AccessChangeDialog(BulkDialog[AccessChange]):
    """What each change does (``read → edit``), the no-ops flagged; then one request each."""

    def __init__(self, kind: str, content_id: str, title: str, changes: Sequence[AccessChange]):
        removing = all(change.role is None for change in changes)
        role = changes[0].role if changes else None
        what = plural(len(changes), "member or team", "members and teams")
        if len(changes) == 1:
            what = changes[0].name
        if removing:
            heading_text = heading(
                "Remove the role given to ", what, f" on {text.one_line(title)}?"
            )
        else:
            heading_text = heading("Give ", what, f" {role} on {text.one_line(title)}?")
        super().__init__(
            heading_text,
            changes,
            lambda change: change.name,
            self._impact(changes, removing),
            confirm_label="Remove" if removing else "Give",
            destructive=removing,
        )
        self.done_word = "Removed" if removing else "Changed"
        self.kind = kind
        self.content_id = content_id
        self.no_ops = sum(change.preview.no_op for change in changes)

    @staticmethod
    def _impact(changes: Sequence[AccessChange], removing: bool) -> Content:
        lines: list[Content] = []
        for change in changes:
            lines.append(text.content(change.preview.line))
            if change.preview.warning:
                lines.append(Content.styled(f"  ⚠ {change.preview.warning}", "$text-warning"))
        if removing:
            lines.append(
                Content.styled(
                    "Only what was given here goes: teams, collections above and the "
                    "organisation still count.",
                    "$text-muted",
                )
            )
        return Content("\n").join(lines)

    def focus_first(self) -> None:
        # Destructive, or changing nothing at all: Enter must not be the way to send it.
        if self.destructive or self.no_ops == len(self.items):
            self.query_one("#cancel").focus()
        else:
            super().focus_first()

    # -- sending ---------------------------------------------------------------------------

    async def apply(self, item: AccessChange) -> object:
        if self.kind == "space":
            await self._apply_on_space(item)
        else:
            await self._apply_on_collection(item)
        return item

    async def _apply_on_space(self, item: AccessChange) -> None:
        permissions, space = self.client.space_permissions, self.content_id
        user = item.principal == "user"
        if item.role is None and user:
            await permissions.remove_user_from_space(space, item.id)
        elif item.role is None:
            await permissions.remove_team_from_space(space, item.id)
        elif item.exists and user:
            await permissions.update_user_permission_in_space(space, item.id, role=item.role)
        elif item.exists:
            await permissions.update_team_permission_in_space(space, item.id, role=item.role)
        elif user:
            await permissions.invite_to_space(space, role=item.role, users=[item.id])
        else:
            await permissions.invite_to_space(space, role=item.role, teams=[item.id])

    async def _apply_on_collection(self, item: AccessChange) -> None:
        permissions, collection = self.client.collection_permissions, self.content_id
        user = item.principal == "user"
        if item.role is None and user:
            await permissions.remove_user_from_collection(collection, item.id)
        elif item.role is None:
            await permissions.remove_team_from_collection(collection, item.id)
        elif item.exists and user:
            await permissions.update_user_permission_in_collection(
                collection, item.id, role=item.role
            )
        elif item.exists:
            await permissions.update_team_permission_in_collection(
                collection, item.id, role=item.role
            )
        elif user:
            await permissions.invite_to_collection(collection, role=item.role, users=[item.id])
        else:
            await permissions.invite_to_collection(collection, role=item.role, teams=[item.id])

    async def check_item(self, item: AccessChange) -> bool:
        roles = await given_here(self.client, self.kind, self.content_id, item.principal)
        return roles.get(item.id) == item.role


async def given_here(
    client: Client, kind: str, content_id: str, principal: Literal["user", "team"]
) -> dict[str, str]:
    """User (or team) id → the role given to them on the content itself."""
    space = kind == "space"
    if principal == "user":
        users = (
            client.space_permissions.list_user_permissions_in_space
            if space
            else client.collection_permissions.list_user_permissions_in_collection
        )
        return {p.user.id: p.permission async for p in client.paginate(users, content_id)}
    teams = (
        client.space_permissions.list_team_permissions_in_space
        if space
        else client.collection_permissions.list_team_permissions_in_collection
    )
    return {p.team.id: p.permission async for p in client.paginate(teams, content_id)}


class TeamPicker(FittedDialog, GuardedWork, Hosted, ModalScreen[list[Team] | None]):
    """The organisation's teams, searched by title as you type; space marks, Enter ends."""

    CSS_PATH = ["../styles/dialogs.tcss", "../styles/admin_dialogs.tcss"]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close", id="dialog.close", tooltip="Close without choosing"),
        Binding("space", "mark", "Select", id="picker.mark", show=False, tooltip="Select or unselect"),
        Binding("down", "to_list", "To the list", show=False, id="picker.down"),
    ]  # fmt: skip

    def __init__(self, title: str, organization_id: str) -> None:
        super().__init__()
        self.title_text = title
        self.organization_id = organization_id
        self.chosen: dict[str, Team] = {}
        self._timer: Timer | None = None
        self._query = ""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog list-dialog picker"):
            yield Static(Content(self.title_text), classes="dialog-title")
            yield Input(placeholder="Team title…", id="picker-search", compact=True)
            yield Static(id="picker-summary", classes="impact")
            with VerticalScroll(classes="dialog-body"):
                yield ItemList(id="picker-teams")
            yield Static(
                Content.styled(
                    "Type to search · ↓ to the list · space selects · Enter ends · Esc closes",
                    "$text-muted",
                ),
                classes="dialog-footer",
            )

    def on_mount(self) -> None:
        self.query_one("#picker-search", Input).focus()
        self._search("")

    @on(Input.Changed, "#picker-search")
    def _typed(self, event: Input.Changed) -> None:
        if self._timer is not None:
            self._timer.stop()
        self._timer = self.set_timer(SEARCH_SETTLE, partial(self._search, event.value.strip()))

    @on(Input.Submitted, "#picker-search")
    def _submitted(self) -> None:
        self._finish()

    def _search(self, query: str) -> None:
        self._query = query
        self.run_guarded(partial(self._load, query), group="search")

    async def _load(self, query: str) -> None:
        listing = self.query_one("#picker-teams", ItemList)
        try:
            page = await self.client.teams.list_teams_in_organization_by_id(
                self.organization_id, title=query or UNSET, limit=SHOWN
            )
        except ApiError as error:
            listing.set_entries([], empty=f"{error.title}: {error.message}")
            return
        if query != self._query:
            return
        listing.set_entries([self._entry(t) for t in page.items], empty="No team matches.")
        total = page.count if page.count is not None else len(page.items)
        self._summary(f"{plural(total, 'team')} found")
        self.call_after_refresh(self.fit_body)

    def _entry(self, team: Team) -> ListEntry:
        mark = "✓ " if team.id in self.chosen else "  "
        prompt = Content.assemble(
            Content.styled(mark, "bold"),
            text.content(team.title),
            Content.styled(f"  {plural(team.members, 'member')}", "$text-muted"),
        )
        return ListEntry(team.id, prompt, text.one_line(team.title), team)

    def _summary(self, found: str) -> None:
        chosen = f" · {len(self.chosen)} selected" if self.chosen else ""
        self.query_one("#picker-summary", Static).update(Content(found + chosen))
        self._found = found

    def action_to_list(self) -> None:
        self.query_one("#picker-teams", ItemList).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "mark":
            return isinstance(self.focused, ItemList)
        if action == "to_list":
            return isinstance(self.focused, Input)
        return True

    def action_mark(self) -> None:
        listing = self.query_one("#picker-teams", ItemList)
        entry = listing.highlighted_entry
        if entry is None:
            return
        team: Team = entry.value
        if team.id in self.chosen:
            del self.chosen[team.id]
        else:
            self.chosen[team.id] = team
        listing.set_entries([self._entry(e.value) for e in listing.entries], empty="No team.")
        listing.select_key(entry.key)
        listing.action_cursor_down()
        self._summary(self._found)

    @on(OptionList.OptionSelected, "#picker-teams")
    def _chosen(self) -> None:
        self._finish()

    def _finish(self) -> None:
        if self.chosen:
            self.dismiss(list(self.chosen.values()))
            return
        entry = self.query_one("#picker-teams", ItemList).highlighted_entry
        if entry is not None:
            self.dismiss([entry.value])

    def action_close(self) -> None:
        self.dismiss(None)
