"""Provides ConfirmDelete: says what deleting a collection or a space destroys, and asks for its name."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial

from textual import on
from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Input, Static

from tui.core import text
from tui.core.humanize import plural
from tui.dialogs.applied import gone
from tui.dialogs.base import ActionDialog, heading

from ..api.errors import ApiError
from ..api.models import Collection, Space
from ..widgets import ConfirmField
from .places import CollectionContents, collection_contents

__all__ = ["ConfirmDelete", "Deletion"]


@dataclass(frozen=True)
class Deletion:
    """What a deletion did: the spaces now in the trash can be restored for 7 days."""

    title: str
    kind: str
    trashed: list[Space] = field(default_factory=list)
    collections: int = 0
    """How many collections went (the deleted one and those nested in it)."""


def _named(before: str, title: str, after: str) -> Content:
    return Content.assemble(before, text.content(title, "bold"), after)


def collection_impact(collection: Collection, contents: CollectionContents) -> Content:
    """``Deleting Product also deletes 2 nested collections and moves 3 spaces to the trash.``"""
    effects = []
    if contents.collections:
        effects.append(f"deletes {plural(len(contents.collections), 'nested collection')}")
    if contents.spaces:
        effects.append(f"moves {plural(len(contents.spaces), 'space')} to the trash")
    if not effects:
        return _named("Deleting ", collection.title, " removes this empty collection for good.")
    lines = [_named("Deleting ", collection.title, f" also {' and '.join(effects)}.")]
    if contents.spaces:
        lines.append(
            Content(
                "Spaces in the trash can be restored for 7 days (u lists those deleted in "
                "this session); collections cannot be restored."
            )
        )
    else:
        lines.append(Content("Collections cannot be restored."))
    return Content("\n").join(lines)


def space_impact(space: Space) -> Content:
    """``Deleting Team handbook moves it to the trash, with its pages, files and …``"""
    extras = ["its pages and files"]
    if space.change_requests_open:
        extras.append(plural(space.change_requests_open, "open change request"))
    if space.comments:
        extras.append(plural(space.comments, "open comment"))
    gathered = ", ".join(extras[:-1]) + " and " + extras[-1] if len(extras) > 1 else extras[0]
    return Content("\n").join(
        [
            _named("Deleting ", space.title, f" moves it to the trash, with {gathered}."),
            Content(
                "It can be restored for 7 days (u lists the spaces deleted in this session); "
                "then it is removed for good."
            ),
        ]
    )


class ConfirmDelete(ActionDialog[Deletion]):
    """Deletes only once the item's name is typed: Enter alone or a stray key cannot."""

    confirm_variant = "error"
    sending_note = "Deleting…"

    def __init__(self, item: Collection | Space) -> None:
        kind = "collection" if isinstance(item, Collection) else "space"
        super().__init__(heading(f"Delete the {kind} ", item.title, "?"), confirm_label="Delete")
        self.item = item
        self.kind = kind
        self.contents: CollectionContents | None = None

    def compose_body(self) -> ComposeResult:
        if isinstance(self.item, Space):
            yield Static(space_impact(self.item), id="impact", classes="impact")
        else:
            yield Static(Content("Counting what it holds…"), id="impact", classes="impact")
        yield ConfirmField(self.item.title, verb="delete it", id="confirm-name")

    def on_mount(self) -> None:
        self.query_one("#confirm-name", ConfirmField).input.focus()
        if isinstance(self.item, Collection):
            self.start(self._count, group="count")

    async def _count(self) -> None:
        assert isinstance(self.item, Collection)
        try:
            contents = await collection_contents(self.client, self.item)
        except ApiError as error:
            self.query_one("#impact", Static).update(
                Content("What this collection holds could not be counted, so it is not deleted.")
            )
            self.say_failure(error)
            return
        self.contents = contents
        self.query_one("#impact", Static).update(collection_impact(self.item, contents))
        self.refresh_ready()

    @on(Input.Changed)
    def _typed(self) -> None:
        self.refresh_ready()

    def is_ready(self) -> bool:
        counted = isinstance(self.item, Space) or self.contents is not None
        return counted and self.query_one("#confirm-name", ConfirmField).matches

    def problems_before_sending(self) -> str | None:
        if isinstance(self.item, Collection) and self.contents is None:
            return "Wait until what the collection holds is counted."
        return None

    async def send(self) -> Deletion:
        if isinstance(self.item, Space):
            await self.client.spaces.delete_space_by_id(self.item.id)
        else:
            await self.client.collections.delete_collection_by_id(self.item.id)
        return self._deletion()

    async def check_applied(self) -> Deletion | None:
        if isinstance(self.item, Space):
            deleted = await gone(partial(self.client.spaces.get_space_by_id, self.item.id))
        else:
            deleted = await gone(
                partial(self.client.collections.get_collection_by_id, self.item.id)
            )
        return self._deletion() if deleted else None

    def _deletion(self) -> Deletion:
        if isinstance(self.item, Space):
            return Deletion(self.item.title, "space", [self.item])
        assert self.contents is not None
        return Deletion(
            self.item.title,
            "collection",
            list(self.contents.spaces),
            collections=1 + len(self.contents.collections),
        )
