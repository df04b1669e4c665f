"""Provides SpaceActions: the keys and actions on a space, a mixin of the screens that show one.

The organisation's tree acts on the highlighted space, the space screen on the open one. Each
action first checks the space's ``permissions`` and says politely what role it needs, then
opens its dialog; the dialog sends, and the screen hears of the result in ``space_changed``,
``space_deleted`` or ``space_added``.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from textual.binding import Binding, BindingType

from tui.browse.applied_browse import spaces_in
from tui.browse.confirm_delete import ConfirmDelete, Deletion
from tui.browse.move_dialog import MoveDialog
from tui.browse.space_form import SpaceChange, SpaceForm
from tui.browse.transfer_dialog import TransferDialog
from tui.core import text
from tui.dialogs import allowed
from tui.dialogs.applied import new_item

from ..api.models import Collection, Space
from ..shell.key_help import LiveBinding
from ..shell.lost_answers import write_checked
from ..shell.read_only import mutating
from ..shell.screen import DocdeckScreen
from .trash import session_trash

if TYPE_CHECKING:
    _Screen = DocdeckScreen
else:
    _Screen = object

__all__ = [
    "SPACE_ACTIONS",
    "SPACE_BINDINGS",
    "SpaceActions",
    "organization_title",
    "remember_deleted",
]


def organization_title(screen: DocdeckScreen, organization_id: str) -> str:
    """The title of an organisation seen so far ("" when it was never seen)."""
    return screen.session.places.title("organization", organization_id)


def _binding(keys: str, action: str, description: str, id: str, tooltip: str) -> Binding:
    return Binding(keys, action, description, show=False, id=id, tooltip=tooltip)


SPACE_BINDINGS: list[BindingType] = [
    _binding("e", "rename_space", "Rename", "space.rename", "Change the space's title"),
    _binding("E", "space_emoji", "Emoji", "space.emoji", "Change or remove the space's emoji"),
    _binding("v", "space_visibility", "Visibility", "space.visibility", "Who can see the space"),
    _binding("M", "space_edit_mode", "Edit mode", "space.edit_mode", "Lock or unlock its content"),
    _binding(
        "a",
        "space_default_level",
        "Default level",
        "space.default_level",
        "The role members get on the space by default",
    ),
    _binding("L", "space_language", "Language", "space.language", "The language of its content"),
    _binding("c", "duplicate_space", "Duplicate", "space.duplicate", "Copy the space, next to it"),
    _binding("m", "move_space", "Move", "space.move", "Move the space to another collection"),
    _binding(
        "t",
        "transfer_space",
        "Transfer",
        "space.transfer",
        "Transfer the space to another organisation (asks first)",
    ),
    _binding(
        "d,delete",
        "delete_space",
        "Delete",
        "space.delete",
        "Move the space to the trash (asks first; restorable for 7 days)",
    ),
]

SPACE_ACTIONS = frozenset(b.action for b in SPACE_BINDINGS if isinstance(b, Binding))
"""The actions above, which need a space to act on."""

# What each change is called in "You need the admin role to …" and in the notification.
_DOING: dict[str, str] = {
    "title": "rename this space",
    "emoji": "change the emoji of this space",
    "visibility": "change the visibility of this space",
    "edit_mode": "change the edit mode of this space",
    "default_level": "change the default level of this space",
    "language": "change the language of this space",
}


def saved_message(change: str, space: Space) -> str:
    title = text.one_line(space.title)
    if change == "title":
        return f"Renamed the space to {title}."
    if change == "emoji":
        return f"Changed the emoji of {title}." if space.emoji else f"Removed the emoji of {title}."
    if change == "visibility":
        return f"{title} is now {space.visibility}."
    if change == "edit_mode":
        return f"{title} is now {space.edit_mode}."
    if change == "default_level":
        return f"The default level of {title} is now {space.default_level or 'guest'}."
    return f"The language of {title} is now {space.language}."


def remember_deleted(screen: DocdeckScreen, deletion: Deletion) -> None:
    """Keep the trashed spaces in the session's list, so that they can be restored."""
    places = screen.session.places
    for space in deletion.trashed:
        place = places.get("collection", space.parent) if space.parent else None
        where = place.title if place else organization_title(screen, space.organization)
        session_trash(screen.session).add([space], when=screen.docdeck.clock(), where=where)


class SpaceActions(_Screen):
    """Mixin of a DocdeckScreen: the actions on the space it acts on."""

    def space_in_view(self) -> Space | None:
        """The space the actions act on (None: nothing to act on, said to the user)."""
        raise NotImplementedError

    def space_changed(self, space: Space, message: str) -> None:
        """A space was changed, created or restored: show it and say so."""
        raise NotImplementedError

    def space_deleted(self, deletion: Deletion) -> None:
        raise NotImplementedError

    def command_title(self, live: LiveBinding) -> str:
        """Commands named after what they act on: ``space: rename``, ``collection: move``."""
        binding = live.binding
        namespace, _, name = (binding.id or "").partition(".")
        if namespace in ("collection", "space"):
            return f"{namespace}: {name.replace('_', ' ')}"
        return super().command_title(live)

    def _acting_on(self) -> Space | None:
        space = self.space_in_view()
        if space is None:
            self.notify("Highlight a space first.", severity="warning")
        return space

    # -- the settings ----------------------------------------------------------------------

    def _edit(self, change: SpaceChange) -> None:
        space = self._acting_on()
        if space is None or not allowed(self, space.permissions.admin, "admin", _DOING[change]):
            return

        def saved(result: Space | None) -> None:
            if result is not None:
                self.space_changed(result, saved_message(change, result))

        self.app.push_screen(SpaceForm.edit(space, change), saved)

    @mutating
    def action_rename_space(self) -> None:
        self._edit("title")

    @mutating
    def action_space_emoji(self) -> None:
        self._edit("emoji")

    @mutating
    def action_space_visibility(self) -> None:
        self._edit("visibility")

    @mutating
    def action_space_edit_mode(self) -> None:
        self._edit("edit_mode")

    @mutating
    def action_space_default_level(self) -> None:
        self._edit("default_level")

    @mutating
    def action_space_language(self) -> None:
        self._edit("language")

    # -- duplicate, move, transfer, delete -------------------------------------------------

    @mutating
    def action_duplicate_space(self) -> None:
        space = self._acting_on()
        if space is not None:
            self.run_task(partial(self._duplicate, space), group="duplicate")

    async def _duplicate(self, space: Space) -> None:
        # Duplicating needs the create role in the organisation, which the space does not tell.
        client = self.client
        organization = await client.organizations.get_organization_by_id(space.organization)
        permitted = organization.permissions.create_content
        if not allowed(self, permitted, "create", "duplicate this space"):
            return
        # What is beside it before: after a lost answer, a new space there is the copy.
        before = {s.id for s in await spaces_in(client, space.organization, space.parent)}

        async def made() -> Space | None:
            now = await spaces_in(client, space.organization, space.parent)
            return new_item(now, before, lambda s: space.title in s.title)

        copy = await write_checked(
            self,
            client,
            partial(client.spaces.duplicate_space, space.id),
            made,
            again="press c to duplicate it again.",
        )
        if copy is None:
            return
        self.space_changed(
            copy, f"Duplicated {text.one_line(space.title)} as {text.one_line(copy.title)}."
        )

    @mutating
    def action_move_space(self) -> None:
        space = self._acting_on()
        if space is None or not allowed(self, space.permissions.admin, "admin", "move this space"):
            return

        def moved(result: Collection | Space | None) -> None:
            if isinstance(result, Space):
                self.space_changed(result, f"Moved {text.one_line(result.title)}.")

        self.app.push_screen(MoveDialog(space, organization_title(self, space.organization)), moved)

    @mutating
    def action_transfer_space(self) -> None:
        space = self._acting_on()
        if space is None or not allowed(
            self, space.permissions.admin, "admin", "transfer this space"
        ):
            return

        def transferred(result: Collection | Space | None) -> None:
            if isinstance(result, Space):
                where = organization_title(self, result.organization) or result.organization
                self.space_changed(
                    result,
                    f"Transferred {text.one_line(result.title)} to {text.one_line(where)}.",
                )

        self.app.push_screen(
            TransferDialog(space, organization_title(self, space.organization)), transferred
        )

    @mutating
    def action_delete_space(self) -> None:
        space = self._acting_on()
        if space is None or not allowed(
            self, space.permissions.admin, "admin", "delete this space"
        ):
            return

        def deleted(result: Deletion | None) -> None:
            if result is not None:
                remember_deleted(self, result)
                self.space_deleted(result)

        self.app.push_screen(ConfirmDelete(space), deleted)
