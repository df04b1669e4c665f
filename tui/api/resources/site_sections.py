"""Provides the operations of the site sections group."""

from __future__ import annotations

from ._base import Resource

__all__ = ["SiteSectionsResource"]


class SiteSectionsResource(Resource):
    pass
