"""Provides DetailPane: the facts of the highlighted item, as labelled lines."""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content
from textual.widgets import Static

from .. import text

__all__ = ["DetailPane"]


class DetailPane(Static):
    """A title and ``label: value`` lines; every value is server text and shown literally."""

    DEFAULT_CSS = """
    DetailPane {
        padding: 0 1;
        height: auto;
    }
    """

    def show(self, title: str, facts: Sequence[tuple[str, object]], *, icon: str = "") -> None:
        lines = [text.content(f"{icon} {title}" if icon else title, "bold $text-primary"), Content("")]
        width = max((len(label) for label, _ in facts), default=0)
        for label, value in facts:
            if value is None or value == "":
                continue
            lines.append(
                Content.assemble(
                    Content.styled(label.ljust(width), "$text-muted"), "  ", text.content(value)
                )
            )
        self.update(Content("\n").join(lines))

    def clear_facts(self, message: str = "") -> None:
        self.update(Content.styled(message, "$text-muted") if message else "")
