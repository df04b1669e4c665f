"""Provides the keys and actions on a collection of the organisation's tree.

Like the space actions, each checks the collection's ``permissions`` first and says what role
it needs, then opens its dialog; the screen hears of the result in ``collection_changed`` or
``collection_deleted``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.binding import Binding, BindingType

from .. import text
from ..api.models import Collection, Space
from ..dialogs import CollectionForm, ConfirmDelete, Deletion, MoveDialog, TransferDialog, allowed
from .space_actions import organization_title, remember_deleted

if TYPE_CHECKING:
    from .base import DocdeckScreen

    _Screen = DocdeckScreen
else:
    _Screen = object

__all__ = ["COLLECTION_ACTIONS", "COLLECTION_BINDINGS", "CollectionActions"]


def _binding(keys: str, action: str, description: str, id: str, tooltip: str) -> Binding:
    return Binding(keys, action, description, show=False, id=id, tooltip=tooltip)


COLLECTION_BINDINGS: list[BindingType] = [
    _binding(
        "e", "rename_collection", "Rename", "collection.rename", "Change the collection's title"
    ),
    _binding(
        "i",
        "describe_collection",
        "Describe",
        "collection.describe",
        "Change or remove the collection's description",
    ),
    _binding(
        "a",
        "collection_default_level",
        "Default level",
        "collection.default_level",
        "The role members get on its content by default",
    ),
    _binding(
        "m",
        "move_collection",
        "Move",
        "collection.move",
        "Move the collection into another one, or to the top",
    ),
    _binding(
        "t",
        "transfer_collection",
        "Transfer",
        "collection.transfer",
        "Transfer the collection and its content to another organisation (asks first)",
    ),
    _binding(
        "d,delete",
        "delete_collection",
        "Delete",
        "collection.delete",
        "Delete the collection, its nested ones, and trash its spaces (asks first)",
    ),
]

COLLECTION_ACTIONS = frozenset(b.action for b in COLLECTION_BINDINGS if isinstance(b, Binding))
"""The actions above, which need a collection to act on."""


class CollectionActions(_Screen):
    """Mixin of a DocdeckScreen: the actions on the collection it acts on."""

    def collection_in_view(self) -> Collection | None:
        raise NotImplementedError

    def collection_changed(self, collection: Collection, message: str) -> None:
        """A collection was changed or created: show it and say so."""
        raise NotImplementedError

    def collection_deleted(self, deletion: Deletion) -> None:
        raise NotImplementedError

    def _collection(self, doing: str) -> Collection | None:
        """The collection to act on, if its permissions let the user ``doing``."""
        collection = self.collection_in_view()
        if collection is None:
            self.notify("Highlight a collection first.", severity="warning")
            return None
        if not allowed(self, collection.permissions.admin, "admin", doing):
            return None
        return collection

    def _open_form(self, form: CollectionForm, message: str) -> None:
        def saved(result: Collection | None) -> None:
            if result is not None:
                self.collection_changed(
                    result, message.format(title=text.one_line(result.title))
                )

        self.app.push_screen(form, saved)

    def action_rename_collection(self) -> None:
        collection = self._collection("rename this collection")
        if collection is not None:
            self._open_form(CollectionForm.rename(collection), "Renamed the collection to {title}.")

    def action_describe_collection(self) -> None:
        collection = self._collection("describe this collection")
        if collection is not None:
            self._open_form(
                CollectionForm.describe(collection), "Saved the description of {title}."
            )

    def action_collection_default_level(self) -> None:
        collection = self._collection("change the default level of this collection")
        if collection is not None:
            self._open_form(
                CollectionForm.set_level(collection), "Saved the default level of {title}."
            )

    def action_move_collection(self) -> None:
        collection = self._collection("move this collection")
        if collection is None:
            return

        def moved(result: Collection | Space | None) -> None:
            if isinstance(result, Collection):
                self.collection_changed(result, f"Moved {text.one_line(result.title)}.")

        title = organization_title(self, collection.organization)
        self.app.push_screen(MoveDialog(collection, title), moved)

    def action_transfer_collection(self) -> None:
        collection = self._collection("transfer this collection")
        if collection is None:
            return

        def transferred(result: Collection | Space | None) -> None:
            if isinstance(result, Collection):
                where = organization_title(self, result.organization) or result.organization
                self.collection_changed(
                    result,
                    f"Transferred {text.one_line(result.title)} to {text.one_line(where)}.",
                )

        title = organization_title(self, collection.organization)
        self.app.push_screen(TransferDialog(collection, title), transferred)

    def action_delete_collection(self) -> None:
        collection = self._collection("delete this collection")
        if collection is None:
            return

        def deleted(result: Deletion | None) -> None:
            if result is not None:
                remember_deleted(self, result)
                self.collection_deleted(result)

        self.app.push_screen(ConfirmDelete(collection), deleted)
