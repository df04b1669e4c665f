"""Provides the operations of the change request content group."""

from __future__ import annotations

from ._base import Resource

__all__ = ["ChangeRequestContentResource"]


class ChangeRequestContentResource(Resource):
    pass
