"""Provides the local service: a faithful implementation of the management API, in SQLite.

It never imports textual nor the client's models: it writes its own JSON from its own store,
so that the contract tests against the official document keep both sides honest. The app
and its routes load on first use, so that naming a dataset costs nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .datasets import DATASETS

if TYPE_CHECKING:
    from .app import Emulator, create_app

__all__ = ["DATASETS", "Emulator", "create_app"]


def __getattr__(name: str) -> Any:
    if name in ("Emulator", "create_app"):
        from . import app

        return getattr(app, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
