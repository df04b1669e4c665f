"""Provides the models of the sites family."""

from __future__ import annotations

__all__: list[str] = []
