"""Provides PageView: a page's title and markdown body, scrollable to any of its sections."""

from __future__ import annotations

import asyncio
import re
from typing import Any, ClassVar, Protocol

from rich.cells import cell_len
from textual._slug import slug as textual_slug
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Markdown, Static
from textual.widgets._markdown import MarkdownHeader, MarkdownTable, MarkdownTableContent

from tui.core import text

from ..shell.failures import GuardedWork

__all__ = [
    "PAGE_CHUNK",
    "PageView",
    "ShownPage",
    "opens_with_title",
    "section_slug",
    "split_markdown",
]


class ShownPage(Protocol):
    """What PageView shows of a page (a ``RevisionPage`` fits): all of it is server text."""

    @property
    def id(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def emoji(self) -> str | None: ...
    @property
    def description(self) -> str | None: ...
    @property
    def markdown(self) -> str | None: ...


# A page shows this many characters at first, and as many more each time the user asks: the
# Markdown widget makes a widget per block, and a 200 KB page would freeze the screen for
# seconds and slow every key after.
PAGE_CHUNK = 40_000


def section_slug(heading: str) -> str:
    """The anchor the service gives a heading: lower case, words joined by dashes."""
    return re.sub(r"[^\w]+", "-", heading.casefold()).strip("-")


def opens_with_title(markdown: str, title: str) -> bool:
    """Whether the markdown's first line is a heading repeating the page's title.

    Many pages open with ``# Title``: the view then hides that heading under its own title
    line.
    """
    first = markdown.lstrip("\n").partition("\n")[0]
    heading = re.match(r"#{1,2}\s+(.*?)\s*#*\s*$", first)
    if heading is None:
        return False
    return heading.group(1).strip().casefold() == title.strip().casefold()


def split_markdown(markdown: str, limit: int = PAGE_CHUNK) -> tuple[str, str]:
    """The first part of a markdown text of about ``limit`` characters, and the rest.

    The cut falls before a heading, else at a blank line, and never inside a code fence.
    """
    if len(markdown) <= limit:
        return markdown, ""
    cut = markdown.rfind("\n#", 0, limit)
    if cut <= limit // 2:
        cut = markdown.rfind("\n\n", 0, limit)
    if cut <= 0:
        cut = limit
    # An odd number of fences before the cut means it falls inside a code block.
    if markdown.count("```", 0, cut) % 2:
        fence = markdown.rfind("```", 0, cut)
        cut = markdown.rfind("\n", 0, fence) if fence > 0 else cut
    return markdown[: cut + 1], markdown[cut + 1 :]


class PageView(GuardedWork, VerticalScroll):
    """Shows one page of a space. Server markdown goes through ``tui.core.text.safe`` first."""

    DEFAULT_CSS = """
    PageView {
        padding: 0 1;
    }
    PageView > #page-title {
        text-style: bold;
        color: $text-primary;
        padding: 1 1 0 1;
    }
    PageView > #page-description {
        color: $text-muted;
        padding: 0 1;
    }
    PageView > Markdown {
        margin: 0;
    }
    /* A table wider than the view keeps its columns whole (see _widen_tables) and scrolls
       sideways on its own, with ← → (or the mouse): the text around it stays in view. */
    PageView MarkdownTable {
        overflow-x: auto;
        scrollbar-size-horizontal: 1;
    }
    PageView > #page-more {
        color: $text-muted;
        padding: 0 1 1 1;
    }
    """

    part_size: ClassVar[int] = PAGE_CHUNK
    """About how many characters of a long page are shown at a time."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("j", "scroll_down", "Down", show=False, id="page.down"),
        Binding("k", "scroll_up", "Up", show=False, id="page.up"),
        Binding("m", "more", "More", id="page.more", tooltip="Show more of a long page"),
        Binding(
            "right",
            "scroll_tables(8)",
            "Table →",
            show=False,
            id="page.table_right",
            tooltip="Scroll the wide tables of the page to the right",
        ),
        Binding(
            "left",
            "scroll_tables(-8)",
            "Table ←",
            show=False,
            id="page.table_left",
            tooltip="Scroll the wide tables of the page to the left",
        ),
    ]

    class LinkActivated(Message):
        """A link of the page was followed that is not an anchor of the page itself."""

        def __init__(self, view: PageView, href: str) -> None:
            super().__init__()
            self.view = view
            self.href = href

        @property
        def control(self) -> PageView:
            return self.view

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.page: ShownPage | None = None
        self._updating = asyncio.Lock()
        self._rest = ""  # the part of a long page not shown yet

    def compose(self) -> Any:
        yield Static(id="page-title")
        yield Static(id="page-description")
        yield Markdown(open_links=False)
        yield Static(id="page-more")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "more":
            return bool(self._rest)
        return True

    def check_consume_key(self, key: str, character: str | None) -> bool:
        # On the page, m is "show more", even with nothing more to show: it never falls
        # through to the screen's m (moving the space), which the palette still offers here.
        return key == "m"

    def _show_more_notice(self) -> None:
        notice = self.query_one("#page-more", Static)
        notice.display = bool(self._rest)
        if self._rest:
            left = max(1, round(len(self._rest) / 1000))
            notice.update(
                Content(f"This page goes on for about {left} KB more: press m to show more.")
            )
        self.refresh_bindings()

    async def action_more(self) -> None:
        """Show the next part of a long page."""
        if not self._rest:
            return
        part, self._rest = split_markdown(self._rest, self.part_size)
        await self.markdown.append(part)
        self._widen_tables()
        self._show_more_notice()

    @property
    def markdown(self) -> Markdown:
        return self.query_one(Markdown)

    def show_placeholder(self, message: str) -> None:
        """A message instead of a page (while loading, or when there is none)."""
        self.page = None
        self._rest = ""
        self._show_more_notice()
        title = self.query_one("#page-title", Static)
        title.update(Content(message))
        title.display = True
        self.query_one("#page-description", Static).display = False
        self.markdown.display = False

    async def show_page(self, page: ShownPage, body: str | None = None) -> None:
        """Show a page model (a RevisionPage); ``body`` replaces its markdown when given."""
        # One update at a time: the Markdown widget caches its table of contents, and two
        # updates in flight can leave it describing the wrong document.
        async with self._updating:
            if self.page is not None and self.page == page and body is None:
                return  # the same page again (the cache, then the service, agreeing)
            same_page = self.page is not None and self.page.id == page.id
            self.page = page
            title = f"{page.emoji} {page.title}" if page.emoji else page.title
            self.query_one("#page-title", Static).update(text.content(title))
            description = self.query_one("#page-description", Static)
            description.update(text.block(page.description or ""))
            description.display = bool(page.description)
            self.markdown.display = True
            source = text.safe(body if body is not None else page.markdown or "")
            repeats_title = opens_with_title(source, text.safe(page.title))
            shown, self._rest = split_markdown(source, self.part_size)
            # Empty, then appended: Markdown.append re-reads the last block it parsed, and
            # after update() it would merge the next part's first block into the last one
            # shown (a section's body vanished after m). Appended from the start, every part
            # follows the same path.
            await self.markdown.update("")
            if shown:
                await self.markdown.append(shown)
            if repeats_title:
                # The title once: the title line (with its emoji) stays, the body's own first
                # heading, which repeats it, is hidden (and stays in the table of contents).
                first = next(iter(self.markdown.children), None)
                if isinstance(first, MarkdownHeader):
                    first.display = False
            self._widen_tables()
            self._show_more_notice()
            if not same_page:
                self.scroll_home(animate=False, immediate=True)

    def _widen_tables(self) -> None:
        """Give each table the width its columns need, so that none is cut to ``1,2…``.

        Textual shrinks a table to the view, cutting its cells; a table wider than the view
        is better read whole, scrolled sideways.
        """
        for content in self.markdown.query(MarkdownTableContent):
            rows = [content.headers, *content.rows]
            columns = max((len(row) for row in rows), default=0)
            widths = [
                max(
                    (
                        cell_len(line)
                        for row in rows
                        if index < len(row)
                        for line in (row[index].plain.splitlines() or [""])
                    ),
                    default=0,
                )
                for index in range(columns)
            ]
            # Each cell has a column of padding on both sides, and a line between columns.
            natural = sum(width + 2 for width in widths) + columns + 1
            content.styles.min_width = natural

    def action_scroll_tables(self, columns: int) -> None:
        """Scroll the wide tables of the page sideways (those narrower do not move)."""
        for table in self.markdown.query(MarkdownTable):
            table.scroll_relative(x=columns, animate=False)

    def goto_section(self, anchor: str = "", title: str = "") -> bool:
        """Scroll so the heading of a section is at the top; False if the page has none such.

        The heading is found by its title, else by its anchor as the service or as GitHub
        would write it. A section in the part of a long page not shown yet is revealed first.
        """
        if self._scroll_to_section(anchor, title):
            return True
        wanted = text.one_line(title).casefold()
        if self._rest and ((wanted and wanted in self._rest.casefold()) or anchor):

            async def reveal() -> None:
                await self._reveal(anchor, title)

            self.run_guarded(reveal, group="reveal")
            return True
        return False

    async def _reveal(self, anchor: str, title: str) -> None:
        while self._rest:
            await self.action_more()
            if self._scroll_to_section(anchor, title):
                return

    def _scroll_to_section(self, anchor: str, title: str) -> bool:
        wanted_title = text.one_line(title).casefold()
        for _level, heading, header_id in self.markdown.table_of_contents:
            found = bool(wanted_title) and heading.strip().casefold() == wanted_title
            if not found and anchor:
                found = anchor in (section_slug(heading), textual_slug(heading))
            if found:
                block = self.markdown.query_one(f"#{header_id}")
                self.call_after_refresh(self._scroll_to_block, block, 60)
                return True
        return False

    def _scroll_to_block(self, block: Widget, attempts: int) -> None:
        # A page just mounted may not be laid out yet: until the heading has a place and the
        # view is tall enough to bring it to the top, try again after the next refresh.
        top = self.region.y - round(self.scroll_y)
        offset = block.region.y - top
        laid_out = (
            block.region.height > 0
            and self.virtual_size.height >= self.markdown.region.bottom - top
        )
        if not laid_out and attempts > 0:
            self.set_timer(0.02, lambda: self._scroll_to_block(block, attempts - 1))
            return
        self.scroll_to(y=max(0, offset), animate=False, immediate=True)

    def on_markdown_link_clicked(self, event: Markdown.LinkClicked) -> None:
        event.stop()
        href = event.href
        if href.startswith("#"):
            self.goto_section(anchor=href[1:])
        else:
            self.post_message(self.LinkActivated(self, href))
