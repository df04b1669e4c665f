"""Provides PageView: a page's title and markdown body, scrollable to any of its sections."""

from __future__ import annotations

import asyncio
import re
from typing import Any, ClassVar

from textual._slug import slug as textual_slug
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Markdown, Static

from .. import text

__all__ = ["PageView", "section_slug"]


def section_slug(heading: str) -> str:
    """The anchor the service gives a heading: lower case, words joined by dashes."""
    return re.sub(r"[^\w]+", "-", heading.casefold()).strip("-")


class PageView(VerticalScroll):
    """Shows one page of a space. Server markdown goes through ``tui.text.safe`` first."""

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
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("j", "scroll_down", "Down", show=False, id="page.down"),
        Binding("k", "scroll_up", "Up", show=False, id="page.up"),
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
        self.page: Any = None
        self._updating = asyncio.Lock()

    def compose(self) -> Any:
        yield Static(id="page-title")
        yield Static(id="page-description")
        yield Markdown(open_links=False)

    @property
    def markdown(self) -> Markdown:
        return self.query_one(Markdown)

    def show_placeholder(self, message: str) -> None:
        """A message instead of a page (while loading, or when there is none)."""
        self.page = None
        self.query_one("#page-title", Static).update(Content(message))
        self.query_one("#page-description", Static).display = False
        self.markdown.display = False

    async def show_page(self, page: Any, body: str | None = None) -> None:
        """Show a page model (a RevisionPage); ``body`` replaces its markdown when given."""
        # One update at a time: the Markdown widget caches its table of contents, and two
        # updates in flight can leave it describing the wrong document.
        async with self._updating:
            if self.page is not None and self.page == page and body is None:
                return  # the same page again (the cache, then the service, agreeing)
            same_page = self.page is not None and getattr(self.page, "id", None) == page.id
            self.page = page
            title = f"{page.emoji} {page.title}" if getattr(page, "emoji", None) else page.title
            self.query_one("#page-title", Static).update(text.content(title))
            description = self.query_one("#page-description", Static)
            description.update(text.block(page.description or ""))
            description.display = bool(page.description)
            self.markdown.display = True
            await self.markdown.update(text.safe(body if body is not None else page.markdown or ""))
            if not same_page:
                self.scroll_home(animate=False)

    def goto_section(self, anchor: str = "", title: str = "") -> bool:
        """Scroll so the heading of a section is at the top; False if the page has none such.

        The heading is found by its title, else by its anchor as the service or as GitHub
        would write it.
        """
        wanted_title = text.one_line(title).casefold()
        for _level, heading, header_id in self.markdown.table_of_contents:
            found = bool(wanted_title) and heading.strip().casefold() == wanted_title
            if not found and anchor:
                found = anchor in (section_slug(heading), textual_slug(heading))
            if found:
                block = self.markdown.query_one(f"#{header_id}")
                self.call_after_refresh(self._scroll_to_block, block, 20)
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
        self.scroll_to(y=max(0, offset), animate=False)

    def on_markdown_link_clicked(self, event: Markdown.LinkClicked) -> None:
        event.stop()
        href = event.href
        if href.startswith("#"):
            self.goto_section(anchor=href[1:])
        else:
            self.post_message(self.LinkActivated(self, href))
