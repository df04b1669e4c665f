"""A very long page shows its first part at once and the rest when asked."""

from __future__ import annotations

from textual.app import App, ComposeResult

from tests.pilot.fixtures import screen_text
from tui.api.models import RevisionPage
from tui.browse.page_view import PAGE_CHUNK, PageView, split_markdown

PARAGRAPH = "Words about the product, repeated to make a very long page indeed.\n\n"
# Pages are shown in parts a tenth of the app's (PAGE_CHUNK), so that these pages, a tenth of
# the size too, have the same shape: drawing 40 KB of markdown takes seconds.
PART = PAGE_CHUNK // 10
# A little over twice the first part, so the page has a part beyond the first.
LONG = "# Long\n\n" + "".join(f"## Section {i}\n\n{PARAGRAPH}" for i in range(100))


class SmallParts(PageView):
    part_size = PART


class OnePage(App[None]):
    def compose(self) -> ComposeResult:
        yield SmallParts()


def test_the_cut_falls_before_a_heading_and_never_inside_a_code_block():
    shown, rest = split_markdown(LONG * 10)
    assert len(shown) <= PAGE_CHUNK and rest.startswith("## Section")
    shown, rest = split_markdown(LONG, PART)
    assert len(shown) <= PART and rest.startswith("## Section")
    fenced = "intro\n\n```python\n" + "x = 1\n" * 20_000 + "```\n\nafter\n"
    shown, rest = split_markdown(fenced, limit=1000)
    assert shown.count("```") % 2 == 0 and rest.lstrip().startswith("```python")
    assert split_markdown("short") == ("short", "")


async def test_a_long_page_shows_its_first_part_and_m_shows_more():
    # How quickly it opens is measured in tests/benchmarks/bench_datasets.py.
    app = OnePage()
    page = RevisionPage(id="p", title="Long", markdown=LONG)
    async with app.run_test(size=(80, 24)) as pilot:
        view = app.query_one(PageView)
        await view.show_page(page)
        await pilot.pause()
        shown = view.markdown.source
        assert len(shown) < len(LONG) and "Section 99" not in shown
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
        assert "## Section 90" not in view.markdown.source
        assert view.goto_section(title="Section 90")
        await app.workers.wait_for_complete()
        await pilot.pause(0.2)
        assert "## Section 90" in view.markdown.source
        assert "Section 90" in screen_text(app)


async def test_show_more_never_drops_the_body_of_the_section_at_the_cut():
    # The hostile dataset's 200 KB page lost "Section 240"'s paragraph after m.
    from textual.widgets._markdown import MarkdownH2, MarkdownParagraph

    paragraph = (
        "Lorem ipsum dolor sit amet, [bold]consectetur[/bold] adipiscing elit sed do "
        "eiusmod tempor incididunt ut labore et dolore magna aliqua. 文档 👩🏽‍💻\n\n"
    )
    huge = "# A very long page\n\n" + "".join(f"## Section {i}\n\n{paragraph}" for i in range(40))
    app = OnePage()
    async with app.run_test(size=(80, 24)) as pilot:
        view = app.query_one(PageView)
        await view.show_page(RevisionPage(id="p", title="Huge", markdown=huge))
        view.focus()
        await pilot.press("m")
        await pilot.pause()
        blocks = list(view.markdown.children)
        headings = [b for b in blocks if isinstance(b, MarkdownH2)]
        first_part, _ = split_markdown(huge, PART)
        assert len(headings) > first_part.count("## Section")  # the cut was passed
        for heading in headings:
            after = blocks[blocks.index(heading) + 1]
            assert isinstance(after, MarkdownParagraph), f"no body after {heading.source_range}"
