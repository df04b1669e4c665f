"""Provides the operations of the change request comments group."""

from __future__ import annotations

from ._base import Resource

__all__ = ["ChangeRequestCommentsResource"]


class ChangeRequestCommentsResource(Resource):
    pass
