"""Provides the models of Git synchronisation requests.

The state a space shows (and the info operation returns) is ``GitSyncState``, with the space
models.
"""

from __future__ import annotations

from ._base import ApiModel

__all__ = ["GitProviderInfo"]


class GitProviderInfo(ApiModel):
    """What an import or export tells the service about the Git provider (``gitInfo``)."""

    provider: str | None = None
    url: str | None = None
