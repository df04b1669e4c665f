"""Provides the dialogs that create a docs site and delete one (its name typed, what goes counted)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from textual import on
from textual._path import CSSPathType
from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Input, SelectionList, Static
from textual.widgets.selection_list import Selection

from tui.core import text
from tui.core.humanize import plural
from tui.dialogs.base import ActionDialog, heading
from tui.dialogs.space_picker import every_space

from ..api.errors import ApiError
from ..api.models import Page, Site, SiteSpace, Space
from ..api.resources.sites import NEW_SPACE
from ..widgets import ChoiceField, ConfirmField
from ..widgets.checked_field import CheckedField
from .applied_sites import new_site, site_gone, site_ids

__all__ = [
    "SITE_DIALOG_CSS",
    "SITE_TITLE_MAX",
    "SITE_TITLE_MIN",
    "SITE_TYPES",
    "SITE_VISIBILITIES",
    "CreateSiteDialog",
    "DeleteSiteDialog",
    "DeletedSite",
]

SITE_DIALOG_CSS: CSSPathType = ["../styles/dialogs.tcss", "../styles/site_dialogs.tcss"]
SITE_TITLE_MIN = 2
SITE_TITLE_MAX = 128
EVERY = 1000

SITE_TYPES: list[tuple[str, str]] = [
    ("Basic", "basic"),
    ("Premium", "premium"),
    ("Ultimate", "ultimate"),
]

SITE_VISIBILITIES: list[tuple[str, str]] = [
    ("Public: anyone, indexed by search engines", "public"),
    ("Unlisted: anyone with the address, not indexed", "unlisted"),
    ("Share link: anyone with the secret link", "share-link"),
    ("Visitor authentication: visitors signed in by JWT", "visitor-auth"),
]


class CreateSiteDialog(ActionDialog[Site]):
    """Type, title, visibility, and the spaces to show (none chosen: a new, empty space)."""

    confirm_label = "Create"

    def __init__(self, organization_id: str, organization_title: str) -> None:
        super().__init__(heading("New docs site in ", organization_title or "the organisation"))
        self.organization_id = organization_id
        self.spaces: list[Space] = []
        self.chosen: set[str] = set()
        self.before: set[str] = set()
        """The sites there were before sending: a lost answer's check looks for a new one."""
        self.sent_title = ""

    def compose_body(self) -> ComposeResult:
        yield CheckedField(
            "Title",
            min_length=SITE_TITLE_MIN,
            max_length=SITE_TITLE_MAX,
            placeholder="e.g. Acme Docs",
            id="site-title",
        )
        yield ChoiceField("Type", SITE_TYPES, "basic", id="site-type")
        yield ChoiceField("Visibility", SITE_VISIBILITIES, "public", id="site-visibility")
        yield Static(
            Content.styled(
                "Spaces to show (Space toggles one; none chosen: a new, empty space is made "
                "for the site)",
                "$text-muted",
            )
        )
        yield Input(placeholder="Search the spaces by title", compact=True, id="spaces-search")
        spaces = SelectionList[str](id="site-spaces")
        spaces.compact = True
        yield spaces

    def on_mount(self) -> None:
        self.query_one("#site-title", CheckedField).input.focus()
        self.start(self._load_spaces, group="spaces")

    async def _load_spaces(self) -> None:
        try:
            self.spaces = await every_space(self.client, self.organization_id)
        except ApiError as error:
            self.say_failure(error)
            return
        self._show_spaces("")

    def _show_spaces(self, query: str) -> None:
        listing = self.query_one("#site-spaces", SelectionList)
        folded = query.strip().casefold()
        listing.clear_options()
        listing.add_options(
            [
                Selection(
                    text.text(f"{s.emoji} {s.title}" if s.emoji else s.title),
                    s.id,
                    s.id in self.chosen,
                )
                for s in self.spaces
                if folded in text.one_line(s.title).casefold()
            ]
        )

    @on(Input.Changed, "#spaces-search")
    def _searched(self, event: Input.Changed) -> None:
        event.stop()
        self._show_spaces(event.value)

    @on(SelectionList.SelectionToggled)
    def _toggled(self, event: SelectionList.SelectionToggled[str]) -> None:
        value = event.selection.value
        if value in self.chosen:
            self.chosen.discard(value)
        else:
            self.chosen.add(value)

    async def send(self) -> Site:
        chosen = [s.id for s in self.spaces if s.id in self.chosen]
        self.sent_title = self.query_one("#site-title", CheckedField).value
        # The ones there were before: after a lost answer, a new one is this one.
        with self.client.revalidating():
            self.before = await site_ids(self.client, self.organization_id)
        return await self.client.sites.create_site(
            self.organization_id,
            type=str(self.query_one("#site-type", ChoiceField).value),
            title=self.sent_title,
            visibility=str(self.query_one("#site-visibility", ChoiceField).value),
            spaces=chosen or NEW_SPACE,
        )

    async def check_applied(self) -> Site | None:
        return await new_site(self.client, self.organization_id, self.before, self.sent_title)


@dataclass(frozen=True)
class DeletedSite:
    """A site that was deleted, with what re-creating it can bring back."""

    site: Site
    site_spaces: list[SiteSpace] = field(default_factory=list)
    sections: int = 0
    groups: int = 0


@dataclass(frozen=True)
class SiteContents:
    sections: int
    groups: int
    site_spaces: list[SiteSpace]


def delete_impact(site: Site, contents: SiteContents) -> Content:
    """``Deleting Northwind Docs removes its 3 sections, 1 section group and 5 site spaces. …``"""
    parts = []
    if contents.sections:
        parts.append(plural(contents.sections, "section"))
    if contents.groups:
        parts.append(plural(contents.groups, "section group"))
    parts.append(plural(len(contents.site_spaces), "site space"))
    listed = ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else parts[0]
    address = site.urls.published or site.hostname or ""
    visitors = (
        Content.assemble("Visitors of ", text.content(address), " lose the whole site.")
        if site.published and address
        else Content("It is not published: no visitor loses anything.")
        if not site.published
        else Content("Its visitors lose the whole site.")
    )
    return Content("\n").join(
        [
            Content.assemble(
                "Deleting ", text.content(site.title, "bold"), f" removes its {listed}."
            ),
            visitors,
            Content(
                "The spaces themselves stay in the organisation. Undo (u) can make a new site "
                "with the same spaces and settings, but not its sections, groups or conditions."
            ),
        ]
    )


class DeleteSiteDialog(ActionDialog[DeletedSite]):
    """Counts what the site holds, then deletes it once its name is typed."""

    confirm_label = "Delete"
    confirm_variant = "error"
    sending_note = "Deleting…"

    def __init__(self, site: Site, organization_id: str) -> None:
        super().__init__(heading("Delete the site ", site.title, "?"))
        self.site = site
        self.organization_id = organization_id
        self.contents: SiteContents | None = None

    def compose_body(self) -> ComposeResult:
        yield Static(Content("Counting what the site holds…"), id="impact", classes="impact")
        yield ConfirmField(self.site.title, verb="delete it", id="confirm-name")

    def on_mount(self) -> None:
        self.query_one("#confirm-name", ConfirmField).input.focus()
        self.start(self._count, group="count")

    async def _count(self) -> None:
        client, org, site = self.client, self.organization_id, self.site.id

        async def listed(operation: Callable[..., Awaitable[Page[Any]]]) -> list[Any]:
            return [item async for item in client.paginate(operation, org, site, limit=EVERY)]

        try:
            sections, groups, site_spaces = await asyncio.gather(
                listed(client.site_sections.list_site_sections),
                listed(client.site_section_groups.list_site_section_groups),
                listed(client.site_spaces.list_site_spaces),
            )
        except ApiError as error:
            self.query_one("#impact", Static).update(
                Content("What this site holds could not be counted, so it is not deleted.")
            )
            self.say_failure(error)
            return
        self.contents = SiteContents(
            len(sections), len(groups), [s for s in site_spaces if isinstance(s, SiteSpace)]
        )
        self.query_one("#impact", Static).update(delete_impact(self.site, self.contents))
        self.refresh_ready()
        self.call_after_refresh(self.fit_body)

    @on(Input.Changed)
    def _typed(self) -> None:
        self.refresh_ready()

    def is_ready(self) -> bool:
        return self.contents is not None and self.query_one("#confirm-name", ConfirmField).matches

    def problems_before_sending(self) -> str | None:
        if self.contents is None:
            return "Wait until what the site holds is counted."
        return None

    async def send(self) -> DeletedSite:
        assert self.contents is not None
        await self.client.sites.delete_site_by_id(self.organization_id, self.site.id)
        return self.deleted()

    def deleted(self) -> DeletedSite:
        assert self.contents is not None
        return DeletedSite(
            self.site, self.contents.site_spaces, self.contents.sections, self.contents.groups
        )

    async def check_applied(self) -> DeletedSite | None:
        if await site_gone(self.client, self.organization_id, self.site.id):
            return self.deleted()
        return None
