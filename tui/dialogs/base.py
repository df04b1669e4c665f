"""Provides ActionDialog, the modal every action's form and confirmation is built on.

A dialog sends one request. Until the service agrees it stays open with what was typed: a
value the spec's limits forbid is shown under its field before anything is sent, and the
service's own message is shown above the buttons when it refuses. Only success closes it,
with the service's answer as the dialog's result.

Its workers are guarded (``tui.shell.failures``): anything but the client's errors, a bug,
reaches the app's one failure path, and the dialog says it was not sent, keeping what was typed.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Iterable
from typing import TYPE_CHECKING, Any, ClassVar, Literal, TypeVar, cast

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.css.query import NoMatches
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Input, Static
from textual.worker import Worker

from .. import text
from ..api import Client
from ..api.errors import ApiError, UnauthorizedError
from ..shell.failures import GuardedWork, report_failure
from ..shell.session import Session
from ..widgets import FormField
from .fitting import FittedDialog

if TYPE_CHECKING:
    from ..app import DocdeckApp

__all__ = ["ActionDialog", "allowed", "heading"]

T = TypeVar("T")


def heading(before: str, title: str = "", after: str = "") -> Content:
    """A dialog title around a server title, which is shown literally and in bold."""
    parts: list[Content | str] = [before]
    if title:
        parts.append(text.content(title, "bold"))
    if after:
        parts.append(after)
    return Content.assemble(*parts)


def allowed(widget: Widget, permitted: bool, role: str, doing: str) -> bool:
    """Whether the item's permissions allow an action; if not, say so politely, send nothing.

    ``doing`` completes "You need the admin role to …", e.g. ``"rename this space"``.
    """
    if not permitted:
        widget.notify(
            f"You need the {role} role to {doing}.",
            title="Not allowed",
            severity="warning",
            markup=False,
        )
    return permitted


class ActionDialog(FittedDialog, GuardedWork, ModalScreen[T]):
    """A title, a body of fields, a status line, and Cancel beside the action's button.

    Subclasses compose their body, may check it in ``problems_before_sending`` and send their
    request in ``send``. Enter in a text field sends, like the action's button; Esc cancels.
    """

    CSS_PATH = "../styles/dialogs.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", id="dialog.cancel", tooltip="Close without sending"),
    ]

    confirm_label: ClassVar[str] = "Save"
    """The label of the action's button, unless the dialog is given another."""
    confirm_variant: ClassVar[Literal["default", "primary", "success", "warning", "error"]] = (
        "primary"
    )
    sending_note: ClassVar[str] = "Sending…"

    def __init__(self, title: Content, *, confirm_label: str = "") -> None:
        super().__init__()
        self.title_content = title
        self.confirm_text = confirm_label or self.confirm_label
        self.sending = False

    # -- frame -----------------------------------------------------------------------------

    @property
    def docdeck(self) -> DocdeckApp:
        return cast("DocdeckApp", self.app)

    @property
    def client(self) -> Client:
        client = self.docdeck.client
        if client is None:
            raise RuntimeError("no connection: the welcome screen should be showing")
        return client

    @property
    def session(self) -> Session:
        return self.docdeck.session

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog action-dialog"):
            yield Static(self.title_content, classes="dialog-title")
            with VerticalScroll(classes="dialog-body"):
                yield from self.compose_body()
            yield Static(id="dialog-status", classes="-empty")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Cancel", id="cancel")
                yield Button(Content(self.confirm_text), id="confirm", variant=self.confirm_variant)

    def compose_body(self) -> ComposeResult:
        """The fields and explanations between the title and the buttons."""
        yield from ()

    def on_mount(self) -> None:
        self.refresh_ready()

    @property
    def fields(self) -> Iterable[FormField]:
        return self.query(FormField).results(FormField)

    # -- status ----------------------------------------------------------------------------

    def say(self, message: str | Content, *, error: bool = False) -> None:
        """Show a line above the buttons (server text goes through ``tui.text``)."""
        status = self.query_one("#dialog-status", Static)
        status.update(message if isinstance(message, Content) else text.block(message))
        status.set_class(error, "-error")
        status.set_class(not message, "-empty")

    def say_failure(self, error: ApiError) -> None:
        """The service's refusal, in its own words, with what to do next."""
        self.say(f"{error.title}: {error.message}\n{error.hint}", error=True)

    def is_ready(self) -> bool:
        """Whether the action's button may be pressed (e.g. once the name is typed)."""
        return True

    def refresh_ready(self) -> None:
        """Allow or forbid the action's button, from ``is_ready`` and whether a send is on."""
        try:
            button = self.query_one("#confirm", Button)
        except NoMatches:
            return  # not composed yet: on_mount asks again
        button.disabled = self.sending or not self.is_ready()

    # -- sending ---------------------------------------------------------------------------

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        if not self.sending:
            self.dismiss(None)

    @on(Button.Pressed, "#confirm")
    def _confirm_pressed(self) -> None:
        self.submit()

    @on(Input.Submitted)
    def _input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.submit()

    def problems_before_sending(self) -> str | None:
        """A reason not to send yet beyond the fields' own problems (e.g. a name not typed).

        Enter in a text field reaches ``submit`` even while the button is disabled: this is
        what it then says.
        """
        return None if self.is_ready() else "Not ready to send yet."

    def submit(self) -> None:
        """Check every field, then send; a refusal keeps the dialog and what was typed."""
        if self.sending:
            return
        invalid = [f for f in self.fields if not f.check()]
        if invalid:
            invalid[0].control.focus()
            self.say("Nothing was sent: correct the field marked in red.", error=True)
            return
        problem = self.problems_before_sending()
        if problem:
            self.say(problem, error=True)
            return
        self.sending = True
        self.refresh_ready()
        self.say(self.sending_note)
        self.start(self._send, group="send")

    def start(self, work: Callable[[], Coroutine[Any, Any, None]], *, group: str) -> Worker[None]:
        """Run some of the dialog's work (a load, the send) in a worker of its own group.

        A failure other than the client's errors reaches the app, which reports it.
        """
        return self.run_guarded(work, group=group)

    async def _send(self) -> None:
        try:
            result = await self.send()
        except UnauthorizedError as error:
            report_failure(self, error)  # the connect screen: the token is no longer good
            self.dismiss(None)
            return
        except ApiError as error:
            self.say_failure(error)
            return
        except Exception:
            # A bug: the app reports it (press ! for the details); the form stays as typed.
            self.say("Nothing was sent: docdeck failed (press ! for the details).", error=True)
            raise
        finally:
            self.sending = False
            self.refresh_ready()
        self.dismiss(result)

    async def send(self) -> T:
        """The request of the dialog; raise the client's error to keep the dialog open."""
        raise NotImplementedError
