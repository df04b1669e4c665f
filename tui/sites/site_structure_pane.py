"""Provides SiteStructurePane: a site's structure tree beside the highlighted node's details.

The first of a site's four views (``1``), with its own keys (``site_structure_actions``): they
are live while the focus is in the tree, and each fits the node it would act on.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches

from tui.sites.logic.site_structure import NodeKind, SiteNode, SiteOutline
from tui.sites.site_structure_actions import STRUCTURE_BINDINGS, SiteStructureActions
from tui.sites.site_tree import SiteStructureTree

from ..api.models import Space
from ..widgets import DetailPane

__all__ = ["SiteStructurePane"]


class SiteStructurePane(Vertical, SiteStructureActions):
    """The structure tree (keys: ``site_structure_actions``) and the highlighted node's facts."""

    BINDINGS: ClassVar[list[BindingType]] = STRUCTURE_BINDINGS

    def compose(self) -> ComposeResult:
        yield from self.compose_visitor_bar()
        with Horizontal(classes="body"):
            yield SiteStructureTree(id="structure-tree", classes="main-list")
            with VerticalScroll(classes="side-pane"):
                yield DetailPane(id="node-details")

    @property
    def structure_tree(self) -> SiteStructureTree:
        return self.query_one("#structure-tree", SiteStructureTree)

    def tree_widget(self) -> SiteStructureTree:
        return self.structure_tree

    def shown(self) -> None:
        self.structure_tree.focus()
        self.show_node_details()

    def show_outline(self, outline: SiteOutline, select: str | None) -> bool:
        """Show the structure loaded; True if ``select`` (a node's key) was found."""
        tree = self.structure_tree
        tree.show_outline(outline)
        self.show_simulation()
        found = bool(select) and tree.select_key(select or "")
        self.call_after_refresh(self.show_node_details)
        return found

    # -- the highlighted node --------------------------------------------------------------

    def highlighted_node(self) -> SiteNode | None:
        try:
            item = self.structure_tree.highlighted
        except NoMatches:
            return None  # the keys are checked before the tree exists
        return item.value if item is not None else None

    def space_behind(self, node: SiteNode) -> Space | None:
        view = self.model.view
        if view is None:
            return None
        every = [*view.site_spaces, *(s for section in view.sections for s in section.site_spaces)]
        return next((s.space for s in every if s.id == node.id and s.space is not None), None)

    def current_url(self) -> str | None:
        node = self.highlighted_node()
        return node.url if node is not None and node.url else None

    def on_item_tree_item_highlighted(self, event: SiteStructureTree.ItemHighlighted) -> None:
        self.show_node_details()
        self.refresh_bindings()

    def on_item_tree_item_selected(self, event: SiteStructureTree.ItemSelected) -> None:
        node = event.item.value
        if isinstance(node, SiteNode) and node.kind is NodeKind.SITE_SPACE:
            self.open_space_of(node)

    def show_node_details(self) -> None:
        try:
            pane = self.query_one("#node-details", DetailPane)
            self.screen.query_one("Breadcrumbs")
        except NoMatches:
            return  # called after a refresh, by which time the screen was left
        node = self.highlighted_node()
        site = self.model.site
        self.host.show_node_crumbs(node if site is not None else None)
        if node is None or site is None:
            if site is not None:
                pane.show(site.title, [("Sections", self.host.structure_note())])
            return
        verdict = self.structure_tree.verdict(node.key)
        facts: list[tuple[str, object]] = [("Kind", node.word)]
        if node.kind is not NodeKind.GROUP:
            facts.append(("Path", f"/{node.path}"))
        facts.append(("Icon", node.icon))
        if node.default:
            facts.append(("Default", self._default_words(node)))
        if node.kind is not NodeKind.GROUP:
            facts.append(("Condition", node.condition or "none: every visitor sees it"))
        if verdict is not None:
            facts.append(("Visitor", str(verdict)))
        if node.kind is NodeKind.SITE_SPACE:
            facts.append(("Space", node.space_title))
        facts.append(("About", node.description))
        if node.kind is not NodeKind.GROUP:
            facts.append(("Published", node.url or "not published"))
        facts.append(("Id", node.id))
        if node.kind is NodeKind.SITE_SPACE:
            facts.append(("Open", "Enter shows the space's pages"))
        facts.append(("Marks", "★ default · ◈ condition"))
        pane.show(node.title, facts, icon=node.space_emoji)

    def _default_words(self, node: SiteNode) -> str:
        if node.kind is NodeKind.SECTION:
            return "the site's default section"
        if node.parent:
            return "the default site space of its section"
        return "the site's default site space"
