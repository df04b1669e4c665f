"""Provides the models of the translations family."""

from __future__ import annotations

__all__: list[str] = []
