"""Provides StatusLine: where the app is connected, how fresh the view is, and whether it loads."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget

from tui.core import text
from tui.core.humanize import describe_age

__all__ = ["WAIT_SAID_AFTER", "StatusLine", "Wait"]

WAIT_SAID_AFTER = 1.0
"""Seconds of waiting for an answer after which "loading…" becomes how long it has waited."""


class Wait(Protocol):
    """A wait under way, as the client's activity tells it (widgets do not know the client)."""

    @property
    def seconds(self) -> float: ...
    @property
    def rate_limited(self) -> bool: ...


class StatusLine(Widget):
    """One line: ``profile @ host · read-only · updated 3 min ago · loading… · offline``.

    The age is measured with the clock it is given, so that a test can freeze it. A load that
    waits says so, from the client's activity: ``waiting for the service (12 s) · Esc stops``,
    or ``rate limited: trying again in 59 s · Esc stops`` while the service asked to wait.
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
    refresh_failed: reactive[bool] = reactive(False)
    """Whether the last load failed: the view is from the answer before, and says so."""
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
        waiting: Callable[[], Wait | None] | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self._clock = clock
        self._waiting = waiting

    def on_mount(self) -> None:
        # The age changes on its own, and so does a wait while a request is under way.
        self.set_interval(30, self.refresh)
        self.set_interval(1, self._tick)

    def _tick(self) -> None:
        if self.requesting and self._waiting is not None:
            self.refresh()

    def wait_said(self) -> str:
        """What the line says of a long wait (without "Esc stops"); empty when none."""
        if not self.requesting or self._waiting is None:
            return ""
        waiting = self._waiting()
        if waiting is None:
            return ""
        if waiting.rate_limited:
            return f"rate limited: trying again in {max(1, round(waiting.seconds))} s"
        if waiting.seconds >= WAIT_SAID_AFTER:
            return f"waiting for the service ({int(waiting.seconds)} s)"
        return ""

    def freshness(self) -> str:
        """The freshness part of the line, in words."""
        if self.updated_at is not None:
            age = describe_age(max(0.0, self._clock() - self.updated_at))
            if self.refresh_failed:
                # Not "updated just now": the refresh just failed, this is the answer before.
                return "not refreshed · last answer " + age
            return "updated " + age
        if self.cached:
            return "from cache"
        return ""

    def render(self) -> Content:
        # At 80 columns the view's note, said last, would be cut: the line gives up first the
        # host, then the word "updated", then where it is connected (the title bar and the
        # profile say it too), so that the note and the warnings stay whole.
        width = self.content_size.width
        line = self._line(self._where(), self.freshness())
        for where, freshness in (
            (self.profile or self.host, self.freshness()),
            (self.profile or self.host, self.freshness().removeprefix("updated ")),
            ("", self.freshness().removeprefix("updated ")),
        ):
            if not width or line.cell_length <= width:
                break
            line = self._line(where, freshness)
        return line

    def _where(self) -> str:
        return f"{self.profile} @ {self.host}" if self.profile else self.host

    def _line(self, where: str, freshness: str) -> Content:
        parts: list[Content] = []
        if where:
            parts.append(text.content(where, "bold"))
        if self.read_only:
            parts.append(Content.styled("read-only", "bold $text-warning"))
        if self.offline:
            parts.append(Content.styled("offline", "bold $text-error"))
        if freshness:
            parts.append(Content(freshness))
        wait = self.wait_said()
        if wait:
            parts.append(Content.styled(f"{wait} · Esc stops", "$text-accent"))
        elif self.requesting:
            parts.append(Content.styled("loading…", "$text-accent"))
        if self.note:
            parts.append(text.content(self.note))
        return Content(" · ").join(parts)
