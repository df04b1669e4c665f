"""Provides StatusLine: where the app is connected, how fresh the view is, and whether it loads."""

from __future__ import annotations

from collections.abc import Callable

from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget

from .. import text
from ..humanize import describe_age

__all__ = ["StatusLine"]


class StatusLine(Widget):
    """One line: ``profile @ host · read-only · updated 3 min ago · loading… · offline``.

    The age is measured with the clock it is given, so that a test can freeze it.
    """

    DEFAULT_CSS = """
    StatusLine {
        height: 1;
        padding: 0 1;
        background: $panel;
        color: $text-muted;
    }
    """

    profile: reactive[str] = reactive("")
    """The name of the connection profile."""
    host: reactive[str] = reactive("")
    """The host of the service."""
    updated_at: reactive[float | None] = reactive(None)
    """When the view was last fetched from the service, by the clock; None if never."""
    cached: reactive[bool] = reactive(False)
    """Whether the view shows what the cache held, not yet confirmed by the service."""
    requesting: reactive[bool] = reactive(False)
    """Whether a request of the view is under way (not ``loading``: that name is Textual's
    own, and setting it covers the widget with a loading indicator)."""
    offline: reactive[bool] = reactive(False)
    """Whether the service could not be reached by the last request."""
    read_only: reactive[bool] = reactive(False)
    """Whether the app refuses every change (``docdeck --read-only``)."""
    note: reactive[str] = reactive("")
    """A short fact about the view (e.g. how many items a filter lets through)."""

    def __init__(
        self,
        clock: Callable[[], float],
        *,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self._clock = clock

    def on_mount(self) -> None:
        # The age is the only thing that changes on its own.
        self.set_interval(30, self.refresh)

    def freshness(self) -> str:
        """The freshness part of the line, in words."""
        if self.updated_at is not None:
            return "updated " + describe_age(max(0.0, self._clock() - self.updated_at))
        if self.cached:
            return "from cache"
        return ""

    def render(self) -> Content:
        parts: list[Content] = []
        where = f"{self.profile} @ {self.host}" if self.profile else self.host
        if where:
            parts.append(text.content(where, "bold"))
        if self.read_only:
            parts.append(Content.styled("read-only", "bold $text-warning"))
        if self.offline:
            parts.append(Content.styled("offline", "bold $text-error"))
        freshness = self.freshness()
        if freshness:
            parts.append(Content(freshness))
        if self.requesting:
            parts.append(Content.styled("loading…", "$text-accent"))
        if self.note:
            parts.append(text.content(self.note))
        return Content(" · ").join(parts)
