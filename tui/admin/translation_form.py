"""Provides TranslationForm: translate a space into a language, or change the instructions.

After a lost answer it looks for a translation of that space into that language that was not
there before sending, or reads the instructions again.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Select, Static

from tui.admin.logic.instructions import document_of, document_text
from tui.core import text
from tui.dialogs.base import ActionDialog, heading
from tui.dialogs.choices import LANGUAGES

from ..api.errors import ApiError
from ..api.models import Space, Translation
from ..widgets import ChoiceField
from ..widgets.checked_fields import AreaField
from .applied_admin import instructions_are, new_translation, translation_ids

__all__ = ["INSTRUCTIONS_MAX", "TranslationForm", "language_name"]

INSTRUCTIONS_MAX = 5000
"""A bound of docdeck's own: the spec gives none, and instructions are a paragraph or two."""
NO_SPACE = "-"


def language_name(code: str | None) -> str:
    """``fr`` → ``French (fr)``; an unknown code as it is."""
    return next((label for label, value in LANGUAGES if value == code), code or "?")


class TranslationForm(ActionDialog[Translation]):
    """Source space and languages (new translations only) and the instructions."""

    def __init__(
        self,
        organization_id: str,
        translation: Translation | None = None,
        *,
        source_title: str = "",
    ) -> None:
        title = (
            heading("New translation")
            if translation is None
            else heading("Instructions of the translation of ", source_title or "a space")
        )
        super().__init__(title, confirm_label="Create" if translation is None else "Save")
        self.organization_id = organization_id
        self.translation = translation
        self.spaces: dict[str, Space] = {}
        self._sent: dict[str, Any] = {}
        self._before: set[str] = set()

    def compose_body(self) -> ComposeResult:
        if self.translation is None:
            yield ChoiceField(
                "Source space", [("Loading the spaces…", NO_SPACE)], NO_SPACE, id="source"
            )
            yield ChoiceField("Written in", LANGUAGES, "en", id="source-language")
            yield ChoiceField("Translate into", LANGUAGES, "fr", id="language")
        else:
            yield Static(
                Content("The next run follows them; what was translated before stays as it is."),
                classes="impact",
            )
        yield AreaField(
            "Instructions (one paragraph per line)",
            document_text(self.translation.instructions) if self.translation else "",
            max_length=INSTRUCTIONS_MAX,
            hint="e.g. Keep product names and code in English.",
            id="instructions",
        )

    def on_mount(self) -> None:
        if self.translation is None:
            self.query_one("#source", ChoiceField).control.focus()
            self.start(self._load_spaces, group="spaces")
        else:
            self.query_one("#instructions", AreaField).area.focus()

    async def _load_spaces(self) -> None:
        client = self.client
        try:
            page = await client.spaces.list_spaces_in_organization_by_id(
                self.organization_id, limit=1000
            )
        except ApiError as error:
            self.say_failure(error)
            return
        self.spaces = {space.id: space for space in page.items}
        options: list[tuple[str | Text, str]] = [
            (text.text(f"{s.emoji} {s.title}" if s.emoji else s.title), s.id) for s in page.items
        ]
        if page.next_page:
            self.say(f"The first {len(page.items)} spaces are offered.")
        field = self.query_one("#source", ChoiceField)
        field.set_options(options or [("No space", NO_SPACE)], NO_SPACE)
        if options:
            field.select.value = options[0][1]

    def on_select_changed(self, event: Select.Changed) -> None:
        # The source's language follows the space chosen.
        if (
            self.translation is None
            and event.select is self.query_one("#source", ChoiceField).select
        ):
            space = self.spaces.get(str(event.value))
            if space is not None and space.language:
                self.query_one("#source-language", ChoiceField).select.value = space.language

    def problems_before_sending(self) -> str | None:
        if self.translation is not None:
            return None
        if str(self.query_one("#source", ChoiceField).value) == NO_SPACE:
            return "Choose the space to translate."
        if (
            self.query_one("#source-language", ChoiceField).value
            == self.query_one("#language", ChoiceField).value
        ):
            return "The translation's language must differ from the source's."
        return None

    async def send(self) -> Translation:
        instructions = document_of(self.query_one("#instructions", AreaField).value)
        translations = self.client.translations
        self._sent = {"instructions": instructions}
        if self.translation is not None:
            return await translations.update_translation(
                self.organization_id, self.translation.id, instructions=instructions
            )
        language = str(self.query_one("#language", ChoiceField).value)
        space = str(self.query_one("#source", ChoiceField).value)
        self._sent.update(language=language, space=space)
        # The translations before: after a lost answer, a new one of that space is this one.
        with self.client.revalidating():
            self._before = await translation_ids(self.client, self.organization_id)
        return await translations.create_translation(
            self.organization_id,
            language=language,
            source={
                "space": space,
                "language": str(self.query_one("#source-language", ChoiceField).value),
            },
            instructions=instructions,
        )

    async def check_applied(self) -> Translation | None:
        client, organization, sent = self.client, self.organization_id, self._sent
        if self.translation is not None:
            return await instructions_are(
                client, organization, self.translation.id, sent["instructions"]
            )
        return await new_translation(
            client, organization, self._before, space=sent["space"], language=sent["language"]
        )
