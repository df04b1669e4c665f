"""Provides Breadcrumbs: organisation › collection › space › page, each crumb clickable."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from rich.cells import cell_len
from textual.content import Content
from textual.reactive import reactive
from textual.style import Style
from textual.widget import Widget

from tui.core import text

__all__ = ["Breadcrumbs", "Crumb"]


# A NamedTuple, not a dataclass: a twelfth of the cost to define, before the first frame.
class Crumb(NamedTuple):
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
        crumbs = list(self.crumbs)
        shown = fit_trail([text.one_line(c.title) for c in crumbs], self.content_size.width)
        parts: list[Content] = []
        last = len(crumbs) - 1
        for index, title in shown:
            if index < 0:
                parts.append(Content.styled(title, "$text-muted"))
                continue
            crumb = crumbs[index]
            part = Content.styled(title, "bold $text") if index == last else Content(title)
            if crumb.action is not None and index != last:
                part = part.stylize(Style.from_meta({"@click": crumb.action}))
            parts.append(part)
        return Content(SEPARATOR).join(parts)


SEPARATOR = " › "
ELLIPSIS = "…"


def _clip(title: str, width: int) -> str:
    """The title cut to ``width`` cells, ending in … when cut."""
    if cell_len(title) <= width:
        return title
    kept = ""
    for char in title:
        if cell_len(kept + char) > max(0, width - 1):
            break
        kept += char
    return kept + ELLIPSIS


def fit_trail(titles: list[str], width: int) -> list[tuple[int, str]]:
    """(index, title) of the crumbs to draw in ``width`` cells; index -1 is an ellipsis.

    A trail too long loses crumbs from its middle: the first (the organisation) and the last
    (where the user is) stay, with as many of the nearest holders of the last as fit.
    """
    if width <= 0 or not titles:
        return list(enumerate(titles))

    def size(items: list[tuple[int, str]]) -> int:
        return sum(cell_len(t) for _, t in items) + cell_len(SEPARATOR) * (len(items) - 1)

    everything = list(enumerate(titles))
    if size(everything) <= width or len(titles) == 1:
        if len(titles) == 1:
            return [(0, _clip(titles[0], width))]
        if size(everything) <= width:
            return everything
    last = len(titles) - 1
    first = (0, titles[0])
    if cell_len(titles[0]) + cell_len(titles[last]) + 2 * cell_len(SEPARATOR) + 1 > width:
        first = (0, _clip(titles[0], max(8, width // 3)))
    tail: list[tuple[int, str]] = [(last, titles[last])]
    for index in range(last - 1, 0, -1):
        candidate = [first, (-1, ELLIPSIS), (index, titles[index]), *tail]
        if size(candidate) > width:
            break
        tail.insert(0, (index, titles[index]))
    gap = [(-1, ELLIPSIS)] if tail[0][0] > 1 else []
    result = [first, *gap, *tail]
    overflow = size(result) - width
    if overflow > 0:  # even the last place is too long: cut its title
        keep = max(1, cell_len(titles[last]) - overflow)
        result[-1] = (last, _clip(titles[last], keep))
    return result
