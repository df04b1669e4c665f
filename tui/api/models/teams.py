"""Provides the models of the teams family."""

from __future__ import annotations

__all__: list[str] = []
