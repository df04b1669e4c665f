"""Provides WelcomeScreen: open the demo, or connect with a token (also shown after a 401)."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import TYPE_CHECKING, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Button, Input, Label, Static

from tui.core import text

from ..api.errors import ApiError, TransportError, UnauthorizedError
from ..config import ConfigError, check_base_url, check_token
from ..shell.screen import DocdeckScreen
from ..widgets import KeyFooter

if TYPE_CHECKING:
    from ..shell.key_help import ScreenCommand

__all__ = ["WelcomeScreen"]


def _sentence(error: ConfigError) -> str:
    """A configuration error, which the command line prints as a line, as a sentence."""
    message = str(error).rstrip(".")
    return message[:1].upper() + message[1:] + "."


class WelcomeScreen(DocdeckScreen):
    """The first screen without a token, and the screen a rejected token leads back to."""

    NAMESPACE = "welcome"
    CSS_PATH = "../styles/welcome.tcss"
    BINDINGS: ClassVar[list[BindingType]] = []

    def __init__(self, *, reason: str = "") -> None:
        super().__init__()
        self.reason = reason

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="welcome"):
            yield Static(Content.styled("docdeck", "bold $text-primary"), id="welcome-title")
            yield Static(
                Content(
                    "Browse your organisations, collections, spaces and pages from the terminal."
                ),
                id="welcome-intro",
            )
            if self.reason:
                yield Static(text.block(self.reason), id="welcome-reason")
            if self.docdeck.can_open_demo:
                with Vertical(id="demo-box", classes="box") as box:
                    box.border_title = "Try it"
                    yield Static(
                        Content(
                            "A local service with a sample organisation; nothing leaves this machine."
                        ),
                    )
                    yield Button("Open the demo", id="open-demo", variant="primary", compact=True)
            with Vertical(id="connect-box", classes="box") as box:
                box.border_title = "Connect with a token"
                with Horizontal(classes="field"):
                    yield Label("Base URL", classes="field-label")
                    yield Input(self.docdeck.default_base_url(), id="base-url", compact=True)
                with Horizontal(classes="field"):
                    yield Label("Token", classes="field-label")
                    yield Input(
                        placeholder="paste your API token", password=True, id="token", compact=True
                    )
                with Horizontal(classes="field"):
                    yield Button("Connect", id="connect", compact=True)
                    yield Static("", id="connect-message")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#open-demo" if self.docdeck.can_open_demo else "#token").focus()

    def screen_commands(self) -> Iterator[ScreenCommand]:
        from ..shell.key_help import ScreenCommand  # with the palette, not before the first frame

        if self.docdeck.can_open_demo:
            yield ScreenCommand(
                "welcome: open the demo", "Browse the sample organisation", self.start_demo
            )
        yield ScreenCommand("welcome: connect", "Check the token and connect", self.start_connect)

    @on(Button.Pressed, "#open-demo")
    def start_demo(self) -> None:
        self._say("Starting the demo…")
        self.run_task(self.docdeck.open_demo, group="connect")

    @on(Button.Pressed, "#connect")
    @on(Input.Submitted, "#token")
    @on(Input.Submitted, "#base-url")
    def start_connect(self) -> None:
        token = self.query_one("#token", Input).value.strip()
        base_url = self.query_one("#base-url", Input).value.strip()
        if not token:
            self._say("Paste a token first.", error=True)
            self.query_one("#token", Input).focus()
            return
        # The same checks as the command line's: a URL httpx cannot parse ("http://[::1")
        # or a token no HTTP header can carry is told here, before anything is sent.
        try:
            base_url = check_base_url(base_url)
        except ConfigError as error:
            self._say(_sentence(error), error=True)
            self.query_one("#base-url", Input).focus()
            return
        try:
            token = check_token(token, "the token field")
        except ConfigError as error:
            self._say(_sentence(error), error=True)
            self.query_one("#token", Input).focus()
            return
        self._say("Checking the token…")
        self.run_task(partial(self._connect, token, base_url), group="connect")

    async def _connect(self, token: str, base_url: str) -> None:
        # Failures are told here, next to the form, rather than as notifications.
        try:
            await self.docdeck.check_token(token, base_url, self.docdeck.default_profile())
        except UnauthorizedError:
            self._say("The token was not accepted: check it and try again.", error=True)
        except TransportError as error:
            self._say(f"Cannot reach the service: {error.message}", error=True)
        except ApiError as error:
            self._say(f"{error.title}: {error.message}", error=True)

    def _say(self, message: str, *, error: bool = False) -> None:
        label = self.query_one("#connect-message", Static)
        label.update(text.content(message))
        label.set_class(error, "-error")
