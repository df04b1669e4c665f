"""Provides the models of the sso family."""

from __future__ import annotations

__all__: list[str] = []
