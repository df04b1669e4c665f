"""The app's pure logic, tested without a terminal: limits, words, trails, snippets, wrapping."""

from __future__ import annotations

from tui.core.humanize import describe_age, human_size, plural
from tui.core.snippets import plain_markdown, snippet
from tui.widgets.breadcrumbs import fit_trail
from tui.widgets.detail_pane import wrap_value
from tui.widgets.form_field import length_problem, typing_key


def test_a_text_over_the_limit_says_how_much_to_remove():
    assert length_problem("Title", "x" * 50, 50) is None
    assert length_problem("Title", "x" * 51, 50) == (
        "Title is 51 characters long; the limit is 50: remove 1."
    )
    assert length_problem("Description", "d" * 101, 100).startswith(
        "Description is 101 characters long; the limit is 100"
    )


def test_a_required_text_cannot_be_empty_and_an_optional_one_can():
    assert length_problem("Title", "", 50, required=True) == "Title cannot be empty."
    assert length_problem("Emoji", "", 50) is None


def test_typing_a_name_ignores_case_spaces_symbols_and_emoji():
    assert typing_key("🏛️ Architecture Decisions!") == "architecturedecisions"


def test_words_for_counts_ages_and_sizes():
    assert plural(1, "space") == "1 space" and plural(3, "space") == "3 spaces"
    assert plural(2, "child", "children") == "2 children"
    assert plural(2500250, "row") == "2,500,250 rows"  # not "2500250 rows"
    assert describe_age(30) == "just now" and describe_age(7 * 60) == "7 min ago"
    assert describe_age(3 * 3600) == "3 h ago" and describe_age(3 * 86400) == "3 d ago"
    assert human_size(512) == "512 B" and human_size(48213) == "47.1 KB"


TRAIL = ["Globex Corporation", "Region 01", "Area 07", "Unit 3", "Handbook", "Chapter 000"]


def test_a_trail_that_fits_is_shown_whole():
    assert [title for _, title in fit_trail(TRAIL, 120)] == TRAIL


def test_a_long_trail_shortens_from_the_middle_keeping_the_organisation_and_the_place():
    shown = [title for _, title in fit_trail(TRAIL, 50)]
    assert shown[0] == "Globex Corporation" and shown[-1] == "Chapter 000"
    assert "…" in shown and "Region 01" not in shown
    assert sum(len(t) for t in shown) + 3 * (len(shown) - 1) <= 50


def test_a_trail_in_a_tiny_space_still_names_both_ends():
    shown = fit_trail(TRAIL, 20)
    assert shown[0][0] == 0 and shown[-1][0] == len(TRAIL) - 1


def test_a_long_url_wraps_after_its_slashes():
    assert wrap_value("https://app.gitbook.com/o/org-northwind/c/650f32091958766ca8dd", 31) == [
        "https://app.gitbook.com/o/",
        "org-northwind/c/",
        "650f32091958766ca8dd",
    ]
    assert all(len(line) <= 10 for line in wrap_value("x" * 35, 10))


def test_snippets_lose_their_markdown_marks():
    assert plain_markdown("## Rate **limits**\n\nSee [the table](#t) and `code`.") == (
        "Rate limits See the table and code."
    )


def test_a_snippet_is_cut_around_the_match_and_marks_it():
    body = "Intro words. " * 20 + "The token rotates every ninety days. " + "More. " * 20
    shown, spans = snippet(body, "rotates", 60)
    assert len(shown) <= 60 and shown.startswith("…") and shown.endswith("…")
    assert [shown[a:b] for a, b in spans] == ["rotates"]
