"""Provides the command palette's sources: places seen so far, the views of the organisation
in view by name (as k9s's command mode: type "members", Enter), the current screen's actions,
and the commands features register (the unsent drafts).

Titles come from the server, so hits are built as Content and highlighted here rather than
with ``Matcher.highlight``, which reads its candidate as markup.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, cast

from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.content import Content

from tui.core import text

from .navigation import Location
from .screen import DocdeckScreen

if TYPE_CHECKING:
    from .host import Host

__all__ = [
    "FeatureCommands",
    "LocationCommands",
    "ScreenCommands",
    "ViewCommands",
    "highlight",
]


def highlight(candidate: str, query: str, provider: Provider) -> Content:
    content = Content(candidate)
    matcher = provider.matcher(query)
    _score, offsets = matcher.fuzzy_search.match(query, candidate)
    for offset in offsets:
        if not candidate[offset].isspace():
            content = content.stylize(matcher.match_style, offset, offset + 1)
    return content


class ViewCommands(Provider):
    """Type a view's name ("members", "sites", "review") to go there, from anywhere inside
    an organisation; each feature registers its views (``tui/shell/registry.py``)."""

    @property
    def docdeck(self) -> Host:
        return cast("Host", self.app)

    def _entries(self) -> list[tuple[str, str, Location]]:
        place = getattr(self.screen, "location", None)
        if not isinstance(place, Location) or not place.organization:
            return []
        organization_id = place.organization
        own = self.docdeck.session.places.get("organization", organization_id)
        entries = []
        for name, (about, jump) in self.docdeck.registry.views.items():
            target = jump(organization_id, own)
            if target is not None:
                entries.append((f"{name}: {about}", text.one_line(target.title), target))
        return entries

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for candidate, title, target in self._entries():
            score = matcher.match(candidate)
            if score > 0:
                # The name typed in full goes first, ahead of places whose title holds it.
                if candidate.startswith(query.strip().casefold() + ":"):
                    score = 1.0 + score
                yield Hit(
                    score,
                    highlight(candidate, query, self),
                    partial(self.docdeck.open_location, target),
                    candidate,
                    f"go to {title}",
                )


class LocationCommands(Provider):
    """Jump to any organisation, collection, space or page seen so far."""

    @property
    def docdeck(self) -> Host:
        return cast("Host", self.app)

    def _entries(self) -> list[tuple[str, str, Location]]:
        places = self.docdeck.session.places
        registry = self.docdeck.registry
        entries = []
        for place in places:
            title = text.one_line(place.label)
            candidate = f"go to {registry.label(place.kind)}: {title}"
            trail = " › ".join(text.one_line(p.title) for p in places.trail(place)[:-1])
            entries.append((candidate, trail, place))
        return entries

    async def discover(self) -> Hits:
        for candidate, trail, place in self._entries()[:20]:
            yield DiscoveryHit(
                Content(candidate),
                partial(self.docdeck.open_location, place),
                candidate,
                trail or None,
            )

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for candidate, trail, place in self._entries():
            score = matcher.match(candidate)
            if score > 0:
                yield Hit(
                    score,
                    highlight(candidate, query, self),
                    partial(self.docdeck.open_location, place),
                    candidate,
                    trail or None,
                )


class ScreenCommands(Provider):
    """The current screen's actions, namespaced: ``space: open in browser``."""

    def _commands(self) -> list[tuple[str, str, object]]:
        screen = self.screen
        if not isinstance(screen, DocdeckScreen):
            return []
        return [(c.title, c.help, c.callback) for c in screen.screen_commands()]

    async def discover(self) -> Hits:
        for title, help_text, callback in self._commands():
            yield DiscoveryHit(Content(title), callback, title, help_text)  # type: ignore[arg-type]

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, help_text, callback in self._commands():
            score = matcher.match(title)
            if score > 0:
                yield Hit(score, highlight(title, query, self), callback, title, help_text)  # type: ignore[arg-type]


class FeatureCommands(Provider):
    """The commands features register for anywhere in the app: ``drafts: list the unsent drafts``."""

    async def discover(self) -> Hits:
        for command in cast("Host", self.app).registry.commands:
            yield DiscoveryHit(
                Content(command.title), partial(command.run, self.app), command.title, command.help
            )

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for command in cast("Host", self.app).registry.commands:
            score = matcher.match(command.title)
            if score > 0:
                yield Hit(
                    score,
                    highlight(command.title, query, self),
                    partial(command.run, self.app),
                    command.title,
                    command.help,
                )
