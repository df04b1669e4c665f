"""Provides docdeck's screens, one per file; what they stand on is in ``tui.shell``.

Screens never import each other: they open places through the app (``open_location``), which
alone knows which screen shows which kind of place.
"""

from __future__ import annotations

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
