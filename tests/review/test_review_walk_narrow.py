"""The walk at 80×24: names cut with an ellipsis and told apart, messages and titles that fit."""

from __future__ import annotations

from tests.pilot.fixtures import screen_text, settle
from tests.pilot.reviewing import (
    diff_rows,
    drafts_home,
    find_change_request,
    open_change_request,
    tree_titles,
)
from tui.review.diff_view import DiffView

__all__ = ["drafts_home"]


def diff_title(screen) -> str:
    return screen.query_one("#diff-title").render().plain


async def test_a_name_too_long_for_the_tree_ends_in_an_ellipsis(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_change_request(pilot, "Restructure the Python SDK guide")
        titles = tree_titles(screen)
        assert "~✎ Configuring the…" in titles or "~✎ Configuring the c…" in titles, titles
        assert "+ Retries and timeo…" in titles or "+ Retries and timeou…" in titles, titles
        assert "~ Installation" in titles  # a name that fits is whole
        # At 120 columns the pane is wider: the whole name.
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert "~✎ Configuring the client" in tree_titles(screen)


async def test_two_imported_pages_show_the_ends_of_their_addresses(make_app, admin):
    space, _ = await find_change_request(admin, "Restructure the Python SDK guide")
    proposed = await admin.change_requests.create_change_request(space.id, subject="Imports")
    content = admin.change_request_content
    for address in ("https://example.com/docs/setup", "https://example.com/docs/install"):
        await content.import_content_in_change_request(
            space.id, proposed.id, url=address, source="website"
        )
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_change_request(pilot, "Imports")
        titles = [title for title in tree_titles(screen) if title.startswith("+ ")]
        assert len(titles) == 2 and len(set(titles)) == 2
        assert titles[0].endswith("…/setup") or titles[1].endswith("…/setup"), titles
        assert any(title.endswith("…/install") for title in titles), titles
        assert all(title.startswith("+ Imported") for title in titles)


async def test_a_removed_page_s_message_wraps_whole_in_a_narrow_pane(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_change_request(pilot, "Restructure the Python SDK guide")
        view = screen.query_one(DiffView)
        change = next(c for c in screen.changes.changes if c.title == "PyPI package")
        screen.select_change(change)
        await settle(pilot)
        assert view.message.startswith("This page is removed")
        shown = " ".join(
            line.split("▕", 1)[1].strip() for line in screen_text(app).splitlines() if "▕" in line
        )
        assert "it has no text of its own (a link or a group)." in shown


async def test_a_long_title_is_cut_and_its_facts_and_counts_stay(make_app, admin):
    space, _ = await find_change_request(admin, "Restructure the Python SDK guide")
    proposed = await admin.change_requests.create_change_request(space.id, subject="One import")
    address = "https://example.com/a/rather/long/address/of/a/guide/to/import/whole"
    await admin.change_request_content.import_content_in_change_request(
        space.id, proposed.id, url=address, source="website"
    )
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_change_request(pilot, "One import")
        title = diff_title(screen)
        # One line: the name cut with an ellipsis, what happened and the counts whole.
        assert "\n" not in title
        assert title.startswith("+ Imported from https://")
        assert "…" in title and address not in title
        assert title.endswith(" · added · +5 −0"), title
        await pilot.resize_terminal(200, 40)
        await settle(pilot)
        assert diff_title(screen) == f"+ Imported from {address} · added · +5 −0"


async def test_a_wrapped_queue_row_continues_under_its_text(make_app):
    from tests.review.test_review_queue import open_queue

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_queue(pilot)
        lines = screen_text(app).splitlines()
        at = next(i for i, line in enumerate(lines) if "2 open threads · review" in line)
        facts, continued = lines[at], lines[at + 1]
        assert "2 open threads" in facts and "outdated" in continued
        # Under the facts' text (after their indent), not at the edge where titles start.
        indent = len(facts) - len(facts.lstrip())
        assert len(continued) - len(continued.lstrip()) == indent == 4


async def test_a_wrapped_thread_row_continues_under_its_text(make_app):
    app = make_app()
    async with app.run_test(size=(60, 24)) as pilot:
        screen = await open_change_request(pilot, "Document the new rate limits")
        await screen.show_threads()
        await settle(pilot)
        lines = screen_text(app).splitlines()
        at = next(i for i, line in enumerate(lines) if "Should we mention" in line)
        assert lines[at].startswith("    Should we mention")
        assert lines[at + 1].startswith("    ") and lines[at + 1].strip()


def test_hanging_lines_wrap_each_line_under_its_own_text():
    from textual.content import Content

    from tui.widgets.hanging import hanging_lines

    row = Content("#2 Explain when tokens expire  in API Reference\n   open · Grace · 28 d ago")
    assert [line.plain for line in hanging_lines(row, 24)] == [
        "#2 Explain when tokens",
        "   expire  in API",
        "   Reference",
        "   open · Grace · 28 d",
        "   ago",
    ]


async def test_two_imported_pages_stay_told_apart_when_one_carries_a_thread_mark(make_app, admin):
    # A walk saw "+ Imported from…  💬1" above "+ Imported from http…": the mark took some of
    # one row's room, the two cut names differed, and neither said which page it was.
    space, _ = await find_change_request(admin, "Restructure the Python SDK guide")
    proposed = await admin.change_requests.create_change_request(space.id, subject="Webhooks")
    content = admin.change_request_content
    for address in (
        "https://docs.example.com/webhooks/retries",
        "https://docs.example.com/webhooks/signing",
    ):
        await content.import_content_in_change_request(
            space.id, proposed.id, url=address, source="website"
        )
    pages = await content.list_pages_in_change_request(space.id, proposed.id)
    retries = next(p for p in pages.pages if p.title.endswith("/retries"))
    await admin.change_request_comments.post_comment_in_change_request(
        space.id, proposed.id, page=retries.id, body={"markdown": "Is 5 retries right?"}
    )
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_change_request(pilot, "Webhooks")
        titles = [title for title in tree_titles(screen) if title.startswith("+ ")]
        assert len(titles) == 2, titles
        marked = next(title for title in titles if "💬1" in title)
        other = next(title for title in titles if "💬" not in title)
        assert marked.split("  💬")[0].endswith("/retries"), titles
        assert other.endswith("/signing"), titles


async def test_a_new_thread_on_a_long_block_keeps_how_to_send_in_view(make_app, admin):
    # A walk at 80×24: the quote of a long block took three lines and pushed the box's hint
    # ("Tab then Enter sends") below the dialog's fold.
    space, _ = await find_change_request(admin, "Restructure the Python SDK guide")
    proposed = await admin.change_requests.create_change_request(space.id, subject="Retries")
    await admin.change_request_content.import_content_in_change_request(
        space.id, proposed.id, url="https://docs.example.com/webhooks/retries", source="website"
    )
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_change_request(pilot, "Retries")
        view = screen.query_one(DiffView)
        view.focus()
        line = next(i for i, row in enumerate(diff_rows(screen)) if "cannot reach" in row)
        view._move_to(line, top=False)
        await pilot.press("c")
        await settle(pilot)
        dialog = app.screen
        assert "On the block" in screen_text(app)
        assert dialog.query_one(".dialog-body").max_scroll_y == 0  # nothing below the fold
        shown = screen_text(app)
        assert "Tab then Enter sends" in shown
        quote = next(line for line in shown.splitlines() if "On the block" in line)
        assert "The local service cannot" in quote and "…" in quote
