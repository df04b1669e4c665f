"""Provides ConfirmAction: says what an action will do, asks (a name typed, if it destroys), sends.

Deleting a team, a specification, a translation or a SAML provider, removing a team member or
the legacy Git installation, running a translation: each is one request whose consequences the
dialog states before anything is sent. Its ``check`` tells, after a lost answer, whether the
request was applied (e.g. ``partial(gone, read)``, from ``tui.dialogs.applied``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from textual import on
from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Input, Static

from ..widgets import ConfirmField
from .base import ActionDialog

__all__ = ["DONE", "ConfirmAction"]

DONE = "done"
"""The result of a confirmed action whose request answers nothing (None means cancelled)."""


class ConfirmAction(ActionDialog[object]):
    """The impact of the action, maybe a name to type, and the action's button."""

    sending_note = "Sending…"

    def __init__(
        self,
        title: Content,
        impact: Content,
        send: Callable[[], Awaitable[object]],
        *,
        confirm_label: str,
        typed: str | None = None,
        verb: str = "confirm",
        destructive: bool = True,
        warning: bool = False,
        check: Callable[[], Awaitable[bool]] | None = None,
    ) -> None:
        super().__init__(title, confirm_label=confirm_label)
        self.impact = impact
        self._send_action = send
        self._check = check
        self.typed = typed
        self.verb = verb
        self.destructive = destructive
        self.warning = warning
        """Not destructive, but with a consequence to read first: opens on Cancel too."""
        if destructive:
            self.confirm_variant = "error"  # type: ignore[misc]

    def compose_body(self) -> ComposeResult:
        yield Static(self.impact, id="impact", classes="impact")
        if self.typed is not None:
            yield ConfirmField(self.typed, verb=self.verb, id="confirm-name")

    def on_mount(self) -> None:
        self.set_class(self.destructive, "-destructive")
        self.set_class(self.warning, "-warning")
        if self.typed is not None:
            self.query_one("#confirm-name", ConfirmField).input.focus()
        elif self.destructive or self.warning:
            self.query_one("#cancel").focus()  # Enter alone changes nothing
        else:
            self.query_one("#confirm").focus()
        self.refresh_ready()

    @on(Input.Changed)
    def _typed(self) -> None:
        self.refresh_ready()

    def is_ready(self) -> bool:
        if self.typed is None:
            return True
        return self.query_one("#confirm-name", ConfirmField).matches

    async def send(self) -> object:
        result = await self._send_action()
        return DONE if result is None else result

    @property
    def can_check(self) -> bool:
        return self._check is not None

    async def check_applied(self) -> object | None:
        assert self._check is not None
        return DONE if await self._check() else None
