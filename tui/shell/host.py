"""Provides Host, the app as screens and dialogs see it, and Hosted, the one way to reach it.

Screens, dialogs and widgets never import the app (``tui/app.py``): that import tied every
screen to every other in one circle. They see it through ``Host``, the members they use
(navigation by location, the clock, the client, the session…), and ``DocdeckApp`` is one
such host; a test app could be another. ``Hosted`` is the mixin that gives a screen, a dialog
or a widget its ``docdeck`` (the host), its ``client`` and its ``session``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, cast

from textual.dom import DOMNode

if TYPE_CHECKING:
    from textual.screen import Screen

    # Types only: the first frame is painted before the client loads (tui/first_screen.py).
    from ..api import Client
    from ..config import Config
    from ..first_screen import OrganizationSummary
    from .navigation import Focus, Location
    from .registry import Registry
    from .session import Session

__all__ = ["Host", "Hosted"]


class Host(Protocol):
    """What screens, dialogs and widgets use of the app (``DocdeckApp`` is one)."""

    client: Client | None
    """The client of the connection in use; None while the connect screen shows."""
    session: Session
    """What this connection's browsing remembers: places seen, each feature's slots."""
    clock: Callable[[], float]
    """Seconds since the epoch; tests freeze it."""
    page_size: int
    """How many items a list screen asks for at once."""
    config: Config
    read_only: bool
    """Refuse every change: marked actions are hidden, the client sends only GETs."""
    offline: bool
    """Whether the last request could not reach the service."""
    registry: Registry
    """What the features registered: kinds of place, their labels and screens, palette entries."""
    draft_keepers: set[Any]
    """The boxes being typed in (review's ``DraftKeeper``): kept at quit."""

    @property
    def seen_store(self) -> object:
        """What the user last saw of each change request (review's ``SeenStore``)."""

    # -- navigation by location (tui/shell/navigation.py) -----------------------------------

    def open_location(self, place: Location, focus: Focus | None = None) -> None:
        """Show a place on a new screen (or the kept screen that holds it)."""

    def go_to_location(self, place: Location, focus: Focus | None = None) -> None:
        """Go back to the screen that holds a place, or open it when none on the way does."""

    def action_back_from(self, screen: Screen[Any]) -> None:
        """Leave ``screen`` (e.g. a space just deleted), if it is the one shown."""

    # -- the outside world ------------------------------------------------------------------

    def open_in_browser(self, url: str) -> None:
        """Open a web page beside the terminal."""

    def copy_text(self, value: str, *, what: str = "Text") -> None:
        """Copy to the clipboard and say so."""

    def report_error(self, error: BaseException) -> None:
        """The one place failures become something the user sees."""

    def release_memory_soon(self) -> None:
        """After a big answer: hand the freed memory back once loading settles."""

    def user_is_busy(self) -> bool:
        """Whether the user pressed a key a moment ago: long background work gives way."""

    # -- the connection ---------------------------------------------------------------------

    @property
    def connection_profile(self) -> str: ...

    @property
    def connection_host(self) -> str: ...

    @property
    def can_open_demo(self) -> bool: ...

    async def open_demo(self) -> None:
        """Start the demo service and browse it."""

    def default_base_url(self) -> str: ...

    def default_profile(self) -> str: ...

    async def check_token(self, token: str, base_url: str, profile: str) -> None:
        """Connect with a token, or raise the client's error."""

    def remember_first_screen(self, organizations: list[OrganizationSummary]) -> None:
        """Keep what the organisations screen shows for the next start."""


class Hosted:
    """Mixin of a screen, dialog or widget: the app as a ``Host``, its client, its session."""

    @property
    def docdeck(self) -> Host:
        assert isinstance(self, DOMNode)
        return cast("Host", self.app)

    @property
    def client(self) -> Client:
        client = self.docdeck.client
        if client is None:
            raise RuntimeError("no connection: the welcome screen should be showing")
        return client

    @property
    def session(self) -> Session:
        return self.docdeck.session
