"""Provides the operations of the spaces group."""

from __future__ import annotations

from ._base import Resource

__all__ = ["SpacesResource"]


class SpacesResource(Resource):
    pass
