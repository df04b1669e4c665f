"""Provides the models of the git family."""

from __future__ import annotations

__all__: list[str] = []
