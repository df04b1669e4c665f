"""Provides FittedDialog: a modal whose body scrolls so that the dialog fits above the toasts.

Notifications appear at the bottom right. A dialog centred on a small terminal (80×24) would
reach down under them and have its border drawn over. So every modal keeps the bottom
``TOAST_ROOM`` rows free (the dialog's ``margin-bottom`` in dialogs.tcss), and its body (``.dialog-body``) gets the
height left once the title, the status and the buttons are counted: a long body scrolls,
nothing is cut, and the instructions stay in view.
"""

from __future__ import annotations

from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widget import Widget

__all__ = ["TOAST_ROOM", "FittedDialog"]

TOAST_ROOM = 5
"""Rows kept free at the bottom of the screen for notifications."""

_FRAME = 2
"""The thick border of a dialog, top and bottom."""


class FittedDialog:
    """Mixin of a ModalScreen whose ``.dialog`` holds one ``.dialog-body`` that may scroll."""

    def on_resize(self) -> None:
        assert isinstance(self, Screen)
        self.call_after_refresh(self.fit_body)

    def on_mount(self) -> None:
        assert isinstance(self, Screen)
        self.call_after_refresh(self.fit_body)

    def fit_body(self) -> None:
        assert isinstance(self, Screen)
        try:
            dialog = self.query_one(".dialog", Widget)
            body = dialog.query_one(".dialog-body", Widget)
        except NoMatches:
            return
        others = sum(
            child.outer_size.height
            for child in dialog.children
            if child is not body and child.display
        )
        room = self.size.height - TOAST_ROOM - _FRAME - others
        body.styles.max_height = max(3, room)
