"""Provides the hostile dataset, with what breaks terminal apps (written in the next issue)."""

from __future__ import annotations

from ..store import Store
from . import demo


def build(store: Store) -> None:
    demo.build(store)
