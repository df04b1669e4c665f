"""Provides TeamForm: create a team with its first members, or rename one; after a lost answer it
looks for a team of that title that was not there before (or reads the renamed one again)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Button, Static

from tui.dialogs.base import ActionDialog, heading

from ..api import UNSET
from ..api.models import Member, Team
from ..widgets import TextField
from .applied_admin import new_team, team_ids, team_titled
from .bulk_dialog import names_line
from .member_dialogs import member_name
from .member_picker import MemberPicker

__all__ = ["TEAM_TITLE_MAX", "TeamForm"]

TEAM_TITLE_MAX = 64
"""The longest team title the service takes (the spec names no limit; the service's is 64)."""


class TeamForm(ActionDialog[Team]):
    """A title, and for a new team the members it starts with (chosen in a MemberPicker)."""

    def __init__(self, organization_id: str, team: Team | None = None) -> None:
        title = heading("New team") if team is None else heading("Rename the team ", team.title)
        super().__init__(title, confirm_label="Create" if team is None else "Rename")
        self.organization_id = organization_id
        self.team = team
        self.members: list[Member] = []
        self._title = ""
        self._before: set[str] = set()

    def compose_body(self) -> ComposeResult:
        yield TextField(
            "Title",
            self.team.title if self.team else "",
            max_length=TEAM_TITLE_MAX,
            required=True,
            id="title",
        )
        if self.team is None:
            with Horizontal(classes="field-row"):
                yield Static(Content("Members: none yet"), id="members-chosen", classes="names")
            yield Button("Choose members…", id="choose-members")

    def on_mount(self) -> None:
        self.query_one("#title", TextField).input.focus()

    @on(Button.Pressed, "#choose-members")
    def _choose(self) -> None:
        picker = MemberPicker(
            "Members of the new team", self.organization_id, several=True, chosen=self.members
        )

        def chosen(members: list[Member] | None) -> None:
            if members is not None:
                self.members = members
                names = names_line([member_name(m) for m in members]) or "none yet"
                self.query_one("#members-chosen", Static).update(Content(f"Members: {names}"))
            self.query_one("#title", TextField).input.focus()

        self.app.push_screen(picker, chosen)

    async def send(self) -> Team:
        title = self._title = self.query_one("#title", TextField).value
        teams = self.client.teams
        if self.team is None:
            # The teams before: after a lost answer, a new one of that title is this one.
            with self.client.revalidating():
                self._before = await team_ids(self.client, self.organization_id)
            return await teams.create_organization_team(
                self.organization_id,
                title=title,
                members=[m.user.id for m in self.members] or UNSET,
            )
        return await teams.update_team_in_organization_by_id(
            self.organization_id, self.team.id, title=title
        )

    async def check_applied(self) -> Team | None:
        if self.team is None:
            return await new_team(self.client, self.organization_id, self._before, self._title)
        return await team_titled(self.client, self.organization_id, self.team.id, self._title)
