"""Provides the one path every failure takes to the user: GuardedWork, Failed, report_failure.

Every worker of docdeck (a screen's load, a dialog's send, a widget's own work) is started with
``GuardedWork.run_guarded``, which never lets a failure exit the app. When one fails,
``GuardedWork`` posts ``Failed`` to the app, whose one handler turns it into a notification
with a title and a hint, remembers it for the error details (``!``), and leads to the connect
screen when the token is refused. Widgets use the same mixin without knowing the app: they
only post a message. ``ErrorReport`` (``error_report.py``) is what the user is shown.

A worker that wants to say something of its own (a dialog's status line) catches the client's
errors itself; anything else it lets through, and this path reports it. So nothing fails
silently and nothing crashes the app.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.dom import DOMNode
from textual.message import Message
from textual.worker import Worker, WorkerState

__all__ = ["Failed", "GuardedWork", "report_failure"]


class Failed(Message):
    """Some work failed; posted to the app, which tells the user (see ``DocdeckApp``)."""

    def __init__(self, error: BaseException, origin: DOMNode | None = None) -> None:
        super().__init__()
        self.error = error
        self.origin = origin
        """The screen, dialog or widget whose work failed."""


def report_failure(node: DOMNode, error: BaseException) -> None:
    """Hand a failure to the app's one handler (from a screen, a dialog or a widget)."""
    node.app.post_message(Failed(error, node))


class GuardedWork:
    """Mixin of a screen, dialog or widget: workers whose failures reach the user.

    ``run_guarded`` is the only way docdeck starts a worker (a test checks it): the worker
    never exits the app, and its failure is reported once, by the app.
    """

    def run_guarded(
        self,
        work: Callable[[], Any],
        *,
        group: str,
        name: str = "",
        exclusive: bool = True,
        thread: bool = False,
    ) -> Worker[Any]:
        """Run ``work`` (an async function, or a function with ``thread=True``) in a worker of
        ``group``; a newer worker of the group cancels this one."""
        assert isinstance(self, DOMNode)
        return self.run_worker(
            work,
            name=name or group,
            group=group,
            exclusive=exclusive,
            exit_on_error=False,
            thread=thread,
        )

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        # Worker.StateChanged does not bubble: each node that runs workers hears of its own.
        if event.state is WorkerState.ERROR and event.worker.error is not None:
            assert isinstance(self, DOMNode)
            report_failure(self, event.worker.error)
