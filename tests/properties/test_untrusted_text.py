"""Server text reaches the screen literally: markup is not read, controls are neutralised."""

from __future__ import annotations

from tests.pilot.fixtures import screen_text, settle
from tui.browse.organization import OrganizationScreen
from tui.browse.space import SpaceScreen
from tui.core import text
from tui.widgets import Breadcrumbs

from ..conftest import ORG


def test_safe_pictures_escape_and_c0_controls_and_keeps_lines():
    assert text.safe("a\x1b[31mred\x07") == "a␛[31mred␇"
    assert text.safe("one\ntwo\tthree") == "one\ntwo\tthree"
    assert text.safe("crlf\r\nline\rmac") == "crlf\nline\nmac"
    assert text.safe("del\x7f") == "del␡"


def test_safe_neutralises_c1_controls_and_removes_bidi_overrides():
    assert text.safe("csi\x9b31m") == "csi␛[31m"
    assert text.safe("abc\u202edcba\u202c") == "abcdcba"
    assert text.safe("\u2066iso\u2069") == "iso"
    assert text.safe(None) == ""


def test_every_ascii_character_is_either_kept_or_pictured():
    printable = "".join(map(chr, range(0x20, 0x7F)))
    assert text.safe(printable) == printable  # nothing to neutralise: kept as it is
    controls = "".join(chr(c) for c in range(0x20) if c not in (9, 10, 13)) + "\x7f"
    pictured = text.safe(printable + controls)
    assert pictured == printable + "".join(chr(0x2400 + ord(c)) for c in controls[:-1]) + "␡"


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


def terminal_width(value: str) -> int:
    """Cells a wcwidth terminal (tmux) draws: 2 for wide characters, 0 for marks, else 1."""
    import unicodedata

    width = 0
    for char in value:
        if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
            continue
        width += 2 if unicodedata.east_asian_width(char) in "WF" else 1
    return width


def test_emoji_are_drawn_in_a_form_every_terminal_measures_alike():
    from rich.cells import cell_len

    for title in ["🏛️ Architecture decisions", "⚠️ Incidents", "⏱️ Uptime", "👍🏽 Approved"]:
        shown = text.one_line(title)
        assert cell_len(shown) == terminal_width(shown), (title, shown)
    assert text.one_line("🏛️ Architecture decisions") == "🏛 Architecture decisions"
    assert text.safe("क्\u200dष") == "क्\u200dष"  # a joiner inside a word of Devanagari stays


def test_an_emoji_sequence_joined_by_zwj_is_one_picture_and_stays_whole():
    from rich.cells import cell_len

    # Split, 👩🏽‍💻 would read as a woman and a laptop (👩💻): it is kept as it came.
    for sequence in ["👩🏽\u200d💻", "👩\u200d💻", "🏳️\u200d🌈", "👨\u200d👩\u200d👧\u200d👦"]:
        assert text.one_line(f"{sequence} Dev notes") == f"{sequence} Dev notes"
        assert cell_len(text.safe(sequence)) == 2
    # Outside a sequence, a lone emoji still loses its skin tone and VS16.
    assert text.safe("👍🏽 and 🏛️ beside 👩🏽\u200d💻") == "👍 and 🏛 beside 👩🏽\u200d💻"


def test_a_c1_control_shows_as_the_escape_it_stands_for_never_as_a_replacement_character():
    # CSI, OSC and ST are ESC [, ESC ] and ESC \\ in eight bits: pictured like ESC itself.
    assert text.safe("\x9b2J\x9d0;title\x9c") == "␛[2J␛]0;title␛\\"
    assert text.one_line("a\x80b\x9fc") == "a␛@b␛_c"
    assert "\ufffd" not in text.safe("".join(map(chr, range(0x80, 0xA0))))


async def test_a_row_with_such_emoji_keeps_the_pane_border_in_its_column(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("down", "right")  # Internal, with 🏛️ Architecture decisions
        await settle(pilot)
        body = screen_text(app).splitlines()[1:-2]  # not the breadcrumbs, status and footer
        rows = [line for line in body if "▏" in line]
        assert any("Architecture decisions" in row for row in rows)
        # Where a wcwidth terminal draws the border: the same cell on every row.
        assert len({terminal_width(row[: row.index("▏")]) for row in rows}) == 1
