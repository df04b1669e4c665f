"""Provides DetailPane: the facts of the highlighted item, as labelled lines."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from textual.content import Content
from textual.widgets import Static

from tui.core import text

__all__ = ["DetailPane", "wrap_value"]

_INLINE = 22
"""Values longer than this go on their own line in a pane not yet laid out."""

_BREAK_AFTER = "/?&=-_.,; "
"""Where a long value (a URL) reads best when it must go on another line, ``/`` first."""


def wrap_value(value: str, width: int) -> list[str]:
    """A long value in lines of at most ``width`` cells, cut after a ``/`` (or ``?&=-_.``)
    where there is one near the end of the line, else where the line is full."""
    width = max(4, width)
    lines: list[str] = []
    rest = value
    while cell_len(rest) > width:
        cut = 0
        while cut < len(rest) and cell_len(rest[: cut + 1]) <= width:
            cut += 1
        soft = rest.rfind("/", 0, cut) + 1
        if soft <= cut // 2:
            soft = max(rest.rfind(mark, 0, cut) for mark in _BREAK_AFTER) + 1
        if soft > cut // 2:
            cut = soft
        lines.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip(" ")
    lines.append(rest)
    return lines


class DetailPane(Static):
    """A title and ``label: value`` lines; every value is server text and shown literally.

    A value too long to sit beside its label goes under it, indented, and wraps with the same
    indent (after a ``/`` in a URL when it can), so that it never reads as another label.
    """

    DEFAULT_CSS = """
    DetailPane {
        padding: 0 1;
        height: auto;
    }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._shown: tuple[str, list[tuple[str, object]], str] | None = None

    def show(self, title: str, facts: Sequence[tuple[str, object]], *, icon: str = "") -> None:
        self._shown = (title, list(facts), icon)
        width = self.content_size.width
        lines = [
            text.content(f"{icon} {title}" if icon else title, "bold $text-primary"),
            Content(""),
        ]
        label_width = max((len(label) for label, _ in facts), default=0)
        # Values longer than what fits beside their label go under it (once the pane has a size).
        inline = width - label_width - 2 if width else _INLINE
        for label, value in facts:
            if value is None or value == "":
                continue
            shown = text.one_line(value)
            if cell_len(shown) > inline:
                lines.append(Content.styled(label, "$text-muted"))
                for part in wrap_value(shown, (width or 40) - 2):
                    lines.append(Content.assemble("  ", Content(part)))
            else:
                lines.append(
                    Content.assemble(
                        Content.styled(label.ljust(label_width), "$text-muted"),
                        "  ",
                        Content(shown),
                    )
                )
        self.update(Content("\n").join(lines))

    def clear_facts(self, message: str = "") -> None:
        self._shown = None
        self.update(Content.styled(message, "$text-muted") if message else "")

    def on_resize(self) -> None:
        if self._shown is not None:
            title, facts, icon = self._shown
            self.show(title, facts, icon=icon)
