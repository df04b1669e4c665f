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
from typing import Literal

from textual.content import Content

from tui.admin.logic.content_access import Preview
from tui.core import text
from tui.core.humanize import plural
from tui.dialogs.base import heading
from tui.dialogs.search_picker import SearchPicker

from ..api import UNSET, Client
from ..api.models import Page, Team
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


class TeamPicker(SearchPicker[Team]):
    """The organisation's teams, searched by title as you type; space marks, Enter ends."""

    PLACEHOLDER = "Team title…"
    LIST_ID = "picker-teams"
    WHAT = "team"
    EMPTY = "No team matches."

    def __init__(self, title: str, organization_id: str) -> None:
        super().__init__(title, organization_id, several=True)

    async def fetch(self, query: str) -> Page[Team]:
        return await self.client.teams.list_teams_in_organization_by_id(
            self.organization_id, title=query or UNSET, limit=SHOWN
        )

    def key_of(self, item: Team) -> str:
        return item.id

    def label_of(self, item: Team) -> tuple[Content, str]:
        label = Content.assemble(
            text.content(item.title),
            Content.styled(f"  {plural(item.members, 'member')}", "$text-muted"),
        )
        return label, text.one_line(item.title)
