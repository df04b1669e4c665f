"""Provides the local service: a faithful implementation of the management API, in SQLite.

It never imports textual nor the client's models: it writes its own JSON from its own store,
so that the contract tests against the official document keep both sides honest.
"""

from __future__ import annotations

from .app import Emulator, create_app
from .datasets import DATASETS

__all__ = ["DATASETS", "Emulator", "create_app"]
