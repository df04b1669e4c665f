"""Provides DocdeckScreen and BrowserScreen[ViewT], the base of every screen of docdeck.

A browsing screen declares its view in two methods, and gets the rest of the frame for free:

    class SiteScreen(BrowserScreen[SiteView]):
        async def fetch_view(self) -> SiteView:      # every GET the view needs
            ...
        def show_view(self, view: SiteView) -> None:  # paint it; may be async
            self.show_location(site_location(view.site, ...))

Loading, for the view and for every sub-view (a tree level, a page body, the files list):

1. paint at once from what the cache holds (``client.peek``), fresh or stale;
2. ask the service in an exclusive worker of the view's group, so a newer load of the same
   group cancels an older one; a generation counter per group also drops any late answer;
3. paint the answer if it differs from what was painted.

A screen with ``FIRST_FRAME_WAITS_FOR_VIEW`` paints 1. as it mounts, and lets its first frame
wait for 2. a moment: that frame is the view rather than an empty screen before it.

``r`` does the same with ``client.revalidating()`` so that nothing comes from the cache. A screen
shown again after something was written (by a dialog, by another screen) loads again: what the
write touched is stale in the cache, the rest is painted from it without a request.

Failures of every worker go through ``GuardedWork`` to the app (``tui.shell.failures``).
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
from collections.abc import Awaitable, Callable, Coroutine, Iterator, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.css.query import NoMatches
from textual.reactive import reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.worker import Worker

from ..widgets.breadcrumbs import Breadcrumbs, Crumb
from ..widgets.key_footer import KeyFooter
from ..widgets.status_line import StatusLine
from .failures import GuardedWork
from .host import Hosted
from .navigation import Focus, Location, crumbs_for
from .read_only import read_only_check
from .type_ahead import HOLD_KEYS_AT_MOST, KeysAhead

if TYPE_CHECKING:
    # The client and its models load after the first frame (tui/first_screen.py).
    from ..api.activity import Waiting
    from ..api.errors import ApiError
    from ..widgets.filter_bar import FilterBar
    from .key_help import LiveBinding, ScreenCommand

__all__ = ["VIEW", "BrowserScreen", "DocdeckScreen"]

T = TypeVar("T")
ViewT = TypeVar("ViewT")

FILTER_BAR_DELAY = 0.05
"""Seconds after a screen's first frame before its (hidden) filter bar is mounted."""

VIEW = "view"
"""The worker group of a screen's main view: its freshness is the one the status line shows."""


class DocdeckScreen(GuardedWork, Hosted, Screen[None]):
    """A screen of docdeck: the client and the session through the app, guarded workers."""

    NAMESPACE: ClassVar[str] = ""
    """The prefix of this screen's commands in the palette, e.g. ``space``."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # Read-only mode: whatever check_action a screen ends up with (its own, a mixin's),
        # it answers False for the actions marked @mutating (tui/shell/read_only.py).
        cls.check_action = read_only_check(cls.check_action)  # type: ignore[method-assign,assignment]

    def run_task(
        self, work: Callable[[], Coroutine[Any, Any, None]], *, group: str
    ) -> Worker[None]:
        """Run an action's work in an exclusive worker whose failure the app reports."""
        return self.run_guarded(work, group=group)

    def screen_commands(self) -> Iterator[ScreenCommand]:
        """The actions that run where the focus is (the screen's keys, and those of the pane
        holding the focus), as namespaced palette commands: what the footer and ``?`` offer,
        with the keys a nearer widget takes besides."""
        if not self.NAMESPACE:
            return
        # With the palette, not before the first frame.
        from .key_help import ScreenCommand, live_bindings

        seen: set[str] = set()
        for live in live_bindings(self):
            binding = live.binding
            if not binding.id or not binding.description:
                continue
            # The nearest binding of a name wins: a pane's ``u`` that runs the screen's undo
            # is one command.
            title = self.command_title(live)
            if title in seen:
                continue
            seen.add(title)
            yield ScreenCommand(
                title,
                binding.tooltip or binding.description,
                partial(self.app.run_action, binding.action, live.node),
            )

    def command_title(self, live: LiveBinding) -> str:
        """A binding's name in the palette: ``space: open in browser``."""
        description = live.binding.description
        namespace = getattr(live.node, "NAMESPACE", "") or self.NAMESPACE
        return f"{namespace}: {description[0].lower()}{description[1:]}"


class BrowserScreen(DocdeckScreen, Generic[ViewT]):
    """A screen that shows a view of the service: breadcrumbs, body, filter, status, keys."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "refresh", "Refresh", id="view.refresh", tooltip="Ask the service again"),
        Binding("slash", "filter", "Filter", id="view.filter", tooltip="Filter the list in view"),
        Binding(
            "o",
            "open_in_browser",
            "Open in browser",
            id="view.open",
            tooltip="Open the highlighted item's page in the web browser",
        ),
        Binding(
            "y",
            "copy_url",
            "Copy URL",
            id="view.copy",
            tooltip="Copy the highlighted item's URL to the clipboard",
        ),
    ]

    FIRST_FRAME_WAITS_FOR_VIEW: ClassVar[float] = 0.0
    """Seconds the screen's first frame may wait for its view (0: not at all). A view the
    cache holds is painted as the screen mounts; else the load starts then, and the frame
    waits for its answer that long: it shows the view, rather than a frame of the empty
    screen first and one of the view after (two frames drawn where one would do). The screen
    shown before stays on the terminal meanwhile; keys typed then act once the view is in."""

    FILTER_BAR_AFTER_VIEW: ClassVar[bool] = False
    """Whether the hidden filter bar waits until the screen calls ``mount_filter_bar_soon``
    once its view is drawn (else it is mounted after the first frame): mounted while the
    view loads, it lays the screen out and draws it again before the view."""

    KEEP_WHEN_LEFT: ClassVar[bool] = False
    """Whether the app keeps this screen when it is left, to show it again whole when its
    place is opened again (``holds`` and ``focus_on`` must then show any place it holds)."""

    busy: reactive[bool] = reactive(False)
    """Whether a request of this screen is under way."""
    updated_at: reactive[float | None] = reactive(None)
    """When the main view was last answered by the service, by the app's clock."""
    cached: reactive[bool] = reactive(False)
    """Whether the main view was painted from the cache."""
    refresh_failed: reactive[bool] = reactive(False)
    """Whether the last load of the main view failed (what is shown is from before)."""

    def __init__(self) -> None:
        super().__init__()
        self.location: Location | None = None
        """The place this screen shows (once its view has loaded)."""
        self._generations: dict[str, int] = {}
        self._pending = 0
        self.showing_cached = False
        """True while a view is painted from the cache (its service answer may follow)."""
        self._changes_seen: int | None = None
        self._painted_first: Any = None
        """The view painted from the cache as the screen mounted, until its load takes it as
        what the cache held (``FIRST_FRAME_WAITS_FOR_VIEW``)."""
        self._first_answer: asyncio.Event | None = None
        """Set when the first load of the view has ended, shown or not (what the first frame
        waits for, a while: ``FIRST_FRAME_WAITS_FOR_VIEW``)."""
        self.keys_ahead = KeysAhead(self)
        """The keys typed before the view is shown, played once it is (``tui.shell.type_ahead``)."""

    # -- frame -----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        # What the first frame shows is set here rather than on mount, which would take a
        # second frame; the filter bar (an Input, hidden) is mounted after the first frame.
        crumbs = Breadcrumbs()
        crumbs.set_reactive(Breadcrumbs.crumbs, tuple(self.first_crumbs()))
        yield crumbs
        yield from self.compose_body()
        status = StatusLine(self.docdeck.clock, waiting=self._client_waiting)
        status.set_reactive(StatusLine.profile, self.docdeck.connection_profile)
        status.set_reactive(StatusLine.host, self.docdeck.connection_host)
        yield status.data_bind(
            requesting=BrowserScreen.busy,
            updated_at=BrowserScreen.updated_at,
            cached=BrowserScreen.cached,
            refresh_failed=BrowserScreen.refresh_failed,
        )
        yield KeyFooter()

    def _client_waiting(self) -> Waiting | None:
        client = self.docdeck.client
        return client.activity.now() if client is not None else None

    def first_crumbs(self) -> Sequence[Crumb]:
        """The breadcrumbs shown before the view has loaded."""
        return ()

    @property
    def filter_bar(self) -> FilterBar:
        """The filter bar, mounted now if the first frame has not passed yet."""
        from ..widgets.filter_bar import FilterBar

        try:
            return self.query_one(FilterBar)
        except NoMatches:
            bar = FilterBar()
            self.mount(bar, before=self.query_one(StatusLine))
            return bar

    def mount_filter_bar_soon(self) -> None:
        """Mount the (hidden) filter bar a moment after the next frame."""
        # Not before the first frame is on the terminal (its Input costs a hundredth).
        self.call_after_refresh(self.set_timer, FILTER_BAR_DELAY, self._mount_filter_bar)

    def _mount_filter_bar(self) -> None:
        self.filter_bar  # noqa: B018 - mounts it

    def compose_body(self) -> ComposeResult:
        """The widgets between the breadcrumbs and the status line."""
        yield from ()

    @on(events.Mount)
    async def _view_in_first_frame(self, event: events.Mount) -> None:
        # Textual runs this before ``on_mount``, and draws the first frame after both.
        if not self.FIRST_FRAME_WAITS_FOR_VIEW or self.docdeck.client is None:
            return
        await self._paint_cached_view()
        if self._painted_first is not None:
            return  # painted from the cache: ``on_mount`` loads, and paints what differs
        answered = self._first_answer = asyncio.Event()
        self.reload()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(answered.wait(), self.FIRST_FRAME_WAITS_FOR_VIEW)

    def on_mount(self) -> None:
        self.set_timer(HOLD_KEYS_AT_MOST, self.keys_ahead.play)
        self.query_one(StatusLine).refresh()  # else the first frame leaves its line blank
        if not self.FILTER_BAR_AFTER_VIEW:
            self.mount_filter_bar_soon()
        self.query_one(StatusLine).read_only = self.docdeck.read_only
        self.watch(self.app, "offline", self._offline_changed)
        if self.docdeck.client is None:
            # The first screen, painted before the app connects: the app reloads it then.
            self.busy = True
            return
        if self._first_answer is None:  # else the view is loading already
            self.reload()

    async def _paint_cached_view(self) -> None:
        """Paint the view the cache holds, if it holds one, before the first frame: that frame
        shows it (the load that follows asks the service, and paints only what differs)."""
        from ..api.errors import ApiError  # loaded by then: there is a client

        try:
            cached = await self.client.peek(self.fetch_view)
        except ApiError:
            return  # what the cache holds does not make a view: the load says why
        if cached is None:
            return
        self.showing_cached = True
        try:
            await _settle(self.show_view(cached))
        finally:
            self.showing_cached = False
        self.cached = True
        self._painted_first = cached
        self.view_shown()

    def on_key(self, event: events.Key) -> None:
        # Every key reaches the screen before the app's bindings: the focused list's own too.
        self.keys_ahead.hold(event)

    def view_shown(self) -> None:
        """The view is on the screen: the keys typed meanwhile act now, in order.

        Called after the first paint of the view; a screen that paints its body without a
        load (from what it was given) calls it itself."""
        if self.keys_ahead.holding:
            # After the refresh, so that the lists have their rows and their size.
            self.call_after_refresh(self.keys_ahead.play)

    def _offline_changed(self, offline: bool) -> None:
        self.query_one(StatusLine).offline = offline

    def set_note(self, note: str) -> None:
        self.query_one(StatusLine).note = note

    # -- where this is ---------------------------------------------------------------------

    def show_location(self, location: Location, *, then: Sequence[Crumb] = ()) -> None:
        """Record the place this screen shows and draw its breadcrumbs."""
        self.location = location
        self.session.places.see(location)
        self.set_crumbs(crumbs_for(self.session.places, location, then=then))

    def set_crumbs(self, crumbs: Sequence[Crumb]) -> None:
        self.query_one(Breadcrumbs).set_trail(crumbs)

    def holds(self, place: Location) -> bool:
        """Whether this screen shows ``place`` (going back to it is then enough)."""
        return self.location is not None and self.location.key == place.key

    def focus_on(self, place: Location, focus: Focus) -> None:
        """Show ``place`` (which this screen holds) as ``focus`` says; called after going back."""

    def _filter_kept(self) -> bool:
        # Asked by the footer before the first frame: a bar not mounted yet holds nothing.
        if not self.query("FilterBar"):
            return False
        bar = self.filter_bar
        return bool(bar.value) or bar.is_open

    def _wait_said(self) -> bool:
        return bool(self.query("StatusLine")) and bool(self.query_one(StatusLine).wait_said())

    def can_handle_back(self) -> bool:
        """Whether Esc would undo something of this screen rather than leave it."""
        return self._wait_said() or self._filter_kept()

    def handle_back(self) -> bool:
        """Esc: stop a long wait, or undo something of this screen (a kept filter) rather than
        leave it; True if so.

        A screen that overrides it calls this first, then undoes its own things.
        """
        self.keys_ahead.drop()
        if self._wait_said():
            # The status line said "Esc stops": the requests of this screen end here.
            self.workers.cancel_node(self)
            self.notify("Stopped waiting for the service; r asks again.", title="Stopped")
            return True
        if not self._filter_kept():
            return False
        self.filter_bar.action_clear()
        return True

    # -- loading ---------------------------------------------------------------------------

    async def fetch_view(self) -> ViewT:
        """Every GET the main view needs; runs once from the cache and once for real."""
        raise NotImplementedError

    def show_view(self, view: ViewT) -> Awaitable[None] | None:
        """Paint the main view (a coroutine, or not)."""
        raise NotImplementedError

    def reload(self, *, refresh: bool = False) -> None:
        """Load the main view."""
        self.load(self.fetch_view, self.show_view, refresh=refresh)

    def load(
        self,
        fetch: Callable[[], Awaitable[T]],
        show: Callable[[T], Awaitable[None] | None],
        *,
        group: str = VIEW,
        refresh: bool = False,
        on_error: Callable[[ApiError], None] | None = None,
    ) -> Worker[None]:
        """Paint from the cache, then from the service; a newer load of ``group`` wins."""
        generation = self._generations.get(group, 0) + 1
        self._generations[group] = generation
        self._changes_seen = self.client.cache.changes
        # A callable, not a coroutine: a worker cancelled before it starts leaves nothing behind.
        return self.run_guarded(
            partial(self._load, fetch, show, group, generation, refresh, on_error),
            name=f"load {group}",
            group=group,
        )

    async def _load(
        self,
        fetch: Callable[[], Awaitable[T]],
        show: Callable[[T], Awaitable[None] | None],
        group: str,
        generation: int,
        refresh: bool,
        on_error: Callable[[ApiError], None] | None,
    ) -> None:
        try:
            await self._fetch_and_show(fetch, show, group, generation, refresh, on_error)
        finally:
            if group == VIEW and self._first_answer is not None:
                self._first_answer.set()  # the first frame waits no longer
            # Shown, failed or given up: the keys typed meanwhile act now, on what is there.
            if group == VIEW and self._generations.get(group) == generation:
                self.view_shown()

    async def _fetch_and_show(
        self,
        fetch: Callable[[], Awaitable[T]],
        show: Callable[[T], Awaitable[None] | None],
        group: str,
        generation: int,
        refresh: bool,
        on_error: Callable[[ApiError], None] | None,
    ) -> None:
        from ..api.errors import ApiError  # loaded by then: a load needs a client

        def current() -> bool:
            return self._generations.get(group) == generation

        cached: T | None = None
        if group == VIEW and self._painted_first is not None:
            # Painted as the screen mounted: what the cache held, shown already.
            cached, self._painted_first = self._painted_first, None
        elif not refresh:
            cached = await self.client.peek(fetch)
            if cached is not None and current():
                self.showing_cached = True
                try:
                    await _settle(show(cached))
                finally:
                    self.showing_cached = False
                if group == VIEW:
                    self.cached = True
                    self.view_shown()
        self._pending += 1
        self.busy = True
        try:
            if refresh:
                with self.client.revalidating():
                    data = await fetch()
            else:
                data = await fetch()
        except ApiError as error:
            if group == VIEW and current():
                self.refresh_failed = True
            if on_error is not None and current():
                on_error(error)
            raise
        finally:
            self._pending -= 1
            self.busy = self._pending > 0
        if not current():
            return
        self.docdeck.offline = False
        if group == VIEW:
            self.updated_at = self.docdeck.clock()
            self.refresh_failed = False
        if cached is None or data != cached:
            await _settle(show(data))
        self.docdeck.release_memory_soon()

    def on_screen_resume(self) -> None:
        # Back on this screen after a write elsewhere: what it touched is stale in the cache.
        if self._changes_seen is not None and self._changes_seen != self.client.cache.changes:
            self.reload_after_change()
        elif self.updated_at is not None and self.docdeck.client is not None:
            # A kept screen shown again: as it was while fresh (no request), else revalidated.
            if self.docdeck.clock() - self.updated_at >= self.client.cache.ttl:
                self.reload_after_change()

    def reload_after_change(self) -> None:
        """Load again after a write (here or on another screen); not a forced refresh."""
        self.reload()

    # -- actions ---------------------------------------------------------------------------

    def action_refresh(self) -> None:
        self.refresh_view()

    def refresh_view(self) -> None:
        """What ``r`` reloads; screens with sub-views reload those too."""
        self.reload(refresh=True)

    def action_filter(self) -> None:
        self.filter_bar.open()

    def on_filter_bar_applied(self, event: FilterBar.Applied) -> None:
        self.apply_filter(event.value)

    def on_filter_bar_done(self, event: FilterBar.Done) -> None:
        target = self.filter_target()
        if target is not None:
            target.focus()
        self.refresh_bindings()  # Esc now clears a kept filter, or no longer does

    def apply_filter(self, value: str) -> None:
        """Narrow the list in view to what matches ``value``."""

    def filter_target(self) -> Widget | None:
        """The list the filter narrows (focus returns there)."""
        return None

    def current_url(self) -> str | None:
        """The web page of the highlighted item (or of the view)."""
        return self.location.url if self.location else None

    def action_open_in_browser(self) -> None:
        url = self.current_url()
        if url:
            self.docdeck.open_in_browser(url)
        else:
            self.notify("Nothing here has a web page.", severity="warning")

    def action_copy_url(self) -> None:
        url = self.current_url()
        if url:
            self.docdeck.copy_text(url, what="URL")
        else:
            self.notify("Nothing here has a URL.", severity="warning")


async def _settle(result: Awaitable[None] | None) -> None:
    if inspect.isawaitable(result):
        await result
