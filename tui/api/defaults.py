"""Provides the client's defaults that start-up needs before the client itself loads."""

from __future__ import annotations

__all__ = ["DEFAULT_BASE_URL"]

DEFAULT_BASE_URL = "https://api.gitbook.com/v1"
"""The platform's API, for a profile that names no other."""
