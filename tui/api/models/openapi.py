"""Provides the models of the openapi family."""

from __future__ import annotations

__all__: list[str] = []
