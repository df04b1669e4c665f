"""Provides the operations of the space content group."""

from __future__ import annotations

from ._base import Resource

__all__ = ["SpaceContentResource"]


class SpaceContentResource(Resource):
    pass
