"""Provides the operations of the space git group."""

from __future__ import annotations

from ._base import Resource

__all__ = ["SpaceGitResource"]


class SpaceGitResource(Resource):
    pass
