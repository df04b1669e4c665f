"""Provides TickBox: a checkbox that says ticked or not in its mark, not only in its colour.

Textual's Checkbox draws ``▐X▌`` either way and tells the two apart by the X's colour, which
NO_COLOR, a monochrome terminal or GNU screen take away. A TickBox draws ``▐X▌`` ticked and
``▐ ▌`` not.
"""

from __future__ import annotations

from textual.content import Content
from textual.style import Style
from textual.widgets import Checkbox

__all__ = ["TickBox"]


class TickBox(Checkbox):
    """A Checkbox whose X shows only when it is ticked."""

    @property
    def _button(self) -> Content:
        # As Checkbox draws it (textual.widgets._toggle_button), with a blank for the X when
        # it is not ticked.
        button_style = self.get_visual_style("toggle--button")
        side_style = Style(foreground=button_style.background, background=self.background_colors[1])
        return Content.assemble(
            (self.BUTTON_LEFT, side_style),
            (self.BUTTON_INNER if self.value else " ", button_style),
            (self.BUTTON_RIGHT, side_style),
        )
