"""Provides plain_text: the words of a markdown text, for one-line previews and snippets.

A search snippet or a comment's preview is one line of words; ``[API tokens](auth/tokens.md)``,
``**bold**``, a list's dashes or a quote's ``>`` are noise there. The text is parsed as the page
view parses it (markdown-it, with tables), and only what a reader sees is kept: the words of
paragraphs, headings, list items, table cells and code, links by their text and images by their
alternative text.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from markdown_it import MarkdownIt
    from markdown_it.token import Token

__all__ = ["plain_text"]


@cache
def _parser() -> MarkdownIt:
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark").enable("table")


def _inline(token: Token) -> str:
    words: list[str] = []
    for child in token.children or []:
        if child.type in ("text", "code_inline"):
            words.append(child.content)
        elif child.type == "image":
            words.append(child.content)  # its alternative text
        elif child.type in ("softbreak", "hardbreak"):
            words.append(" ")
    return "".join(words)


def plain_text(markdown: str) -> str:
    """The words of ``markdown`` on one line, blocks joined by spaces (not made safe: pass the
    result through ``tui.core.text`` before it reaches the screen)."""
    parts: list[str] = []
    for token in _parser().parse(markdown):
        if token.type == "inline":
            parts.append(_inline(token))
        elif token.type in ("fence", "code_block"):
            parts.append(token.content)
        elif token.type == "html_block":
            parts.append(token.content)
    return " ".join(" ".join(parts).split())
