"""Provides the models of the change requests family."""

from __future__ import annotations

__all__: list[str] = []
