"""Provides the structured form of a page body (``format=document``), built from its markdown.

Only the blocks a reader needs to follow the text are made: headings, code blocks and
paragraphs. Anything else (lists, tables, quotes) becomes a paragraph of its source text, so
nothing of the page is lost.

Each top-level block carries a ``key``, the node id a comment is attached to (``node`` of a
comment's target). The service keeps no blocks, only markdown, so a key is made from what the
block says (its type and text, and how many identical blocks came before it): a block keeps its
key across revisions while its text stays, and an edited block is a new block.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any, Literal

from ..datasets.builder import slugify
from ..http import Body

__all__ = [
    "TextDocument",
    "block_containing",
    "block_preview",
    "block_text",
    "find_block",
    "markdown_document",
]

PREVIEW_MAX = 140
"""Characters of a block's text kept as the ``preview`` of a comment's ``node``."""


class TextMark(Body):
    object: Literal["mark"]
    type: Literal["bold", "italic", "code", "keyboard", "strikethrough", "superscript", "subscript"]


class TextLeaf(Body):
    object: Literal["leaf"]
    text: str
    marks: list[TextMark] = []


class TextNode(Body):
    object: Literal["text"]
    leaves: list[TextLeaf]


class TextBlock(Body):
    object: Literal["block"]
    type: Literal["paragraph", "heading-1", "heading-2", "heading-3"]
    nodes: list[TextNode]
    data: dict[str, Any] = {}


class DocumentData(Body):
    schemaVersion: int | None = None


class TextDocument(Body):
    """A JSON document a client sends (a change request's description): paragraphs and
    headings of marked text, checked field by field and kept in the official shapes only,
    so that what the service answers with is always a valid document. Unknown fields drop."""

    object: Literal["document"]
    data: DocumentData
    nodes: list[TextBlock]

    def stored(self) -> dict[str, Any]:
        document = self.model_dump(exclude_none=True)
        for block in document["nodes"]:
            block["data"] = {}  # alignment and anchors are not kept
        return document


_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_FENCE = re.compile(r"^(```|~~~)\s*([\w+-]*)")


def _text(text: str) -> dict[str, Any]:
    return {"object": "text", "leaves": [{"object": "leaf", "text": text, "marks": []}]}


def _paragraph(lines: list[str]) -> dict[str, Any]:
    return {"object": "block", "type": "paragraph", "nodes": [_text("\n".join(lines))]}


def _heading(level: int, title: str) -> dict[str, Any]:
    anchor = slugify(title)
    return {
        "object": "block",
        "type": f"heading-{min(level, 3)}",
        "data": {"id": anchor},
        "meta": {"id": anchor},
        "nodes": [_text(title)],
    }


def _code(syntax: str, lines: list[str]) -> dict[str, Any]:
    data = {"syntax": syntax} if syntax else {}
    return {
        "object": "block",
        "type": "code",
        "data": data,
        "nodes": [
            {"object": "block", "type": "code-line", "data": {}, "nodes": [_text(line)]}
            for line in lines or [""]
        ],
    }


def markdown_document(markdown: str) -> dict[str, Any]:
    """A JSON document (``object: document``) with the blocks of a markdown text."""
    nodes: list[dict[str, Any]] = []
    paragraph: list[str] = []
    code: list[str] | None = None
    fence, syntax = "", ""

    def flush() -> None:
        if paragraph:
            nodes.append(_paragraph(paragraph))
            paragraph.clear()

    for line in (markdown or "").splitlines():
        if code is not None:
            if line.strip().startswith(fence):
                nodes.append(_code(syntax, code))
                code = None
            else:
                code.append(line)
            continue
        opening = _FENCE.match(line.strip())
        heading = _HEADING.match(line)
        if opening:
            flush()
            code, fence, syntax = [], opening.group(1), opening.group(2)
        elif heading:
            flush()
            nodes.append(_heading(len(heading.group(1)), heading.group(2)))
        elif not line.strip():
            flush()
        else:
            paragraph.append(line)
    if code is not None:
        nodes.append(_code(syntax, code))
    flush()
    seen: dict[str, int] = {}
    for node in nodes:
        said = f"{node['type']}\n{block_text(node)}"
        seen[said] = seen.get(said, 0) + 1
        digest = hashlib.sha1(f"{said}\n{seen[said]}".encode(), usedforsecurity=False)
        node["key"] = digest.hexdigest()[:12]
    return {"object": "document", "data": {}, "nodes": nodes}


def block_text(node: Any) -> str:
    """The text of a block: its leaves, its lines (a code block's) one per line."""
    if not isinstance(node, dict):
        return ""
    if isinstance(node.get("leaves"), list):
        return "".join(
            str(leaf.get("text", "")) for leaf in node["leaves"] if isinstance(leaf, dict)
        )
    children = node.get("nodes")
    if not isinstance(children, list):
        return str(node.get("text", ""))
    joiner = (
        "\n" if any(isinstance(c, dict) and c.get("object") == "block" for c in children) else ""
    )
    return joiner.join(block_text(child) for child in children)


def find_block(markdown: str, key: str) -> dict[str, Any] | None:
    """The top-level block of a page's markdown with this key, or None."""
    nodes: list[dict[str, Any]] = markdown_document(markdown)["nodes"]
    return next((node for node in nodes if node.get("key") == key), None)


def block_containing(markdown: str, quote: str) -> dict[str, Any] | None:
    """The first top-level block of a page's markdown whose text holds ``quote``."""
    nodes: list[dict[str, Any]] = markdown_document(markdown)["nodes"]
    return next((node for node in nodes if quote in block_text(node)), None)


def block_preview(block: dict[str, Any]) -> str:
    """What a comment's ``node.preview`` says of its block: the start of its text."""
    return block_text(block).strip()[:PREVIEW_MAX]
