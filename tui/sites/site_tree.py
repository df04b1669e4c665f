"""Provides SiteStructureTree: a site's groups › sections › site spaces, with their marks.

Each row shows its title, its path, its icon name, ``★`` when it is the default and ``◈`` when
it has a condition. With a visitor simulated, the rows that visitor would not see are greyed
out and struck through after a ``⊘``; those whose condition cannot be evaluated start with
``?``. The reason itself is in the detail pane. Server text is never read as markup.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual.binding import Binding, BindingType

from tui.core import text
from tui.sites.logic.conditions import Outcome, Verdict
from tui.sites.logic.site_structure import NodeKind, SiteNode, SiteOutline
from tui.widgets.item_tree import ItemTree, TreeItem

__all__ = [
    "CONDITION_MARK",
    "DEFAULT_MARK",
    "HIDDEN_MARK",
    "UNKNOWN_MARK",
    "SiteStructureTree",
    "node_glyph",
    "site_item",
]

DEFAULT_MARK = "★"
CONDITION_MARK = "◈"
HIDDEN_MARK = "⊘"
"""Before a node the simulated visitor would not see."""
UNKNOWN_MARK = "?"
"""Before a node whose condition cannot be evaluated for that visitor."""
_GLYPHS = {NodeKind.GROUP: "▤", NodeKind.SECTION: "§", NodeKind.SITE_SPACE: "◇"}


def node_glyph(node: SiteNode) -> str:
    """What stands before a node's title: its space's emoji for a site space that has one."""
    if node.kind is NodeKind.SITE_SPACE and node.space_emoji:
        return node.space_emoji
    return _GLYPHS[node.kind]


def site_item(node: SiteNode, outline: SiteOutline) -> TreeItem[SiteNode]:
    return TreeItem(
        node.key,
        node.title,
        str(node.kind),
        value=node,
        icon=node_glyph(node),
        expandable=node.kind is not NodeKind.SITE_SPACE and bool(outline.children.get(node.key)),
    )


class SiteStructureTree(ItemTree[SiteNode]):
    """An ItemTree of SiteNodes that marks defaults and conditions, and a simulated visitor."""

    DEFAULT_CSS = """
    SiteStructureTree > .site-tree--muted {
        color: $text-muted;
    }
    SiteStructureTree > .site-tree--mark {
        color: $text-accent;
    }
    SiteStructureTree > .site-tree--hidden {
        color: $text-disabled;
        text-style: strike;
    }
    SiteStructureTree > .site-tree--unknown {
        color: $text-warning;
    }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = ItemTree.COMPONENT_CLASSES | {
        "site-tree--muted",
        "site-tree--mark",
        "site-tree--hidden",
        "site-tree--unknown",
    }

    BINDINGS: ClassVar[list[BindingType]] = [
        # Textual's tree takes Shift+↑/↓ to jump between siblings; here they move the node
        # among its siblings, as K and J do (the screen's actions).
        Binding("shift+up", "screen.move_up", "Move up", show=False),
        Binding("shift+down", "screen.move_down", "Move down", show=False),
    ]

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._verdicts: Mapping[str, Verdict] = {}
        self._known: set[str] = set()
        self._styles: dict[str, Style] | None = None
        """The nodes shown so far: a node new to the tree opens, one seen keeps its state."""

    def show_outline(self, outline: SiteOutline) -> None:
        """Show the whole site: groups and sections open, unless the user closed them."""
        levels: dict[str | None, list[TreeItem[SiteNode]]] = {}
        for parent, keys in outline.children.items():
            levels[parent] = [site_item(outline.node(k), outline) for k in keys]
        levels.setdefault(None, [])
        for node in outline.walk():
            if node.kind is not NodeKind.SITE_SPACE and node.key not in self._known:
                self.expand_key(node.key)
        self._known.update(outline.nodes)
        self._styles = None
        self.set_levels(levels, more={})

    def show_verdicts(self, verdicts: Mapping[str, Verdict]) -> None:
        """Grey out what a simulated visitor would not see (an empty mapping: no simulation)."""
        if verdicts == self._verdicts:
            return
        self._verdicts = verdicts
        self._styles = None
        self.redraw()

    def _style(self, name: str) -> Style:
        # Looked up once per drawing: asking the stylesheet for every row of a long site
        # took most of the time of showing it.
        if self._styles is None:
            self._styles = {
                component: self.get_component_rich_style(component, partial=True)
                for component in (
                    "site-tree--muted",
                    "site-tree--mark",
                    "site-tree--hidden",
                    "site-tree--unknown",
                )
            }
        return self._styles[name]

    def verdict(self, key: str) -> Verdict | None:
        return self._verdicts.get(key)

    def item_label(self, item: TreeItem[SiteNode]) -> Text:
        node = item.value
        muted = self._style("site-tree--muted")
        mark = self._style("site-tree--mark")
        label = Text(no_wrap=True, end="")
        verdict = self._verdicts.get(node.key)
        hidden = verdict is not None and verdict.outcome is Outcome.HIDDEN
        unknown = verdict is not None and verdict.outcome is Outcome.UNKNOWN
        # The visitor's mark comes first, so that a long row never cuts it off.
        if hidden:
            label.append(f"{HIDDEN_MARK} ", muted)
        elif unknown:
            label.append(f"{UNKNOWN_MARK} ", self._style("site-tree--unknown"))
        start = len(label)
        label.append(f"{item.icon} " if item.icon else "")
        label.append(text.one_line(node.title))
        if node.path and node.kind is not NodeKind.GROUP:
            label.append(f" /{text.one_line(node.path)}", muted)
        if node.icon:
            label.append(f" ‹{text.one_line(node.icon)}›", muted)
        if node.default:
            label.append(f" {DEFAULT_MARK}", mark)
        if node.condition:
            label.append(f" {CONDITION_MARK}", mark)
        if hidden:
            label.stylize(self._style("site-tree--hidden"), start)
        return label
