"""Provides DetailPane: the facts of the highlighted item, as labelled lines."""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content
from textual.widgets import Static

from .. import text

__all__ = ["DetailPane"]

_INLINE = 22
"""Values longer than this go on their own line in a pane not yet laid out."""


class DetailPane(Static):
    """A title and ``label: value`` lines; every value is server text and shown literally."""

    DEFAULT_CSS = """
    DetailPane {
        padding: 0 1;
        height: auto;
    }
    """

    def show(self, title: str, facts: Sequence[tuple[str, object]], *, icon: str = "") -> None:
        lines = [
            text.content(f"{icon} {title}" if icon else title, "bold $text-primary"),
            Content(""),
        ]
        width = max((len(label) for label, _ in facts), default=0)
        # Values longer than what fits beside their label go under it (once the pane has a size).
        inline = max(_INLINE, self.size.width - width - 4)
        for label, value in facts:
            if value is None or value == "":
                continue
            shown = text.content(value)
            if len(shown.plain) > inline:
                # Long values (URLs) read better under their label than wrapped beside it.
                lines.append(Content.styled(label, "$text-muted"))
                lines.append(Content.assemble("  ", shown))
            else:
                lines.append(
                    Content.assemble(Content.styled(label.ljust(width), "$text-muted"), "  ", shown)
                )
        self.update(Content("\n").join(lines))

    def clear_facts(self, message: str = "") -> None:
        self.update(Content.styled(message, "$text-muted") if message else "")
