"""Provides ItemTree: a tree of server items that loads lazily, pages with "load more" and filters."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Literal, TypeVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import Tree
from textual.widgets.tree import TreeNode

from tui.core import text

from .tree_lines import append_rows, drop_children

__all__ = ["ItemTree", "TreeItem", "TreeRow"]

V = TypeVar("V")

# Kinds of the rows the tree adds itself.
MORE = "more"
LOADING = "loading"
RETRY = "retry"
EMPTY = "empty"


@dataclass(frozen=True)
class TreeItem(Generic[V]):
    """One row of an ItemTree: what it shows and the model it stands for."""

    key: str
    """Unique within the tree, e.g. ``"space:abc"``."""
    title: str
    """Text from the server: shown through ``tui.core.text``, never as markup."""
    kind: str
    """What the row is: ``collection``, ``space``, ``page`` …"""
    value: V
    """The model behind the row."""
    icon: str = ""
    expandable: bool = False
    """Whether the row has (or may have) children."""

    is_special: ClassVar[bool] = False


@dataclass(frozen=True)
class TreeRow:
    """One of the tree's own rows (load more, loading, retry, empty) under ``parent``."""

    key: str
    title: str
    kind: str
    parent: str | None
    """The key of the item it belongs to (None: the top level)."""

    is_special: ClassVar[bool] = True


Row = TreeItem[Any] | TreeRow

PREFETCH_ROWS = 50
"""How far below the cursor a "load more" row is asked for (at least; two screens else)."""


def _is_more_row(node: TreeNode[Row]) -> bool:
    return isinstance(node.data, TreeRow) and node.data.kind == MORE


class ItemTree(Tree[Row], Generic[V]):
    """A tree of items whose children are filled in by its owner, level by level.

    The tree keeps what was loaded as a model, so that filtering can show the matching rows
    with their ancestors and clearing the filter restores the expanded rows and the cursor.
    Expanding a row whose children are unknown posts ``LoadRequested``; so does reaching a
    "load more" row, with the cursor or by scrolling it into view. The owner hears of the
    item under the cursor through ``ItemHighlighted`` (None on the tree's own rows, or when a
    filter hides everything) and of Enter on an item through ``ItemSelected``.
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
        Binding(
            "end",
            "scroll_end",
            "Last row",
            show=False,
            id="tree.end",
            tooltip="The last row of this list, loading the rest of it (again: of the tree)",
        ),
        Binding("j", "cursor_down", "Down", show=False, id="tree.down"),
        Binding("k", "cursor_up", "Up", show=False, id="tree.up"),
        Binding("right", "expand", "Expand", show=False, id="tree.expand"),
        Binding("left", "collapse", "Collapse", show=False, id="tree.collapse"),
    ]

    class LoadRequested(Message):
        """The children of ``parent`` (None: the top level) are wanted, or their next page."""

        def __init__(self, tree: ItemTree[Any], parent: TreeItem[Any] | None, more: bool) -> None:
            super().__init__()
            self.tree = tree
            self.parent = parent
            self.more = more

        @property
        def control(self) -> ItemTree[Any]:
            return self.tree

    class ItemHighlighted(Message):
        """The item under the cursor changed (None: one of the tree's own rows, or no row)."""

        def __init__(self, tree: ItemTree[Any], item: TreeItem[Any] | None) -> None:
            super().__init__()
            self.tree = tree
            self.item = item

        @property
        def control(self) -> ItemTree[Any]:
            return self.tree

    class ItemSelected(Message):
        """Enter (or a click) on an item."""

        def __init__(self, tree: ItemTree[Any], item: TreeItem[Any]) -> None:
            super().__init__()
            self.tree = tree
            self.item = item

        @property
        def control(self) -> ItemTree[Any]:
            return self.tree

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__("", id=id, classes=classes)
        self.show_root = False
        self.guide_depth = 3
        self._items: dict[str, TreeItem[V]] = {}
        self._children: dict[str | None, list[TreeItem[V]]] = {}
        self._more: dict[str | None, bool] = {}
        self._parents: dict[str, str | None] = {}
        self._expanded: set[str] = set()
        self._failed: set[str | None] = set()
        self._requested: set[str | None] = set()
        self._rows: dict[str | None, TreeNode[Row]] = {}
        self._filter = ""
        self._pending_select: str | None = None
        self._announced: str | None = None
        self._following_end: str | Literal[False] | None = False
        """After End: the key of the list (None: the top level) whose last row the cursor
        follows as its pages arrive; False when not following."""

    # -- what the owner calls --------------------------------------------------------------

    def set_children(
        self, parent: str | None, items: Iterable[TreeItem[V]], *, more: bool = False
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
        self, parent: str | None, items: Iterable[TreeItem[V]], *, more: bool = False
    ) -> None:
        """Add the next page of the children of ``parent``.

        It costs the page, not the list: the rows are added after those already drawn and the
        tree's lines are patched (see ``tree_lines``), so the 200th page costs what the
        first did. The cursor stays on its item; on the "load more" row, it lands on the
        first new row. After End, the cursor follows the end of the list as pages arrive.
        """
        items = list(items)
        known = self._children.get(parent)
        if known is None:
            self._store(parent, items, more)
        else:
            known.extend(items)  # in place: the model grows by the page, not by the list
            self._store(parent, known, more, added=items)
        node = self._node_of(parent)
        if known is None or node is None or not self._appendable(node, items):
            self._redraw(parent)
        else:
            had_more = bool(node._children) and _is_more_row(node._children[-1])
            rows: list[tuple[Text, Row, bool, bool]] = [
                (self._label(item), item, item.expandable, False) for item in items
            ]
            if more and not had_more:
                row = TreeRow(f"{MORE}:{parent}", "Load more…", MORE, parent)
                rows.append((self._label(row), row, False, False))
            cursor, line = self.cursor_node, self.cursor_line
            row_on_screen = line - round(self.scroll_y)
            added = append_rows(
                self, node, rows, before_last=had_more, drop_last=had_more and not more
            )
            if self.cursor_line != line and 0 <= row_on_screen < self.size.height:
                # Rows came above the cursor: it keeps its item and its line of the screen.
                self.scroll_to(y=max(0, self.cursor_line - row_on_screen), animate=False)
            for item, child in zip(items, added, strict=False):
                self._rows[item.key] = child
            if cursor is not self.cursor_node:
                self.call_after_refresh(self._announce)
            self.call_after_refresh(self._check_more_visible)
            if self._following_end is not False:
                if more and self._following_end == parent:
                    # The next page is asked for now; the cursor follows at the next frame.
                    self._request(self._items.get(parent) if parent else None, more=True)
                self.call_after_refresh(self._follow_end)

    def _appendable(self, node: TreeNode[Row], items: list[TreeItem[V]]) -> bool:
        """Whether rows can be added after those drawn under ``node`` (else it is redrawn)."""
        if self._filter:
            return False  # a filter draws the matching rows of every level at once
        children = node._children
        # The tree's own rows other than "load more" (loading, retry, empty) stand alone in
        # their level, which is then drawn anew.
        if children and isinstance(children[0].data, TreeRow) and not _is_more_row(children[0]):
            return False
        return not any(item.expandable and item.key in self._expanded for item in items)

    def set_levels(
        self, levels: dict[str | None, list[TreeItem[V]]], *, more: dict[str | None, bool]
    ) -> None:
        """Replace many levels at once (the whole of an organisation, for a filter), then draw
        once: ``levels`` maps a parent key to its children, ``more`` says which have more."""
        # Everything dropped is forgotten first, then every level stored: an item that moved
        # to another parent (a section out of its group) is forgotten under the old one and
        # stored again under the new, whatever the order of the levels.
        kept = {item.key for items in levels.values() for item in items}
        for parent in levels:
            for old in self._children.get(parent, []):
                if old.key not in kept:
                    self._forget(old.key)
        for parent, items in levels.items():
            self._store(parent, items, more.get(parent, False))
        self._redraw(None)

    def load_failed(self, parent: str | None) -> None:
        """Show a retry row where the children of ``parent`` should be."""
        self._requested.discard(parent)
        self._failed.add(parent)
        self._redraw(parent)

    def is_loaded(self, key: str | None) -> bool:
        return key in self._children

    def has_more(self, key: str | None) -> bool:
        """Whether the children of ``key`` have another page to load."""
        return self._more.get(key, False)

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

    def item(self, key: str) -> TreeItem[V] | None:
        return self._items.get(key)

    @property
    def highlighted(self) -> TreeItem[V] | None:
        """The item under the cursor, unless it is one of the tree's own rows."""
        node = self.cursor_node
        return self._item_of(node)

    def _item_of(self, node: TreeNode[Row] | None) -> TreeItem[V] | None:
        if node is None or node.data is None or isinstance(node.data, TreeRow):
            return None
        return self._items.get(node.data.key)

    def select_key(self, key: str) -> bool:
        """Move the cursor to the row of ``key``, opening the rows above it; False when the
        item is not loaded."""
        if key not in self._rows and key in self._items and not self._filter:
            holder = self._parents.get(key)
            while holder is not None:
                self._expanded.add(holder)
                holder = self._parents.get(holder)
            self._redraw(None)
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
            self._announce()

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
        self._redraw(None, keep_cursor=False)
        if current is not None and current.key in self._rows and self._matches(current):
            self.call_after_refresh(self._move_to_key, current.key)
        else:
            self.call_after_refresh(self._cursor_to_first_match)

    def filtered_count(self) -> int:
        """How many rows the filter lets through (all loaded rows without a filter)."""
        return sum(1 for item in self._items.values() if self._matches(item))

    # -- model -----------------------------------------------------------------------------

    def _store(
        self,
        parent: str | None,
        items: list[TreeItem[V]],
        more: bool,
        *,
        added: list[TreeItem[V]] | None = None,
    ) -> None:
        """Keep ``items`` as the children of ``parent``; ``added``: only those are new."""
        self._children[parent] = items
        self._more[parent] = more
        self._failed.discard(parent)
        self._requested.discard(parent)
        for item in items if added is None else added:
            self._items[item.key] = item
            self._parents[item.key] = parent

    def _forget(self, key: str) -> None:
        """Drop an item and everything loaded below it."""
        self._items.pop(key, None)
        self._parents.pop(key, None)
        self._failed.discard(key)
        for child in self._children.pop(key, []):
            self._forget(child.key)

    def _matches(self, item: TreeItem[V]) -> bool:
        return self._filter.casefold() in text.one_line(item.title).casefold()

    def _visible_under_filter(self, item: TreeItem[V]) -> bool:
        if self._matches(item):
            return True
        return any(self._visible_under_filter(child) for child in self._children.get(item.key, []))

    # -- drawing ---------------------------------------------------------------------------

    def _label(self, item: Row) -> Text:
        if isinstance(item, TreeRow):
            component = "item-tree--warning" if item.kind == RETRY else "item-tree--muted"
            return text.text(item.title, self.get_component_rich_style(component, partial=True))
        label = self.item_label(item)
        if self._filter:
            folded = label.plain.casefold()
            start = folded.find(self._filter.casefold())
            if start >= 0:
                label.stylize("underline", start, start + len(self._filter))
        return label

    def item_label(self, item: TreeItem[V]) -> Text:
        """The row of an item: its icon and title (a subclass may add marks; never markup)."""
        return text.text(f"{item.icon} {item.title}" if item.icon else item.title)

    def redraw(self) -> None:
        """Draw every row again (after what ``item_label`` shows has changed)."""
        self._redraw(None)

    def _node_of(self, parent: str | None) -> TreeNode[Row] | None:
        return self.root if parent is None else self._rows.get(parent)

    def _redraw(self, parent: str | None, *, keep_cursor: bool = True) -> None:
        if self._filter:
            parent = None
        node = self._node_of(parent)
        if node is None:
            return
        current = self.highlighted if keep_cursor else None
        row_on_screen = self.cursor_line - round(self.scroll_y)
        if parent is None:
            self._rows = {}
        drop_children(self, node)
        self._fill(node, parent)
        if current is not None and current.key in self._rows:
            # The rows were made anew: keep the cursor on the same item, on the same line of
            # the screen, however many rows came or went above it.
            self._move_to_key(current.key, row_on_screen)
        elif self.cursor_line < 0:
            self.call_after_refresh(self._cursor_to_first_match, True)
        else:
            # The item under the cursor may be gone (deleted): say what is there now.
            self.call_after_refresh(self._announce)
        self.call_after_refresh(self._check_more_visible)
        if self._following_end is not False:
            self.call_after_refresh(self._follow_end)

    def _move_to_key(self, key: str, row_on_screen: int | None = None) -> None:
        node = self._rows.get(key)
        if node is None:
            return
        self._tree_lines  # noqa: B018 - builds the lines, so that the node knows its line
        if node.line >= 0:
            self.move_cursor(node)
            if row_on_screen is not None and 0 <= row_on_screen < self.size.height:
                self.scroll_to(y=max(0, node.line - row_on_screen), animate=False)
        self._announce()

    def _fill(self, node: TreeNode[Row], parent: str | None) -> None:
        self._rows[parent] = node
        if parent in self._failed:
            self._add_row(node, RETRY, parent, "⚠ Not loaded: press Enter to retry")
            return
        if parent not in self._children:
            self._add_row(node, LOADING, parent, "Loading…")
            return
        children = self._children[parent]
        if self._filter:
            children = [item for item in children if self._visible_under_filter(item)]
        elif not children and not self._more.get(parent):
            self._add_row(node, EMPTY, parent, "Nothing here")
        for item in children:
            expanded = bool(self._filter) or item.key in self._expanded
            child = node.add(
                self._label(item),
                item,
                expand=expanded and item.expandable,
                allow_expand=item.expandable,
            )
            self._rows[item.key] = child
            # Only expanded rows get rows below them: a collapsed one fills in when opened, so
            # that a large loaded model (a whole organisation) costs only what is on show.
            if item.expandable and expanded:
                if self._filter and item.key not in self._children:
                    continue
                self._fill(child, item.key)
                if item.key not in self._children:
                    self._request(item, more=False)
        if self._more.get(parent) and not self._filter:
            self._add_row(node, MORE, parent, "Load more…")

    def _add_row(self, node: TreeNode[Row], kind: str, parent: str | None, title: str) -> None:
        row = TreeRow(f"{kind}:{parent}", title, kind, parent)
        node.add_leaf(self._label(row), row)

    def _request(self, parent: TreeItem[V] | None, *, more: bool) -> None:
        key = parent.key if parent is not None else None
        if key in self._requested:
            return
        self._requested.add(key)
        self.post_message(self.LoadRequested(self, parent, more))

    def _check_more_visible(self) -> None:
        """Ask for the next page of every "load more" row in view at or below the cursor.

        Rows above the cursor are left alone: the user has moved past that list, and loading
        it would push its "load more" row down with the cursor, still in view, page after
        page until the whole list is loaded.
        """
        if self._filter:
            return
        top = max(round(self.scroll_y), self.cursor_line)
        bottom = round(self.scroll_y) + self.size.height
        for line in range(top, min(bottom, self.last_line + 1)):
            node = self.get_node_at_line(line)
            if node is not None and isinstance(node.data, TreeRow) and node.data.kind == MORE:
                self._request_more(node.data)

    def _request_more(self, row: TreeRow) -> None:
        parent = None if row.parent is None else self._items.get(row.parent)
        self._request(parent, more=True)

    def _announce(self) -> None:
        """Tell the owner which item is under the cursor, once per change."""
        item = self.highlighted
        key = item.key if item is not None else None
        if key != self._announced or key is None:
            self._announced = key
            self.post_message(self.ItemHighlighted(self, item))

    # -- events ----------------------------------------------------------------------------

    def on_mount(self) -> None:
        if None not in self._children:
            self._redraw(None)

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self.call_after_refresh(self._check_more_visible)

    def on_resize(self) -> None:
        self.call_after_refresh(self._check_more_visible)

    def on_tree_node_expanded(self, event: Tree.NodeExpanded[Row]) -> None:
        item = self._item_of(event.node)
        if item is None or self._filter:
            return
        self._expanded.add(item.key)
        if not event.node.children or item.key not in self._children:
            drop_children(self, event.node)
            self._fill(event.node, item.key)
            if item.key not in self._children and item.key not in self._failed:
                self._request(item, more=False)

    def on_tree_node_collapsed(self, event: Tree.NodeCollapsed[Row]) -> None:
        item = self._item_of(event.node)
        if item is not None and not self._filter:
            self._expanded.discard(item.key)

    def on_tree_node_highlighted(self, event: Tree.NodeHighlighted[Row]) -> None:
        row = event.node.data
        if isinstance(row, TreeRow) and row.kind == MORE:
            self._request_more(row)
        self._prefetch()
        self._announce()

    def _prefetch(self) -> None:
        """Ask for the next page of a list whose "load more" row is within reach below the
        cursor (two screens), so that running down a list (j, PageDown held) rarely waits."""
        if self._filter or self.cursor_line < 0:
            return
        reach = 2 * max(self.size.height, PREFETCH_ROWS // 2)
        last = min(self.last_line, self.cursor_line + reach)
        for line in range(self.cursor_line, last + 1):
            node = self.get_node_at_line(line)
            if node is not None and _is_more_row(node):
                assert isinstance(node.data, TreeRow)
                self._request_more(node.data)

    def _follow_end(self) -> None:
        """End: keep the cursor on the last row of the list it went to the end of, asking
        for that list's next page, until the list has no more."""
        if self._following_end is False:
            return
        holder = self._node_of(self._following_end)
        if holder is None or not holder._children:
            self._following_end = False
            return
        last = holder._children[-1]
        if not _is_more_row(last):
            self._following_end = False  # the whole list is there
        if last._line >= 0:
            self.move_cursor(last)
            self.scroll_to_line(last._line, animate=False)
        if _is_more_row(last):
            assert isinstance(last.data, TreeRow)
            self._request_more(last.data)

    def on_tree_node_selected(self, event: Tree.NodeSelected[Row]) -> None:
        row = event.node.data
        if row is None:
            return
        if isinstance(row, TreeRow):
            event.stop()
            if row.kind == RETRY:
                self._failed.discard(row.parent)
                self._redraw(row.parent)
                parent = None if row.parent is None else self._items.get(row.parent)
                self._request(parent, more=False)
            elif row.kind == MORE:
                self._request_more(row)
            return
        item = self._items.get(row.key)
        if item is not None:
            self.post_message(self.ItemSelected(self, item))

    def _cursor_to_first_match(self, only_if_unset: bool = False) -> None:
        if only_if_unset and (self.cursor_line >= 0 or self._pending_select is not None):
            return
        for line in range(self.last_line + 1):
            node = self.get_node_at_line(line)
            item = self._item_of(node)
            if node is not None and item is not None:
                if not self._filter or self._matches(item):
                    self.move_cursor(node)
                    self._announce()
                    return
        self._announce()

    # -- actions ---------------------------------------------------------------------------

    def action_scroll_end(self) -> None:
        """End: the last row of the cursor's list, loading the rest of it page after page;
        on the last row of its list already, the last row of the tree (loading its list)."""
        node = self.cursor_node
        holder: TreeNode[Row] | None = None
        if node is not None and node.parent is not None and node is not node.parent._children[-1]:
            holder = node.parent
        else:
            last = self.get_node_at_line(self.last_line)
            holder = last.parent if last is not None else None
        if holder is None:
            return
        self._following_end = None if holder.is_root else self._key_of(holder)
        self._follow_end()

    def _key_of(self, node: TreeNode[Row]) -> str | None:
        item = self._item_of(node)
        return item.key if item is not None else None

    def action_scroll_home(self) -> None:
        self._following_end = False
        super().action_scroll_home()

    def action_cursor_up(self) -> None:
        self._following_end = False
        super().action_cursor_up()

    def action_cursor_down(self) -> None:
        self._following_end = False
        super().action_cursor_down()

    def action_page_up(self) -> None:
        self._following_end = False
        super().action_page_up()

    def action_page_down(self) -> None:
        self._following_end = False
        super().action_page_down()

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
