"""Provides part of the demo dataset (platform)."""

from __future__ import annotations

from ..store import Doc
from .builder import Builder

__all__ = ["seed"]


def seed(b: Builder, northwind: Doc, community: Doc, *, people: dict[str, Doc]) -> None:
    """Write this part of the demo; other records are found in `b.store`."""
