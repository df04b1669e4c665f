"""Provides TreeActions: the keys and actions of the organisation's tree beyond those on a space.

Creating a collection or a space (in the highlighted collection, or at the top), the actions
on the highlighted collection, the list of spaces deleted in this session, and the palette's
names for all of them. Each action checks the ``permissions`` the service gave first and says
politely what role it needs; the dialogs do the rest, and the screen hears of the result in
``collection_changed``, ``collection_deleted``, ``space_changed`` or ``space_deleted``.

A key such as ``e`` has a binding for collections and one for spaces; only the one that fits
the highlighted row is active, so that the footer and ``?`` show what the key does there.
"""

from __future__ import annotations

from textual.binding import Binding, BindingType

from tui.browse.collection_form import CollectionForm
from tui.browse.confirm_delete import ConfirmDelete, Deletion
from tui.browse.deleted_spaces import DeletedSpacesDialog
from tui.browse.move_dialog import MoveDialog
from tui.browse.space_form import SpaceForm
from tui.browse.transfer_dialog import TransferDialog
from tui.core import text
from tui.dialogs import allowed

from ..api.models import Collection, Organization, Space
from ..shell.read_only import mutating
from ..widgets import TreeItem
from .space_actions import (
    SPACE_ACTIONS,
    SPACE_BINDINGS,
    SpaceActions,
    organization_title,
    remember_deleted,
)

__all__ = ["COLLECTION_ACTIONS", "TREE_BINDINGS", "TreeActions"]


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


TREE_BINDINGS: list[BindingType] = [
    _binding(
        "n",
        "create_space",
        "New space",
        "space.create",
        "Create a space in the highlighted collection, or at the top",
    ),
    _binding(
        "N",
        "create_collection",
        "New collection",
        "collection.create",
        "Create a collection in the highlighted one, or at the top",
    ),
    *COLLECTION_BINDINGS,
    *SPACE_BINDINGS,
    _binding(
        "u",
        "restore_space",
        "Restore deleted",
        "space.restore",
        "List the spaces deleted in this session and restore one",
    ),
]
"""Every key of the tree that acts on the service."""


class TreeActions(SpaceActions):
    """Mixin of the organisation's screen: what its keys do to the highlighted row."""

    organization_id: str

    # -- what the screen provides ----------------------------------------------------------

    def highlighted_item(self) -> TreeItem[Collection | Space] | None:
        """The row under the cursor (None before the tree exists, or on a row of its own)."""
        raise NotImplementedError

    def organization_in_view(self) -> Organization | None:
        raise NotImplementedError

    def loaded_collection(self, collection_id: str) -> Collection | None:
        """A collection the tree has loaded, with the permissions the service gave."""
        raise NotImplementedError

    def collection_changed(self, collection: Collection, message: str) -> None:
        """A collection was changed or created: show it and say so."""
        raise NotImplementedError

    def collection_deleted(self, deletion: Deletion) -> None:
        raise NotImplementedError

    # -- keys and commands -----------------------------------------------------------------

    def collection_in_view(self) -> Collection | None:
        item = self.highlighted_item()
        return item.value if item is not None and isinstance(item.value, Collection) else None

    def space_in_view(self) -> Space | None:
        item = self.highlighted_item()
        return item.value if item is not None and isinstance(item.value, Space) else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in COLLECTION_ACTIONS:
            return self.collection_in_view() is not None
        if action in SPACE_ACTIONS:
            return self.space_in_view() is not None
        return True

    # -- creating --------------------------------------------------------------------------

    def _creation_place(self) -> tuple[str, str] | None:
        """(id, title) of the collection new items go to: the highlighted one or the space's."""
        item = self.highlighted_item()
        if item is None:
            return None
        value = item.value
        if isinstance(value, Collection):
            return (value.id, value.title)
        if value.parent:
            title = self.session.places.title("collection", value.parent, value.parent)
            return (value.parent, title)
        return None

    def _may_create(self, place: tuple[str, str] | None, what: str) -> bool:
        if place is not None:
            parent = self.loaded_collection(place[0])
            permitted = bool(parent and parent.permissions.create)
            return allowed(self, permitted, "create", f"create a {what} in this collection")
        organization = self.organization_in_view()
        permitted = bool(organization and organization.permissions.create_content)
        return allowed(self, permitted, "create", f"create a {what} in this organisation")

    @mutating
    def action_create_space(self) -> None:
        place = self._creation_place()
        if self._may_create(place, "space"):
            title = organization_title(self, self.organization_id)
            form = SpaceForm.create(self.organization_id, title, place)
            self.app.push_screen(form, self._created_space)

    def _created_space(self, space: Space | None) -> None:
        if space is not None:
            self.space_changed(space, f"Created the space {text.one_line(space.title)}.")

    @mutating
    def action_create_collection(self) -> None:
        place = self._creation_place()
        if self._may_create(place, "collection"):
            title = organization_title(self, self.organization_id)
            form = CollectionForm.create(self.organization_id, title, place)
            self.app.push_screen(form, self._created_collection)

    def _created_collection(self, collection: Collection | None) -> None:
        if collection is not None:
            message = f"Created the collection {text.one_line(collection.title)}."
            self.collection_changed(collection, message)

    @mutating
    def action_restore_space(self) -> None:
        title = organization_title(self, self.organization_id)
        self.app.push_screen(DeletedSpacesDialog(self.organization_id, title), self._restored)

    def _restored(self, space: Space | None) -> None:
        if space is not None:
            self.space_changed(space, f"Restored the space {text.one_line(space.title)}.")

    # -- the highlighted collection --------------------------------------------------------

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
                self.collection_changed(result, message.format(title=text.one_line(result.title)))

        self.app.push_screen(form, saved)

    @mutating
    def action_rename_collection(self) -> None:
        collection = self._collection("rename this collection")
        if collection is not None:
            self._open_form(CollectionForm.rename(collection), "Renamed the collection to {title}.")

    @mutating
    def action_describe_collection(self) -> None:
        collection = self._collection("describe this collection")
        if collection is not None:
            self._open_form(
                CollectionForm.describe(collection), "Saved the description of {title}."
            )

    @mutating
    def action_collection_default_level(self) -> None:
        collection = self._collection("change the default level of this collection")
        if collection is not None:
            self._open_form(
                CollectionForm.set_level(collection), "Saved the default level of {title}."
            )

    @mutating
    def action_move_collection(self) -> None:
        collection = self._collection("move this collection")
        if collection is None:
            return

        def moved(result: Collection | Space | None) -> None:
            if isinstance(result, Collection):
                self.collection_changed(result, f"Moved {text.one_line(result.title)}.")

        title = organization_title(self, collection.organization)
        self.app.push_screen(MoveDialog(collection, title), moved)

    @mutating
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

    @mutating
    def action_delete_collection(self) -> None:
        collection = self._collection("delete this collection")
        if collection is None:
            return

        def deleted(result: Deletion | None) -> None:
            if result is not None:
                remember_deleted(self, result)
                self.collection_deleted(result)

        self.app.push_screen(ConfirmDelete(collection), deleted)
