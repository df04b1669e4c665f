"""Provides the parts of the change request screen that hold no state: its header, a tree row of
a change, what the diff pane says of a page without a text change, and the Merge tab's lines."""

from __future__ import annotations

from textual.content import Content

from tui.core import text
from tui.core.humanize import plural
from tui.review.logic.changes import ChangeKind, ChangeTreeNode, PageChange

from ..api.models import RevisionSemanticChanges
from ..widgets import TreeItem
from .loading import ChangeRequestView
from .rows import age, change_mark, status_badge

__all__ = ["header_lines", "merge_lines", "no_text_change", "tree_item"]


def header_lines(view: ChangeRequestView, now: float, *, since_review: bool) -> Content:
    """The change request's header: its title and status, who made it and when, what needs
    doing (main moved on, the user's review outdated), and where its reviews stand."""
    cr = view.change_request
    author = cr.created_by.display_name if cr.created_by else "someone"
    title = Content.assemble(
        Content.styled(f"#{cr.number} ", "bold $text-primary"),
        text.content(cr.subject or "(no subject)", "bold"),
        "  ",
        status_badge(cr.status),
    )
    facts: list[Content] = [Content.assemble("by ", text.content(author))]
    if cr.created_at:
        facts.append(Content(f"created {age(now, cr.created_at)}"))
    if cr.updated_at:
        facts.append(Content(f"updated {age(now, cr.updated_at)}"))
    facts.append(Content(plural(cr.comments, "open thread") if cr.comments else "no open thread"))
    lines = [title, Content(" · ").join(facts)]
    if cr.outdated and view.open:
        lines.append(Content.styled("⚠ main has moved on: press u to update", "$text-warning"))
    state = view.state
    if state.my_outdated and view.open:
        shows = "D shows the whole change request" if since_review else "D shows them"
        lines.append(Content.styled(f"⚠ {state.mine_outdated}: {shows}", "$text-warning"))
    if cr.is_merged:
        lines.append(
            Content.styled(
                f"Merged {age(now, cr.updated_at)}: the Merge tab shows what it did to main",
                "$text-accent",
            )
        )
    said = state.sentences()
    if state.requested_from_me and view.open:
        said.insert(0, "Your review is requested: a approves, x asks for changes")
    if said:
        lines.append(text.content(" · ".join(said), "$text-muted"))
    return Content("\n").join(lines)


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
