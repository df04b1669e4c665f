"""Provides docdeck's screens, one per file, and what they share (base, locations, palette)."""

from __future__ import annotations

from .base import BrowserScreen, DocdeckScreen, ScreenCommand
from .error_details import ErrorDetailsScreen, ErrorReport
from .keys import KeysScreen
from .locations import Location, LocationRegistry
from .organization import OrganizationScreen
from .organizations import OrganizationsScreen
from .search import SearchScreen
from .space import SpaceScreen
from .welcome import WelcomeScreen

__all__ = [
    "BrowserScreen",
    "DocdeckScreen",
    "ErrorDetailsScreen",
    "ErrorReport",
    "KeysScreen",
    "Location",
    "LocationRegistry",
    "OrganizationScreen",
    "OrganizationsScreen",
    "ScreenCommand",
    "SearchScreen",
    "SpaceScreen",
    "WelcomeScreen",
]
