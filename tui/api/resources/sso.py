"""Provides the operations of the sso group."""

from __future__ import annotations

from ._base import Resource

__all__ = ["SSOResource"]


class SSOResource(Resource):
    pass
