"""Provides the operations of the space comments group."""

from __future__ import annotations

from ._base import Resource

__all__ = ["SpaceCommentsResource"]


class SpaceCommentsResource(Resource):
    pass
