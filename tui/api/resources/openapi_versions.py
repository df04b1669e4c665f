"""Provides the operations of the openapi versions group."""

from __future__ import annotations

from ._base import Resource

__all__ = ["OpenAPIVersionsResource"]


class OpenAPIVersionsResource(Resource):
    pass
