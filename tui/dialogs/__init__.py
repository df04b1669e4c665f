"""Provides docdeck's modal dialogs: the forms and confirmations that act on the service, the
keys of a screen and the details of the last error.

Each action dialog (``ActionDialog``) sends one request and closes only when the service
agrees, with its answer as the result; a refusal keeps it open with what was typed and the
service's message.

Names load on first use (PEP 562): the first frame needs no dialog.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .base import ActionDialog, allowed
    from .error_details import ErrorDetailsScreen
    from .keys import KeysScreen

__all__ = [
    "ActionDialog",
    "ErrorDetailsScreen",
    "KeysScreen",
    "allowed",
]

_WHERE = {
    "ActionDialog": ".base",
    "allowed": ".base",
    "ErrorDetailsScreen": ".error_details",
    "KeysScreen": ".keys",
}


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_WHERE[name], __name__), name)
    globals()[name] = value
    return value
