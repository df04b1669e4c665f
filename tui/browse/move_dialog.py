"""Provides MoveDialog: choose the collection (or the top level) a collection or a space goes to."""

from __future__ import annotations

from typing import ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from tui.core import text
from tui.dialogs.base import ActionDialog, heading

from ..api.errors import ApiError
from ..api.models import Collection, Space
from .places import Place, all_collections, descendants, places

__all__ = ["MoveDialog"]


class MoveDialog(ActionDialog[Collection | Space]):
    """Every place the item may go, with where it is now shown but not choosable.

    A collection cannot go into itself nor into a collection nested in it, so those are not
    offered at all. Typing narrows the list; Enter on a place moves the item there.
    """

    sending_note = "Moving…"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down", "to_places", "To the places", show=False, id="move.places"),
    ]

    def __init__(self, item: Collection | Space, organization_title: str) -> None:
        kind = "collection" if isinstance(item, Collection) else "space"
        super().__init__(heading(f"Move the {kind} ", item.title), confirm_label="Move here")
        self.item = item
        self.organization_title = organization_title or "the organisation"
        self.places: list[Place] = []
        self._sent_to: str | None = None

    def compose_body(self) -> ComposeResult:
        yield Static(
            Content("Choose where it goes: ↑ ↓ then Enter. Type to narrow the list."),
            classes="impact",
        )
        yield Input(placeholder="Filter places…", id="place-filter", compact=True)
        yield OptionList(
            Option(Content.styled("Loading the collections…", "$text-muted"), disabled=True),
            id="places",
            compact=True,
        )

    def on_mount(self) -> None:
        self.query_one("#places", OptionList).focus()
        self.start(self._load, group="load")

    async def _load(self) -> None:
        try:
            collections = await all_collections(self.client, self.item.organization)
        except ApiError as error:
            self.say_failure(error)
            return
        excluded: set[str] = set()
        if isinstance(self.item, Collection):
            excluded = {self.item.id} | {c.id for c in descendants(collections, self.item.id)}
        top = f"Top of {text.one_line(self.organization_title)}"
        self.places = [p for p in places(collections, top) if p.id not in excluded]
        self._show_places()

    def _show_places(self) -> None:
        needle = self.query_one("#place-filter", Input).value.strip().casefold()
        listing = self.query_one("#places", OptionList)
        listing.clear_options()
        here = self.item.parent
        shown = [p for p in self.places if needle in p.label.casefold()]
        for place in shown:
            label = Content(place.label)
            if place.id == here:
                label = Content.assemble(label, Content.styled("  (here now)", "$text-muted"))
            listing.add_option(Option(label, id=place.id or "", disabled=place.id == here))
        if not shown:
            listing.add_option(
                Option(Content.styled("No place matches", "$text-muted"), disabled=True)
            )
        first = next((p for p in shown if p.id != here), None)
        if first is not None:
            listing.highlighted = listing.get_option_index(first.id or "")
        self.refresh_ready()

    @on(Input.Changed, "#place-filter")
    def _filtered(self) -> None:
        self._show_places()

    def on_key(self, event: events.Key) -> None:
        # Printable keys typed on the list go to the filter, so that typing narrows at once.
        if not event.is_printable or not event.character or event.character == " ":
            return
        if self.focused is self.query_one("#places", OptionList):
            field = self.query_one("#place-filter", Input)
            field.focus()
            field.insert_text_at_cursor(event.character)
            event.stop()

    def action_to_places(self) -> None:
        self.query_one("#places", OptionList).focus()

    @on(OptionList.OptionHighlighted, "#places")
    def _highlighted(self) -> None:
        self.refresh_ready()

    @on(OptionList.OptionSelected, "#places")
    def _chosen(self) -> None:
        self.submit()

    # -- sending ---------------------------------------------------------------------------

    @property
    def destination(self) -> Place | None:
        option = self.query_one("#places", OptionList).highlighted_option
        if option is None or option.disabled or option.id is None:
            return None
        wanted = option.id or None
        return next((p for p in self.places if p.id == wanted), None)

    def is_ready(self) -> bool:
        return self.destination is not None

    def problems_before_sending(self) -> str | None:
        return None if self.destination is not None else "Choose a place first."

    async def send(self) -> Collection | Space:
        destination = self.destination
        assert destination is not None
        self._sent_to = destination.id
        if isinstance(self.item, Collection):
            return await self.client.collections.move_collection(
                self.item.id, parent=destination.id
            )
        return await self.client.spaces.move_space(self.item.id, parent=destination.id)

    async def check_applied(self) -> Collection | Space | None:
        now: Collection | Space
        if isinstance(self.item, Collection):
            now = await self.client.collections.get_collection_by_id(self.item.id)
        else:
            now = await self.client.spaces.get_space_by_id(self.item.id)
        return now if now.parent == self._sent_to else None
