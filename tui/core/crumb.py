"""Provides Crumb: one step of a breadcrumb trail, as data (the widget is tui/widgets/breadcrumbs.py).

Navigation builds trails without drawing them, so a feature's ``locations.py`` stays pure data.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["Crumb"]


# A NamedTuple, not a dataclass: a twelfth of the cost to define, before the first frame.
class Crumb(NamedTuple):
    """One step of the trail: its title (server text) and the action a click runs, if any."""

    title: str
    action: str | None = None
