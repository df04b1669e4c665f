"""Provides SitePane: the base of a site's four views (structure, settings, audience, published),
each a Pane with its own keys over the one SiteModel; and SiteHost: what a view asks of the site
screen (its loads, its changes landing, the journal, the breadcrumbs).

A view's keys live in its own ``BINDINGS``: Textual's focus chain makes them live while the
focus is inside the view, so no key of one view can act in another.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Coroutine, Iterable
from typing import TYPE_CHECKING, Any, Protocol, Self, TypeVar, cast

from textual.binding import Binding
from textual.worker import Worker

from tui.sites.logic.journal import ClientCall, JournalEntry, Undo, UndoneCheck
from tui.sites.logic.site_structure import SiteNode
from tui.sites.site_structure_forms import SiteTarget

from ..shell.pane import Pane
from .site_base import SiteModel
from .site_edits import SiteEditor

if TYPE_CHECKING:
    from ..api import Client
    from ..api.errors import ApiError
    from ..shell.navigation import Location
    from ..shell.session import Session

__all__ = ["PANE_UNDO_BINDING", "SiteHost", "SitePane"]

T = TypeVar("T")

PANE_UNDO_BINDING = Binding(
    "u", "screen.undo_last", "Undo", id="site.undo", tooltip="Undo the last change of this site"
)
"""``u`` among a view's own keys, where its footer shows it; the screen's undo runs."""


class SiteHost(Protocol):
    """What a site's view uses of the screen that holds it."""

    model: SiteModel
    changing: bool

    @property
    def client(self) -> Client: ...

    @property
    def session(self) -> Session: ...

    def may_change(self, doing: str) -> bool: ...

    def still_changing(self) -> bool: ...

    def editor(self) -> SiteEditor: ...

    def journal_change(
        self,
        what: str,
        description: str,
        undo: Undo,
        inverse: Iterable[ClientCall] = (),
        *,
        not_restorable: Iterable[str] = (),
        undone: UndoneCheck | None = None,
    ) -> JournalEntry: ...

    def structure_changed(self, message: str, *, select: str | None = None) -> None: ...

    def load_audience(self, *, refresh: bool = False) -> None: ...

    def run_task(
        self, work: Callable[[], Coroutine[Any, Any, None]], *, group: str
    ) -> Worker[None]: ...

    def load(
        self,
        fetch: Callable[[], Awaitable[T]],
        show: Callable[[T], Awaitable[None] | None],
        *,
        group: str = ...,
        refresh: bool = ...,
        on_error: Callable[[ApiError], None] | None = ...,
    ) -> Worker[None]: ...

    def open_place(self, place: Location) -> None: ...

    def show_node_crumbs(self, node: SiteNode | None) -> None: ...

    def structure_note(self) -> str: ...


class SitePane(Pane):
    """A view of a site: it paints from the model and sends its changes through the screen."""

    model: SiteModel

    @classmethod
    def of(cls, model: SiteModel, *, id: str | None = None) -> Self:
        """The view over ``model`` (not a constructor argument: the container a view also is,
        first among its bases, takes those)."""
        pane = cls(id=id)
        pane.model = model
        return pane

    @property
    def host(self) -> SiteHost:
        return cast("SiteHost", self.screen)

    @property
    def client(self) -> Client:
        return self.host.client

    def site_title(self) -> str:
        return self.model.title()

    def target(self) -> SiteTarget:
        return self.model.target()

    def shown(self) -> None:
        """Its tab was activated: take the focus."""
