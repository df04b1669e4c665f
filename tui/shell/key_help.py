"""Provides key_help: the keys active on a screen, as the keys dialog (``?``) lists them."""

from __future__ import annotations

from typing import Any, NamedTuple

from textual.app import App
from textual.screen import Screen

__all__ = ["KeyHelp", "key_help"]


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
        return 0 if node is screen else 1 if node is app else 2

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
