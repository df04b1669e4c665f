"""Provides ImportDialog and TemplateDialog: bring content into a space from an address, or lay
out a page from a template; each says what it made once the service answers.

Each makes a new revision of the space: after a lost answer, a revision other than the one
before sending says it was applied.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

from rich.text import Text
from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Static

from tui.browse.applied_browse import new_revision, space_revision
from tui.core import text
from tui.dialogs.base import ActionDialog, heading

from ..api import UNSET
from ..api.models import ImportContentResult, RevisionFile, Space
from ..widgets import ChoiceField, TextField

__all__ = [
    "IMPORT_SOURCES",
    "IMPORT_URL_MAX",
    "TEMPLATE_ID_MAX",
    "ImportDialog",
    "ImportOutcome",
    "TemplateDialog",
    "TemplateOutcome",
]

IMPORT_URL_MAX = 2048
TEMPLATE_ID_MAX = 100

# The ImportContentSource enum of the official OpenAPI document, in words.
IMPORT_SOURCES: list[tuple[str, str]] = [
    ("A website", "website"),
    ("A Word document (docx)", "docx"),
    ("Markdown", "markdown"),
    ("HTML", "html"),
    ("A zip archive", "zip"),
    ("Confluence", "confluence"),
    ("A GitHub wiki", "github-wiki"),
    ("Notion", "notion"),
    ("Google Docs", "google-docs"),
]

NO_FILE = ""


class AddressField(TextField):
    """A web address: ``https://`` or ``http://`` and a host, within the service's limit."""

    def problem(self) -> str | None:
        problem = super().problem()
        if problem is not None or not self.value:
            return problem
        parts = urlsplit(self.value)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            return f"{self.label} is a web address: https://… (or http://…)."
        return None


@dataclass(frozen=True)
class ImportOutcome:
    """What an import asked for, and what the service answered."""

    url: str
    source: str
    result: ImportContentResult
    counted: bool = True
    """False when the answer was lost: the revision is known, not what it imported."""


class ImportDialog(ActionDialog[ImportOutcome]):
    """The address of the content and what it is; the service makes a new revision of it."""

    confirm_label = "Import"
    sending_note = "Importing…"

    def __init__(self, space: Space) -> None:
        super().__init__(heading("Import content into ", space.title))
        self.space = space
        self._sent: tuple[str, str] = ("", "")
        self._revision: str | None = None

    def compose_body(self) -> ComposeResult:
        yield Static(
            Content(
                "The content at this address becomes pages of the space, in a new revision. "
                "Nothing is removed."
            ),
            classes="impact",
        )
        yield AddressField(
            "Address",
            max_length=IMPORT_URL_MAX,
            required=True,
            placeholder="https://…",
            id="import-url",
        )
        yield ChoiceField("What it is", IMPORT_SOURCES, "website", id="import-source")

    def on_mount(self) -> None:
        self.query_one("#import-url", AddressField).input.focus()

    async def send(self) -> ImportOutcome:
        url = self.query_one("#import-url", AddressField).value
        source = str(self.query_one("#import-source", ChoiceField).value)
        self._sent = (url, source)
        self._revision = await revision_before(self)
        result = await self.client.space_content.import_content(
            self.space.id, url=url, source=source
        )
        return ImportOutcome(url, source, result)

    async def check_applied(self) -> ImportOutcome | None:
        revision = await new_revision(self.client, self.space.id, self._revision)
        if revision is None:
            return None
        return ImportOutcome(*self._sent, ImportContentResult(revision=revision), counted=False)


@dataclass(frozen=True)
class TemplateOutcome:
    """The template applied, and the file given to it, if any."""

    template: str
    reference: str = ""


class TemplateDialog(ActionDialog[TemplateOutcome]):
    """A template's id and, optionally, a file of the space it should use under a name."""

    confirm_label = "Apply"
    sending_note = "Applying…"

    def __init__(self, space: Space, files: list[RevisionFile]) -> None:
        super().__init__(heading("Apply a template to ", space.title))
        self.space = space
        self.files = files
        self._sent = TemplateOutcome("")
        self._revision: str | None = None

    def compose_body(self) -> ComposeResult:
        yield Static(
            Content("The template lays out new pages in the space; nothing is removed."),
            classes="impact",
        )
        yield TextField(
            "Template",
            max_length=TEMPLATE_ID_MAX,
            required=True,
            placeholder="e.g. product-docs",
            id="template-id",
        )
        if self.files:
            options: list[tuple[str | Text, str]] = [("No file", NO_FILE)]
            options += [(text.text(file.name), file.id) for file in self.files]
            yield ChoiceField(
                "A file for the template (optional)", options, NO_FILE, id="template-file"
            )
            yield TextField(
                "Under the name",
                "logo",
                max_length=TEMPLATE_ID_MAX,
                hint="The name the template gives this file",
                id="template-ref",
            )

    def on_mount(self) -> None:
        self.query_one("#template-id", TextField).input.focus()

    def problems_before_sending(self) -> str | None:
        if self.files and self._file() and not self.query_one("#template-ref", TextField).value:
            return "Name the file for the template, or choose no file."
        return None

    def _file(self) -> str:
        if not self.files:
            return NO_FILE
        return str(self.query_one("#template-file", ChoiceField).value)

    async def send(self) -> TemplateOutcome:
        template = self.query_one("#template-id", TextField).value
        file = self._file()
        name = self.query_one("#template-ref", TextField).value if file else ""
        params = {"contentRefs": {name: {"kind": "file", "file": file}}} if file else UNSET
        self._sent = TemplateOutcome(template, name)
        self._revision = await revision_before(self)
        await self.client.space_content.apply_template_to_space(
            self.space.id, id=template, params=params
        )
        return self._sent

    async def check_applied(self) -> TemplateOutcome | None:
        revision = await new_revision(self.client, self.space.id, self._revision)
        return self._sent if revision is not None else None


async def revision_before(dialog: ImportDialog | TemplateDialog) -> str | None:
    """The space's revision as the service has it before sending (the cache bypassed)."""
    with dialog.client.revalidating():
        return await space_revision(dialog.client, dialog.space.id)
