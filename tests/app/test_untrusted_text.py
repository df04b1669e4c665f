"""Server text reaches the screen literally: markup is not read, controls are neutralised."""

from __future__ import annotations

from tui import text
from tui.screens import OrganizationScreen, SpaceScreen
from tui.widgets import Breadcrumbs

from ..conftest import ORG
from .conftest import screen_text, settle


def test_safe_pictures_escape_and_c0_controls_and_keeps_lines():
    assert text.safe("a\x1b[31mred\x07") == "a␛[31mred␇"
    assert text.safe("one\ntwo\tthree") == "one\ntwo\tthree"
    assert text.safe("crlf\r\nline\rmac") == "crlf\nline\nmac"
    assert text.safe("del\x7f") == "del␡"


def test_safe_neutralises_c1_controls_and_removes_bidi_overrides():
    assert text.safe("csi\x9b31m") == "csi\ufffd31m"
    assert text.safe("abc\u202edcba\u202c") == "abcdcba"
    assert text.safe("\u2066iso\u2069") == "iso"
    assert text.safe(None) == ""


def test_labels_are_one_line_and_never_markup():
    assert text.one_line("two\nlines\tand tab") == "two lines and tab"
    assert text.content("[/]").plain == "[/]"
    assert text.content("[b]bold[/b]").plain == "[b]bold[/b]"
    assert text.text("[red]x").plain == "[red]x"


async def test_a_space_titled_like_markup_is_shown_literally(make_app, admin):
    made = await admin.spaces.create_space(ORG, title="[/]")
    await admin.spaces.create_space(ORG, title="[b]bold[/b] \x1b[31mred")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, OrganizationScreen)
        shown = screen_text(app)
        assert "[/]" in shown
        assert "[b]bold[/b] ␛[31mred" in shown
        assert "\x1b" not in shown
        app.screen.content_tree.select_key(f"space:{made.id}")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, SpaceScreen)
        assert app.screen.query_one(Breadcrumbs).crumbs[-1].title.endswith("[/]")
        assert "[/]" in screen_text(app).splitlines()[0]
