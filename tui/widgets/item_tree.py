"""Provides ItemTree: a tree of server items that loads lazily, pages with "load more" and filters."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import Tree
from textual.widgets.tree import TreeNode

from .. import text

__all__ = ["ItemTree", "TreeItem"]

# Kinds of the rows the tree adds itself; every other kind is the caller's.
MORE = "more"
LOADING = "loading"
RETRY = "retry"
EMPTY = "empty"
_SPECIAL = frozenset({MORE, LOADING, RETRY, EMPTY})


@dataclass(frozen=True)
class TreeItem:
    """One row of an ItemTree: what it shows and the model it stands for."""

    key: str
    """Unique within the tree, e.g. ``"space:abc"``."""
    title: str
    """Text from the server: shown through ``tui.text``, never as markup."""
    kind: str
    """What the row is: ``collection``, ``space``, ``page`` … or one of the tree's own rows."""
    icon: str = ""
    value: Any = None
    """The model behind the row."""
    expandable: bool = False
    """Whether the row has (or may have) children."""

    @property
    def is_special(self) -> bool:
        """Whether the row is the tree's own (load more, loading, retry, empty)."""
        return self.kind in _SPECIAL


class ItemTree(Tree[TreeItem]):
    """A tree of items whose children are filled in by its owner, level by level.

    The tree keeps what was loaded as a model, so that filtering can show the matching rows
    with their ancestors and clearing the filter restores the expanded rows and the cursor.
    Expanding a row whose children are unknown posts ``LoadRequested``; so does reaching a
    "load more" row, with the cursor or by scrolling it into view.
    """

    DEFAULT_CSS = """
    ItemTree {
        background: transparent;
    }
    ItemTree > .item-tree--muted {
        color: $text-muted;
        text-style: italic;
    }
    ItemTree > .item-tree--warning {
        color: $text-warning;
    }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = Tree.COMPONENT_CLASSES | {
        "item-tree--muted",
        "item-tree--warning",
    }

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("j", "cursor_down", "Down", show=False, id="tree.down"),
        Binding("k", "cursor_up", "Up", show=False, id="tree.up"),
        Binding("right", "expand", "Expand", show=False, id="tree.expand"),
        Binding("left", "collapse", "Collapse", show=False, id="tree.collapse"),
    ]

    class LoadRequested(Message):
        """The children of ``parent`` (None: the top level) are wanted, or their next page."""

        def __init__(self, tree: ItemTree, parent: TreeItem | None, more: bool) -> None:
            super().__init__()
            self.tree = tree
            self.parent = parent
            self.more = more

        @property
        def control(self) -> ItemTree:
            return self.tree

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__("", id=id, classes=classes)
        self.show_root = False
        self.guide_depth = 3
        self._items: dict[str, TreeItem] = {}
        self._children: dict[str | None, list[TreeItem]] = {}
        self._more: dict[str | None, bool] = {}
        self._parents: dict[str, str | None] = {}
        self._expanded: set[str] = set()
        self._failed: set[str | None] = set()
        self._requested: set[str | None] = set()
        self._rows: dict[str | None, TreeNode[TreeItem]] = {}
        self._filter = ""
        self._pending_select: str | None = None

    # -- what the owner calls --------------------------------------------------------------

    def set_children(
        self, parent: str | None, items: Iterable[TreeItem], *, more: bool = False
    ) -> None:
        """Replace the children of ``parent`` (None: the top level).

        Children that are still there keep what was loaded below them.
        """
        items = list(items)
        kept = {item.key for item in items}
        for old in self._children.get(parent, []):
            if old.key not in kept:
                self._forget(old.key)
        self._store(parent, items, more)
        self._redraw(parent)

    def append_children(
        self, parent: str | None, items: Iterable[TreeItem], *, more: bool = False
    ) -> None:
        """Add the next page of the children of ``parent``."""
        self._store(parent, self._children.get(parent, []) + list(items), more)
        self._redraw(parent)

    def load_failed(self, parent: str | None) -> None:
        """Show a retry row where the children of ``parent`` should be."""
        self._requested.discard(parent)
        self._failed.add(parent)
        self._redraw(parent)

    def is_loaded(self, key: str | None) -> bool:
        return key in self._children

    def expanded_keys(self) -> set[str]:
        """The keys of the rows the user expanded (kept across filtering and redraws)."""
        return set(self._expanded)

    def expand_key(self, key: str) -> None:
        """Expand a row by key (loading its children if needed)."""
        node = self._rows.get(key)
        if node is not None:
            node.expand()
        else:
            self._expanded.add(key)

    def item(self, key: str) -> TreeItem | None:
        return self._items.get(key)

    @property
    def highlighted(self) -> TreeItem | None:
        """The item under the cursor, unless it is one of the tree's own rows."""
        node = self.cursor_node
        if node is None or node.data is None or node.data.is_special:
            return None
        return node.data

    def select_key(self, key: str) -> bool:
        """Move the cursor to the row of ``key``; False when it is not shown."""
        node = self._rows.get(key)
        if node is None:
            return False
        self._pending_select = key
        parent = node.parent
        while parent is not None and not parent.is_root:
            parent.expand()
            parent = parent.parent
        self.call_after_refresh(self._move_to_pending)
        return True

    def _move_to_pending(self) -> None:
        # Looked up again: a redraw since select_key may have replaced the node.
        node = self._rows.get(self._pending_select) if self._pending_select else None
        self._pending_select = None
        if node is not None:
            self.move_cursor(node)

    @property
    def filter(self) -> str:
        return self._filter

    def set_filter(self, value: str) -> None:
        """Show only the loaded rows whose title contains ``value`` (and their ancestors)."""
        value = value.strip()
        if value == self._filter:
            return
        current = self.highlighted
        self._filter = value
        self._redraw(None)
        if current is not None and current.key in self._rows:
            self.call_after_refresh(self.move_cursor, self._rows[current.key])
        else:
            self.call_after_refresh(self._cursor_to_first_match)

    def filtered_count(self) -> int:
        """How many rows the filter lets through (all loaded rows without a filter)."""
        return sum(1 for item in self._items.values() if self._matches(item))

    # -- model -----------------------------------------------------------------------------

    def _store(self, parent: str | None, items: list[TreeItem], more: bool) -> None:
        self._children[parent] = items
        self._more[parent] = more
        self._failed.discard(parent)
        self._requested.discard(parent)
        for item in items:
            self._items[item.key] = item
            self._parents[item.key] = parent

    def _forget(self, key: str) -> None:
        """Drop an item and everything loaded below it."""
        self._items.pop(key, None)
        self._parents.pop(key, None)
        self._failed.discard(key)
        for child in self._children.pop(key, []):
            self._forget(child.key)

    def _matches(self, item: TreeItem) -> bool:
        return self._filter.casefold() in text.one_line(item.title).casefold()

    def _visible_under_filter(self, item: TreeItem) -> bool:
        if self._matches(item):
            return True
        return any(self._visible_under_filter(child) for child in self._children.get(item.key, []))

    # -- drawing ---------------------------------------------------------------------------

    def _label(self, item: TreeItem) -> Text:
        if item.is_special:
            component = "item-tree--warning" if item.kind == RETRY else "item-tree--muted"
            return text.text(item.title, self.get_component_rich_style(component, partial=True))
        label = text.text(f"{item.icon} {item.title}" if item.icon else item.title)
        if self._filter:
            folded = label.plain.casefold()
            start = folded.find(self._filter.casefold())
            if start >= 0:
                label.stylize("underline", start, start + len(self._filter))
        return label

    def _node_of(self, parent: str | None) -> TreeNode[TreeItem] | None:
        return self.root if parent is None else self._rows.get(parent)

    def _redraw(self, parent: str | None) -> None:
        if self._filter:
            parent = None
        node = self._node_of(parent)
        if node is None:
            return
        if parent is None:
            self._rows = {}
        node.remove_children()
        self._fill(node, parent)
        if self.cursor_line < 0:
            self.call_after_refresh(self._cursor_to_first_match, True)
        self.call_after_refresh(self._check_more_visible)

    def _fill(self, node: TreeNode[TreeItem], parent: str | None) -> None:
        self._rows[parent] = node
        if parent in self._failed:
            node.add_leaf(
                self._label(_special(RETRY, parent, "⚠ Not loaded: press Enter to retry")),
                _special(RETRY, parent, ""),
            )
            return
        if parent not in self._children:
            node.add_leaf(
                self._label(_special(LOADING, parent, "Loading…")), _special(LOADING, parent, "")
            )
            return
        children = self._children[parent]
        if self._filter:
            children = [item for item in children if self._visible_under_filter(item)]
        elif not children and not self._more.get(parent):
            node.add_leaf(
                self._label(_special(EMPTY, parent, "Nothing here")), _special(EMPTY, parent, "")
            )
        for item in children:
            expanded = bool(self._filter) or item.key in self._expanded
            child = node.add(
                self._label(item),
                item,
                expand=expanded and item.expandable,
                allow_expand=item.expandable,
            )
            self._rows[item.key] = child
            if item.expandable and (expanded or item.key in self._children):
                if self._filter and item.key not in self._children:
                    continue
                self._fill(child, item.key)
                if expanded and item.key not in self._children:
                    self._request(child.data, more=False)
        if self._more.get(parent) and not self._filter:
            node.add_leaf(
                self._label(_special(MORE, parent, "Load more…")), _special(MORE, parent, "")
            )

    def _request(self, parent: TreeItem | None, *, more: bool) -> None:
        key = parent.key if parent is not None else None
        if key in self._requested:
            return
        self._requested.add(key)
        self.post_message(self.LoadRequested(self, parent, more))

    def _check_more_visible(self) -> None:
        """Ask for the next page of every "load more" row scrolled into view."""
        if self._filter:
            return
        top = round(self.scroll_y)
        bottom = top + self.size.height
        for line in range(top, min(bottom, self.last_line + 1)):
            node = self.get_node_at_line(line)
            if node is not None and node.data is not None and node.data.kind == MORE:
                self._request_more(node.data)

    def _request_more(self, row: TreeItem) -> None:
        parent_key = row.value
        parent = None if parent_key is None else self._items.get(parent_key)
        self._request(parent, more=True)

    # -- events ----------------------------------------------------------------------------

    def on_mount(self) -> None:
        if None not in self._children:
            self._redraw(None)

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self.call_after_refresh(self._check_more_visible)

    def on_resize(self) -> None:
        self.call_after_refresh(self._check_more_visible)

    def on_tree_node_expanded(self, event: Tree.NodeExpanded[TreeItem]) -> None:
        item = event.node.data
        if item is None or item.is_special or self._filter:
            return
        self._expanded.add(item.key)
        if item.key not in self._children and item.key not in self._failed:
            event.node.remove_children()
            self._fill(event.node, item.key)
            self._request(item, more=False)

    def on_tree_node_collapsed(self, event: Tree.NodeCollapsed[TreeItem]) -> None:
        item = event.node.data
        if item is not None and not self._filter:
            self._expanded.discard(item.key)

    def on_tree_node_highlighted(self, event: Tree.NodeHighlighted[TreeItem]) -> None:
        row = event.node.data
        if row is not None and row.kind == MORE:
            self._request_more(row)

    def on_tree_node_selected(self, event: Tree.NodeSelected[TreeItem]) -> None:
        row = event.node.data
        if row is None:
            return
        if row.kind == RETRY:
            event.stop()
            parent_key = row.value
            self._failed.discard(parent_key)
            self._redraw(parent_key)
            self._request(None if parent_key is None else self._items.get(parent_key), more=False)
        elif row.kind == MORE:
            event.stop()
            self._request_more(row)
        elif row.is_special:
            event.stop()

    def _cursor_to_first_match(self, only_if_unset: bool = False) -> None:
        if only_if_unset and (self.cursor_line >= 0 or self._pending_select is not None):
            return
        for line in range(self.last_line + 1):
            node = self.get_node_at_line(line)
            if node is not None and node.data is not None and not node.data.is_special:
                if not self._filter or self._matches(node.data):
                    self.move_cursor(node)
                    return

    # -- actions ---------------------------------------------------------------------------

    def action_expand(self) -> None:
        node = self.cursor_node
        if node is not None and node.allow_expand and not node.is_expanded:
            node.expand()

    def action_collapse(self) -> None:
        node = self.cursor_node
        if node is None:
            return
        if node.allow_expand and node.is_expanded:
            node.collapse()
        elif node.parent is not None and not node.parent.is_root:
            self.move_cursor(node.parent)


def _special(kind: str, parent: str | None, title: str) -> TreeItem:
    """One of the tree's own rows; its value is the key of the parent it belongs to."""
    return TreeItem(key=f"{kind}:{parent}", title=title, kind=kind, value=parent)
