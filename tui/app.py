"""Provides DocdeckApp: the connection, the global keys, which screen shows which place, failures.

The app is the only module that knows the features: it calls each one's ``register`` (in
``register_features``), which fills the shell's ``Registry`` with the feature's kinds of
place, their labels and screens, and its palette entries. Screens ask the app to
``open_location(place, focus)`` or ``go_to_location(place, focus)`` through the ``Host``
protocol (``tui/shell/host.py``) and never import it. Every failed worker reaches
``on_failed`` (see ``tui.shell.failures``), the one place failures become something the
user sees.
"""

from __future__ import annotations

import gc
import inspect
import logging
import os
import signal
import sys
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, Protocol

from textual import events
from textual.app import App
from textual.binding import Binding, BindingType
from textual.reactive import reactive
from textual.screen import Screen
from textual.theme import Theme
from textual.timer import Timer

from tui.browse.organizations import OrganizationsScreen

# The first frame is painted before the client, its models, the service and the screens other
# than the first are imported (tui/first_screen.py): what only later work needs is imported
# where it is used, and tests/shell/test_startup.py checks that importing this module stays light.
from .config import Config, Connection
from .first_screen import FirstScreen, OrganizationSummary
from .shell.failures import Failed, GuardedWork
from .shell.navigation import Focus, Location, PlacesSeen
from .shell.screen import BrowserScreen
from .shell.session import Session

if TYPE_CHECKING:
    from textual.command import Provider

    from tui.review.logic.activity import SeenStore

    from .api import Client
    from .shell.error_report import ErrorReport
    from .shell.host import Host
    from .shell.kept_screens import KeptScreens
    from .shell.registry import Registry

__all__ = ["FEATURES", "ConnectionLabel", "ConnectionLike", "DocdeckApp", "register_features"]

logger = logging.getLogger("docdeck.app")

FIRST_FRAME_WRITE = 0.015
"""Seconds left to the driver's writer thread to put the first frame on the terminal."""

INPUT_RECENT = 0.3
"""Seconds after a key during which the user counts as busy (``DocdeckApp.user_is_busy``): a
held key repeats every 30 to 50 ms, a reader pauses for longer."""

_USER_INPUT = (events.Key, events.MouseDown, events.MouseScrollDown, events.MouseScrollUp)
"""What the user does that wants an answer on the screen at once (hovering does not)."""

GC_YOUNG_THRESHOLD = 10_000
"""Allocations between two young collections once started (Python's default is 700)."""


def calm_the_collector() -> None:
    """The collector stops walking what start-up allocated, and runs less often.

    A full collection walks every object: with the models, the service and the screens
    loaded, a stall of 20 to 60 ms that lands on a key press (75 ms each, 65 times in 20 s of
    building Globex's access). What start-up allocated stays for the session, so it is frozen
    out of the collector's walks; and young collections every 10,000 allocations rather than
    700 make full ones rare (none in the benchmark's 460 keys down 10,000 spaces, four of up
    to 25 ms before; measured by ``python -m tests.benchmarks.bench_speed --only keys``). The
    benchmarks in ``tests/benchmarks`` run under it too (their conftest), as the app does.
    """
    gc.freeze()
    gc.set_threshold(GC_YOUNG_THRESHOLD, 10, 10)
    gc.enable()


MEMORY_RELEASE_DELAY = 0.5
"""Seconds of quiet after an answer before freed memory is handed back to the system."""


class ConnectionLike(Protocol):
    """What the status line says about the connection: ``tui.config.Connection`` fits."""

    @property
    def profile(self) -> str: ...

    @property
    def host(self) -> str: ...


# A NamedTuple, not a dataclass: a twelfth of the cost to define, before the first frame.
class ConnectionLabel(NamedTuple):
    """A connection described without a token, e.g. ``ConnectionLabel("demo", "local demo")``."""

    profile: str
    host: str


DemoOpener = Callable[
    [], "tuple[Client, ConnectionLike] | Awaitable[tuple[Client, ConnectionLike]]"
]
"""Starts the demo service and returns a client of it and how to describe it."""

ClientFactory = Callable[[str, str], "Client"]
"""Makes a client from a token and a base URL (the connect form)."""


def _client_for(token: str, base_url: str) -> Client:
    from .api import Client

    return Client(token, base_url=base_url)


def _open_in_web_browser(url: str) -> bool:
    import webbrowser

    return webbrowser.open(url)


def gui_browser_available() -> bool:
    """Whether a web browser can open beside the terminal (not over SSH on a bare server).

    Without a display, the only browsers left are text ones, which would take over the
    terminal the app is drawn in.
    """
    if sys.platform in ("darwin", "win32"):
        return True
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        return False
    import webbrowser  # not before the first frame: it imports subprocess and shlex

    try:
        webbrowser.get()
    except webbrowser.Error:
        return False
    return True


def _location_commands() -> type[Provider]:
    from .shell.palette import LocationCommands  # the palette loads its sources when opened

    return LocationCommands


def _view_commands() -> type[Provider]:
    from .shell.palette import ViewCommands

    return ViewCommands


def _screen_commands() -> type[Provider]:
    from .shell.palette import ScreenCommands

    return ScreenCommands


def _feature_commands() -> type[Provider]:
    from .shell.palette import FeatureCommands

    return FeatureCommands


def _welcome_screen(reason: str = "") -> Screen[Any]:
    # Imported when shown: its form's widgets cost the first frame of a cached start.
    from tui.browse.welcome import WelcomeScreen

    return WelcomeScreen(reason=reason)


def _is_welcome(screen: Screen[Any]) -> bool:
    """Whether ``screen`` is the connect screen (without importing it for the footer's checks)."""
    return getattr(screen, "NAMESPACE", "") == "welcome"


FEATURES = ("browse", "review", "sites", "admin")
"""The feature packages, each with a ``registration.py`` whose ``register(registry)`` says
what it adds to the shell: kinds of place, their labels and screens, palette entries."""


def register_features(registry: Registry) -> None:
    """Let every feature register with the shell.

    Called where the screens were registered before: at start with a client, after the first
    frame when the app connects then (tui/first_screen.py). Each ``registration`` module
    imports only its feature's locations, and its screens load when a place is first opened:
    the four cost a few milliseconds (``python -X importtime``), so they are not deferred
    further.
    """
    import importlib

    for feature in FEATURES:
        importlib.import_module(f"tui.{feature}.registration").register(registry)


class DocdeckApp(GuardedWork, App[None]):
    """A terminal client of the documentation platform.

    Give it a client and a description of its connection; with ``client=None`` it starts on the
    welcome screen, which offers the demo (when ``open_demo`` is given) and a connect form.
    """

    TITLE = "docdeck"
    CSS_PATH = "styles/app.tcss"
    COMMANDS: ClassVar[set[Any]] = App.COMMANDS | {
        _location_commands,
        _view_commands,
        _screen_commands,
        _feature_commands,
    }

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
        open_url: Callable[[str], object] | None = None,
        has_browser: Callable[[], bool] | None = None,
        clock: Callable[[], float] = time.time,
        page_size: int = 50,
        base_url: str | None = None,
        first_screen: FirstScreen | None = None,
        read_only: bool = False,
        seen_store: SeenStore | Callable[[], SeenStore] | None = None,
    ) -> None:
        super().__init__()
        if first_screen is not None:
            # The rules of the first frame's CSS as the last start parsed them (kept_css.py).
            from .shell.kept_css import KeptStylesheet, kept_css_file

            self.stylesheet = KeptStylesheet.instead_of(
                self.stylesheet, kept_css_file(first_screen.cache.root)
            )
        self._seen_store = seen_store
        self.read_only = read_only
        """Refuse every change: marked actions are hidden, the client sends only GETs."""
        if client is not None:
            client.read_only = client.read_only or read_only
        self.config = config or Config()
        self.client = client
        self.connection = connection
        self.clock = clock
        """Seconds since the epoch; tests freeze it so "updated N min ago" stays put."""
        self.page_size = page_size
        """How many items a list screen asks for at once."""
        self.session = Session()
        """What this connection's browsing remembers: places seen, spaces deleted."""
        self._features_registry: Registry | None = None
        self._kept_screens: KeptScreens | None = None
        self._first_screen = first_screen
        self._memory_release: Timer | None = None
        self.startup_error: str | None = None
        """Why the connection could not be made after the first frame (the CLI prints it)."""
        if not self._connects_later:
            register_features(self.registry)
        self.last_error: ErrorReport | None = None
        self._on_theme_change = on_theme_change
        self._open_demo = open_demo
        self._on_connect = on_connect
        self._make_client = make_client
        self._open_url = open_url or _open_in_web_browser
        self._has_browser = has_browser or (
            gui_browser_available if open_url is None else lambda: True
        )
        self._base_url = base_url
        self._owned: list[Client] = []
        self.draft_keepers: set[Any] = set()
        """The boxes being typed in (``tui.review.drafts.DraftKeeper``): kept at quit."""
        self._signals: list[int] = []
        self.input_at = -INPUT_RECENT
        """When (``time.monotonic``) the user last pressed a key or a button, or scrolled."""
        if self.config.keys:
            self.set_keymap(self.config.keys)
        if self.config.theme and self.config.theme in self.available_themes:
            self.theme = self.config.theme

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, _USER_INPUT) and not event.is_forwarded:
            self.input_at = time.monotonic()
        await super().on_event(event)

    def user_is_busy(self) -> bool:
        """Whether the user pressed a key or a button, or scrolled, a moment ago (within
        ``INPUT_RECENT``): long background work (an access build) then gives way, so that
        the next key is served at once rather than behind its answers."""
        return time.monotonic() - self.input_at < INPUT_RECENT

    @property
    def registry(self) -> Registry:
        """What the features registered: which screen shows each kind of place, its label,
        the palette's views and commands. Made on first use: a start that connects after
        the first frame fills it then (``register_features``)."""
        if self._features_registry is None:
            from .shell.registry import Registry

            self._features_registry = Registry()
        return self._features_registry

    @registry.setter
    def registry(self, registry: Registry) -> None:
        self._features_registry = registry

    @property
    def kept_screens(self) -> KeptScreens:
        """The browsing screens left this session, shown again whole (within a budget)."""
        if self._kept_screens is None:
            from .shell.kept_screens import KeptScreens

            self._kept_screens = KeptScreens(self)
        return self._kept_screens

    @property
    def seen_store(self) -> SeenStore:
        """What the user last saw of each change request (the marks of what is new); kept in
        memory unless the app was given a file (the command line gives the profile's, as a
        function: review's module loads when first asked, after the first frame)."""
        if self._seen_store is None:
            from tui.review.logic.activity import SeenStore

            self._seen_store = SeenStore(None)
        elif callable(self._seen_store):
            self._seen_store = self._seen_store()
        return self._seen_store

    @property
    def locations(self) -> PlacesSeen:
        """The places seen so far (``session.places``)."""
        return self.session.places

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
        """The base URL the connect form offers: the one given to docdeck, else the profile's."""
        if self._base_url:
            return self._base_url
        from .api.defaults import DEFAULT_BASE_URL

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
        client.read_only = client.read_only or self.read_only
        self.client = client
        self.connection = connection
        self.offline = False
        self.session = Session()
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.call_after_refresh(self.kept_screens.clear)  # once popped: another connection's
        self.switch_screen(OrganizationsScreen())  # the bottom screen: nothing to go back to

    def require_connection(self, reason: str = "") -> None:
        """Show the connect screen (once), e.g. when the token stops being accepted."""
        if _is_welcome(self.screen):
            return
        self.push_screen(_welcome_screen(reason=reason))

    # -- lifecycle -------------------------------------------------------------------------

    def get_default_screen(self) -> Screen[Any]:
        """The bottom of the screen stack: the organisations, where browsing starts (painted
        from the first-screen cache when there is one), or a blank screen under the connect
        screen when there is no client.

        Textual's own default is a blank screen, with ours pushed over it once the app is
        mounted: one screen more to compose, resume and lay out before the first frame."""
        if self.client is None and not self._connects_later:
            screen = super().get_default_screen()  # the connect screen goes on top (on_mount)
        else:
            painted = self._first_screen.painted if self._first_screen else None
            screen = OrganizationsScreen(first_paint=painted)
        # What ``push_screen`` gives every other screen: ``switch_screen`` takes it back when
        # a new connection replaces the bottom screen (``start_browsing``).
        screen._push_result_callback(screen, None)
        return screen

    def on_mount(self) -> None:
        self.theme_changed_signal.subscribe(self, self._theme_changed)
        self._catch_hang_up()
        # The command line starts the app with the collector off, for the first frame.
        self.call_after_refresh(gc.enable)
        if self._connects_later:
            # After the first frame, and a moment for the driver's thread to write it: the
            # imports that follow hold the interpreter and would hold the frame back.
            self.call_after_refresh(
                self.set_timer, FIRST_FRAME_WRITE, self._connect_after_first_frame
            )
        elif self.client is None:
            # Once mounting is over: Textual holds back every frame drawn while the app
            # mounts, so a screen pushed now would reach the terminal a frame late.
            self.call_later(self.require_connection)
        elif not self.is_headless:  # tests run many apps in one process: nothing to freeze
            self.call_after_refresh(self.started)

    # -- start-up: the first frame before the client (tui/first_screen.py, issue 12) -----------

    @property
    def _connects_later(self) -> bool:
        return (
            self.client is None
            and self._first_screen is not None
            and (self._first_screen.connect is not None)
        )

    def _connect_after_first_frame(self) -> None:
        first = self._first_screen
        assert first is not None and first.connect is not None
        connect = first.connect
        registry = self.registry

        def work() -> None:
            # In a thread: the imports of the client, its models, the service and the screens
            # take most of a start-up, and the first frame is already on the terminal.
            from .config import ConfigError

            if not self.is_headless:  # tests run many apps: no next start to serve
                self._keep_parsed_css()  # the first frame's CSS, for the next start
            try:
                connected = connect()
            except ConfigError as error:
                self.call_from_thread(self._cannot_connect, str(error))
                return
            register_features(registry)
            self.call_from_thread(self._connected, connected)

        self.run_guarded(work, group="connect", thread=True)

    def _cannot_connect(self, problem: str) -> None:
        self.startup_error = problem
        self.exit(return_code=2)

    def _connected(self, connected: tuple[Client, ConnectionLike] | None) -> None:
        if self._first_screen is not None:
            self._first_screen.connect = None
        if connected is None:
            self.push_screen(_welcome_screen())
            return
        client, connection = connected
        self._owned.append(client)
        self.client = client
        self.connection = connection
        for screen in self.screen_stack:
            if isinstance(screen, BrowserScreen):
                screen.reload()
        if not self.is_headless:
            self.started()

    def started(self) -> None:
        """Start-up is over: the collector is calmed (``calm_the_collector``), and the first
        frame's parsed CSS is kept for the next start, in a thread (``tui.shell.kept_css``)."""
        calm_the_collector()
        self.run_guarded(self._keep_parsed_css, group="kept-css", thread=True)

    def _keep_parsed_css(self) -> None:
        """Keep the first frame's parsed CSS for the next start (``tui.shell.kept_css``)."""
        keep = getattr(self.stylesheet, "keep", None)
        if keep is not None:
            keep()

    def release_memory_soon(self) -> None:
        """After a big answer: once loading settles, hand the freed memory back (tui/memory)."""
        if self._memory_release is not None:
            self._memory_release.stop()
        self._memory_release = self.set_timer(MEMORY_RELEASE_DELAY, self._release_memory)

    def _release_memory(self) -> None:
        from .memory import release_free_memory

        self._memory_release = None
        release_free_memory()

    def remember_first_screen(self, organizations: list[OrganizationSummary]) -> None:
        """Keep what the organisations screen shows for the next start (see FirstScreen)."""
        first = self._first_screen
        if first is not None:
            first.cache.save(first.profile, first.base_url, organizations)

    def _catch_hang_up(self) -> None:
        """Keep every draft, then end, when the terminal hangs up (an SSH drop) or the system
        asks docdeck to stop: the default would end the process before a word is written."""
        import asyncio

        loop = asyncio.get_running_loop()
        for number in (getattr(signal, "SIGHUP", None), signal.SIGTERM):
            if number is None:
                continue
            try:
                loop.add_signal_handler(number, self._hung_up, number)
            except (NotImplementedError, RuntimeError, ValueError):
                continue  # Windows, or not the main thread: nothing to catch there
            self._signals.append(number)

    def _hung_up(self, number: int) -> None:
        self.exit(return_code=128 + number)

    def exit(self, result: Any = None, return_code: int = 0, message: Any = None) -> None:
        # Whatever ends the app (q, Ctrl+Q, a hang-up), what is being typed is on disk first.
        for keeper in list(self.draft_keepers):
            keeper.keep()
        super().exit(result, return_code, message)

    async def on_unmount(self) -> None:
        import asyncio

        loop = asyncio.get_running_loop()
        for number in self._signals:
            loop.remove_signal_handler(number)
        self._signals.clear()
        # The app closes every client it browsed with, the one it was given included.
        clients = [*self._owned, *([self.client] if self.client is not None else [])]
        for client in dict.fromkeys(clients):
            await client.aclose()

    def _theme_changed(self, theme: Theme) -> None:
        if self._on_theme_change is not None:
            self._on_theme_change(theme.name)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        # A headless run (tests, snapshots) has nobody to blink for, and a still cursor keeps
        # screenshots identical from one run to the next. Inputs and text areas blink (a text
        # area is not imported here: the first frame needs none).
        if self.is_headless and hasattr(event.widget, "cursor_blink"):
            event.widget.cursor_blink = False

    # -- failures --------------------------------------------------------------------------

    def on_failed(self, message: Failed) -> None:
        from .api.errors import AnswerLostError  # loaded by then: a failure comes after

        self.report_error(message.error)
        if isinstance(message.error, AnswerLostError):
            # A write of this screen may have been applied: read again what it shows, so that
            # the user sees whether it was before doing it again (dialogs check for themselves).
            origin = message.origin
            if isinstance(origin, BrowserScreen) and origin.is_attached:
                origin.reload_after_change()

    def report_error(self, error: BaseException) -> None:
        """The one place failures become something the user sees."""
        from .api.errors import AnswerLostError, TransportError, UnauthorizedError

        if isinstance(error, UnauthorizedError):
            self.require_connection(f"{error.message} {error.hint}")
            return
        if isinstance(error, TransportError) and not isinstance(error, AnswerLostError):
            self.offline = True
        from .shell.error_report import ErrorReport

        report = ErrorReport.from_exception(error)
        if report.unexpected:
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
            from .dialogs.error_details import ErrorDetailsScreen

            self.push_screen(ErrorDetailsScreen(self.last_error))

    # -- navigation ------------------------------------------------------------------------

    def _can_go_back(self) -> bool:
        # The bottom screen is where browsing starts (``get_default_screen``). The connect
        # screen has no way around it but connecting.
        return len(self.screen_stack) > 1 and not _is_welcome(self.screen)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "back":
            screen = self.screen
            return self._can_go_back() or (
                isinstance(screen, BrowserScreen) and screen.can_handle_back()
            )
        return True

    async def action_back(self) -> None:
        screen = self.screen
        if isinstance(screen, BrowserScreen) and screen.handle_back():
            return
        if self._can_go_back():
            self.pop_screen()
            self.call_after_refresh(self.kept_screens.trim)

    def action_back_from(self, screen: Screen[Any]) -> None:
        """Leave ``screen`` (e.g. a space just deleted), if it is the one shown."""
        self.kept_screens.drop(screen)  # what it showed is gone: never shown again
        if self.screen is screen and self._can_go_back():
            self.pop_screen()

    def open_location(self, place: Location, focus: Focus | None = None) -> None:
        """Show a place on a new screen: an organisation, a collection, a space, a page…"""
        # A screen left this session that holds the place comes back whole (tui/shell/kept_screens.py).
        kept = self.kept_screens.find(place)
        if kept is not None:
            self.push_screen(kept)
            kept.focus_on(place, focus or Focus())
            return
        screen = self.registry.screen_for(place, focus)
        if screen is not None:
            if isinstance(screen, BrowserScreen) and screen.KEEP_WHEN_LEFT:
                self.kept_screens.keep(screen)
            self.push_screen(screen)
            self.kept_screens.trim()

    def go_to_location(self, place: Location, focus: Focus | None = None) -> None:
        """Go back to the screen that holds a place, or open it when none on the way does."""
        stack = self.screen_stack
        for depth in range(len(stack) - 1, -1, -1):
            screen = stack[depth]
            if isinstance(screen, BrowserScreen) and screen.holds(place):
                for _ in range(len(stack) - 1 - depth):
                    self.pop_screen()
                screen.focus_on(place, focus or Focus())
                return
        self.open_location(place, focus)

    def action_go_to(self, kind: str, id: str) -> None:
        """A breadcrumb: go back to the place, or open it when it is not on the way back."""
        place = self.session.places.get(kind, id)
        if place is not None:
            self.go_to_location(place)

    # -- help, browser, clipboard ----------------------------------------------------------

    def action_show_keys(self) -> None:
        from .dialogs.keys import KeysScreen
        from .shell.key_help import key_help

        if isinstance(self.screen, KeysScreen):
            return
        screen = self.screen
        namespace = getattr(screen, "NAMESPACE", "")
        label = self.registry.label(namespace)
        title = f"Keys of the {label} screen" if namespace else "Keys"
        self.push_screen(KeysScreen(title, key_help(self, screen)))

    def open_in_browser(self, url: str) -> None:
        """Open a web page in a thread, so a slow browser start never freezes the app."""
        if not url.startswith(("https://", "http://")):
            self.notify("Only web addresses are opened in the browser.", severity="warning")
            return
        if not self._has_browser():
            self.notify(
                f"{url}\nPress y to copy the address instead.",
                title="No web browser on this machine",
                severity="warning",
                markup=False,
            )
            return

        def open_it() -> None:
            if self._open_url(url) is False:
                self.call_from_thread(self._browser_failed, url)

        self.run_guarded(open_it, group="browser", thread=True)
        self.notify(url, title="Opening in the browser", markup=False)

    def _browser_failed(self, url: str) -> None:
        self.notify(
            f"{url}\nPress y to copy the address instead.",
            title="No web browser could open it",
            severity="warning",
            markup=False,
        )

    def copy_text(self, value: str, *, what: str = "Text") -> None:
        """Copy with OSC 52, which works over SSH when the terminal allows it."""
        self.copy_to_clipboard(value)
        self.notify(value, title=f"{what} copied to the clipboard", markup=False)


def _a_host(app: DocdeckApp) -> Host:
    """Never called: mypy checks here that the app is what screens see (tui/shell/host.py)."""
    return app
