"""Provides the models of the content family."""

from __future__ import annotations

__all__: list[str] = []
