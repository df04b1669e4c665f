"""Provides Crumb: one step of a breadcrumb trail, as data (the widget is tui/widgets/breadcrumbs.py).

Navigation builds trails without drawing them, so a feature's ``locations.py`` stays pure data.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Crumb"]


@dataclass(frozen=True)
class Crumb:
    """One step of the trail: its title (server text) and the action a click runs, if any."""

    title: str
    action: str | None = None
