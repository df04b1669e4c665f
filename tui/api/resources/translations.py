"""Provides the operations of the translations group."""

from __future__ import annotations

from ._base import Resource

__all__ = ["TranslationsResource"]


class TranslationsResource(Resource):
    pass
