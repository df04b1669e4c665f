"""Provides which block of a page each line of its markdown belongs to, and the marks of threads.

A comment is attached to a block (its ``target.node.id``); the page's document
(``format=document``) lists the blocks in order, each with its ``key`` and its text, while the
diff shows the page's markdown line by line. ``line_blocks`` finds each block's lines in the
markdown by its text, in order: the block's first and last lines of text are looked for from
where the previous block ended, compared letters and digits only (markdown syntax, links'
addresses and spacing are not in a block's text). Lines between blocks go to the block they
touch (a code block's fences), blank lines to none.

    blocks = document_blocks(page.document)         # [PageBlock(key, text), ...]
    owners = line_blocks(markdown_lines, blocks)     # a key (or None) for each line
    marks = thread_marks(comments)                   # {page id: {key: BlockMark}}
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

__all__ = [
    "BlockMark",
    "PageBlock",
    "block_rows",
    "document_blocks",
    "line_blocks",
    "thread_marks",
]

SEARCH_AHEAD = 400
"""Lines a block's text is looked for past where the previous block ended (a block the
markdown does not show, as an embed, is skipped without reading the rest of a long page)."""


@dataclass(frozen=True, slots=True)
class PageBlock:
    """A top-level block of a page's document: its node id and its plain text."""

    key: str
    text: str


def _text(node: Any) -> str:
    if not isinstance(node, Mapping):
        return ""
    leaves = node.get("leaves")
    if isinstance(leaves, list):
        return "".join(str(leaf.get("text", "")) for leaf in leaves if isinstance(leaf, Mapping))
    children = node.get("nodes")
    if not isinstance(children, list):
        return str(node.get("text", ""))
    # Blocks inside a block (a code block's lines, a list's items) are lines of their own.
    nested = any(isinstance(c, Mapping) and c.get("object") == "block" for c in children)
    return ("\n" if nested else "").join(_text(child) for child in children)


def document_blocks(document: Mapping[str, Any] | None) -> list[PageBlock]:
    """The top-level blocks of a document that have a key, in order."""
    if not document:
        return []
    nodes = document.get("nodes")
    if not isinstance(nodes, list):
        return []
    return [
        PageBlock(str(node["key"]), _text(node))
        for node in nodes
        if isinstance(node, Mapping) and node.get("key")
    ]


_LINK_TARGET = re.compile(r"\]\([^)]*\)")
NEEDLE_LETTERS = 40
"""Letters of a block's line looked for: the start of a line says where it is, and inline
markup further on (an image, an HTML tag) cannot keep it from being found."""


def _letters(value: str) -> str:
    return "".join(ch for ch in value.casefold() if ch.isalnum())


def _find(needle: str, lines: Sequence[str], start: int, stop: int) -> int | None:
    for index in range(start, min(stop, len(lines))):
        if needle in lines[index]:
            return index
    return None


def line_blocks(lines: Sequence[str], blocks: Sequence[PageBlock]) -> list[str | None]:
    """The key of the block each markdown line belongs to (None: blank, or of no block)."""
    owners: list[str | None] = [None] * len(lines)
    letters = [_letters(_LINK_TARGET.sub("]", line)) for line in lines]
    spans: list[tuple[int, int, str]] = []
    at = 0
    for block in blocks:
        words = [_letters(line)[:NEEDLE_LETTERS] for line in block.text.split("\n")]
        words = [w for w in words if w]
        if not words:
            continue
        first = _find(words[0], letters, at, at + SEARCH_AHEAD)
        if first is None:
            continue
        last = first
        if len(words) > 1:
            found = _find(words[-1], letters, first, first + SEARCH_AHEAD + len(words))
            last = found if found is not None else first
        spans.append((first, last, block.key))
        at = last + 1
    for first, last, key in spans:
        for index in range(first, last + 1):
            owners[index] = key
    # Lines between blocks (fences, a table's rule, a list's marks) go to the block they
    # touch: the one below first (an opening fence), then the one above (a closing fence).
    for first, _, key in spans:
        index = first - 1
        while index >= 0 and owners[index] is None and lines[index].strip():
            owners[index] = key
            index -= 1
    for _, last, key in spans:
        index = last + 1
        while index < len(lines) and owners[index] is None and lines[index].strip():
            owners[index] = key
            index += 1
    return owners


@dataclass(slots=True)
class BlockMark:
    """The threads on one block: how many open, how many resolved, their ids (oldest first)."""

    open: int = 0
    resolved: int = 0
    threads: list[str] = field(default_factory=list)

    @property
    def label(self) -> str:
        """The gutter's mark, readable without colour: ``●2`` open threads, ``✓1`` all resolved."""
        if self.open:
            return f"●{self.open}"
        return f"✓{self.resolved}"


class _Node(Protocol):
    @property
    def id(self) -> str: ...


class _Page(Protocol):
    @property
    def id(self) -> str: ...


class _Target(Protocol):
    @property
    def node(self) -> _Node | None: ...

    @property
    def page(self) -> _Page | None: ...


class _Comment(Protocol):
    @property
    def id(self) -> str: ...

    @property
    def target(self) -> _Target: ...

    @property
    def resolved(self) -> bool: ...


def thread_marks(comments: Iterable[_Comment]) -> dict[str, dict[str, BlockMark]]:
    """Page id → block key → the threads on that block (comments on a block of a page)."""
    marks: dict[str, dict[str, BlockMark]] = {}
    for comment in comments:
        node, page = comment.target.node, comment.target.page
        if node is None or page is None:
            continue
        mark = marks.setdefault(page.id, {}).setdefault(node.id, BlockMark())
        if comment.resolved:
            mark.resolved += 1
        else:
            mark.open += 1
        mark.threads.append(comment.id)
    return marks


def block_rows(owners: Sequence[str | None], row_lines: Sequence[int | None]) -> list[str | None]:
    """The block of each diff row, from the (1-based) new line each row shows (None: none)."""
    return [
        owners[line - 1] if line is not None and 0 < line <= len(owners) else None
        for line in row_lines
    ]
