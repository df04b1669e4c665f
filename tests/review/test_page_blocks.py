"""Which block of a page each line of its markdown belongs to, and the marks of threads on blocks."""

from __future__ import annotations

from types import SimpleNamespace

from tui.review.logic.diff import split_lines
from tui.review.logic.page_blocks import (
    PageBlock,
    block_rows,
    document_blocks,
    line_blocks,
    thread_marks,
)
from tui.service.routes.content_document import markdown_document

PAGE = """# Rate limits

Requests are counted per token,
over a window of one minute.

```python
client.retry(backoff=2)
```

| Plan | Limit |
|------|-------|
| Free | 60 |
"""


def test_each_line_of_the_markdown_belongs_to_the_block_its_text_is_in():
    lines = split_lines(PAGE)
    blocks = document_blocks(markdown_document(PAGE))
    keys = [block.key for block in blocks]
    assert len(keys) == 4 and len(set(keys)) == 4
    heading, paragraph, code, table = keys
    assert line_blocks(lines, blocks) == [
        heading,
        None,
        paragraph,
        paragraph,
        None,
        code,  # the opening fence goes with its code
        code,
        code,  # and the closing one
        None,
        table,
        table,
        table,
    ]


def test_markup_and_link_addresses_do_not_keep_a_block_from_its_line():
    lines = ["Intro", "", "See **the [guide](https://example.com/g)** first.", "", "- one", "- two"]
    blocks = [
        PageBlock("intro", "Intro"),
        PageBlock("see", "See the guide first."),
        PageBlock("list", "one\ntwo"),
    ]
    assert line_blocks(lines, blocks) == ["intro", None, "see", None, "list", "list"]


def test_a_block_the_markdown_does_not_show_is_skipped_and_the_rest_still_match():
    lines = ["First", "", "Second"]
    blocks = [PageBlock("a", "First"), PageBlock("embed", "Not here"), PageBlock("b", "Second")]
    assert line_blocks(lines, blocks) == ["a", None, "b"]


def test_identical_blocks_are_matched_in_order():
    lines = ["Note", "", "Note"]
    blocks = [PageBlock("one", "Note"), PageBlock("two", "Note")]
    assert line_blocks(lines, blocks) == ["one", None, "two"]


def test_a_document_without_keys_gives_no_block():
    assert document_blocks({"object": "document", "nodes": [{"object": "block"}]}) == []
    assert document_blocks(None) == []


def _comment(cid, page, node, resolved=False):
    return SimpleNamespace(
        id=cid,
        resolved=resolved,
        target=SimpleNamespace(
            page=SimpleNamespace(id=page) if page else None,
            node=SimpleNamespace(id=node) if node else None,
        ),
    )


def test_thread_marks_count_open_and_resolved_threads_per_block():
    marks = thread_marks(
        [
            _comment("c1", "p1", "n1"),
            _comment("c2", "p1", "n1", resolved=True),
            _comment("c3", "p1", "n2", resolved=True),
            _comment("c4", "p1", None),  # on the page, not on a block
            _comment("c5", None, "n9"),
        ]
    )
    assert set(marks) == {"p1"}
    assert marks["p1"]["n1"].label == "●1" and marks["p1"]["n1"].threads == ["c1", "c2"]
    assert marks["p1"]["n2"].label == "✓1"  # all resolved: another sign, not only a colour


def test_block_rows_follow_the_new_line_of_each_row():
    assert block_rows(["a", None, "b"], [1, None, 3, 2, 7]) == ["a", None, "b", None, None]
