"""Provides the async client of the management API: ``Client``, its models and its errors.

This package never imports textual: the app depends on it, not the other way round.
"""

from __future__ import annotations

from . import errors, models
from ._params import UNSET, Unset
from ._transport import RetryPolicy
from .cache import ResponseCache
from .client import DEFAULT_BASE_URL, Client
from .errors import ApiError
from .models import Page

__all__ = [
    "DEFAULT_BASE_URL",
    "UNSET",
    "ApiError",
    "Client",
    "Page",
    "ResponseCache",
    "RetryPolicy",
    "Unset",
    "errors",
    "models",
]
