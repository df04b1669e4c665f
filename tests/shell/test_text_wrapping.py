"""A long paragraph in a comment box, edited anywhere, wraps exactly as if wrapped whole."""

from __future__ import annotations

import random

from textual.document._document import Document
from textual.document._wrapped_document import WrappedDocument

from tui.widgets.long_lines import LongLineWrapping

WORDS = ["a", "word", "longer", "paragraph", "x" * 130, "🙂", "end.", " ", "  "]


def _wrapped_whole(text: str, width: int) -> WrappedDocument:
    wrapped = WrappedDocument(Document(text), tab_width=4)
    wrapped.wrap(width, 4)
    return wrapped


def _state(wrapped: WrappedDocument) -> tuple[object, ...]:
    return (
        wrapped._wrap_offsets,
        wrapped._offset_to_line_info,
        wrapped._line_index_to_offsets,
        wrapped.height,
        wrapped.get_sections(len(wrapped._wrap_offsets) - 1),
    )


def _edit(document: Document, wrapped: WrappedDocument, rng: random.Random) -> None:
    """One edit as a text box makes it: a key, a backspace, a word pasted, a range replaced."""
    line_index = rng.randrange(document.line_count)
    line = document.get_line(line_index)
    start = rng.randint(0, len(line))
    kind = rng.choice(["key", "space", "backspace", "paste", "replace", "newline"])
    end = start
    text = {"key": "k", "space": " ", "paste": " ".join(rng.choices(WORDS, k=5))}.get(kind, "")
    if kind == "backspace":
        start = max(0, start - 1)
    elif kind == "replace":
        end = min(len(line), start + rng.randint(1, 300))
        text = rng.choice(WORDS)
    elif kind == "newline":
        text = "\n"
    result = document.replace_range((line_index, start), (line_index, end), text)
    wrapped.wrap_range((line_index, start), (line_index, end), result.end_location)


def test_a_long_paragraph_edited_anywhere_wraps_as_if_wrapped_whole():
    rng = random.Random(21)
    for width in (17, 40, 118):
        # Hundreds of rows at each width (the 100 KB paragraph is the next test's): each of the
        # 750 edits is checked against Textual wrapping the whole text again.
        paragraph = " ".join(rng.choices(WORDS, k=600))
        text = f"A short line\n{paragraph}\n\nAnother {paragraph[:500]}"
        document = Document(text)
        wrapped = LongLineWrapping(document, tab_width=4)
        wrapped.wrap(width, 4)
        for _ in range(250):
            _edit(document, wrapped, rng)
            assert _state(wrapped) == _state(_wrapped_whole(document.text, width))


def test_typing_at_the_end_of_a_100_kb_paragraph_keeps_every_break_before_it():
    document = Document("word " * 20_000)
    wrapped = LongLineWrapping(document, tab_width=4)
    wrapped.wrap(118, 4)
    for character in "and the last words of it":
        end = (0, len(document.get_line(0)))
        result = document.replace_range(end, end, character)
        wrapped.wrap_range(end, end, result.end_location)
    assert _state(wrapped) == _state(_wrapped_whole(document.text, 118))


def test_a_paragraph_with_tabs_is_wrapped_whole_and_right():
    document = Document("\t".join(["cell"] * 5000))
    wrapped = LongLineWrapping(document, tab_width=4)
    wrapped.wrap(50, 4)
    result = document.replace_range((0, 100), (0, 100), "more words\t")
    wrapped.wrap_range((0, 100), (0, 100), result.end_location)
    assert _state(wrapped) == _state(_wrapped_whole(document.text, 50))
