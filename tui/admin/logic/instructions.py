"""Provides the translation instructions as text: a document of paragraphs read and written.

The service keeps a translation's instructions as a document (``object: document`` with block
``nodes``); people write them as lines. ``document_text`` reads the text of every paragraph,
``document_of`` writes one paragraph per non-empty line:

    document_of("Keep product names in English.")
    == {"object": "document", "data": {}, "nodes": [{"object": "block", "type": "paragraph", …}]}
"""

from __future__ import annotations

from typing import Any

__all__ = ["document_of", "document_text"]


def _leaf_text(node: Any) -> str:
    if not isinstance(node, dict):
        return ""
    if node.get("object") == "leaf":
        return str(node.get("text", ""))
    if node.get("object") == "text":
        if "leaves" in node:
            return "".join(_leaf_text(leaf) for leaf in node.get("leaves") or [])
        return str(node.get("text", ""))
    return "".join(_leaf_text(child) for child in node.get("nodes") or [])


def document_text(document: dict[str, Any] | None) -> str:
    """The text of a document, one line per block (empty for none)."""
    if not document:
        return ""
    lines = [_leaf_text(block).strip() for block in document.get("nodes") or []]
    return "\n".join(line for line in lines if line)


def document_of(text: str) -> dict[str, Any]:
    """A document with one paragraph per non-empty line of ``text``."""
    nodes = [
        {
            "object": "block",
            "type": "paragraph",
            "nodes": [
                {"object": "text", "leaves": [{"object": "leaf", "text": line, "marks": []}]}
            ],
        }
        for line in (raw.strip() for raw in text.splitlines())
        if line
    ]
    return {"object": "document", "data": {}, "nodes": nodes}
