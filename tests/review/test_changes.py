"""A reviewer sees which pages a change request adds, removes, edits, moves and renames."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from tui.api.models import RevisionPage
from tui.review.logic.changes import ChangeKind, ChangeTreeNode, compare

ADDED, REMOVED, EDITED, MOVED, RENAMED = (
    ChangeKind.ADDED,
    ChangeKind.REMOVED,
    ChangeKind.EDITED,
    ChangeKind.MOVED,
    ChangeKind.RENAMED,
)


def page(page_id: str, title: str, *children: dict[str, Any], **fields: Any) -> dict[str, Any]:
    slug = fields.pop("slug", title.lower().replace(" ", "-"))
    return {
        "id": page_id,
        "title": title,
        "slug": slug,
        "type": "document",
        "markdown": fields.pop("markdown", f"# {title}\n"),
        "pages": list(children),
        **fields,
    }


def base_tree() -> list[dict[str, Any]]:
    return [
        page("intro", "Introduction"),
        page(
            "guides",
            "Guides",
            page("install", "Install"),
            page("deploy", "Deploy"),
            page("scale", "Scale"),
            page("monitor", "Monitor"),
            type="group",
            markdown=None,
        ),
        page("api", "API reference", page("auth", "Authentication"), page("errors", "Errors")),
    ]


def find(tree: list[dict[str, Any]], page_id: str) -> dict[str, Any]:
    stack = list(tree)
    while stack:
        node = stack.pop()
        if node["id"] == page_id:
            return node
        stack.extend(node["pages"])
    raise KeyError(page_id)


def outline(nodes: tuple[ChangeTreeNode, ...] | list[ChangeTreeNode], depth: int = 0) -> list[str]:
    lines = []
    for node in nodes:
        mark = ",".join(sorted(k.value for k in node.change.kinds)) if node.change else "·"
        lines.append(f"{'  ' * depth}{node.title} [{mark}]")
        lines.extend(outline(node.children, depth + 1))
    return lines


def test_identical_trees_change_nothing():
    changes = compare(base_tree(), base_tree())
    assert len(changes) == 0
    assert changes.tree == ()
    assert changes.summary() == "No pages changed"
    assert changes.merge_summary("API reference") == "merges no page changes into API reference"


def test_an_edited_page_shows_under_its_unchanged_parent_for_context():
    head = base_tree()
    find(head, "deploy")["markdown"] = "# Deploy\n\nNow with a retry policy.\n"
    changes = compare(base_tree(), head)
    assert outline(changes.tree) == ["Guides [·]", "  Deploy [edited]"]
    (change,) = changes.changes
    assert change.edited_fields == ("markdown",)
    assert change.markdown_changed
    assert change.old_markdown == "# Deploy\n"
    assert change.new_markdown.endswith("retry policy.\n")


def test_the_story_of_a_change_request_in_counts_and_sentences():
    head = base_tree()
    for page_id in ("intro", "install", "auth"):
        find(head, page_id)["markdown"] += "More.\n"
    find(head, "api")["pages"].append(page("retries", "Retries"))
    guides = find(head, "guides")["pages"]
    monitor = guides.pop()
    find(head, "api")["pages"].insert(0, monitor)
    changes = compare(base_tree(), head)
    assert changes.counts == {EDITED: 3, ADDED: 1, REMOVED: 0, MOVED: 1, RENAMED: 0}
    assert changes.summary() == "3 pages edited, 1 added, 1 moved"
    assert changes.merge_summary("API reference") == (
        "merges 3 edited pages, 1 added, 1 moved into API reference"
    )


def test_one_of_a_kind_is_said_in_the_singular():
    head = base_tree()
    head.append(page("faq", "FAQ"))
    changes = compare(base_tree(), head)
    assert changes.summary() == "1 page added"
    assert changes.merge_summary("Docs") == "merges 1 added page into Docs"


def test_a_page_moved_to_another_parent_is_a_move_not_a_removal_and_an_addition():
    head = base_tree()
    scale = find(head, "guides")["pages"].pop(2)
    find(head, "api")["pages"].append(scale)
    changes = compare(base_tree(), head)
    (change,) = changes.changes
    assert change.kinds == {MOVED}
    assert (change.old_parent_id, change.new_parent_id) == ("guides", "api")
    assert changes.describe(change) == "moved from ‘Guides’ to ‘API reference’"
    assert outline(changes.tree) == ["API reference [·]", "  Scale [moved]"]


def test_moving_one_page_up_marks_that_page_not_the_ones_it_passed():
    head = base_tree()
    guides = find(head, "guides")["pages"]
    guides.insert(0, guides.pop(3))  # Monitor to the top of Guides
    changes = compare(base_tree(), head)
    assert [c.page_id for c in changes.changes] == ["monitor"]
    assert changes.describe(changes.changes[0]) == "moved within ‘Guides’"


def test_a_page_added_before_its_siblings_does_not_make_them_moved():
    head = base_tree()
    find(head, "guides")["pages"].insert(0, page("quickstart", "Quickstart"))
    changes = compare(base_tree(), head)
    assert [(c.page_id, set(c.kinds)) for c in changes.changes] == [("quickstart", {ADDED})]


def test_a_removed_page_keeps_its_place_under_its_old_parent():
    head = base_tree()
    del find(head, "guides")["pages"][1]  # Deploy
    changes = compare(base_tree(), head)
    assert outline(changes.tree) == ["Guides [·]", "  Deploy [removed]"]
    (change,) = changes.changes
    assert change.title == "Deploy"
    assert change.new_markdown == "" and change.old_markdown == "# Deploy\n"
    assert changes.summary() == "1 page removed"


def test_a_removed_group_shows_its_removed_children_beneath_it():
    head = [p for p in base_tree() if p["id"] != "guides"]
    changes = compare(base_tree(), head)
    assert outline(changes.tree) == [
        "Guides [removed]",
        "  Install [removed]",
        "  Deploy [removed]",
        "  Scale [removed]",
        "  Monitor [removed]",
    ]
    assert changes.counts[REMOVED] == 5


def test_a_child_kept_when_its_group_is_removed_is_shown_where_it_went():
    head = [p for p in base_tree() if p["id"] != "guides"]
    head.append(page("install", "Install"))
    changes = compare(base_tree(), head)
    assert ("install", {MOVED}) in [(c.page_id, set(c.kinds)) for c in changes.changes]
    assert outline(changes.tree)[-1] == "Install [moved]"
    install = changes.find("install")
    assert install is not None
    assert changes.describe(install) == "moved from ‘Guides’ to the top level"


def test_a_page_renamed_by_title_or_slug_is_renamed_not_edited():
    head = base_tree()
    find(head, "auth")["title"] = "Authenticating"
    find(head, "errors")["slug"] = "error-codes"
    changes = compare(base_tree(), head)
    auth, errors = changes.changes
    assert auth.kinds == {RENAMED} and errors.kinds == {RENAMED}
    assert (auth.old_title, auth.new_title) == ("Authentication", "Authenticating")
    assert changes.describe(auth) == "renamed from ‘Authentication’"
    assert changes.describe(errors) == "renamed slug errors → error-codes"
    assert changes.summary() == "2 pages renamed"


def test_a_page_moved_edited_and_renamed_is_all_three():
    head = base_tree()
    deploy = find(head, "guides")["pages"].pop(1)
    deploy.update(title="Deploying", markdown="# Deploying\n", emoji="🚀")
    head.insert(0, deploy)
    changes = compare(base_tree(), head)
    (change,) = changes.changes
    assert change.kinds == {MOVED, EDITED, RENAMED}
    assert change.edited_fields == ("markdown", "emoji")
    assert changes.describe(change) == (
        "edited (markdown, emoji), moved from ‘Guides’ to the top level, renamed from ‘Deploy’"
    )
    assert changes.counts == {EDITED: 1, ADDED: 0, REMOVED: 0, MOVED: 1, RENAMED: 1}


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("type", "link"),
        ("emoji", "📘"),
        ("icon", "book"),
        ("description", "How to"),
        ("hidden", True),
    ],
)
def test_a_change_of_another_field_is_an_edit_named_by_that_field(field, value):
    head = base_tree()
    find(head, "intro")[field] = value
    (change,) = compare(base_tree(), head).changes
    assert change.kinds == {EDITED}
    assert change.edited_fields == (field,)
    assert not change.markdown_changed


def test_a_group_without_markdown_and_one_with_empty_markdown_are_the_same():
    base = [page("g", "Group", markdown=None, type="group")]
    head = [page("g", "Group", markdown="", type="group")]
    assert len(compare(base, head)) == 0


def bodiless(page_id: str, updated: str, oid: str | None = None) -> RevisionPage:
    """A page as getRevisionById sends it: no markdown."""
    data = {"id": page_id, "title": page_id.title(), "slug": page_id, "updatedAt": updated}
    if oid:
        data["git"] = {"oid": oid, "path": f"{page_id}.md"}
    return RevisionPage.model_validate(data)


def test_without_bodies_a_page_updated_since_the_base_is_edited_and_needs_fetching():
    base = [bodiless("install", "2026-11-01T10:00:00Z"), bodiless("deploy", "2026-11-01T10:00:00Z")]
    head = [bodiless("install", "2026-11-20T09:30:00Z"), bodiless("deploy", "2026-11-01T10:00:00Z")]
    (change,) = compare(base, head).changes
    assert change.page_id == "install"
    assert change.kinds == {EDITED} and change.edited_fields == ("content",)
    assert not change.markdown_known
    assert change.markdown_changed
    assert compare(base, head).describe(change) == "edited (content)"


def test_without_bodies_a_new_git_blob_is_an_edit_too():
    base = [bodiless("install", "2026-11-01T10:00:00Z", oid="a1")]
    head = [bodiless("install", "2026-11-01T10:00:00Z", oid="b2")]
    (change,) = compare(base, head).changes
    assert change.edited_fields == ("content",)


def test_an_added_page_without_its_body_needs_it_fetched():
    (change,) = compare([], [bodiless("new", "2026-11-20T09:30:00Z")]).changes
    assert change.kinds == {ADDED}
    assert (change.old_markdown, change.new_markdown) == ("", None)
    assert not change.markdown_known and change.markdown_changed


def test_with_both_bodies_the_markdown_decides_not_the_update_time():
    base = [page("a", "A", updatedAt="2026-11-01T10:00:00Z")]
    head = [page("a", "A", updatedAt="2026-11-20T10:00:00Z")]  # saved, then the edit undone
    assert len(compare(base, head)) == 0


def test_the_slug_falls_back_to_the_last_part_of_the_path():
    base = [{"id": "a", "title": "A", "path": "guides/a", "pages": []}]
    head = [{"id": "a", "title": "A", "path": "guides/b", "pages": []}]
    (change,) = compare(base, head).changes
    assert change.kinds == {RENAMED}


def test_changes_come_in_tree_order_for_next_and_previous_page():
    head = base_tree()
    for page_id in ("errors", "intro", "scale"):
        find(head, page_id)["markdown"] = "changed\n"
    head.insert(1, page("new", "New"))
    changes = compare(base_tree(), head)
    assert [c.page_id for c in changes.changes] == ["intro", "new", "scale", "errors"]


def test_the_clients_revision_pages_are_compared_directly():
    base = [RevisionPage.model_validate(p) for p in base_tree()]
    head_tree = base_tree()
    find(head_tree, "deploy")["markdown"] = "changed\n"
    head_tree.append(page("faq", "FAQ"))
    head = [RevisionPage.model_validate(p) for p in head_tree]
    changes = compare(base, head)
    assert changes.summary() == "1 page edited, 1 added"
    assert outline(changes.tree) == ["Guides [·]", "  Deploy [edited]", "FAQ [added]"]


def test_a_very_deep_tree_is_walked_without_recursion_errors():
    def chain(depth: int, suffix: str) -> list[dict[str, Any]]:
        root = page("p0", "P0")
        node = root
        for level in range(1, depth):
            child = page(f"p{level}", f"P{level}", markdown=f"{level}{suffix}")
            node["pages"] = [child]
            node = child
        return [root]

    changes = compare(chain(3000, ""), chain(3000, "!"))
    assert changes.counts[EDITED] == 2999
    assert changes.tree[0].change is None  # the unchanged root, as context


def test_a_page_without_an_id_is_refused_with_its_title():
    with pytest.raises(ValueError, match="'Broken'"):
        compare([{"title": "Broken"}], [])


def test_a_repeated_id_keeps_the_first_page():
    base = [page("a", "A"), page("a", "Again")]
    head = [page("a", "A")]
    assert len(compare(base, head)) == 0


def test_the_inputs_are_not_modified():
    base, head = base_tree(), base_tree()
    head.append(page("x", "X"))
    before = copy.deepcopy((base, head))
    compare(base, head)
    assert (base, head) == before


def test_a_thousand_changed_pages_keep_their_markdown_without_copying_it():
    body = "line\n" * 1000
    base = [page(f"p{i}", f"P{i}", markdown=body) for i in range(1000)]
    head = [page(f"p{i}", f"P{i}", markdown=body + "more\n") for i in range(1000)]
    changes = compare(base, head)
    assert changes.summary() == "1000 pages edited"
    assert changes.changes[0].old_markdown is body
