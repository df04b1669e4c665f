"""Fixtures of the app's tests: a DocdeckApp on the in-process demo service, with a frozen clock."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from rich.console import Console

from tui.api import Client, RetryPolicy
from tui.app import ConnectionLabel, DocdeckApp
from tui.config import Config

from ..conftest import RecordingTransport

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


@pytest.fixture
def browser() -> Browser:
    return Browser()


@pytest.fixture
def make_app(transport: RecordingTransport, browser: Browser) -> AppFactory:
    """Build a DocdeckApp connected to the demo service with a token (demo-admin by default)."""

    def make(token: str | None = "demo-admin", *, transport_override: Any = None, **options: Any) -> DocdeckApp:
        client = None
        if token is not None:
            client = Client(
                token,
                base_url=BASE_URL,
                transport=transport_override or transport,
                retry=RetryPolicy(attempts=1),
            )
        options.setdefault("clock", lambda: FROZEN_NOW)
        options.setdefault("open_url", browser)
        options.setdefault(
            "make_client",
            lambda token, base_url: Client(token, base_url=base_url, transport=transport,
                                           retry=RetryPolicy(attempts=1)),
        )
        connection = ConnectionLabel("demo", "docdeck.test") if client is not None else None
        return DocdeckApp(client, connection, options.pop("config", Config()), **options)

    return make


def screen_text(app: DocdeckApp) -> str:
    """What the terminal shows, as plain text."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system="truecolor", record=True, legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text()


class FailingTransport(httpx.AsyncBaseTransport):
    """Answers some paths with a failure, and passes the rest on."""

    def __init__(self, inner: httpx.AsyncBaseTransport, *, fail: Callable[[httpx.Request], httpx.Response | None]) -> None:
        self.inner = inner
        self.fail = fail

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        failure = self.fail(request)
        if failure is not None:
            return failure
        return await self.inner.handle_async_request(request)
