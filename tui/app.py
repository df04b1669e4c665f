"""Provides DocdeckApp: the connection, the global keys, the palette and where failures go."""

from __future__ import annotations

import inspect
import logging
import time
import webbrowser
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from textual import events
from textual.app import App
from textual.binding import Binding, BindingType
from textual.reactive import reactive
from textual.theme import Theme
from textual.widgets import Input
from textual.worker import Worker, WorkerState

from .api import Client
from .api.client import DEFAULT_BASE_URL
from .api.errors import TransportError, UnauthorizedError
from .config import Config, Connection
from .screens.base import BrowserScreen
from .screens.error_details import ErrorDetailsScreen, ErrorReport
from .screens.keys import KeyHelp, KeysScreen
from .screens.locations import Location, LocationRegistry
from .screens.organization import OrganizationScreen
from .screens.organizations import OrganizationsScreen
from .screens.palette import LocationCommands, ScreenCommands
from .screens.space import SpaceScreen
from .screens.welcome import WelcomeScreen

__all__ = ["ConnectionLabel", "ConnectionLike", "DocdeckApp"]

logger = logging.getLogger("docdeck.app")


class ConnectionLike(Protocol):
    """What the status line says about the connection: ``tui.config.Connection`` fits."""

    @property
    def profile(self) -> str: ...

    @property
    def host(self) -> str: ...


@dataclass(frozen=True)
class ConnectionLabel:
    """A connection described without a token, e.g. ``ConnectionLabel("demo", "local demo")``."""

    profile: str
    host: str


DemoOpener = Callable[
    [], "tuple[Client, ConnectionLike] | Awaitable[tuple[Client, ConnectionLike]]"
]
"""Starts the demo service and returns a client of it and how to describe it."""

ClientFactory = Callable[[str, str], Client]
"""Makes a client from a token and a base URL (the connect form)."""


def _client_for(token: str, base_url: str) -> Client:
    return Client(token, base_url=base_url)


class DocdeckApp(App[None]):
    """A terminal client of the documentation platform.

    Give it a client and a description of its connection; with ``client=None`` it starts on the
    welcome screen, which offers the demo (when ``open_demo`` is given) and a connect form.
    """

    TITLE = "docdeck"
    CSS_PATH = "styles/app.tcss"
    COMMANDS: ClassVar[set[Any]] = App.COMMANDS | {LocationCommands, ScreenCommands}

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "quit", "Quit", id="app.quit", tooltip="Quit docdeck"),
        Binding(
            "question_mark",
            "show_keys",
            "Keys",
            id="app.help",
            tooltip="Show the keys of this screen",
        ),
        Binding(
            "ctrl+p",
            "command_palette",
            "Palette",
            id="app.palette",
            priority=True,
            show=False,
            tooltip="Jump to a place seen so far, or run a command",
        ),
        Binding("escape", "back", "Back", id="app.back", tooltip="Go back to the previous screen"),
        Binding(
            "exclamation_mark",
            "error_details",
            "Error details",
            show=False,
            id="app.error_details",
            tooltip="Show the details of the last error",
        ),
    ]

    offline: reactive[bool] = reactive(False)
    """Whether the last request could not reach the service."""

    def __init__(
        self,
        client: Client | None,
        connection: ConnectionLike | None,
        config: Config | None = None,
        *,
        on_theme_change: Callable[[str], None] | None = None,
        open_demo: DemoOpener | None = None,
        on_connect: Callable[[Connection], None] | None = None,
        make_client: ClientFactory = _client_for,
        open_url: Callable[[str], object] = webbrowser.open,
        clock: Callable[[], float] = time.time,
        page_size: int = 50,
    ) -> None:
        super().__init__()
        self.config = config or Config()
        self.client = client
        self.connection = connection
        self.clock = clock
        """Seconds since the epoch; tests freeze it so "updated N min ago" stays put."""
        self.page_size = page_size
        """How many items a list screen asks for at once."""
        self.locations = LocationRegistry()
        self.last_error: ErrorReport | None = None
        self._on_theme_change = on_theme_change
        self._open_demo = open_demo
        self._on_connect = on_connect
        self._make_client = make_client
        self._open_url = open_url
        self._owned: list[Client] = []
        if self.config.keys:
            self.set_keymap(self.config.keys)
        if self.config.theme and self.config.theme in self.available_themes:
            self.theme = self.config.theme

    # -- connection ------------------------------------------------------------------------

    @property
    def connection_profile(self) -> str:
        return self.connection.profile if self.connection else ""

    @property
    def connection_host(self) -> str:
        return self.connection.host if self.connection else ""

    @property
    def can_open_demo(self) -> bool:
        return self._open_demo is not None

    def default_base_url(self) -> str:
        profile = self.config.profiles.get(self.config.default_profile or "default")
        return profile.base_url if profile else DEFAULT_BASE_URL

    def default_profile(self) -> str:
        return self.config.default_profile or "default"

    async def check_token(self, token: str, base_url: str, profile: str) -> None:
        """Connect with a token, or raise the client's error; used by the connect form."""
        client = self._make_client(token, base_url)
        try:
            await client.users.get_authenticated_user()
        except BaseException:
            await client.aclose()
            raise
        self._owned.append(client)
        connection = Connection(base_url=base_url, token=token, profile=profile)
        if self._on_connect is not None:
            self._on_connect(connection)
        self.start_browsing(client, connection)

    async def open_demo(self) -> None:
        """Start the demo through the callback the app was given, then browse it."""
        if self._open_demo is None:
            return
        result = self._open_demo()
        client, connection = await result if inspect.isawaitable(result) else result
        self._owned.append(client)  # nobody else holds it: the app closes it when it ends
        self.start_browsing(client, connection)

    def start_browsing(self, client: Client, connection: ConnectionLike) -> None:
        """Use this connection from now on, starting again from the organisations."""
        self.client = client
        self.connection = connection
        self.offline = False
        self.locations.clear()
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(OrganizationsScreen())

    def require_connection(self, reason: str = "") -> None:
        """Show the connect screen (once), e.g. when the token stops being accepted."""
        if isinstance(self.screen, WelcomeScreen):
            return
        self.push_screen(WelcomeScreen(reason=reason))

    # -- lifecycle -------------------------------------------------------------------------

    def on_mount(self) -> None:
        self.theme_changed_signal.subscribe(self, self._theme_changed)
        if self.client is None:
            self.push_screen(WelcomeScreen())
        else:
            self.push_screen(OrganizationsScreen())

    async def on_unmount(self) -> None:
        # The app closes every client it browsed with, the one it was given included.
        clients = [*self._owned, *([self.client] if self.client is not None else [])]
        for client in dict.fromkeys(clients):
            await client.aclose()

    def _theme_changed(self, theme: Theme) -> None:
        if self._on_theme_change is not None:
            self._on_theme_change(theme.name)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        # A headless run (tests, snapshots) has nobody to blink for, and a still cursor keeps
        # screenshots identical from one run to the next.
        if self.is_headless and isinstance(event.widget, Input):
            event.widget.cursor_blink = False

    # -- failures --------------------------------------------------------------------------

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state is WorkerState.ERROR and event.worker.error is not None:
            self.report_error(event.worker.error)

    def report_error(self, error: BaseException) -> None:
        """The one place failures become something the user sees."""
        if isinstance(error, UnauthorizedError):
            self.require_connection(f"{error.message} {error.hint}")
            return
        if isinstance(error, TransportError):
            self.offline = True
        report = ErrorReport.from_exception(error)
        if report.title == "Unexpected error":
            logger.error("unexpected failure", exc_info=error)
        self.last_error = report
        self.notify(
            f"{report.message}\n{report.hint}\nPress ! for details.",
            title=report.title,
            severity="error",
            markup=False,
        )

    def action_error_details(self) -> None:
        if self.last_error is None:
            self.notify("No error so far.")
        else:
            self.push_screen(ErrorDetailsScreen(self.last_error))

    # -- navigation ------------------------------------------------------------------------

    def _can_go_back(self) -> bool:
        # The bottom screen is Textual's blank default; the one above it is where browsing
        # starts. The connect screen has no way around it but connecting.
        return len(self.screen_stack) > 2 and not isinstance(self.screen, WelcomeScreen)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "back":
            return self._can_go_back()
        return True

    async def action_back(self) -> None:
        if self._can_go_back():
            self.pop_screen()

    def open_location(self, place: Location) -> None:
        """Show a place: an organisation, a collection (in its organisation), a space, a page."""
        screen: BrowserScreen
        if place.kind == "organization":
            screen = OrganizationScreen(place.id)
        elif place.kind == "collection":
            screen = OrganizationScreen(place.organization, reveal=place.id)
        elif place.kind == "space":
            screen = SpaceScreen(place.id, organization_id=place.organization)
        elif place.kind == "page" and place.space:
            screen = SpaceScreen(place.space, organization_id=place.organization, page_id=place.id)
        else:
            return
        self.push_screen(screen)

    def action_go_to(self, kind: str, id: str) -> None:
        """Go back to a place of the breadcrumbs, or open it when it is not on the way back."""
        place = self.locations.get(kind, id)
        stack = self.screen_stack
        for depth in range(len(stack) - 1, 0, -1):
            screen = stack[depth]
            location = screen.location if isinstance(screen, BrowserScreen) else None
            if location is None:
                continue
            # A collection is shown by the screen of its organisation.
            holds = (
                kind == "collection"
                and place is not None
                and isinstance(screen, OrganizationScreen)
                and location.id == place.organization
            )
            if location.key == (kind, id) or holds:
                for _ in range(len(stack) - 1 - depth):
                    self.pop_screen()
                if holds and isinstance(screen, OrganizationScreen):
                    screen.reveal(id)
                return
        if place is not None:
            self.open_location(place)

    # -- help, browser, clipboard ----------------------------------------------------------

    def action_show_keys(self) -> None:
        if isinstance(self.screen, KeysScreen):
            return
        screen = self.screen

        # The screen's own keys first, then the app's, then those of the focused widget.
        def rank(node: object) -> int:
            return 0 if node is screen else 1 if node is self else 2

        merged: dict[tuple[int, str], tuple[list[str], str]] = {}
        for key, active in screen.active_bindings.items():
            binding = active.binding
            if not binding.description or binding.system or not active.enabled:
                continue
            displays, binding_id = merged.setdefault(
                (rank(active.node), binding.description), ([], binding.id or "")
            )
            display = self.get_key_display(binding.with_key(key))
            if display not in displays:
                displays.append(display)
            if binding.id and not binding_id:
                merged[(rank(active.node), binding.description)] = (displays, binding.id)
        # Within each group, docdeck's own keys (those with an id) before Textual's.
        ordered = sorted(merged.items(), key=lambda item: (item[0][0], not item[1][1]))
        keys = [
            KeyHelp(" ".join(displays), description, binding_id)
            for (_, description), (displays, binding_id) in ordered
        ]
        namespace = getattr(screen, "NAMESPACE", "")
        title = f"Keys of the {namespace} screen" if namespace else "Keys"
        self.push_screen(KeysScreen(title, keys))

    def open_in_browser(self, url: str) -> None:
        """Open a web page in a thread, so a slow browser start never freezes the app."""
        if not url.startswith(("https://", "http://")):
            self.notify("Only web addresses are opened in the browser.", severity="warning")
            return
        self.run_worker(
            lambda: self._open_url(url), thread=True, group="browser", exit_on_error=False
        )
        self.notify(url, title="Opening in the browser", markup=False)

    def copy_text(self, value: str, *, what: str = "Text") -> None:
        """Copy with OSC 52, which works over SSH when the terminal allows it."""
        self.copy_to_clipboard(value)
        self.notify(value, title=f"{what} copied to the clipboard", markup=False)
