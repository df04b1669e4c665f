"""Provides the forms of a site's structure: add a section or a site space from a space, create a
section group, and edit a section, a group or a site space (its condition checked as typed).

Each form sends one request and closes with what changed, so that the screen can journal the
change with its undo. A refusal of the service is shown under the field it names, with what
was typed kept.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import SelectionList, Static
from textual.widgets.selection_list import Selection

from tui.core import text
from tui.dialogs.base import ActionDialog, heading
from tui.dialogs.space_picker import SpaceChooser
from tui.sites.condition_field import ConditionField
from tui.sites.logic.site_structure import NodeKind, SiteNode, SiteOutline
from tui.sites.logic.visitor_schema import VisitorSchema

from ..api import UNSET
from ..api.errors import ApiError
from ..api.models import SiteSection, SiteSectionGroup, SiteSpace, Space
from ..widgets import ChoiceField, FormField
from ..widgets.checked_field import CheckedField
from .applied_sites import (
    groups_of,
    new_group,
    new_section,
    new_site_space,
    node_holds,
    sections_of,
    site_spaces_of,
)

__all__ = [
    "AddSectionDialog",
    "AddSiteSpaceDialog",
    "CreateGroupDialog",
    "NodeEdit",
    "NodeForm",
]

ICON_MAX = 50

T = TypeVar("T")


@dataclass(frozen=True)
class SiteTarget:
    """The site a form acts on."""

    organization_id: str
    site_id: str
    title: str


def _refused_field(message: str, names: Sequence[str]) -> str | None:
    for name in names:
        if re.search(rf"`{name}`|Invalid {name}\b", message):
            return name
    return None


class FromSpaceDialog(ActionDialog[T]):
    """A dialog that adds something showing a space, chosen first from a searchable list."""

    space: Space | None = None

    def on_mount(self) -> None:
        self.query_one(SpaceChooser).focus_search()

    @on(SpaceChooser.Chosen)
    def _chosen(self, event: SpaceChooser.Chosen) -> None:
        self.space = event.space
        self.refresh_ready()

    def is_ready(self) -> bool:
        return self.space is not None


class AddSectionDialog(FromSpaceDialog[SiteSection]):
    """A new section showing a space chosen from the organisation's (searchable) spaces."""

    confirm_label = "Add"

    def __init__(self, target: SiteTarget) -> None:
        super().__init__(heading("New section of ", target.title))
        self.target = target
        self.before: set[str] = set()
        """The sections there were before sending: a lost answer's check looks for a new one."""
        self.sent: tuple[str, str] = ("", "")
        """The space and title sent."""

    def compose_body(self) -> ComposeResult:
        yield SpaceChooser(self.target.organization_id, id="section-space")
        yield CheckedField(
            "Title",
            min_length=2,
            max_length=128,
            optional=True,
            empty_means="Left empty: the space's title",
            id="section-title",
        )
        yield CheckedField(
            "Icon", max_length=ICON_MAX, optional=True, placeholder="e.g. book", id="section-icon"
        )

    def problems_before_sending(self) -> str | None:
        return None if self.space is not None else "Choose the space the section shows."

    async def send(self) -> SiteSection:
        assert self.space is not None
        title = self.query_one("#section-title", CheckedField).value
        icon = self.query_one("#section-icon", CheckedField).value
        org, site = self.target.organization_id, self.target.site_id
        self.sent = (self.space.id, title)
        with self.client.revalidating():  # after a lost answer, a new one is this one
            self.before = {s.id for s in await sections_of(self.client, org, site)}
        return await self.client.site_sections.add_section_to_site(
            org, site, space_id=self.space.id, title=title or UNSET, icon=icon or UNSET
        )

    async def check_applied(self) -> SiteSection | None:
        org, site = self.target.organization_id, self.target.site_id
        return await new_section(self.client, org, site, self.before, *self.sent)


ROOT = "-root"
DEFAULT = "-default"


class AddSiteSpaceDialog(FromSpaceDialog[SiteSpace]):
    """Show one more space on the site: in a section, the default section, or the root level."""

    confirm_label = "Add"

    def __init__(self, target: SiteTarget, outline: SiteOutline, section: str | None) -> None:
        super().__init__(heading("Show a space on ", target.title))
        self.target = target
        self.outline = outline
        self.section = section
        self.before: set[str] = set()
        """The site spaces there were before sending: a lost answer's check looks for a new one."""
        self.sent: tuple[str, str | None] = ("", None)
        """The space sent, and the section chosen (None: the service's choice)."""

    def compose_body(self) -> ComposeResult:
        yield SpaceChooser(self.target.organization_id, id="site-space-space")
        sections = self.outline.of_kind(NodeKind.SECTION)
        where: list[tuple[str | Text, str]] = [
            (text.text(f"Section {s.title}"), s.id) for s in sections
        ]
        if sections:
            where.insert(0, ("The default section", DEFAULT))
        else:
            where = [("The root level of the site", ROOT)]
        chosen = self.section if self.section else where[0][1]
        yield ChoiceField("Where", where, chosen, id="site-space-where")

    async def send(self) -> SiteSpace:
        assert self.space is not None
        where = str(self.query_one("#site-space-where", ChoiceField).value)
        section = None if where in (ROOT, DEFAULT) else where
        org, site = self.target.organization_id, self.target.site_id
        self.sent = (self.space.id, section)
        with self.client.revalidating():  # after a lost answer, a new one is this one
            self.before = {s.id for s in await site_spaces_of(self.client, org, site)}
        return await self.client.site_spaces.add_space_to_site(
            org, site, space_id=self.space.id, section_id=section or UNSET
        )

    async def check_applied(self) -> SiteSpace | None:
        org, site = self.target.organization_id, self.target.site_id
        return await new_site_space(self.client, org, site, self.before, *self.sent)


class CreateGroupDialog(ActionDialog[SiteSectionGroup]):
    """A new section group, with the sections chosen (the highlighted one at first)."""

    confirm_label = "Create"

    def __init__(self, target: SiteTarget, outline: SiteOutline, chosen: str | None) -> None:
        super().__init__(heading("New section group in ", target.title))
        self.target = target
        self.outline = outline
        self.chosen = chosen
        self.before: set[str] = set()
        """The groups there were before sending: a lost answer's check looks for a new one."""
        self.sent_title = ""

    def compose_body(self) -> ComposeResult:
        yield CheckedField("Title", min_length=1, max_length=100, id="group-title")
        yield CheckedField(
            "Icon",
            max_length=ICON_MAX,
            optional=True,
            placeholder="e.g. laptop-code",
            id="group-icon",
        )
        yield Static(
            Content.styled(
                "Sections to put in it (Space toggles one); the group stands where the first of "
                "them stood",
                "$text-muted",
            )
        )
        sections = SelectionList[str](
            *[
                Selection(text.text(s.title), s.id, s.id == self.chosen)
                for s in self.outline.of_kind(NodeKind.SECTION)
            ],
            id="group-sections",
        )
        sections.compact = True
        yield sections

    def on_mount(self) -> None:
        self.query_one("#group-title", CheckedField).input.focus()

    async def send(self) -> SiteSectionGroup:
        sections = list(self.query_one("#group-sections", SelectionList).selected)
        org, site = self.target.organization_id, self.target.site_id
        self.sent_title = self.query_one("#group-title", CheckedField).value
        with self.client.revalidating():  # after a lost answer, a new one is this one
            self.before = {g.id for g in await groups_of(self.client, org, site)}
        return await self.client.site_section_groups.add_section_group_to_site(
            org,
            site,
            title=self.sent_title,
            icon=self.query_one("#group-icon", CheckedField).value or UNSET,
            sections=[str(s) for s in sections] or UNSET,
        )

    async def check_applied(self) -> SiteSectionGroup | None:
        org, site = self.target.organization_id, self.target.site_id
        return await new_group(self.client, org, site, self.before, self.sent_title)


@dataclass(frozen=True)
class NodeEdit:
    """What an edit changed: the fields before and after, in the client's names."""

    node: SiteNode
    before: dict[str, Any] = field(default_factory=dict)
    after: dict[str, Any] = field(default_factory=dict)


_LABELS = {
    "title": "title",
    "path": "path",
    "icon": "icon",
    "description": "description",
    "condition": "condition",
    "default_site_space": "default site space",
    "space_id": "space",
}


def describe_edit(edit: NodeEdit) -> str:
    """``Changed the path and condition of Guides``."""
    names = [_LABELS.get(name, name) for name in edit.after]
    listed = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]
    return f"Changed the {listed} of {edit.node.title}"


class NodeForm(ActionDialog[NodeEdit]):
    """Edit a section, a group or a site space; ``only="condition"`` edits just its condition."""

    def __init__(
        self,
        target: SiteTarget,
        outline: SiteOutline,
        node: SiteNode,
        schema: VisitorSchema | None,
        *,
        only: str = "",
    ) -> None:
        what = "Condition of " if only == "condition" else f"Edit the {node.word} "
        super().__init__(heading(what, node.title))
        self.target = target
        self.outline = outline
        self.node = node
        self.schema = schema
        self.only = only
        self.space: Space | None = None
        self._chooser_used = False
        self.sent: NodeEdit | None = None
        """The edit sent: a lost answer's check reads its fields back."""

    # -- fields ----------------------------------------------------------------------------

    def _wanted(self, name: str) -> bool:
        return not self.only or self.only == name

    def compose_body(self) -> ComposeResult:
        node = self.node
        if node.kind is NodeKind.GROUP:
            yield CheckedField("Title", node.title, min_length=1, max_length=100, id="edit-title")
            yield CheckedField(
                "Icon",
                node.icon,
                max_length=ICON_MAX,
                optional=True,
                empty_means="Left empty: no icon",
                id="edit-icon",
            )
            return
        if node.kind is NodeKind.SECTION and self._wanted("title"):
            yield CheckedField("Title", node.title, min_length=2, max_length=128, id="edit-title")
        if self._wanted("path"):
            yield CheckedField("Path", node.path, min_length=1, max_length=100, id="edit-path")
        if node.kind is NodeKind.SECTION and self._wanted("icon"):
            yield CheckedField(
                "Icon",
                node.icon,
                max_length=ICON_MAX,
                optional=True,
                empty_means="Left empty: no icon",
                id="edit-icon",
            )
        if node.kind is NodeKind.SECTION and self._wanted("description"):
            yield CheckedField(
                "Description",
                node.description,
                max_length=256,
                optional=True,
                empty_means="Left empty: no description",
                id="edit-description",
            )
        if self._wanted("condition"):
            if self.schema is None:
                yield Static(
                    Content.styled(
                        "The site has no visitor schema: every claim is unknown. Add claims in "
                        "the Audience view (3) first.",
                        "$text-warning",
                    ),
                    classes="site-preview",
                )
            yield ConditionField("Condition", node.condition, self.schema, id="edit-condition")
        if node.kind is NodeKind.SECTION and self._wanted("default_site_space"):
            site_spaces = self.outline.children_of(node.key)
            if site_spaces:
                current = next((s.id for s in site_spaces if s.default), site_spaces[0].id)
                yield ChoiceField(
                    "Default site space",
                    [(text.text(s.title), s.id) for s in site_spaces],
                    current,
                    id="edit-default",
                )
        if node.kind is NodeKind.SITE_SPACE and self._wanted("space_id"):
            yield SpaceChooser(self.target.organization_id, chosen=node.space_id, id="edit-space")

    def on_mount(self) -> None:
        fields = list(self.query(FormField))
        if self.only == "condition":
            self.query_one("#edit-condition", ConditionField).input.focus()
        elif fields:
            fields[0].control.focus()

    @on(SpaceChooser.Chosen)
    def _chosen(self, event: SpaceChooser.Chosen) -> None:
        # Only a space the user went to choose counts: the list highlights one by itself
        # when it loads (the first, if the current space is no longer there).
        if self._chooser_used:
            self.space = event.space

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        if any(isinstance(node, SpaceChooser) for node in event.widget.ancestors_with_self):
            self._chooser_used = True
            chooser = self.query_one(SpaceChooser)
            self.space = chooser.space

    # -- what changed ----------------------------------------------------------------------

    def changes(self) -> NodeEdit:
        node = self.node
        before: dict[str, Any] = {}
        after: dict[str, Any] = {}

        def note(name: str, old: Any, new: Any) -> None:
            if old != new:
                before[name], after[name] = old, new

        for name, field_id, removable in (
            ("title", "edit-title", False),
            ("path", "edit-path", False),
            ("icon", "edit-icon", True),
            ("description", "edit-description", True),
        ):
            widgets = self.query(f"#{field_id}").results(CheckedField)
            widget = next(iter(widgets), None)
            if widget is None:
                continue
            old = getattr(node, name) or ""
            new = widget.value
            if new != old:
                before[name] = old or (None if removable else old)
                after[name] = new or (None if removable else new)
        conditions = list(self.query("#edit-condition").results(ConditionField))
        if conditions:
            note("condition", node.condition or None, conditions[0].to_send)
        defaults = list(self.query("#edit-default").results(ChoiceField))
        if defaults:
            site_spaces = self.outline.children_of(node.key)
            current = next((s.id for s in site_spaces if s.default), None)
            if defaults[0].value != current and current is not None:
                note("default_site_space", current, defaults[0].value)
        if self.space is not None and node.kind is NodeKind.SITE_SPACE:
            note("space_id", node.space_id, self.space.id)
        return NodeEdit(node, before, after)

    def problems_before_sending(self) -> str | None:
        if not self.changes().after:
            return "Nothing changed: nothing to send."
        return None

    async def send(self) -> NodeEdit:
        edit = self.sent = self.changes()
        client, org, site, node = (
            self.client,
            self.target.organization_id,
            self.target.site_id,
            self.node,
        )
        if node.kind is NodeKind.SECTION:
            await client.site_sections.update_site_section_by_id(org, site, node.id, **edit.after)
        elif node.kind is NodeKind.GROUP:
            await client.site_section_groups.update_site_section_group_by_id(
                org, site, node.id, **edit.after
            )
        else:
            await client.site_spaces.update_site_space_by_id(org, site, node.id, **edit.after)
        return edit

    async def check_applied(self) -> NodeEdit | None:
        edit, org, site = self.sent, self.target.organization_id, self.target.site_id
        assert edit is not None
        held = await node_holds(self.client, org, site, self.node.kind, self.node.id, edit.after)
        return edit if held is not None else None

    def say_failure(self, error: ApiError) -> None:
        super().say_failure(error)
        name = _refused_field(error.message, ("path", "condition", "title", "icon", "description"))
        if name is None:
            return
        widgets = list(self.query(f"#edit-{name}").results(FormField))
        if not widgets:
            return
        widget = widgets[0]
        if isinstance(widget, CheckedField | ConditionField):
            widget.refuse(f"The service refused it: {error.message}")
            widget.control.focus()
