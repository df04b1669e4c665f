"""A very long page shows its first part at once and the rest when asked."""

from __future__ import annotations

from textual.app import App, ComposeResult

from tui.api.models import RevisionPage
from tui.widgets.page_view import PAGE_CHUNK, PageView, split_markdown

from .conftest import screen_text

PARAGRAPH = "Words about the product, repeated to make a very long page indeed.\n\n"
LONG = "# Long\n\n" + "".join(f"## Section {i}\n\n{PARAGRAPH}" for i in range(2500))


class OnePage(App[None]):
    def compose(self) -> ComposeResult:
        yield PageView()


def test_the_cut_falls_before_a_heading_and_never_inside_a_code_block():
    shown, rest = split_markdown(LONG)
    assert len(shown) <= PAGE_CHUNK and rest.startswith("## Section")
    fenced = "intro\n\n```python\n" + "x = 1\n" * 20_000 + "```\n\nafter\n"
    shown, rest = split_markdown(fenced, limit=1000)
    assert shown.count("```") % 2 == 0 and rest.lstrip().startswith("```python")
    assert split_markdown("short") == ("short", "")


async def test_a_long_page_shows_its_first_part_and_m_shows_more():
    # How quickly it opens is measured in tests/benchmarks/bench_pages.py.
    app = OnePage()
    page = RevisionPage(id="p", title="Long", markdown=LONG)
    async with app.run_test(size=(80, 24)) as pilot:
        view = app.query_one(PageView)
        await view.show_page(page)
        await pilot.pause()
        shown = view.markdown.source
        assert len(shown) < len(LONG) and "Section 2499" not in shown
        view.scroll_end(animate=False)
        await pilot.pause()
        assert "press m to show more" in screen_text(app)
        view.focus()
        await pilot.press("m")
        await pilot.pause()
        assert len(view.markdown.source) > len(shown)


async def test_going_to_a_section_further_down_reveals_it():
    app = OnePage()
    async with app.run_test(size=(80, 24)) as pilot:
        view = app.query_one(PageView)
        await view.show_page(RevisionPage(id="p", title="Long", markdown=LONG))
        assert view.goto_section(title="Section 2000")
        await app.workers.wait_for_complete()
        await pilot.pause(0.2)
        assert "## Section 2000" in view.markdown.source
        assert "Section 2000" in screen_text(app)
