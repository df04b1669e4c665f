"""Provides the models of the comments family."""

from __future__ import annotations

__all__: list[str] = []
