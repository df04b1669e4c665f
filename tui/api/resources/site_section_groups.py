"""Provides the operations of the site section groups group."""

from __future__ import annotations

from ._base import Resource

__all__ = ["SiteSectionGroupsResource"]


class SiteSectionGroupsResource(Resource):
    pass
