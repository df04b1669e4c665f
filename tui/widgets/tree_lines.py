"""Provides edits of a Textual ``Tree`` that cost what they change, not what the tree holds.

Textual's ``Tree`` rebuilds every line after any change (``_build`` walks all nodes and
measures every label), and ``TreeNode.remove_children`` removes children one by one with a
``list.index`` each, which is quadratic: appending 50 rows to a list of 10,000 took a second.
``append_rows`` adds rows under a node and patches the built lines in place (the rows after
them are only renumbered); ``drop_children`` forgets a node's children in one pass.

Both reach into the Tree's private state (``_children``, ``_tree_nodes``, ``_line``,
``_tree_lines_cached``), as of Textual 8; tests/browse/test_long_lists.py checks that the lines
they leave are the ones ``Tree._build`` would make.
"""

from __future__ import annotations

from typing import Any, TypeVar

from rich.text import Text
from textual.geometry import Size
from textual.widgets import Tree
from textual.widgets._tree import _TreeLine
from textual.widgets.tree import TreeNode

__all__ = ["append_rows", "drop_children"]

D = TypeVar("D")

Row = tuple[Text, Any, bool, bool]
"""A row to add: its label, its data, whether it can expand, whether it starts expanded."""


def drop_children(tree: Tree[D], node: TreeNode[D]) -> None:
    """Remove every child of ``node`` (and below), in time linear in what is removed."""
    nodes = tree._tree_nodes
    stack = list(node._children)
    while stack:
        child = stack.pop()
        stack.extend(child._children)
        nodes.pop(child._id, None)
    node._children.clear()
    node._updates += 1
    tree._invalidate()


def _visible(tree: Tree[D], node: TreeNode[D]) -> bool:
    """Whether the children of ``node`` have lines (it and its ancestors are expanded)."""
    while node is not tree.root:
        if not node._expanded or node._parent is None:
            return False
        node = node._parent
    return True


def _end_of(node: TreeNode[D]) -> int:
    """The line after the last line of ``node``'s subtree (lines built, node visible)."""
    while node._children and (node._expanded or node._parent is None):
        node = node._children[-1]
    return node._line + 1


def append_rows(
    tree: Tree[D], node: TreeNode[D], rows: list[Row], *, before_last: bool, drop_last: bool
) -> list[TreeNode[D]]:
    """Add ``rows`` as children of ``node`` and patch the tree's lines to match.

    ``before_last`` puts them before the node's last child (a "load more" row), and
    ``drop_last`` then removes that child. The new rows must not be expanded with children
    of their own. Returns the new nodes.
    """
    lines = tree._tree_lines  # built now if they were not: the patch starts from them
    visible = _visible(tree, node)
    children = node._children
    tail = children[-1] if before_last and children else None
    previous_last = children[-1] if children else None
    if visible:
        start = tail._line if tail is not None else _end_of(node)
        prefix = [] if node is tree.root else list(lines[node._line].path)
    cursor = tree.cursor_node
    added: list[TreeNode[D]] = []
    at = len(children) - (1 if tail is not None else 0)
    for label, data, allow_expand, expanded in rows:
        child = tree._add_node(node, tree.process_label(label), data)
        child._expanded = expanded
        child._allow_expand = allow_expand
        children.insert(at, child)
        at += 1
        added.append(child)
    if drop_last and tail is not None:
        children.pop()
        tree._tree_nodes.pop(tail._id, None)
    node._updates += 1
    if not visible:
        tree._invalidate()
        return added
    width = tree.virtual_size.width
    guide_depth, show_root = tree.guide_depth, tree.show_root
    new_lines = []
    for child in added:
        line = _TreeLine([*prefix, child], child is children[-1])
        new_lines.append(line)
        width = max(
            width, tree.get_label_width(child) + line._get_guide_width(guide_depth, show_root)
        )
    if previous_last is not None and previous_last is not tail and previous_last._line >= 0:
        lines[previous_last._line].last = False
    replaced = 1 if (drop_last and tail is not None) else 0
    lines[start : start + replaced] = new_lines
    for index in range(start, len(lines)):
        lines[index].path[-1]._line = index
    if tail is not None and drop_last:
        tail._line = -1
    tree._invalidate()  # clears the built lines: put the patched ones back
    tree._tree_lines_cached = lines
    tree.virtual_size = Size(width, len(lines))
    if cursor is tail:
        # The cursor was on the row the new ones replace: it stays on its line, the first
        # new row, as Tree._build would leave it.
        if 0 <= tree.cursor_line < len(lines):
            tree._cursor_node = lines[tree.cursor_line].path[-1]
            tree._cursor_node._selected = True
    elif cursor is not None and cursor._line >= 0 and tree.cursor_line != cursor._line:
        tree.cursor_line = cursor._line
    return added
