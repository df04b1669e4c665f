"""Provides the read-only mode's marker: ``@mutating`` on an action that changes the service.

Read-only mode (``docdeck --read-only``, or ``read_only = true`` in a profile) is one mechanism
in two places:

1. the client refuses every request but a GET before sending it, with ``ReadOnlyError`` (see
   ``Client.read_only``): nothing can change the service, whatever the app forgets;
2. the app hides every action marked ``@mutating`` and refuses it before any dialog opens:

       class TeamScreen(BrowserScreen[TeamView]):
           BINDINGS = [Binding("n", "create_team", "New team", id="teams.create", tooltip="…")]

           @mutating
           def action_create_team(self) -> None: ...

   A marked action is hidden from the footer, the ``?`` keys and the palette (``check_action``
   answers False for it on every ``DocdeckScreen``, even one that overrides ``check_action``),
   and calling it anyway (a palette command that calls the method directly) only says that
   the app is read-only. The status line says ``read-only`` on every screen.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any, TypeVar, cast

__all__ = [
    "MUTATES",
    "READ_ONLY_MESSAGE",
    "is_mutating",
    "mutating",
    "read_only_app",
    "read_only_check",
    "refused_in_read_only",
]

F = TypeVar("F", bound=Callable[..., Any])

MUTATES = "__docdeck_mutates__"
"""The attribute ``@mutating`` sets on an action method."""
_CHECKED = "__docdeck_read_only_checked__"

READ_ONLY_MESSAGE = (
    "docdeck runs in read-only mode: nothing is sent that would change the service. "
    "Start it without --read-only (and without read_only = true in the profile) to make changes."
)


def read_only_app(node: object) -> bool:
    """Whether the app of a screen, dialog or widget runs in read-only mode."""
    app = getattr(node, "app", None)
    return bool(getattr(app, "read_only", False))


def is_mutating(node: object, action: str) -> bool:
    """Whether ``action`` (an action name, e.g. ``"create_team"``) of ``node`` is marked.

    ``node`` is a screen, or a screen class.
    """
    owner = node if isinstance(node, type) else type(node)
    method = getattr(owner, f"action_{action}", None)
    return bool(getattr(method, MUTATES, False))


def refused_in_read_only(node: object, action: str) -> bool:
    """Whether the app is read-only and ``action`` of ``node`` changes the service."""
    return read_only_app(node) and is_mutating(node, action)


def _say_read_only(node: object) -> None:
    notify = getattr(node, "notify", None)
    if notify is not None:
        notify(READ_ONLY_MESSAGE, title="Read-only mode", severity="warning", markup=False)


def mutating(method: F) -> F:
    """Mark an action method as one that changes the service (see the module's docstring)."""
    if inspect.iscoroutinefunction(method):

        @functools.wraps(method)
        async def guarded_async(self: Any, *args: Any, **kwargs: Any) -> Any:
            if read_only_app(self):
                _say_read_only(self)
                return None
            return await method(self, *args, **kwargs)

        setattr(guarded_async, MUTATES, True)
        return cast("F", guarded_async)

    @functools.wraps(method)
    def guarded(self: Any, *args: Any, **kwargs: Any) -> Any:
        if read_only_app(self):
            _say_read_only(self)
            return None
        return method(self, *args, **kwargs)

    setattr(guarded, MUTATES, True)
    return cast("F", guarded)


CheckAction = Callable[[Any, str, tuple[object, ...]], "bool | None"]


def read_only_check(check: CheckAction) -> CheckAction:
    """Wrap a ``check_action`` so that it answers False for marked actions in read-only mode.

    ``DocdeckScreen.__init_subclass__`` applies it to whatever ``check_action`` a screen
    resolves to, mixins' included, so that no screen has to remember to call it.
    """
    if getattr(check, _CHECKED, False):
        return check

    @functools.wraps(check)
    def checked(self: Any, action: str, parameters: tuple[object, ...]) -> bool | None:
        if refused_in_read_only(self, action):
            return False
        return check(self, action, parameters)

    setattr(checked, _CHECKED, True)
    return checked
