"""Provides the operations of the team members group."""

from __future__ import annotations

from ._base import Resource

__all__ = ["TeamMembersResource"]


class TeamMembersResource(Resource):
    pass
