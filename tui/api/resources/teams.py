"""Provides the operations of the teams group."""

from __future__ import annotations

from ._base import Resource

__all__ = ["TeamsResource"]


class TeamsResource(Resource):
    pass
