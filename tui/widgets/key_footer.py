"""Provides KeyFooter: the footer of keys, showing only those that fit whole, and always ``?``."""

from __future__ import annotations

from collections.abc import Iterable

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

__all__ = ["KeyFooter", "fit_keys"]

HELP_ACTION = "show_keys"
"""The action of the key that lists every key: it is shown even when little else fits."""


def key_width(key: FooterKey) -> int:
    """Cells a key takes in the (non-compact) footer: `` q `` then ``Quit ``."""
    if not key.description:
        return cell_len(key.key_display) + 2
    return cell_len(key.key_display) + 2 + cell_len(key.description) + 1


def fit_keys(keys: Iterable[FooterKey], width: int) -> list[FooterKey]:
    """The keys to show in ``width`` cells, in order: all of them if they fit, else as many
    as fit whole before the help key, which is always kept."""
    keys = list(keys)
    if sum(key_width(key) for key in keys) <= width:
        return keys
    help_keys = [key for key in keys if key.action.endswith(HELP_ACTION)]
    room = width - sum(key_width(key) for key in help_keys)
    shown: list[FooterKey] = []
    for key in keys:
        if key in help_keys:
            continue
        if key_width(key) > room:
            break
        shown.append(key)
        room -= key_width(key)
    return shown + help_keys


def _rank(binding_id: str) -> int:
    if binding_id.startswith("app."):
        return 2
    if binding_id.startswith("view."):
        return 1
    return 0


class KeyFooter(Footer):
    """Textual's footer, except that a key is never cut: those that do not fit are left to ``?``.

    At 80 columns the footer of a busy screen would otherwise end in ``q Qui▏``.
    """

    def compose(self) -> ComposeResult:
        if not self._bindings_ready:
            # Textual's footer composes nothing yet (the first frame): nothing to sort, and
            # not a state to keep (``_shown`` stays None).
            return
        widgets = list(super().compose())
        palette = [w for w in widgets if w.has_class("-command-palette")]
        keys = [w for w in widgets if isinstance(w, FooterKey) and w not in palette]
        # The screen's own keys first (search, files…), then those every view has, then the
        # app's: what fits at 80 columns is what is particular to this screen.
        ids = {
            active.binding.action: active.binding.id or ""
            for active in self.screen.active_bindings.values()
        }
        keys.sort(key=lambda key: _rank(ids.get(key.action, "")))
        others: list[Widget] = [w for w in widgets if w not in palette and w not in keys]
        signature = self._shown = self._signature()
        width = signature[0] - sum(key_width(k) + 2 for k in palette if isinstance(k, FooterKey))
        yield from others
        for key in fit_keys(keys, width):
            # Textual's key starts compact and is then bound to the footer's (not compact):
            # two restyles of every key each time the footer is composed. Start it as bound.
            key.set_reactive(FooterKey.compact, self.compact)
            yield key
        yield from palette

    _shown: tuple[int, tuple[object, ...]] | None = None
    """What the footer was last composed from: the width, and the keys with their states."""

    def _signature(self) -> tuple[int, tuple[object, ...]]:
        return (
            self.size.width or self.app.size.width,
            tuple(
                (binding.key, binding.action, binding.description, enabled, tooltip)
                for (_, binding, enabled, tooltip) in self.screen.active_bindings.values()
                if binding.show
            ),
        )

    _recompose_asked = False
    """Whether a composition is due after the next refresh (asked once, however often)."""

    _held = False
    """Whether the keys wait for ``release`` (see ``hold``)."""

    def hold(self) -> None:
        """Compose no keys until ``release``: a screen whose first view is on its way keeps
        the footer's widgets (a tenth of a second to build) from delaying that view."""
        self._held = True

    def release(self) -> None:
        """Compose the keys held since ``hold`` (if they changed since last composed)."""
        if self._held:
            self._held = False
            # From the footer's own queue: its keys bind to it as they are composed.
            self.call_later(self._recompose_soon)

    def bindings_changed(self, screen: Screen[object]) -> None:
        # Textual composes the footer again whenever focus moves or a binding is checked, even
        # when the keys shown stay the same; each time it builds every key's widget anew.
        self._bindings_ready = True
        if self._held or not screen.app.app_focus or screen is not self.screen:
            return
        self._recompose_soon()

    def on_resize(self) -> None:
        # A resize to the width already fitted (the first, as the screen mounts) keeps the keys.
        if not self._held:
            self._recompose_soon()

    def _recompose_soon(self) -> None:
        """Compose the keys after the next refresh, if they changed since last composed (that
        is checked then, once, however often this was asked meanwhile)."""
        if not self._shows_now() or not self._bindings_ready:
            return
        # A screen that loads checks its bindings several times before the next frame: each
        # check asked for a composition of its own (five of the same keys while a change
        # request opened, a tenth of its first diff's time). One is enough.
        if not self._recompose_asked:
            self._recompose_asked = True
            self.call_after_refresh(self._recompose_if_changed)

    async def _recompose_if_changed(self) -> None:
        self._recompose_asked = False
        if self._shows_now() and not self._held and self._signature() != self._shown:
            await self.recompose()

    def _shows_now(self) -> bool:
        # The footer of a screen another one was pushed over saw its bindings change (its
        # focus went) and composed its keys for nobody, while the new screen loaded: its
        # keys are composed when they show again (the focus back, its bindings change).
        # (``Screen.is_current`` holds for a screen under another too: not asked here.)
        return self.is_attached and self.screen is self.app.screen
