"""Provides SpaceChooser, a searchable list of an organisation's spaces, and PickSpaceDialog.

The chooser loads every space of the organisation once (a thousand a page) and narrows them as
the user types, by title; ↓ goes from the search to the list, Enter chooses. Titles are
server text, shown through ``tui.core.text``.
"""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual._path import CSSPathType
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static

from tui.core import text

from ..api import Client
from ..api.errors import ApiError
from ..api.models import Space
from ..shell.failures import GuardedWork
from ..shell.host import Hosted
from ..widgets import ItemList, ListEntry
from .fitting import FittedDialog

__all__ = ["PickSpaceDialog", "SpaceChooser", "every_space"]

EVERY = 1000
"""The page size used to load every space (the service's maximum)."""


async def every_space(client: Client, organization_id: str) -> list[Space]:
    return [
        space
        async for space in client.paginate(
            client.spaces.list_spaces_in_organization_by_id, organization_id, limit=EVERY
        )
    ]


def space_entry(space: Space) -> ListEntry:
    label = f"{space.emoji} {space.title}" if space.emoji else space.title
    return ListEntry(space.id, text.content(label), text.one_line(space.title), space)


class SpaceChooser(GuardedWork, Hosted, Vertical):
    """A search field over a list of the organisation's spaces."""

    DEFAULT_CSS = """
    SpaceChooser {
        height: auto;
        margin-bottom: 1;
    }
    SpaceChooser > Input {
        background: $boost;
    }
    SpaceChooser > ItemList {
        height: auto;
        max-height: 8;
        background: $boost;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down", "to_list", "To the list", show=False, id="space_chooser.down"),
    ]

    class Chosen(Message):
        """The highlighted space changed (None: nothing matches)."""

        def __init__(self, chooser: SpaceChooser, space: Space | None) -> None:
            super().__init__()
            self.chooser = chooser
            self.space = space

        @property
        def control(self) -> SpaceChooser:
            return self.chooser

    def __init__(
        self, organization_id: str, *, chosen: str | None = None, id: str | None = None
    ) -> None:
        super().__init__(id=id)
        self.organization_id = organization_id
        self._wanted = chosen
        self.spaces: list[Space] = []

    def compose(self) -> ComposeResult:
        yield Static(Content.styled("Space (type to search, ↓ to the list)", "$text-muted"))
        yield Input(placeholder="Search the spaces by title", compact=True, id="space-search")
        listing = ItemList(id="space-list")
        listing.compact = True
        yield listing

    def on_mount(self) -> None:
        self.query_one(ItemList).set_entries([], empty="Loading the spaces…")
        self.run_guarded(self._load, group="spaces")

    async def _load(self) -> None:
        listing = self.query_one(ItemList)
        try:
            self.spaces = await every_space(self.client, self.organization_id)
        except ApiError as error:
            listing.set_entries([], empty=f"{error.title}: {error.message}")
            return
        listing.set_entries(
            [space_entry(s) for s in self.spaces], empty="The organisation has no space."
        )
        if self._wanted:
            listing.select_key(self._wanted)
        self._announce()

    @property
    def space(self) -> Space | None:
        entry = self.query_one(ItemList).highlighted_entry
        return entry.value if entry is not None else None

    def focus_search(self) -> None:
        self.query_one(Input).focus()

    @on(Input.Changed, "#space-search")
    def _searched(self, event: Input.Changed) -> None:
        event.stop()
        self.query_one(ItemList).set_filter(event.value)
        self._announce()

    @on(Input.Submitted, "#space-search")
    def _search_done(self, event: Input.Submitted) -> None:
        # Enter in the search chooses the first match: the dialog hears Input.Submitted.
        self._announce()

    @on(OptionList.OptionHighlighted, "#space-list")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self._announce()

    def _announce(self) -> None:
        self.post_message(self.Chosen(self, self.space))

    def action_to_list(self) -> None:
        self.query_one(ItemList).focus()


class PickSpaceDialog(FittedDialog, ModalScreen[Space | None]):
    """Choose one space of the organisation (Enter), or nothing (Esc)."""

    CSS_PATH: ClassVar[CSSPathType | None] = [
        "../styles/dialogs.tcss",
        "../styles/site_dialogs.tcss",
    ]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close", id="dialog.close", tooltip="Choose nothing"),
    ]

    def __init__(self, title: Content, organization_id: str) -> None:
        super().__init__()
        self.title_content = title
        self.organization_id = organization_id

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog list-dialog"):
            yield Static(self.title_content, classes="dialog-title")
            with Vertical(classes="dialog-body"):
                yield SpaceChooser(self.organization_id)
            yield Static(
                Content.styled("Enter chooses · Esc closes", "$text-muted"),
                classes="dialog-footer",
            )

    def on_mount(self) -> None:
        self.query_one(SpaceChooser).focus_search()

    @on(Input.Submitted)
    @on(OptionList.OptionSelected)
    def _chosen(self) -> None:
        space = self.query_one(SpaceChooser).space
        if space is not None:
            self.dismiss(space)

    def action_close(self) -> None:
        self.dismiss(None)
