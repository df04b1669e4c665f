"""Provides the operations of the space git group: Git synchronisation of a space."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from .._params import UNSET, Unset, body
from ..models import GitProviderInfo, GitSyncState
from ._base import Resource

__all__ = ["SpaceGitResource"]

ProviderInfo = GitProviderInfo | dict[str, Any]


class SpaceGitResource(Resource):
    async def import_git_repository(
        self,
        space_id: str,
        *,
        url: str,
        ref: str,
        repo_cache_id: str | Unset = UNSET,
        repo_tree_url: str | Unset = UNSET,
        repo_commit_url: str | Unset = UNSET,
        repo_project_directory: str | Unset = UNSET,
        timestamp: datetime | str | Unset = UNSET,
        force: bool | Unset = UNSET,
        standalone: bool | Unset = UNSET,
        git_info: ProviderInfo | Unset = UNSET,
    ) -> None:
        """Start importing ``ref`` (``refs/heads/<branch>``) of the repository at ``url``.

        ``url`` may carry basic-auth credentials; ``standalone`` makes a revision without
        changing the space's main content; an operation whose ``timestamp`` is older than
        the last one applied changes nothing.
        """
        await self._request(
            "POST",
            "/spaces/{}/git/import",
            space_id,
            json=body(
                url=url,
                ref=ref,
                repo_cache_id=repo_cache_id,
                repo_tree_url=repo_tree_url,
                repo_commit_url=repo_commit_url,
                repo_project_directory=repo_project_directory,
                timestamp=timestamp,
                force=force,
                standalone=standalone,
                git_info=git_info,
            ),
        )

    async def export_to_git_repository(
        self,
        space_id: str,
        *,
        url: str,
        ref: str,
        commit_message: str,
        repo_cache_id: str | Unset = UNSET,
        repo_tree_url: str | Unset = UNSET,
        repo_commit_url: str | Unset = UNSET,
        repo_project_directory: str | Unset = UNSET,
        timestamp: datetime | str | Unset = UNSET,
        force: bool | Unset = UNSET,
        git_info: ProviderInfo | Unset = UNSET,
    ) -> None:
        """Start exporting the space as a commit on ``ref`` of the repository at ``url``."""
        await self._request(
            "POST",
            "/spaces/{}/git/export",
            space_id,
            json=body(
                url=url,
                ref=ref,
                commit_message=commit_message,
                repo_cache_id=repo_cache_id,
                repo_tree_url=repo_tree_url,
                repo_commit_url=repo_commit_url,
                repo_project_directory=repo_project_directory,
                timestamp=timestamp,
                force=force,
                git_info=git_info,
            ),
        )

    async def get_space_git_info(self, space_id: str) -> GitSyncState:
        """The repository the space is synchronised with (NotFoundError when none)."""
        return await self._request("GET", "/spaces/{}/git/info", space_id, result=GitSyncState)

    async def delete_legacy_git_installation(self, space_id: str) -> None:
        await self._request("DELETE", "/spaces/{}/git/legacy-installation", space_id)
