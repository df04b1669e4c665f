"""Provides Pane: a view of a screen with keys of its own, live while the focus is inside it.

A screen in several views (a site's structure, settings, audience and published view) makes
each view a Pane with its own ``BINDINGS`` and actions: Textual's focus chain then decides which
keys are live, and the palette (``tui.shell.key_help.live_bindings``) offers exactly those, so
no screen needs a table of which key belongs to which view.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual.widget import Widget

from .read_only import read_only_check

__all__ = ["Pane"]


class Pane(Widget):
    """A view of a screen: its keys count as the screen's in ``?`` and in the palette.

    A pane that is also a container names the container first (``class P(Vertical, Pane)``):
    Textual takes a widget's default CSS along its first base only.
    """

    NAMESPACE: ClassVar[str] = ""
    """The prefix of the pane's commands in the palette; empty: the screen's."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # Read-only mode hides the pane's @mutating actions, as it does a screen's.
        cls.check_action = read_only_check(cls.check_action)  # type: ignore[method-assign,assignment]
