"""Provides the operations of the openapi group."""

from __future__ import annotations

from ._base import Resource

__all__ = ["OpenAPIResource"]


class OpenAPIResource(Resource):
    pass
