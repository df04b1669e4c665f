"""Provides ActionDialog, the modal every action's form and confirmation is built on.

A dialog sends one request. Until the service agrees it stays open with what was typed: a
value the spec's limits forbid is shown under its field before anything is sent, and the
service's own message is shown above the buttons when it refuses. Only success closes it,
with the service's answer as the dialog's result.

Its workers are guarded (``tui.shell.failures``): anything but the client's errors, a bug,
reaches the app's one failure path, and the dialog says it was not sent, keeping what was typed.

A write whose answer was lost
-----------------------------

When the connection drops after the request went out (or no answer comes in time), the client
raises ``AnswerLostError``: the service may have applied the write. The dialog never sends it
again by itself. It says "Sent, but the answer was lost: checking whether it was applied…" and
asks the shell's one verdict (``tui.shell.lost_answers.find_out``) of its ``check_applied()``,
which re-reads what the write touched with the cache bypassed:

- applied (the check returns what ``send`` would have returned): the dialog closes with that
  result, as after an answer, and a notification says so;
- not applied (the check returns None): the dialog stays, as typed, and its button becomes
  "Send again": only the user's press (or Enter) sends it once more;
- cannot tell (the check raises the client's error, still offline, or the answer was late and
  nothing is applied yet): the dialog offers "Check again" (also what Enter does) beside
  "Send again".

A dialog that writes overrides ``check_applied``, reading what it needs from values it kept in
``send`` (not from the fields, which stay editable meanwhile)::

    async def send(self) -> ChangeRequestResult:
        merging = self.client.change_requests.merge_change_request
        return await merging(self.space_id, self.number)

    async def check_applied(self) -> ChangeRequestResult | None:
        # merged() reads the change request: its result if its status is now "merged".
        return await merged(self.client, self.space_id, self.number)

Typical checks: an update re-reads the item and compares the fields it sent; a create lists
where it creates and looks for an item that was not there before sending (keep the ids seen
in ``send``, before the POST); a delete reads the item and expects 404; a merge reads the
change request's status. A dialog without ``check_applied`` (or whose ``can_check`` says no,
as when nothing the API shows tells) says that it cannot tell, in its ``unchecked_note``, and
offers "Send again" only beside the advice to look first; so does one whose check fails.
``tui.dialogs.applied`` has the shapes of the checks (``new_item``, ``holds``, ``gone``…), and
each feature its own beside it (``tui.review.applied_review``: ``merged``, ``reviewed``,
``new_reply``…; ``tui.admin.applied_admin``, ``tui.sites.applied_sites``,
``tui.browse.applied_browse``), plain async functions of a client.

A write sent straight from a key, without a dialog, goes through
``tui.shell.lost_answers.write_checked(node, client, write, check, again=...)``, the same
verdict told in notifications; any other lost answer reaches the app's failure path, which says
the write may have been applied and reloads the screen that sent it.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Iterable
from functools import partial
from typing import Any, ClassVar, Literal, TypeVar

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

from tui.core import text

from ..api.errors import AnswerLostError, ApiError, UnauthorizedError
from ..shell.failures import GuardedWork, report_failure
from ..shell.host import Hosted
from ..shell.lost_answers import (
    APPLIED_IN_A_DIALOG,
    APPLIED_TITLE,
    CHECK_AGAIN,
    CHECK_CRASHED,
    CHECKING,
    CLOSED_WITHOUT_KNOWING,
    CLOSED_WITHOUT_KNOWING_TITLE,
    NO_CHECK_IN_A_DIALOG,
    SEND_AGAIN,
    Known,
    find_out,
    in_a_dialog,
)
from ..widgets import ConfirmField, FormField
from .fitting import FittedDialog

__all__ = ["CHECKING", "ActionDialog", "LostAnswer", "allowed", "heading"]

T = TypeVar("T")

LostAnswer = Literal["", "checking"] | Known
"""Where a dialog is after a lost answer: "" (no answer lost, or found applied), checking
whether the write was applied, then the verdict: not applied (may send again), or cannot tell
(look again first)."""


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


def _named(fields: list[FormField]) -> str:
    """``the field "Title"``, ``the fields "Title" and "Path"``: by name, not by colour."""
    names = [f'"{field.label}"' for field in fields]
    if len(names) == 1:
        return f"the field {names[0]}"
    return f"the fields {', '.join(names[:-1])} and {names[-1]}"


class ActionDialog(FittedDialog, GuardedWork, Hosted, ModalScreen[T]):
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
    AUTO_FOCUS = ".dialog-body *, .dialog-buttons Button"
    """Without a focus of its own, a dialog opens on its first field (else its first button),
    never on the body's scroll stop, which shows no cursor."""

    def __init__(self, title: Content, *, confirm_label: str = "") -> None:
        super().__init__()
        self.title_content = title
        self.confirm_text = confirm_label or self.confirm_label
        self.sending = False
        self.lost: LostAnswer = ""
        """Whether the answer of the last send was lost, and what is known of it since."""
        self.lost_error: AnswerLostError | None = None

    # -- frame -----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog action-dialog"):
            yield Static(self.title_content, classes="dialog-title")
            with VerticalScroll(classes="dialog-body"):
                yield from self.compose_body()
            yield Static(id="dialog-status", classes="-empty")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Cancel", id="cancel")
                # Shown only after a lost answer, while nobody knows whether it was applied.
                check_again = Button(CHECK_AGAIN, id="check-again")
                check_again.display = False
                yield check_again
                yield Button(Content(self.confirm_text), id="confirm", variant=self.confirm_variant)

    def compose_body(self) -> ComposeResult:
        """The fields and explanations between the title and the buttons."""
        yield from ()

    def on_mount(self) -> None:
        self.refresh_ready()
        # Textual runs every class's on_mount, the subclass's first, and a focus asked there
        # is applied later, through the app's queue: this comes after both (same queue).
        self.app.call_later(self._open_focus)

    def _open_focus(self) -> None:
        """A dialog that destroys opens on Cancel, unless a name is to be typed."""
        if not self.is_attached:
            return
        focused = self.focused
        if self.confirm_variant == "error" or self.has_class("-destructive"):
            if not isinstance(focused, Input) and not self.query(ConfirmField):
                self.query_one("#cancel", Button).focus()

    @property
    def fields(self) -> Iterable[FormField]:
        return self.query(FormField).results(FormField)

    # -- status ----------------------------------------------------------------------------

    def say(self, message: str | Content, *, error: bool = False) -> None:
        """Show a line above the buttons (server text goes through ``tui.core.text``)."""
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
            check_again = self.query_one("#check-again", Button)
        except NoMatches:
            return  # not composed yet: on_mount asks again
        busy = self.sending or self.lost == "checking"
        button.disabled = busy or not self.is_ready()
        check_again.disabled = busy
        check_again.display = self.lost in ("checking", "cannot tell")

    # -- sending ---------------------------------------------------------------------------

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        if self.sending:
            return
        if self.lost in ("checking", "cannot tell"):
            self.notify(
                CLOSED_WITHOUT_KNOWING,
                title=CLOSED_WITHOUT_KNOWING_TITLE,
                severity="warning",
                markup=False,
            )
        self.dismiss(None)

    @on(Button.Pressed, "#confirm")
    def _confirm_pressed(self) -> None:
        self.submit(pressed=True)

    @on(Button.Pressed, "#check-again")
    def _check_again_pressed(self) -> None:
        self.check_again()

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

    def submit(self, *, pressed: bool = False) -> None:
        """Check every field, then send; a refusal keeps the dialog and what was typed.

        While nobody knows whether a lost answer's write was applied, only a press of the
        button (``pressed``) sends again; Enter looks again.
        """
        if self.sending or self.lost == "checking":
            return
        if self.lost == "cannot tell" and not pressed:
            self.check_again()
            return
        invalid = [f for f in self.fields if not f.check()]
        if invalid:
            invalid[0].control.focus()
            self.say(f"Nothing was sent: correct {_named(invalid)}.", error=True)
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
        lost: AnswerLostError | None = None
        try:
            result = await self.send()
        except AnswerLostError as error:
            lost = error
            self.lost, self.lost_error = "checking", error
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
        if lost is not None:
            await self._find_out(lost)
            return
        self.dismiss(result)

    async def send(self) -> T:
        """The request of the dialog; raise the client's error to keep the dialog open."""
        raise NotImplementedError

    # -- a lost answer ---------------------------------------------------------------------

    async def check_applied(self) -> T | None:
        """After ``send``'s answer was lost: re-read the service to tell whether it was applied.

        Return the result ``send`` would have returned when it was applied, None when it was
        not; raise the client's error when the service cannot be read. Runs with the cache
        bypassed. A dialog that writes overrides it (see the module's docstring).
        """
        raise NotImplementedError

    @property
    def can_check(self) -> bool:
        """Whether this dialog knows how to tell that its write was applied."""
        return type(self).check_applied is not ActionDialog.check_applied

    def unchecked_note(self) -> str:
        """What the dialog says after a lost answer when it cannot check (``can_check``)."""
        return NO_CHECK_IN_A_DIALOG

    def check_again(self) -> None:
        """Look once more whether the write whose answer was lost was applied."""
        if self.lost_error is None or self.lost == "checking" or self.sending:
            return
        self.lost = "checking"
        self.refresh_ready()
        self.start(partial(self._find_out, self.lost_error), group="send")

    async def _find_out(self, lost: AnswerLostError) -> None:
        self._relabel(SEND_AGAIN)
        check = self.check_applied if self.can_check else None
        if check is not None:
            self.say(CHECKING)
        try:
            verdict = await find_out(self.client, lost, check)
        except Exception:
            self.lost = "cannot tell"
            self.say(CHECK_CRASHED)
            raise
        finally:
            self.refresh_ready()
            self._focus_the_way_on()
        if isinstance(verdict.error, UnauthorizedError):
            report_failure(self, verdict.error)  # the connect screen: the token is no longer good
            self.dismiss(None)
            return
        if verdict.known == "applied":
            self.lost = ""
            self.notify(APPLIED_IN_A_DIALOG, title=APPLIED_TITLE, markup=False)
            self.dismiss(verdict.result)
            return
        self.lost = verdict.known
        self.say(in_a_dialog(verdict, self.unchecked_note()), error=True)
        self.refresh_ready()
        self._focus_the_way_on()

    def _focus_the_way_on(self) -> None:
        # While nobody knows, a button's Enter must look again, never send again.
        if self.lost == "cannot tell" and (
            self.focused is None or isinstance(self.focused, Button)
        ):
            self.query_one("#check-again", Button).focus()

    def _relabel(self, label: str) -> None:
        self.query_one("#confirm", Button).label = Content(label)
