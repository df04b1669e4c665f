"""Fixtures of the app's tests: a DocdeckApp on the in-process demo service, with a frozen clock."""

from __future__ import annotations

import asyncio
import io
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Literal

import httpx
import pytest
import textual._wait
from rich.console import Console
from textual import events

from tui.api import Client, RetryPolicy
from tui.app import ConnectionLabel, DocdeckApp
from tui.config import Config

from ..conftest import RecordingTransport

# Pilot waits for the app to be idle after each key and each pause: it sleeps in slices of
# 20 ms until one slice passes with under 1 ms of CPU. Slices of 4 ms (under 0.4 ms of CPU)
# tell the same thing, idle, five times sooner: the app tests spent most of their time
# asleep in those slices (a title of 50 characters typed key by key took 5 s).
textual._wait.SLEEP_GRANULARITY = 0.004
textual._wait.SLEEP_IDLE = 0.0004

FROZEN_NOW = 1_795_000_000.0
"""The app's clock in tests: "updated N min ago" never moves."""

BASE_URL = "http://docdeck.test/v1"


class Browser:
    """Stands in for the web browser: records the pages the app asked to open."""

    def __init__(self) -> None:
        self.opened: list[str] = []

    def __call__(self, url: str) -> bool:
        self.opened.append(url)
        return True


AppFactory = Callable[..., DocdeckApp]


@pytest.fixture(autouse=True)
def _own_data_folder(tmp_path, monkeypatch):
    """Drafts and the demo's data go to a folder of the test's own, never the user's."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


@pytest.fixture
def browser() -> Browser:
    return Browser()


@pytest.fixture
def make_app(transport: RecordingTransport, browser: Browser) -> Iterator[AppFactory]:
    """Build a DocdeckApp connected to the demo service with a token (demo-admin by default).

    After the test, no app may have met an unexpected error: the app shows those as
    notifications, which would otherwise let a bug pass unnoticed (except in the tests that
    provoke one on purpose, with ``provokes_a_bug=True``).
    """
    made: list[DocdeckApp] = []
    provoked: list[DocdeckApp] = []

    def make(
        token: str | None = "demo-admin",
        *,
        transport_override: Any = None,
        client_options: dict[str, Any] | None = None,
        provokes_a_bug: bool = False,
        **options: Any,
    ) -> DocdeckApp:
        client = None
        if token is not None:
            client = Client(
                token,
                base_url=BASE_URL,
                transport=transport_override or transport,
                **{"retry": RetryPolicy(attempts=1), **(client_options or {})},
            )
        options.setdefault("clock", lambda: FROZEN_NOW)
        options.setdefault("open_url", browser)
        options.setdefault(
            "make_client",
            lambda token, base_url: Client(
                token, base_url=base_url, transport=transport, retry=RetryPolicy(attempts=1)
            ),
        )
        connection = ConnectionLabel("demo", "docdeck.test") if client is not None else None
        app = DocdeckApp(client, connection, options.pop("config", Config()), **options)
        (provoked if provokes_a_bug else made).append(app)
        return app

    yield make
    for app in made:
        report = app.last_error
        assert report is None or report.title != "Unexpected error", report.details


def screen_text(app: DocdeckApp) -> str:
    """What the terminal shows, as plain text."""
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        force_terminal=True,
        color_system="truecolor",
        record=True,
        legacy_windows=False,
        safe_box=False,
    )
    console.print(
        app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    )
    return console.export_text()


class GatedTransport(httpx.AsyncBaseTransport):
    """Holds the requests a predicate picks until the test opens the gate."""

    def __init__(
        self, inner: httpx.AsyncBaseTransport, hold: Callable[[httpx.Request], bool]
    ) -> None:
        self.inner = inner
        self.hold = hold
        self.gate = asyncio.Event()
        self.held = 0
        self.held_requests: list[httpx.Request] = []

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        if self.hold(request):
            self.held += 1
            self.held_requests.append(request)
            await self.gate.wait()
        return await self.inner.handle_async_request(request)


class FailingTransport(httpx.AsyncBaseTransport):
    """Answers some paths with a failure, and passes the rest on."""

    def __init__(
        self,
        inner: httpx.AsyncBaseTransport,
        *,
        fail: Callable[[httpx.Request], httpx.Response | None],
    ) -> None:
        self.inner = inner
        self.fail = fail

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        failure = self.fail(request)
        if failure is not None:
            return failure
        return await self.inner.handle_async_request(request)


def env_of_a_new_user(home: Path, **extra: str) -> dict[str, str]:
    """The environment of a ``docdeck`` started by a test as a new user: this one's, with a
    home, data, config and cache folders of its own under ``home`` and no keyring."""
    return {
        **os.environ,
        "HOME": str(home),
        "XDG_DATA_HOME": str(home / "data"),
        "XDG_CONFIG_HOME": str(home / "config"),
        "XDG_CACHE_HOME": str(home / "cache"),
        "DOCDECK_NO_KEYRING": "1",
        **extra,
    }


async def paste(pilot: Any, value: str) -> None:
    """Paste text into the focused field, as a terminal does: one event, not a key per letter.

    The limits of a form are checked the same way; typing 101 letters key by key only made
    the test slow.
    """
    focused = pilot.app.focused
    assert focused is not None, "nothing has the focus to paste into"
    focused.post_message(events.Paste(value))
    await pilot.pause()


async def settle(pilot: Any, rounds: int = 3) -> None:
    """Let the app finish what it started: workers, then the refreshes they caused.

    A worker that failed is the app's to report (the test reads what it said, and
    ``make_app`` fails on a bug): Textual's ``wait_for_complete`` would raise it only if it
    was still running when called, a race that a loaded machine loses."""
    for _ in range(rounds):
        await pilot.pause()
        await asyncio.gather(*(w.wait() for w in pilot.app.workers), return_exceptions=True)
    await pilot.pause(0.05)


# -- no frames drawn for nobody ------------------------------------------------------------------

_DRAW_FRAMES: list[Literal["every", "with text areas", "none"]] = ["every"]


@pytest.fixture(autouse=True, scope="session")
def _no_headless_frames() -> Iterator[None]:
    """A headless app renders each frame and then throws it away (``App._display`` writes
    nothing without a terminal): a third of the app tests' CPU. Skip the drawing; what a test
    reads off the screen (``screen_text``) renders the screen itself, in full. Layout, focus
    and scrolling still happen as they do in a terminal.

    Snapshot tests draw every frame of a screen that holds a text area, as a terminal would:
    its wrapping width follows its theme, applied while it draws. Benchmarks draw every frame:
    they time what the user sees painted."""
    from textual.screen import Screen
    from textual.widgets import TextArea

    original = Screen._compositor_refresh

    def compositor_refresh(self: Screen[Any]) -> None:
        app = self.app
        drawn = _DRAW_FRAMES[0] == "every" or (
            _DRAW_FRAMES[0] == "with text areas" and bool(self.query(TextArea))
        )
        if not drawn and app.is_headless and not app.is_inline and self is app.screen:
            self._compositor._dirty_regions.clear()
            self._dirty_widgets.clear()
            app._update_mouse_over(self)
            return
        original(self)

    Screen._compositor_refresh = compositor_refresh  # type: ignore[method-assign]
    yield
    Screen._compositor_refresh = original  # type: ignore[method-assign]


@pytest.fixture(autouse=True)
def _frames_for_snapshots(request: pytest.FixtureRequest) -> Iterator[None]:
    if "benchmarks" in request.node.path.parts:
        _DRAW_FRAMES[0] = "every"
    elif "snap_compare" in request.fixturenames:
        _DRAW_FRAMES[0] = "with text areas"
    else:
        _DRAW_FRAMES[0] = "none"
    yield
    _DRAW_FRAMES[0] = "every"
