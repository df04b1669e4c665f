"""Provides CollectionForm: create a collection, or change its title, description or default level."""

from __future__ import annotations

from typing import Any, Literal

from rich.text import Text
from textual.app import ComposeResult

from tui.browse.applied_browse import collections_in
from tui.core import text
from tui.dialogs.applied import holds, new_item
from tui.dialogs.base import ActionDialog, heading
from tui.dialogs.choices import LEVELS, level_choice, level_to_send

from ..api import UNSET
from ..api.errors import ApiError
from ..api.models import Collection
from ..widgets import ChoiceField, FormField, TextField
from .places import all_collections, places

__all__ = ["COLLECTION_DESCRIPTION_MAX", "COLLECTION_TITLE_MAX", "CollectionForm"]

COLLECTION_TITLE_MAX = 50
COLLECTION_DESCRIPTION_MAX = 100

Change = Literal["create", "title", "description", "default_level"]


class CollectionForm(ActionDialog[Collection]):
    """One form, four uses: build it with ``create``, ``rename``, ``describe`` or ``set_level``."""

    def __init__(
        self,
        change: Change,
        *,
        organization_id: str,
        organization_title: str = "",
        collection: Collection | None = None,
        parent: tuple[str, str] | None = None,
    ) -> None:
        title = {
            "create": heading("New collection in ", organization_title or "the organisation"),
            "title": heading("Rename the collection ", collection.title if collection else ""),
            "description": heading(
                "Describe the collection ", collection.title if collection else ""
            ),
            "default_level": heading(
                "Default level of the collection ", collection.title if collection else ""
            ),
        }[change]
        super().__init__(title, confirm_label="Create" if change == "create" else "Save")
        self.change = change
        self.organization_id = organization_id
        self.organization_title = organization_title or "the organisation"
        self.collection = collection
        self.place = parent
        """(id, title) of the collection to create in, preselected in "Where"."""
        self._sent: dict[str, Any] = {}
        self._before: set[str] = set()

    @classmethod
    def create(
        cls, organization_id: str, organization_title: str, parent: tuple[str, str] | None = None
    ) -> CollectionForm:
        return cls(
            "create",
            organization_id=organization_id,
            organization_title=organization_title,
            parent=parent,
        )

    @classmethod
    def rename(cls, collection: Collection) -> CollectionForm:
        return cls("title", organization_id=collection.organization, collection=collection)

    @classmethod
    def describe(cls, collection: Collection) -> CollectionForm:
        return cls("description", organization_id=collection.organization, collection=collection)

    @classmethod
    def set_level(cls, collection: Collection) -> CollectionForm:
        return cls("default_level", organization_id=collection.organization, collection=collection)

    # -- the fields ------------------------------------------------------------------------

    def compose_body(self) -> ComposeResult:
        collection = self.collection
        if self.change == "create":
            yield ChoiceField("Where", self._first_places(), self._parent_id(), id="where")
            yield TextField(
                "Title",
                max_length=COLLECTION_TITLE_MAX,
                placeholder="Untitled collection",
                id="title",
            )
        elif self.change == "title" and collection is not None:
            yield TextField(
                "Title",
                collection.title,
                max_length=COLLECTION_TITLE_MAX,
                required=True,
                id="title",
            )
        elif self.change == "description" and collection is not None:
            yield TextField(
                "Description",
                collection.description or "",
                max_length=COLLECTION_DESCRIPTION_MAX,
                hint="Empty removes the description",
                id="description",
            )
        elif collection is not None:
            yield ChoiceField(
                "Default level",
                LEVELS,
                level_choice(collection.default_level),
                hint="The role members get on its spaces unless given another",
                id="default-level",
            )

    def _parent_id(self) -> str:
        return self.place[0] if self.place else ""

    def _first_places(self) -> list[tuple[str | Text, str]]:
        # Until every collection is loaded, the one preselected must be a choice already.
        first: list[tuple[str | Text, str]] = [
            (f"Top of {text.one_line(self.organization_title)}", "")
        ]
        if self.place:
            first.append((text.text(self.place[1]), self.place[0]))
        return first

    def on_mount(self) -> None:
        if self.change == "create":
            self.start(self._load_places, group="places")
            self.query_one("#title", TextField).input.focus()
        else:
            self.query_one(FormField).control.focus()

    async def _load_places(self) -> None:
        try:
            collections = await all_collections(self.client, self.organization_id)
        except ApiError as error:
            self.say_failure(error)
            return
        where = self.query_one("#where", ChoiceField)
        choices = places(collections, f"Top of {text.one_line(self.organization_title)}")
        where.set_options(
            [(Text(p.label), p.id or "") for p in choices], where.value or self._parent_id()
        )

    # -- sending ---------------------------------------------------------------------------

    def _update(self) -> dict[str, Any]:
        """The one field this form changes, as the service names it in the model."""
        if self.change == "title":
            return {"title": self.query_one("#title", TextField).value}
        if self.change == "description":
            return {"description": self.query_one("#description", TextField).value or None}
        level = str(self.query_one("#default-level", ChoiceField).value)
        return {"default_level": level_to_send(level)}

    async def send(self) -> Collection:
        collections = self.client.collections
        if self.change == "create":
            title = self.query_one("#title", TextField).value
            parent = str(self.query_one("#where", ChoiceField).value) or None
            # What is there before: after a lost answer, one not among these is the new one.
            before = await collections_in(self.client, self.organization_id, parent)
            self._before = {c.id for c in before}
            self._sent = {"title": title, "parent": parent}
            return await collections.create_collection(
                self.organization_id, title=title or UNSET, parent=parent or UNSET
            )
        assert self.collection is not None
        self._sent = self._update()
        return await collections.update_collection_by_id(self.collection.id, **self._sent)

    async def check_applied(self) -> Collection | None:
        if self.change == "create":
            title, parent = self._sent["title"], self._sent["parent"]
            now = await collections_in(self.client, self.organization_id, parent)
            return new_item(now, self._before, lambda c: not title or c.title == title)
        assert self.collection is not None
        collection = await self.client.collections.get_collection_by_id(self.collection.id)
        return collection if holds(collection, self._sent) else None
