"""Provides the parts of the change request screen that hold no state: a tree row of a change,
what the diff pane says of a page without a text change, and the Merge tab's lines."""

from __future__ import annotations

from textual.content import Content

from tui.core import text
from tui.core.humanize import plural
from tui.review.logic.changes import ChangeKind, ChangeTreeNode, PageChange

from ..api.models import RevisionSemanticChanges
from ..widgets import TreeItem
from .rows import change_mark

__all__ = ["merge_lines", "no_text_change", "tree_item"]


def tree_item(node: ChangeTreeNode) -> TreeItem[ChangeTreeNode]:
    change = node.change
    return TreeItem(
        f"page:{node.page_id}",
        node.title,
        "change" if change is not None else "context",
        icon=change_mark(change) if change is not None else "·",
        value=node,
        expandable=bool(node.children),
    )


def no_text_change(change: PageChange) -> str:
    """What the diff pane says of a page whose text did not change."""
    if change.is_(ChangeKind.ADDED) or change.is_(ChangeKind.REMOVED):
        what = "added" if change.is_(ChangeKind.ADDED) else "removed"
        return f"This page is {what}; it has no text of its own (a link or a group)."
    if change.is_(ChangeKind.MOVED) or change.is_(ChangeKind.RENAMED):
        return "Only its place or its title changed: the text is the same."
    return "The text of this page did not change."


def merge_lines(merge: RevisionSemanticChanges) -> Content:
    """What a merge did to main, a line a change (the Merge tab)."""
    words = {
        "page_created": "added",
        "page_edited": "edited",
        "page_deleted": "removed",
        "page_moved": "moved",
        "file_created": "file added",
        "file_edited": "file edited",
        "file_deleted": "file removed",
        "variables_edited": "variables edited",
    }
    lines = [
        Content.styled(
            f"What the merge did to main ({plural(len(merge.changes) + merge.more, 'change')})",
            "bold",
        )
    ]
    for change in merge.changes:
        what = words.get(change.type, change.type.replace("_", " "))
        name = change.page.title if change.page else change.file.name if change.file else ""
        line = Content.assemble(Content.styled(f"{what:>16}  ", "$text-accent"), text.content(name))
        if change.type == "page_moved" and change.parent is not None:
            before = change.parent.before.title if change.parent.before else "the top level"
            after = change.parent.after.title if change.parent.after else "the top level"
            line = Content.assemble(
                line, Content.styled(f"  from {before} to {after}", "$text-muted")
            )
        lines.append(line)
    if merge.more:
        lines.append(Content.styled(f"… and {merge.more} more", "$text-muted"))
    return Content("\n").join(lines)
