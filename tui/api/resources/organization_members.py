"""Provides the operations of the organization members group."""

from __future__ import annotations

from ._base import Resource

__all__ = ["OrganizationMembersResource"]


class OrganizationMembersResource(Resource):
    pass
