"""Provides search snippets: a section's markdown made plain, cut around the match, matches marked.

The service answers a search with the markdown of each matching section. Shown raw, a snippet
reads ``## Rate **limits** see [the table](#limits)``; cut at a fixed length, the match may be
past the cut. ``snippet`` gives the words a reader would see, a window of them that holds the
first match, and where each word of the query matches, so that the screen can mark them.
"""

from __future__ import annotations

import re

__all__ = ["plain_markdown", "snippet"]

_IMAGE = re.compile(r"!\[([^\]]*)\]\([^)]*\)")
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_CODE_FENCE = re.compile(r"^\s*(```|~~~).*$", re.MULTILINE)
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+", re.MULTILINE)
_QUOTE_OR_LIST = re.compile(r"^\s*(>+|[-*+]|\d+[.)])\s+", re.MULTILINE)
_EMPHASIS = re.compile(r"(\*\*|__|\*|_|~~|`)(?=\S)(.+?)(?<=\S)\1")
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{3,}.*$", re.MULTILINE)
_HTML = re.compile(r"</?[a-zA-Z][^>]*>")


def plain_markdown(markdown: str) -> str:
    """The words of a markdown text on one line, without its marks (headings, emphasis, links)."""
    value = _CODE_FENCE.sub("", markdown)
    value = _IMAGE.sub(r"\1", value)
    value = _LINK.sub(r"\1", value)
    value = _TABLE_RULE.sub("", value)
    value = _HEADING.sub("", value)
    value = _QUOTE_OR_LIST.sub("", value)
    value = _HTML.sub("", value)
    for _ in range(2):  # nested emphasis: **a _b_**
        value = _EMPHASIS.sub(r"\2", value)
    value = value.replace("|", " ")
    return " ".join(value.split())


def snippet(body: str, query: str, width: int) -> tuple[str, list[tuple[int, int]]]:
    """Up to ``width`` characters of ``body`` around the first match of a word of ``query``,
    with ``…`` where it was cut, and the (start, end) of every match in what is returned."""
    plain = plain_markdown(body)
    words = [w for w in query.casefold().split() if w]
    folded = plain.casefold()
    first = min((i for i in (folded.find(w) for w in words) if i >= 0), default=0)
    width = max(width, 8)
    if len(plain) <= width:
        start, end = 0, len(plain)
    else:
        # The match a third of the way in: some context before it, more after.
        start = max(0, min(first - width // 3, len(plain) - width))
        if start > 0:
            space = plain.rfind(" ", 0, start + 1)
            start = space + 1 if space >= 0 and start - space < 12 else start
        end = min(len(plain), start + width - (1 if start > 0 else 0) - 1)
        if end == len(plain) - 1:
            end = len(plain)
    shown = plain[start:end]
    prefix = "…" if start > 0 else ""
    suffix = "…" if end < len(plain) else ""
    result = prefix + shown + suffix
    spans: list[tuple[int, int]] = []
    folded_result = result.casefold()
    for word in words:
        at = folded_result.find(word)
        while at >= 0:
            spans.append((at, at + len(word)))
            at = folded_result.find(word, at + len(word))
    return result, sorted(spans)
