"""Provides TeamActions: rename and delete a team, from the teams list or the team's own screen."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from textual.binding import Binding, BindingType
from textual.content import Content

from tui.admin.team_dialogs import TeamForm
from tui.core import text
from tui.core.humanize import plural

from ..api.models import Team
from ..dialogs import allowed
from ..dialogs.applied import gone
from ..dialogs.base import heading
from ..dialogs.confirm_action import ConfirmAction
from ..shell.read_only import mutating
from ..shell.screen import DocdeckScreen

if TYPE_CHECKING:
    _Screen = DocdeckScreen
else:
    _Screen = object

__all__ = ["TeamActions", "team_bindings"]


def team_bindings(rename: str, delete: str) -> list[BindingType]:
    """The keys renaming and deleting a team (``e``/``d`` on the list, ``E``/``D`` on a team)."""
    return [
        Binding(rename, "rename_team", "Rename", id="team.rename", tooltip="Change the team's title"),
        Binding(delete, "delete_team", "Delete", id="team.delete", tooltip="Delete the team (asks first)"),
    ]  # fmt: skip


def deletion_impact(team: Team) -> Content:
    return Content("\n").join(
        [
            Content.assemble(
                "Deleting ",
                text.content(team.title, "bold"),
                f" takes {plural(team.members, 'member')} out of it "
                f"and ends its access to {plural(team.spaces, 'space')}.",
            ),
            Content(
                "Its members stay in the organisation. A SAML provider that adds people to it "
                "stops doing so. A deleted team cannot be restored."
            ),
        ]
    )


class TeamActions(_Screen):
    """Mixin of a DocdeckScreen showing teams."""

    organization_id: str

    def team_in_view(self) -> Team | None:
        raise NotImplementedError

    def team_changed(self, team: Team | None, message: str) -> None:
        """A team was renamed, created (``team``) or deleted (None)."""
        raise NotImplementedError

    def _team(self, doing: str) -> Team | None:
        team = self.team_in_view()
        if team is None:
            self.notify("Highlight a team first.", severity="warning")
            return None
        if not allowed(self, team.permissions.admin, "admin (or team owner)", doing):
            return None
        return team

    @mutating
    def action_rename_team(self) -> None:
        team = self._team("rename this team")
        if team is None:
            return

        def renamed(result: Team | None) -> None:
            if result is not None:
                self.team_changed(result, f"Renamed the team to {text.one_line(result.title)}.")

        self.app.push_screen(TeamForm(self.organization_id, team), renamed)

    @mutating
    def action_delete_team(self) -> None:
        team = self._team("delete this team")
        if team is None:
            return
        teams = self.client.teams
        dialog = ConfirmAction(
            heading("Delete the team ", team.title, "?"),
            deletion_impact(team),
            partial(teams.remove_team_from_organization_by_id, self.organization_id, team.id),
            confirm_label="Delete",
            typed=team.title,
            verb="delete it",
            check=partial(
                gone, partial(teams.get_team_in_organization_by_id, self.organization_id, team.id)
            ),
        )

        def deleted(result: object) -> None:
            if result is not None:
                self.team_changed(None, f"Deleted the team {text.one_line(team.title)}.")

        self.app.push_screen(dialog, deleted)
