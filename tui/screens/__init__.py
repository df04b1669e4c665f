"""Provides docdeck's screens, one per file; what they stand on is in ``tui.shell``.

Screens never import each other: they open places through the app (``open_location``), which
alone knows which screen shows which kind of place.

Names load on first use (PEP 562): the first frame imports only the screen it paints (see
``tui/first_screen.py``); the app imports the others after it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .organization import OrganizationScreen
    from .organizations import OrganizationsScreen
    from .search import SearchScreen
    from .space import SpaceScreen
    from .welcome import WelcomeScreen

__all__ = [
    "OrganizationScreen",
    "OrganizationsScreen",
    "SearchScreen",
    "SpaceScreen",
    "WelcomeScreen",
]

_WHERE = {
    "OrganizationScreen": ".organization",
    "OrganizationsScreen": ".organizations",
    "SearchScreen": ".search",
    "SpaceScreen": ".space",
    "WelcomeScreen": ".welcome",
}


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_WHERE[name], __name__), name)
    globals()[name] = value
    return value
