"""Provides Breadcrumbs: organisation › collection › space › page, each crumb clickable."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from textual.content import Content
from textual.reactive import reactive
from textual.style import Style
from textual.widget import Widget

from .. import text

__all__ = ["Breadcrumbs", "Crumb"]


@dataclass(frozen=True)
class Crumb:
    """One step of the trail: its title (server text) and the action a click runs, if any."""

    title: str
    action: str | None = None


class Breadcrumbs(Widget):
    """Where the view is, as a trail of titles separated by ›."""

    DEFAULT_CSS = """
    Breadcrumbs {
        height: 1;
        padding: 0 1;
        background: $boost;
        color: $text-muted;
    }
    """

    crumbs: reactive[tuple[Crumb, ...]] = reactive(tuple)
    """The trail, from the outermost place to the current one."""

    def set_trail(self, crumbs: Sequence[Crumb]) -> None:
        self.crumbs = tuple(crumbs)

    def render(self) -> Content:
        parts: list[Content] = []
        last = len(self.crumbs) - 1
        for index, crumb in enumerate(self.crumbs):
            part = text.content(crumb.title, "bold $text" if index == last else "")
            if crumb.action is not None and index != last:
                part = part.stylize(Style.from_meta({"@click": crumb.action}))
            parts.append(part)
        return Content(" › ").join(parts)
