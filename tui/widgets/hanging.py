"""Provides Hanging: a row of lines whose wrapped parts stay under the text they continue.

A row of a list is a title and, indented below it, its facts. When a line is wider than the
pane, its continuation starts under the line's own text (after its leading spaces), or under
the facts for a line that starts at the edge, never at the edge where the next row's title
begins: "   open · Grace Hopper · review requested from" then "   you · outdated".
"""

from __future__ import annotations

from rich.cells import cell_len
from textual.content import Content
from textual.css.styles import RulesMap
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual

__all__ = ["HANG", "Hanging", "hanging_lines"]

HANG = 3
"""Cells a wrapped part of a line that starts at the edge is indented by."""


def hanging_lines(content: Content, width: int) -> list[Content]:
    """The lines of ``content`` wrapped to ``width``, each wrapped part under its line's text."""
    lines: list[Content] = []
    for line in content.split("\n", allow_blank=True):
        plain = line.plain
        indent = len(plain) - len(plain.lstrip(" "))
        hang = indent or HANG
        if width <= hang + 8 or cell_len(plain) <= width:
            lines.extend(line.wrap(max(1, width)) if plain else [line])
            continue
        first = line.wrap(width)[0]
        lines.append(first)
        rest = line[len(first.plain) :]
        rest = rest[len(rest.plain) - len(rest.plain.lstrip(" ")) :]
        pad = Content(" " * hang)
        lines.extend(Content.assemble(pad, part) for part in rest.wrap(width - hang))
    return lines


class Hanging(Visual):
    """A Content drawn with hanging indents (see ``hanging_lines``)."""

    def __init__(self, content: Content) -> None:
        self.content = content

    def __str__(self) -> str:
        return self.content.plain

    def render_strips(
        self, width: int, height: int | None, style: Style, options: RenderOptions
    ) -> list[Strip]:
        lines = hanging_lines(self.content, width)
        if height is not None:
            lines = lines[:height]
        strips: list[Strip] = []
        for line in lines:
            strips.extend(line.render_strips(width, 1, style, options))
        return strips

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return self.content.get_optimal_width(rules, container_width)

    def get_minimal_width(self, rules: RulesMap) -> int:
        return self.content.get_minimal_width(rules)

    def get_height(self, rules: RulesMap, width: int) -> int:
        return len(hanging_lines(self.content, width))
