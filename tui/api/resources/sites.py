"""Provides the operations of the sites group."""

from __future__ import annotations

from ._base import Resource

__all__ = ["SitesResource"]


class SitesResource(Resource):
    pass
