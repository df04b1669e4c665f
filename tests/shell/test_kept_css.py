"""The first frame's CSS, parsed at one start and taken from the user cache at the next.

A start with a first screen (the command line's) keeps the rules Textual parsed for its first
frame (``tui/shell/kept_css.py``); the next start draws the same screen without parsing any
of it. A file that is not right (damaged, writable by others, of another theme) is parsed as
Textual always does.
"""

from __future__ import annotations

import os
import stat
import threading
from collections.abc import Iterator

import pytest
from textual.css.stylesheet import Stylesheet

from tests.pilot.fixtures import FROZEN_NOW
from tui.app import ConnectionLabel, DocdeckApp
from tui.config import ConfigError
from tui.first_screen import FirstScreen, FirstScreenCache, OrganizationSummary
from tui.shell.kept_css import kept_css_file

LABEL = ConnectionLabel("demo", "docdeck.test")
BASE_URL = "http://docdeck.test/v1"


@pytest.fixture
def parses(monkeypatch) -> Iterator[list[str]]:
    """The CSS sources handed to Textual's parser, by where they were read. (The suite keeps
    Textual's parses across apps, tests/conftest.py: what is counted is what was not taken
    from the kept file, whoever parses it then.)"""
    seen: list[str] = []
    parse_rules = Stylesheet._parse_rules

    def counted(self, css, read_from, *args, **kwargs):
        seen.append(str(read_from))
        return parse_rules(self, css, read_from, *args, **kwargs)

    monkeypatch.setattr(Stylesheet, "_parse_rules", counted)
    yield seen


async def first_frame(
    tmp_path, parses: list[str], *, theme: str | None = None
) -> tuple[DocdeckApp, str, list[str]]:
    """An app started as the command line starts it, its first frame (an SVG) and the CSS
    parsed for it; the connection is held back, so that only the first frame is drawn."""
    parses.clear()
    cache = FirstScreenCache(tmp_path)
    cache.save("demo", BASE_URL, [OrganizationSummary("org-1", "Northwind (as last seen)")])
    release = threading.Event()

    def connect() -> None:
        release.wait(10)
        # Once the test is done with it: ending the app, rather than connecting (or showing the
        # connect screen, whose CSS would be parsed while the next app draws its first frame).
        raise ConfigError("held back")

    first = FirstScreen(cache, "demo", BASE_URL, cache.load("demo", BASE_URL), connect)
    app = DocdeckApp(None, LABEL, first_screen=first, clock=lambda: FROZEN_NOW)
    if theme is not None:
        app.theme = theme
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            parsed = list(parses)
            # What the app does once started, well after its first frame (the footer's keys
            # and the filter bar are mounted by then).
            await pilot.pause(0.2)
            picture = app.export_screenshot()
            app.stylesheet.keep()  # type: ignore[attr-defined]
            return app, picture, parsed
    finally:
        release.set()


async def test_a_second_start_draws_the_same_first_frame_without_parsing_css(tmp_path, parses):
    _, first, parsed = await first_frame(tmp_path, parses)
    assert parsed  # the first start parsed the app's, the screen's and the widgets' CSS
    kept = kept_css_file(tmp_path)
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    assert stat.S_IMODE(kept.parent.stat().st_mode) == 0o700
    _, second, parsed = await first_frame(tmp_path, parses)
    assert parsed == []
    assert second == first
    assert "Northwind" in second  # the organisation the cache painted


@pytest.mark.parametrize("damage", ["garbage", "writable by others", "another theme"])
async def test_a_kept_file_that_is_not_right_is_parsed_as_usual(tmp_path, parses, damage):
    _, first, _ = await first_frame(tmp_path, parses)
    kept = kept_css_file(tmp_path)
    if damage == "garbage":
        kept.write_bytes(b"\x80\x05not a pickle")
    elif damage == "writable by others":
        os.chmod(kept, 0o666)
    theme = "textual-light" if damage == "another theme" else None
    _, second, parsed = await first_frame(tmp_path, parses, theme=theme)
    assert any("app.tcss" in where for where in parsed)
    if theme is None:
        assert second == first
