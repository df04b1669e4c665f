"""Provides the one door server text goes through before it reaches the screen.

Titles, page bodies, file names and user names come from the service, so they may hold what a
terminal obeys: escape sequences (ESC, C1 controls such as CSI U+009B), other C0 controls that
move the cursor or ring the bell, and bidi overrides that make a title read differently from
what it is. ``safe`` neutralises them. Then the text reaches widgets only as ``rich.text.Text``
or ``textual.content.Content`` objects, never inside a markup string, so a title ``[/]`` or
``[b]`` shows literally instead of being read as markup.

Emoji that terminals disagree on are drawn in a form they all measure alike where that loses
nothing: a variation selector 16 (🏛️ U+1F3DB U+FE0F) is 2 cells for Textual and most
terminals but 1 for tmux, which shifts the border of the pane beside it, so ``safe`` drops a
VS16 or a skin tone that follows a lone emoji (🏛️ is drawn as 🏛). A sequence joined by ZWJ
(👩🏽‍💻, 🏳️‍🌈) is one picture: splitting it would show other pictures (👩💻), so it is kept
whole, as Textual and current terminals measure it (2 cells); tmux before 3.5 counts its parts.

    safe(value)            str with controls shown as visible pictures, bidi controls removed
    one_line(value)        the same, on one line and at most ONE_LINE_MAX characters (for labels,
                           titles and tree nodes: a 10 MB title must not reach the layout)
    text(value, style)     a rich Text of one_line(value) (for Tree labels, which use rich)
    content(value, style)  a textual Content of one_line(value) (for Static, Label, options)
    block(value, style)    a textual Content of safe(value), keeping its lines
"""

from __future__ import annotations

import re

from rich.style import Style
from rich.text import Text
from textual.content import Content

__all__ = ["ONE_LINE_MAX", "block", "content", "one_line", "safe", "text"]

ONE_LINE_MAX = 1000
"""The most characters of one server field shown on a line: wider than any terminal, and
small enough that measuring and laying it out costs nothing (a 10 MB title froze the keys)."""

# The patterns below are compiled by ``re`` when first used (and kept in its cache): text that
# needs none of them, printable ASCII, never compiles them (``safe``).

# Bidi embeddings, overrides (U+202A–U+202E) and isolates (U+2066–U+2069): they reorder the
# text around them invisibly, so they are removed rather than pictured.
_BIDI = "[\u202a-\u202e\u2066-\u2069]"
# C0 controls except tab and newline, DEL, and the C1 range (U+0080–U+009F), which some
# terminals obey as 8-bit escape sequences.
_CONTROL = "[\x00-\x08\x0b-\x1f\x7f\x80-\x9f]"
_LINE_BREAKS = "\r\n|[\r\u2028\u2029\x85]"
# Emoji, for the joiners between them; dingbats and symbols included (⚠ ⏱ ✈).
_EMOJI = "\U0001f000-\U0001faff\u2300-\u23ff\u2600-\u27bf"
_MODIFIERS = "\ufe0f\U0001f3fb-\U0001f3ff"  # VS16 and the five skin tones
# A ZWJ sequence, kept whole (first alternative); else a modifier of a lone emoji, dropped.
_EMOJI_PARTS = (
    f"(?P<sequence>[{_EMOJI}][{_MODIFIERS}]*(?:\u200d[{_EMOJI}][{_MODIFIERS}]*)+)|[{_MODIFIERS}]"
)


def _picture(match: re.Match[str]) -> str:
    char = match.group()
    code = ord(char)
    if code < 0x20:
        return chr(0x2400 + code)  # ␀ … ␟, ␛ for ESC
    if code == 0x7F:
        return "\u2421"  # ␡
    # A C1 control is the 8-bit form of ESC and a character (CSI U+009B is ESC [): it has no
    # picture of its own, so it shows as that pair, with ESC pictured as everywhere else.
    return "\u241b" + chr(code - 0x40)


def _emoji(match: re.Match[str]) -> str:
    return match.group("sequence") or ""


def safe(value: object) -> str:
    """The text with every control a terminal could obey made visible or removed.

    Line breaks of any kind become ``\\n`` and tabs stay; ESC shows as ␛, other C0 controls as
    their control pictures, C1 controls as ␛ and their 7-bit letter (U+009B as ␛[), DEL as ␡;
    bidi overrides and isolates vanish; a lone emoji loses its VS16 and skin tone, a ZWJ
    sequence stays whole (see above).
    ``None`` becomes the empty string.
    """
    if value is None:
        return ""
    raw = str(value)
    if raw.isascii() and raw.isprintable():
        return raw  # no control, line break, bidi mark or emoji: nothing to do
    raw = re.sub(_LINE_BREAKS, "\n", raw)
    raw = re.sub(_BIDI, "", raw)
    raw = re.sub(_EMOJI_PARTS, _emoji, raw)
    return re.sub(_CONTROL, _picture, raw)


def one_line(value: object) -> str:
    """``safe(value)`` with its lines and tabs joined by spaces, for single-line labels, cut
    to ``ONE_LINE_MAX`` characters (ending in …)."""
    raw = "" if value is None else str(value)
    # Cut before the work: what is past the cut is never shown, only scanned.
    cut = len(raw) > 4 * ONE_LINE_MAX
    line = " ".join(safe(raw[: 4 * ONE_LINE_MAX]).replace("\t", " ").split("\n")).strip()
    if cut or len(line) > ONE_LINE_MAX:
        return line[: ONE_LINE_MAX - 1] + "…"
    return line


def text(value: object, style: str | Style = "") -> Text:
    """A rich Text of the value on one line: never read as markup."""
    return Text(one_line(value), style=style, no_wrap=True, end="")


def content(value: object, style: str = "") -> Content:
    """A textual Content of the value on one line: never read as markup."""
    return Content.styled(one_line(value), style) if style else Content(one_line(value))


def block(value: object, style: str = "") -> Content:
    """A textual Content of the value, keeping its lines: never read as markup."""
    return Content.styled(safe(value), style) if style else Content(safe(value))
