"""Provides key_help: the keys active on a screen, as the keys dialog (``?``) lists them; and
live_bindings: the screen's actions that run where the focus is, as the palette offers them
(each a ScreenCommand). Loaded with the palette or the dialog, never before the first frame."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from textual.actions import parse
from textual.app import App
from textual.binding import Binding
from textual.dom import DOMNode
from textual.screen import Screen

from .pane import Pane

__all__ = ["KeyHelp", "LiveBinding", "ScreenCommand", "key_help", "live_bindings"]


class ScreenCommand(NamedTuple):
    """A command of the palette that acts on the current screen."""

    title: str
    help: str
    callback: Callable[[], Any]


class KeyHelp(NamedTuple):
    """One line of the keys dialog."""

    keys: str
    description: str
    id: str


def key_help(app: App[Any], screen: Screen[Any]) -> list[KeyHelp]:
    """The screen's own keys first, then the app's, then those of the focused widget.

    Within each group, docdeck's own keys (those with an id) come before Textual's; a binding
    reached by several keys is one line (``d delete  Delete``).
    """

    def rank(node: object) -> int:
        # A pane's keys are the screen's own, in the view that has the focus.
        return 0 if node is screen or isinstance(node, Pane) else 1 if node is app else 2

    merged: dict[tuple[int, str], tuple[list[str], str]] = {}
    for key, active in screen.active_bindings.items():
        binding = active.binding
        if not binding.description or binding.system or not active.enabled:
            continue
        displays, binding_id = merged.setdefault(
            (rank(active.node), binding.description), ([], binding.id or "")
        )
        display = app.get_key_display(binding.with_key(key))
        if display not in displays:
            displays.append(display)
        if binding.id and not binding_id:
            merged[(rank(active.node), binding.description)] = (displays, binding.id)
    ordered = sorted(merged.items(), key=lambda item: (item[0][0], not item[1][1]))
    return [
        KeyHelp(" ".join(displays), description, binding_id)
        for (_, description), (displays, binding_id) in ordered
    ]


class LiveBinding(NamedTuple):
    """A binding of the screen, or of a pane holding the focus, whose action runs now."""

    node: DOMNode
    binding: Binding


def live_bindings(screen: Screen[Any]) -> list[LiveBinding]:
    """The bindings of the screen and of the panes on its focus chain (the nearest first)
    whose ``check_action`` lets them run where the focus is.

    These are what the palette offers: exactly the actions that work where it is opened. A
    binding whose key a nearer widget takes (the page's ``m`` over the space's) is kept: the
    palette runs its action, not its key.
    """
    focused = screen.focused
    chain = list(focused.ancestors_with_self) if focused is not None else [screen]
    found: list[LiveBinding] = []
    for node in chain:
        if node is not screen and not isinstance(node, Pane):
            continue
        for _key, binding in node._bindings:
            if _runs(screen, node, binding.action):
                found.append(LiveBinding(node, binding))
        if node is screen:
            break
    return found


def _runs(screen: Screen[Any], node: DOMNode, action: str) -> bool:
    """Whether ``action`` of a binding of ``node`` would run (as Textual checks it first)."""
    destination, name, parameters = parse(action)
    target = {"": node, "screen": screen, "app": screen.app}.get(destination)
    if target is None or not hasattr(target, f"action_{name}"):
        return False
    return bool(target.check_action(name, parameters))
