"""Provides the operations of the change requests group."""

from __future__ import annotations

from ._base import Resource

__all__ = ["ChangeRequestsResource"]


class ChangeRequestsResource(Resource):
    pass
