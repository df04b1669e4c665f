"""Reading a change request: its changes structure first, each page's diff side by side or unified."""

from __future__ import annotations

from textual.widgets import Static

from tests.pilot.acting import sent
from tests.pilot.fixtures import screen_text, settle
from tests.pilot.reviewing import diff_rows, drafts_home, open_change_request, tree_titles
from tui.review.diff_view import DiffView

__all__ = ["drafts_home"]


async def test_a_restructuring_shows_each_page_as_added_removed_edited_moved_or_renamed(
    make_app, transport
):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_change_request(pilot, "Restructure the Python SDK guide")
        summary = screen.query_one("#changes-summary", Static).render()
        assert str(summary) == "2 pages edited, 1 added, 1 removed, 1 moved, 1 renamed"
        assert tree_titles(screen) == [
            "~ Installation",
            "~✎ Configuring the client",
            "· Usage",
            "→ Error handling",
            "+ Retries and timeouts",
            "− PyPI package",
        ]
        # The first page opens at its first change, side by side, words marked.
        rows = diff_rows(screen)
        assert any(
            "supports Python 3.10 and later." in row
            and "later, on Linux, macOS and Windows." in row
            for row in rows
        )
        title = str(screen.query_one("#diff-title", Static).render())
        assert title.startswith("~ Installation · edited (markdown)") and "+1 −1" in title
        # The base is the revision the change request started from, read by id.
        base = screen.view.base
        assert any(s.path.endswith(f"/revisions/{base}") for s in sent(transport, "GET"))

        await pilot.press("right_square_bracket")  # the next page: renamed and edited
        await settle(pilot)
        title = str(screen.query_one("#diff-title", Static).render())
        assert "renamed from ‘Configuration’" in title
        assert any(
            "# Configuration" in row and "# Configuring the client" in row
            for row in diff_rows(screen)
        )

        await pilot.press("right_square_bracket")  # moved, same text
        await settle(pilot)
        assert "moved from the top level to ‘Usage’" in str(
            screen.query_one("#diff-title", Static).render()
        )
        assert screen.query_one(DiffView).message.startswith("Only its place or its title")

        await pilot.press("right_square_bracket")  # added: every line is new
        await settle(pilot)
        rows = diff_rows(screen)
        assert rows[0] == "    │ 1+ # Retries and timeouts"
        assert all(row.startswith("    │ ") for row in rows)  # nothing on the old side

        await pilot.press("right_square_bracket")  # removed (a link, without text)
        await settle(pilot)
        assert "PyPI package · removed" in str(screen.query_one("#diff-title", Static).render())
        await pilot.press("left_square_bracket")
        await settle(pilot)
        assert "Retries and timeouts" in str(screen.query_one("#diff-title", Static).render())


async def test_v_switches_between_side_by_side_and_unified_and_folds_open(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_change_request(pilot, "Document the new rate limits")
        view = screen.query_one(DiffView)
        assert view.mode == "split"  # wide enough: side by side
        assert all("│" in row for row in diff_rows(screen))
        await pilot.press("v")
        await settle(pilot)
        assert view.mode == "unified"
        rows = diff_rows(screen)
        added = [row for row in rows if row.lstrip(" 0123456789").startswith("+ ")]
        assert any("## Bursts" in row for row in added)
        folded = [row for row in rows if "unchanged line" in row]
        assert folded, rows
        before = view.row_count
        await pilot.press("z")  # every line
        await settle(pilot)
        assert view.row_count > before and not any("unchanged line" in r for r in diff_rows(screen))
        await pilot.press("v")
        await settle(pilot)
        assert view.mode == "split"


async def test_a_merged_change_request_shows_what_its_merge_did_to_main(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_change_request(pilot, "Document token scopes")
        assert screen.query_one(DiffView).mode == "unified"  # 80 columns: unified
        header = str(screen.query_one("#cr-header", Static).render())
        assert "merged" in header and "the Merge tab shows what it did to main" in header
        merged = screen.view.change_request.revision_merged
        assert any(s.path.endswith(f"/revisions/{merged}/changes") for s in sent(transport, "GET"))
        screen.query_one("TabbedContent").active = "merge"
        await settle(pilot)
        said = str(screen.query_one("#merge-changes", Static).render())
        assert "What the merge did to main" in said
        assert "edited  Authentication" in said


async def test_the_threads_tab_offers_the_keys_of_threads_not_of_the_diff(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_change_request(pilot, "Add a rollback checklist")
        footer = screen_text(app).splitlines()[-1]
        assert "Split/unified" in footer and "Next change" in footer
        await pilot.press("T")
        await settle(pilot)
        footer = screen_text(app).splitlines()[-1]
        assert "Split/unified" not in footer and "Next change" not in footer
        assert "t Next thread" in footer and "c Comment" in footer
        await pilot.press("v")  # not the diff's key here: nothing happens to the diff
        await settle(pilot)
        assert screen.mode is None
