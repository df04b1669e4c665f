"""Provides ChangeTree: the pages a change request changes, each name cut to its row with an ellipsis.

The tree's pane is narrow (a quarter of the screen): a name that does not fit ends in …, and two
pages whose cut names would read alike show what tells them apart (``fit_names``). The names are
fitted again when the pane's width changes.
"""

from __future__ import annotations

from rich.text import Text

from tui.core import text
from tui.review.logic.changes import ChangeTreeNode
from tui.review.logic.tree_names import TreeName, cells, fit_names
from tui.widgets import ItemTree, TreeItem

__all__ = ["ChangeTree"]

_EXPANDER = 2
"""Cells of the ▶ or ▼ before a page with pages under it."""


def _thread_mark(threads: int) -> str:
    return f"  💬{threads}" if threads else ""


class ChangeTree(ItemTree[ChangeTreeNode]):
    """An ItemTree of changed pages whose names fit their rows (see the module's docstring)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.open_threads: dict[str, int] = {}
        """Open threads per page id: a 💬 count after the name."""
        self._fitted: dict[str, str] = {}
        """The shown name of each row whose title had to change to fit."""

    def item_label(self, item: TreeItem[ChangeTreeNode]) -> Text:
        title = self._fitted.get(item.key, item.title)
        mark = _thread_mark(self.open_threads.get(item.value.page_id, 0))
        return text.text(f"{item.icon} {title}{mark}" if item.icon else f"{title}{mark}")

    def set_levels(
        self,
        levels: dict[str | None, list[TreeItem[ChangeTreeNode]]],
        *,
        more: dict[str | None, bool],
    ) -> None:
        self._fit()  # the names of the rows drawn now fit, (almost) always at once
        super().set_levels(levels, more=more)
        if self._fit():
            self.redraw()

    def on_resize(self) -> None:
        super().on_resize()
        if self._fit():
            self.redraw()

    def _fit(self) -> bool:
        """Fit every name to the tree's width; whether any shown name changed."""
        width = self.scrollable_content_region.width
        if width <= 0:
            return False
        rows: list[TreeItem[ChangeTreeNode]] = []
        names: list[TreeName] = []
        stack: list[tuple[str | None, int]] = [(None, 0)]
        while stack:
            parent, depth = stack.pop()
            for item in self._children.get(parent, []):
                node = item.value
                change = node.change
                used = depth * self.guide_depth + (_EXPANDER if item.expandable else 0)
                used += cells(f"{item.icon} ") if item.icon else 0
                used += cells(_thread_mark(self.open_threads.get(node.page_id, 0)))
                path = None
                if change is not None:
                    path = change.new_path or change.old_path
                rows.append(item)
                names.append(TreeName(item.title, path, width - used))
                stack.append((item.key, depth + 1))
        fitted = {
            item.key: shown
            for item, shown in zip(rows, fit_names(names), strict=True)
            if shown != item.title
        }
        if fitted == self._fitted:
            return False
        self._fitted = fitted
        return True
