"""Provides the models of the members family."""

from __future__ import annotations

__all__: list[str] = []
