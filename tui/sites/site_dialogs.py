"""Provides the other dialogs of a site: confirm a structure deletion (saying what visitors lose),
choose a visitor to simulate, the journal of changes, and the share key of a share-link site."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual import on
from textual._path import CSSPathType
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, OptionList, SelectionList, Static
from textual.widgets.selection_list import Selection

from tui.core import text
from tui.core.humanize import plural
from tui.dialogs.base import ActionDialog, heading
from tui.dialogs.fitting import FittedDialog
from tui.sites.logic.conditions import Visitor
from tui.sites.logic.journal import EntryState, JournalEntry
from tui.sites.logic.site_structure import NodeKind, SiteNode, SiteOutline
from tui.sites.logic.visitor_schema import VisitorSchema

from ..api.errors import ApiError
from ..api.models import PublishedContentSite
from ..widgets import ItemList, ListEntry, TextField
from .applied_sites import node_gone
from .site_admin import SITE_DIALOG_CSS
from .site_structure_forms import SiteTarget

__all__ = [
    "ConfirmStructureDelete",
    "JournalDialog",
    "ShareKeyDialog",
    "VisitorChoice",
    "VisitorDialog",
    "deletion_impact",
]


def _url_of(node: SiteNode) -> str:
    return f" ({node.url})" if node.url else ""


def deletion_impact(outline: SiteOutline, node: SiteNode, site_title: str) -> Content:
    """What deleting a node takes from the site's visitors, in words."""
    bold = "bold"
    if node.kind is NodeKind.SECTION:
        spaces = outline.children_of(node.key)
        first = Content.assemble(
            "Removes the section ",
            text.content(node.title, bold),
            f" and its {plural(len(spaces), 'site space')} from ",
            text.content(site_title, bold),
            ".",
        )
        lines = [first]
        if node.url:
            lines.append(Content.assemble("Visitors lose ", text.content(node.url), "."))
        if node.default:
            lines.append(Content("It is the default section: the next one becomes the default."))
    elif node.kind is NodeKind.GROUP:
        sections = outline.children_of(node.key)
        lines = [
            Content.assemble(
                "Removes the section group ",
                text.content(node.title, bold),
                " from ",
                text.content(site_title, bold),
                f"; its {plural(len(sections), 'section')} stay on the site, ungrouped, "
                "where it stood.",
            ),
            Content("Visitors lose only its heading."),
        ]
    else:
        section = outline.section_of(node)
        where = (
            Content.assemble(" from the section ", text.content(section.title, bold))
            if section is not None
            else Content(" from the root level")
        )
        lines = [
            Content.assemble(
                "Removes the site space ",
                text.content(node.title, bold),
                where,
                " of ",
                text.content(site_title, bold),
                ".",
            ),
            # text.content trims what it is given: the space before the address stays out.
            Content.assemble(
                "Visitors lose it", " " * bool(node.url), text.content(_url_of(node)), "."
            ),
        ]
        if node.default:
            lines.append(Content("It is the default site space here: the next one becomes it."))
    lines.append(
        Content.styled(
            "The spaces themselves stay. Undo (u) re-creates it as far as the API allows.",
            "$text-muted",
        )
    )
    return Content("\n").join(lines)


class ConfirmStructureDelete(ActionDialog[SiteNode]):
    """Says what visitors lose, and deletes the node on Delete."""

    confirm_label = "Delete"
    confirm_variant = "error"
    sending_note = "Deleting…"

    def __init__(self, target: SiteTarget, outline: SiteOutline, node: SiteNode) -> None:
        super().__init__(heading(f"Delete the {node.word} ", node.title, "?"))
        self.target = target
        self.outline = outline
        self.node = node

    def compose_body(self) -> ComposeResult:
        yield Static(deletion_impact(self.outline, self.node, self.target.title), classes="impact")

    def on_mount(self) -> None:
        self.query_one("#cancel", Button).focus()  # Enter alone keeps it

    async def send(self) -> SiteNode:
        client, org, site, node = (
            self.client,
            self.target.organization_id,
            self.target.site_id,
            self.node,
        )
        if node.kind is NodeKind.SECTION:
            await client.site_sections.delete_site_section_by_id(org, site, node.id)
        elif node.kind is NodeKind.GROUP:
            await client.site_section_groups.delete_site_section_group_by_id(org, site, node.id)
        else:
            await client.site_spaces.delete_site_space_by_id(org, site, node.id)
        return node

    async def check_applied(self) -> SiteNode | None:
        target, node = self.target, self.node
        gone = await node_gone(
            self.client, target.organization_id, target.site_id, node.kind, node.id
        )
        return node if gone else None


# -- view as a visitor -------------------------------------------------------------------------


@dataclass(frozen=True)
class VisitorChoice:
    """The visitor to simulate, or None to stop simulating."""

    visitor: Visitor | None


def describe_visitor(visitor: Visitor, schema: VisitorSchema | None) -> str:
    """``anonymous visitor`` or ``beta_tester on, plan_enterprise off``."""
    if visitor.anonymous:
        return "an anonymous visitor"
    if schema is None or not schema.claims:
        return "a visitor without claims"
    parts = []
    for claim in schema.claims:
        values = visitor.unsigned if claim.unsigned else visitor.claims
        parts.append(f"{claim.name} {'on' if values.get(claim.name) else 'off'}")
    return "a visitor with " + ", ".join(parts)


class VisitorDialog(FittedDialog, ModalScreen[VisitorChoice | None]):
    """Tick the claims a signed-in visitor has (the others are off), or pick an anonymous one."""

    CSS_PATH: ClassVar[CSSPathType | None] = SITE_DIALOG_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close", id="dialog.close", tooltip="Change nothing"),
        Binding(
            "a",
            "anonymous",
            "Anonymous",
            id="visitor.anonymous",
            tooltip="View the site as an anonymous visitor (no claims at all)",
        ),
        Binding(
            "w",
            "with_claims",
            "With the claims ticked",
            id="visitor.with_claims",
            tooltip="View the site as a signed-in visitor with the claims ticked",
        ),
        Binding("s", "stop", "Stop", id="visitor.stop", tooltip="Stop simulating a visitor"),
    ]

    def __init__(self, schema: VisitorSchema | None, current: Visitor | None) -> None:
        super().__init__()
        self.schema = schema or VisitorSchema()
        self.current = current

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog list-dialog"):
            yield Static(Content("View the site as a visitor"), classes="dialog-title")
            with VerticalScroll(classes="dialog-body"):
                yield Static(
                    Content.styled(
                        "Claims a signed-in visitor has (Space ticks one; the others are off):",
                        "$text-muted",
                    )
                )
                claims = SelectionList[str](
                    *[
                        Selection(
                            Content.assemble(
                                text.content(c.reference),
                                Content.styled(f"  {text.one_line(c.description)}", "$text-muted"),
                            ),
                            c.reference,
                            self._on(c.name, c.unsigned),
                        )
                        for c in self.schema.claims
                    ],
                    id="visitor-claims",
                )
                claims.compact = True
                yield claims
                if not self.schema.claims:
                    yield Static(
                        Content.styled("The site's visitor schema has no claims.", "$text-muted")
                    )
            with Horizontal(classes="dialog-buttons"):
                yield Button("s Stop", id="visitor-stop")
                yield Button("a Anonymous", id="visitor-anonymous")
                yield Button("w With these claims", id="visitor-go", variant="primary")

    def _on(self, name: str, unsigned: bool) -> bool:
        current = self.current
        if current is None or current.anonymous:
            return False
        return bool((current.unsigned if unsigned else current.claims).get(name))

    def on_mount(self) -> None:
        if self.schema.claims:
            self.query_one("#visitor-claims", SelectionList).focus()
        else:
            self.query_one("#visitor-anonymous", Button).focus()

    def chosen(self) -> Visitor:
        ticked = set(self.query_one("#visitor-claims", SelectionList).selected)
        return Visitor.of(self.schema, [c for c in self.schema.claims if c.reference in ticked])

    @on(Button.Pressed, "#visitor-go")
    def action_with_claims(self) -> None:
        self.dismiss(VisitorChoice(self.chosen()))

    @on(Button.Pressed, "#visitor-anonymous")
    def action_anonymous(self) -> None:
        self.dismiss(VisitorChoice(Visitor.nobody()))

    @on(Button.Pressed, "#visitor-stop")
    def action_stop(self) -> None:
        self.dismiss(VisitorChoice(None))

    def action_close(self) -> None:
        self.dismiss(None)


# -- the journal -------------------------------------------------------------------------------


def _entry_prompt(entry: JournalEntry, site_titles: dict[str, str]) -> Content:
    state = {
        EntryState.DONE: ("in place", "$text-success"),
        EntryState.UNDOING: ("undoing…", "$text-warning"),
        EntryState.UNDONE: ("undone", "$text-muted"),
    }[entry.state]
    site = site_titles.get((entry.subject or "").partition("/")[0], "")
    lines = [
        Content.assemble(
            Content.styled(f"#{entry.number} {entry.when:%H:%M:%S} ", "$text-muted"),
            text.content(entry.description),
            Content.styled(f"  {state[0]}", state[1]),
        )
    ]
    if site:
        lines.append(Content.styled(f"   on {text.one_line(site)}", "$text-muted"))
    for note in entry.notes:
        lines.append(Content.styled(f"   {note}", "$text-warning"))
    if entry.last_error:
        lines.append(
            Content.styled(f"   last undo failed: {text.one_line(entry.last_error)}", "$text-error")
        )
    return Content("\n").join(lines)


class JournalDialog(FittedDialog, ModalScreen[JournalEntry | None]):
    """This session's changes to sites, newest first; Enter undoes the highlighted one."""

    CSS_PATH: ClassVar[CSSPathType | None] = SITE_DIALOG_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close", id="dialog.close", tooltip="Close the journal"),
    ]

    def __init__(self, entries: list[JournalEntry], site_titles: dict[str, str]) -> None:
        super().__init__()
        self.entries = entries
        self.site_titles = site_titles

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog list-dialog"):
            yield Static(Content("Changes to sites in this session"), classes="dialog-title")
            with VerticalScroll(classes="dialog-body"):
                yield ItemList(id="journal")
                yield Static(id="journal-detail", classes="site-preview")
            yield Static(
                Content.styled("Enter undoes the highlighted change · Esc closes", "$text-muted"),
                classes="dialog-footer",
            )

    def on_mount(self) -> None:
        listing = self.query_one("#journal", ItemList)
        listing.set_entries(
            [
                ListEntry(str(e.number), _entry_prompt(e, self.site_titles), e.description, e)
                for e in self.entries
            ],
            empty="No change to a site yet in this session.",
        )
        listing.focus()
        self._detail()

    @on(OptionList.OptionHighlighted)
    def _detail(self) -> None:
        entry = self._highlighted()
        detail = self.query_one("#journal-detail", Static)
        if entry is None:
            detail.update("")
            return
        undo = entry.describe_inverse() or "(no request described)"
        detail.update(Content.assemble(Content.styled("Undo sends:\n", "bold"), text.block(undo)))

    def _highlighted(self) -> JournalEntry | None:
        entry = self.query_one("#journal", ItemList).highlighted_entry
        return entry.value if entry is not None else None

    @on(OptionList.OptionSelected)
    def _chosen(self) -> None:
        entry = self._highlighted()
        if entry is None:
            return
        if not entry.can_undo:
            self.notify(f"This change is {entry.state}.", severity="warning", markup=False)
            return
        self.dismiss(entry)

    def action_close(self) -> None:
        self.dismiss(None)


# -- the share key -----------------------------------------------------------------------------


class KeyNotAccepted(ApiError):
    """The service answered, but the key resolved nothing (it is not the site's)."""

    title = "Key not accepted"
    hint = "Check the key (it is case-sensitive), or whether the site is published."


@dataclass(frozen=True)
class ResolvedShareKey:
    key: str
    published: PublishedContentSite


class ShareKeyDialog(ActionDialog[ResolvedShareKey]):
    """Asks for the share key of a share-link site and checks it resolves the published URLs."""

    confirm_label = "Resolve"
    sending_note = "Resolving the published URLs…"

    def __init__(self, target: SiteTarget, key: str = "") -> None:
        super().__init__(heading("Share key of ", target.title))
        self.target = target
        self.key = key

    def compose_body(self) -> ComposeResult:
        yield Static(
            Content(
                "A share-link site is reachable only with its secret key; the service does not "
                "tell it. Type it to see the URLs visitors get (kept for this session only)."
            ),
            classes="impact",
        )
        yield TextField("Share key", self.key, required=True, id="share-key")

    def on_mount(self) -> None:
        self.query_one("#share-key", TextField).input.focus()

    async def send(self) -> ResolvedShareKey:
        key = self.query_one("#share-key", TextField).value
        published = await self.client.sites.get_published_content_site(
            self.target.organization_id, self.target.site_id, share_key=key
        )
        if not published.site.urls.published:
            raise KeyNotAccepted("This key does not resolve the site's URLs.")
        return ResolvedShareKey(key, published)
