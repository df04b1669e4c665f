"""Provides the async client of the management API: ``Client``, its models and its errors.

This package never imports textual: the app depends on it, not the other way round.

Its names are loaded on first use (PEP 562): ``import tui.api.errors`` or the app's first
frame must not pay for httpx and the pydantic models (see ``tui/first_screen.py``).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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

_WHERE = {
    "DEFAULT_BASE_URL": ".defaults",
    "Client": ".client",
    "UNSET": "._params",
    "Unset": "._params",
    "RetryPolicy": "._transport",
    "ResponseCache": ".cache",
    "ApiError": ".errors",
    "Page": ".models",
}


def __getattr__(name: str) -> Any:
    if name in ("errors", "models"):
        return importlib.import_module(f".{name}", __name__)
    if name in _WHERE:
        value = getattr(importlib.import_module(_WHERE[name], __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
