"""Provides SpaceForm: create a space, or change one of its settings."""

from __future__ import annotations

from typing import Any, Literal

from rich.text import Text
from textual.app import ComposeResult

from tui.browse.applied_browse import spaces_in
from tui.core import text
from tui.dialogs.applied import holds, new_item
from tui.dialogs.base import ActionDialog, heading
from tui.dialogs.choices import (
    EDIT_MODES,
    LANGUAGES,
    LEVELS,
    VISIBILITIES,
    level_choice,
    level_to_send,
)

from ..api import UNSET
from ..api.errors import ApiError
from ..api.models import Space
from ..widgets import ChoiceField, FormField, TextField
from .places import all_collections, places

__all__ = ["SPACE_EMOJI_MAX", "SPACE_TITLE_MAX", "SpaceChange", "SpaceForm"]

SPACE_TITLE_MAX = 50
SPACE_EMOJI_MAX = 50

SpaceChange = Literal[
    "create", "title", "emoji", "visibility", "edit_mode", "default_level", "language"
]

_HEADINGS: dict[str, str] = {
    "title": "Rename the space ",
    "emoji": "Emoji of the space ",
    "visibility": "Visibility of the space ",
    "edit_mode": "Edit mode of the space ",
    "default_level": "Default level of the space ",
    "language": "Language of the space ",
}


class SpaceForm(ActionDialog[Space]):
    """One form per change, so that only the value the user meant to change is sent."""

    def __init__(
        self,
        change: SpaceChange,
        *,
        organization_id: str,
        organization_title: str = "",
        space: Space | None = None,
        parent: tuple[str, str] | None = None,
    ) -> None:
        if change == "create":
            title = heading("New space in ", organization_title or "the organisation")
        else:
            title = heading(_HEADINGS[change], space.title if space else "")
        super().__init__(title, confirm_label="Create" if change == "create" else "Save")
        self.change = change
        self.organization_id = organization_id
        self.organization_title = organization_title or "the organisation"
        self.space = space
        self.place = parent
        """(id, title) of the collection to create in, preselected in "Where"."""
        self._sent: dict[str, Any] = {}
        self._before: set[str] = set()

    @classmethod
    def create(
        cls, organization_id: str, organization_title: str, parent: tuple[str, str] | None = None
    ) -> SpaceForm:
        return cls(
            "create",
            organization_id=organization_id,
            organization_title=organization_title,
            parent=parent,
        )

    @classmethod
    def edit(cls, space: Space, change: SpaceChange) -> SpaceForm:
        return cls(change, organization_id=space.organization, space=space)

    # -- the fields ------------------------------------------------------------------------

    def compose_body(self) -> ComposeResult:
        if self.change == "create":
            first: list[tuple[str | Text, str]] = [
                (f"Top of {text.one_line(self.organization_title)}", "")
            ]
            if self.place:
                first.append((text.text(self.place[1]), self.place[0]))
            yield ChoiceField(
                "Where",
                first,
                self.place[0] if self.place else "",
                id="where",
            )
            yield TextField("Title", max_length=SPACE_TITLE_MAX, placeholder="Untitled", id="title")
            yield TextField(
                "Emoji", max_length=SPACE_EMOJI_MAX, placeholder="e.g. 📘 (optional)", id="emoji"
            )
            return
        space = self.space
        assert space is not None
        if self.change == "title":
            yield TextField(
                "Title", space.title, max_length=SPACE_TITLE_MAX, required=True, id="title"
            )
        elif self.change == "emoji":
            yield TextField(
                "Emoji",
                space.emoji,
                max_length=SPACE_EMOJI_MAX,
                hint="Empty removes the emoji",
                id="emoji",
            )
        elif self.change == "visibility":
            choices = [c for c in VISIBILITIES if space.parent or c[1] != "in-collection"]
            current = space.visibility if any(space.visibility == v for _, v in choices) else ""
            yield ChoiceField(
                "Visibility",
                choices,
                current or "private",
                hint="" if space.parent else "In collection is only for spaces in a collection",
                id="visibility",
            )
        elif self.change == "edit_mode":
            yield ChoiceField("Edit mode", EDIT_MODES, space.edit_mode or "live", id="edit-mode")
        elif self.change == "default_level":
            yield ChoiceField(
                "Default level",
                LEVELS,
                level_choice(space.default_level),
                hint="The role members get on this space unless given another",
                id="default-level",
            )
        else:
            known = any(space.language == v for _, v in LANGUAGES)
            yield ChoiceField(
                "Language", LANGUAGES, space.language if known else "en", id="language"
            )

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
        where.set_options([(Text(p.label), p.id or "") for p in choices], where.value)

    # -- sending ---------------------------------------------------------------------------

    def _text(self, field_id: str) -> str:
        return self.query_one(f"#{field_id}", TextField).value

    def _choice(self, field_id: str) -> str:
        return str(self.query_one(f"#{field_id}", ChoiceField).value)

    def _update(self) -> dict[str, Any]:
        """The one field this form changes, as the service names it in the model."""
        if self.change == "title":
            return {"title": self._text("title")}
        if self.change == "emoji":
            return {"emoji": self._text("emoji") or None}
        if self.change == "visibility":
            return {"visibility": self._choice("visibility")}
        if self.change == "edit_mode":
            return {"edit_mode": self._choice("edit-mode")}
        if self.change == "default_level":
            return {"default_level": level_to_send(self._choice("default-level"))}
        return {"language": self._choice("language")}

    async def send(self) -> Space:
        spaces = self.client.spaces
        if self.change == "create":
            title = self._text("title")
            parent = self._choice("where") or None
            # What is there before: after a lost answer, a space not among these is the new one.
            self._before = {
                s.id for s in await spaces_in(self.client, self.organization_id, parent)
            }
            self._sent = {"title": title, "parent": parent}
            return await spaces.create_space(
                self.organization_id,
                title=title or UNSET,
                emoji=self._text("emoji") or UNSET,
                parent=parent or UNSET,
            )
        assert self.space is not None
        self._sent = self._update()
        return await spaces.update_space_by_id(self.space.id, **self._sent)

    async def check_applied(self) -> Space | None:
        if self.change == "create":
            title, parent = self._sent["title"], self._sent["parent"]
            now = await spaces_in(self.client, self.organization_id, parent)
            return new_item(now, self._before, lambda s: not title or s.title == title)
        assert self.space is not None
        space = await self.client.spaces.get_space_by_id(self.space.id)
        return space if holds(space, self._sent) else None
