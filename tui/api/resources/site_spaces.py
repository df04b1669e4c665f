"""Provides the operations of the site spaces group."""

from __future__ import annotations

from ._base import Resource

__all__ = ["SiteSpacesResource"]


class SiteSpacesResource(Resource):
    pass
