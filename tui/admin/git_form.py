"""Provides GitForm: import a space from a Git branch, or export it there, saying what it overwrites.

The branch is sent as ``refs/heads/<branch>`` (the spec's format); a ref of another kind (a tag,
``refs/tags/v1``) or a name Git would refuse is said under the field before anything is sent.
The repository URL may carry credentials (``https://user:token@host/repo``): it is sent as
typed and never shown back. After a lost answer it reads the space's Git sync again: an import
or an export moves its time on (a standalone import leaves the space as it is: it cannot tell).
"""

from __future__ import annotations

from datetime import datetime
from typing import Literal
from urllib.parse import urlsplit

from textual import on
from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Checkbox, Input, Static

from tui.admin.logic.admin_checks import git_ref, git_ref_problem, web_address_problem
from tui.core import text
from tui.dialogs.base import ActionDialog, heading
from tui.dialogs.confirm_action import DONE

from ..api import UNSET
from ..api.models import Space
from ..widgets import TextField, TickBox
from ..widgets.checked_fields import CheckedField
from .applied_admin import git_synced

__all__ = ["COMMIT_MESSAGE_MAX", "GitForm", "repository_and_branch", "repository_name"]

COMMIT_MESSAGE_MAX = 1000
"""A bound of docdeck's own: the spec names none."""

Direction = Literal["import", "export"]


def repository_name(url: str) -> str:
    """``https://token@github.com/northwind/sdk.git`` → ``github.com/northwind/sdk`` (no secret)."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return "the repository"
    path = parts.path.strip("/").removesuffix(".git")
    host = parts.hostname or ""
    return f"{host}/{path}" if path else host or "the repository"


def repository_and_branch(url: str | None) -> tuple[str, str]:
    """The repository and branch of a sync's URL: ``…/repo/tree/main`` → (``…/repo``, ``main``)."""
    if not url:
        return "", "main"
    repository, marker, branch = url.partition("/tree/")
    return (repository, branch.strip("/") or "main") if marker else (url, "main")


class GitForm(ActionDialog[object]):
    """Repository, branch and the operation's own fields, above what the operation overwrites."""

    confirm_variant = "warning"

    def __init__(self, space: Space, direction: Direction) -> None:
        super().__init__(
            heading("Import into " if direction == "import" else "Export ", space.title,
                    " from Git" if direction == "import" else " to Git"),
            confirm_label="Import" if direction == "import" else "Export",
        )  # fmt: skip
        self.space = space
        self.direction = direction
        self._synced: datetime | None = None
        self._standalone = False

    def compose_body(self) -> ComposeResult:
        repository, branch = repository_and_branch(
            self.space.git_sync.url if self.space.git_sync else None
        )
        yield CheckedField(
            "Repository URL",
            repository,
            rule=lambda value: web_address_problem("Repository URL", value, 2048),
            placeholder="https://github.com/org/repo (credentials may go in the URL)",
            id="url",
        )
        yield CheckedField(
            "Branch",
            branch,
            rule=lambda value: (
                git_ref_problem(git_ref(value)) if value else "Branch cannot be empty."
            ),
            hint="Sent as refs/heads/<branch>",
            id="branch",
        )
        if self.direction == "export":
            yield TextField(
                "Commit message",
                f"Update from docdeck: {text.one_line(self.space.title)}",
                max_length=COMMIT_MESSAGE_MAX,
                required=True,
                id="message",
            )
        yield TextField("Project directory (optional)", placeholder="docs/", id="directory")
        if self.direction == "import":
            yield TickBox(
                "Standalone: make a revision, leave the content as it is", id="standalone"
            )
        yield TickBox("Force: even if the service holds newer changes", id="force")
        yield Static(id="overwrites", classes="impact")

    def on_mount(self) -> None:
        self.query_one("#url", CheckedField).input.focus()
        self._explain()

    @on(Input.Changed)
    @on(Checkbox.Changed)
    def _explain(self) -> None:
        """Say what the operation will overwrite, with the values typed."""
        space = text.content(self.space.title, "bold")
        url = self.query_one("#url", CheckedField).value
        branch = self.query_one("#branch", CheckedField).value or "the branch"
        where = f"{branch} of {repository_name(url)}" if url else branch
        directory = self.query_one("#directory", TextField).value
        if self.direction == "export":
            folder = f"the files under {directory}" if directory else "its files"
            said = Content.assemble(
                "Exporting writes ", space, f" as a commit on {where}: {folder} "
                "are overwritten with the space's content.",
            )  # fmt: skip
        elif self.query_one("#standalone", Checkbox).value:
            said = Content.assemble(
                "A standalone import makes a revision from ", where, " beside the content of ",
                space, ", which stays as it is.",
            )  # fmt: skip
        else:
            said = Content.assemble(
                "Importing replaces the content of ", space, f" with {where}: "
                "pages changed in the space since the last sync are overwritten.",
            )  # fmt: skip
        self.query_one("#overwrites", Static).update(said)

    async def send(self) -> object:
        git = self.client.space_git
        url = self.query_one("#url", CheckedField).value
        ref = git_ref(self.query_one("#branch", CheckedField).value)
        directory = self.query_one("#directory", TextField).value or UNSET
        force = self.query_one("#force", Checkbox).value or UNSET
        # The sync's time before: after a lost answer, a later one says it was applied.
        with self.client.revalidating():
            space = await self.client.spaces.get_space_by_id(self.space.id)
        self._synced = space.git_sync.updated_at if space.git_sync is not None else None
        self._standalone = (
            self.direction == "import" and self.query_one("#standalone", Checkbox).value
        )
        if self.direction == "import":
            await git.import_git_repository(
                self.space.id,
                url=url,
                ref=ref,
                repo_project_directory=directory,
                force=force,
                standalone=self._standalone or UNSET,
            )
        else:
            await git.export_to_git_repository(
                self.space.id,
                url=url,
                ref=ref,
                commit_message=self.query_one("#message", TextField).value,
                repo_project_directory=directory,
                force=force,
            )
        return DONE

    @property
    def can_check(self) -> bool:
        return not self._standalone

    async def check_applied(self) -> object | None:
        return DONE if await git_synced(self.client, self.space.id, self._synced) else None

    def unchecked_note(self) -> str:
        return (
            "Sent, but the answer was lost: a standalone import leaves the space as it is, so "
            "whether it was applied cannot be read. Sending it again may make a second "
            "revision: press Send again only if you want that."
        )
