"""The words of markdown, for one-line previews: what a reader sees, not the syntax."""

from __future__ import annotations

from tui.core.plain import plain_text


def test_links_emphasis_lists_quotes_tables_and_code_keep_only_their_words():
    markdown = (
        "# Rollbacks\n\n"
        "See [API tokens](authentication/api-tokens.md) and **never** `git push -f`.\n\n"
        "- first step\n- second step\n\n"
        "> Note: keep p95 low\n\n"
        "| metric | value |\n|---|---|\n| p95 | 800 |\n\n"
        "```yaml\np95LatencyMs: 800\n```\n\n"
        "![the dashboard](dash.png)\n"
    )
    assert plain_text(markdown) == (
        "Rollbacks See API tokens and never git push -f. first step second step "
        "Note: keep p95 low metric value p95 800 p95LatencyMs: 800 the dashboard"
    )


def test_markup_like_text_and_controls_are_left_as_written_for_the_safe_door():
    assert plain_text("[/] [b]bold?[/b]") == "[/] [b]bold?[/b]"
    assert plain_text("a\x1b[31mred") == "a\x1b[31mred"  # tui.core.text makes it safe next
    assert plain_text("") == ""
