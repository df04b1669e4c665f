"""Getting around as a new user does: the filter, Esc, breadcrumbs, focus, the footer, the pages."""

from __future__ import annotations

from textual.widgets._footer import FooterKey
from textual.widgets._toast import Toast

from tests.pilot.acting import highlight, open_northwind, tree_rows
from tests.pilot.fixtures import screen_text, settle
from tui.browse.organization import OrganizationScreen
from tui.browse.page_view import PageView
from tui.browse.search import SearchScreen
from tui.browse.space import SpaceScreen
from tui.browse.space_form import SpaceForm
from tui.browse.welcome import WelcomeScreen
from tui.dialogs import KeysScreen
from tui.widgets import Breadcrumbs, DetailPane, FilterBar, ItemList


def crumbs(app) -> list[str]:
    return [c.title for c in app.screen.query_one(Breadcrumbs).crumbs]


def details(screen) -> str:
    return str(screen.query_one("#details", DetailPane).render())


async def open_api_reference(pilot) -> SpaceScreen:
    await open_northwind(pilot)
    await pilot.press("right", "down", "down", "enter")  # Product › API Reference
    await settle(pilot)
    assert isinstance(pilot.app.screen, SpaceScreen)
    return pilot.app.screen


# -- the filter ------------------------------------------------------------------------------


async def test_what_is_typed_in_the_filter_is_shown(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_northwind(pilot)
        await pilot.press("slash", *"handb")
        await settle(pilot)
        lines = screen_text(app).splitlines()
        assert lines[-3].strip() == "handb"  # above the status line and the footer


async def test_the_filter_finds_a_space_in_a_collection_never_opened(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_northwind(pilot)
        assert "Guides" not in " ".join(tree_rows(screen.content_tree))
        await pilot.press("slash", *"javascript")
        await settle(pilot)
        assert tree_rows(screen.content_tree) == [
            "Product",
            "Guides",
            "SDKs",
            "🟨 JavaScript SDK",
        ]


async def test_esc_after_keeping_a_filter_clears_it_and_stays(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_northwind(pilot)
        await pilot.press("slash", *"release", "enter")
        await settle(pilot)
        assert tree_rows(screen.content_tree) == ["📣 Release notes"]
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen
        assert "Product" in tree_rows(screen.content_tree)
        assert not screen.query_one(FilterBar).value
        await pilot.press("escape")  # nothing to clear now: back
        await settle(pilot)
        assert app.screen is not screen


async def test_the_details_follow_what_the_filter_leaves(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_northwind(pilot)
        assert "Product" in details(screen)
        await pilot.press("slash", *"release")
        await settle(pilot)
        assert "Release notes" in details(screen) and "Product" not in details(screen)
        await pilot.press(*"zzz")
        await settle(pilot)
        assert "Release notes" not in details(screen)


# -- Esc from what a search opened -----------------------------------------------------------


async def test_esc_from_a_page_found_in_the_organisation_goes_back_to_the_results(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_northwind(pilot)
        await pilot.press("s", *"rate limits", "enter")
        await settle(pilot)
        results = app.screen
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, SpaceScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is results


async def test_esc_from_a_page_found_in_the_space_goes_back_to_the_results(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        space = await open_api_reference(pilot)
        await pilot.press("s", *"rotating", "enter")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is space
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, SearchScreen)
        assert app.screen.query_text == "rotating"
        assert app.screen.query_one(ItemList).visible_count() >= 1
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is space
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, OrganizationScreen)


# -- breadcrumbs -----------------------------------------------------------------------------


async def test_the_search_breadcrumb_says_what_was_searched(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_api_reference(pilot)
        await pilot.press("s", *"tokens", "enter")
        await settle(pilot)
        assert crumbs(app) == ["Northwind Labs", "Product", "📘 API Reference", "Search “tokens”"]


async def test_the_files_tab_breadcrumb_names_the_files_not_the_last_page(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_api_reference(pilot)
        assert crumbs(app)[-1] == "🚀 Quickstart"
        await pilot.press("f")
        await settle(pilot)
        assert crumbs(app) == ["Northwind Labs", "Product", "📘 API Reference", "Files"]
        await pilot.press("p")
        await settle(pilot)
        assert crumbs(app)[-1] == "🚀 Quickstart"


# -- the footer, the keys, notifications at 80x24 --------------------------------------------


async def test_at_80_columns_the_footer_shows_whole_keys_and_always_the_keys_key(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_api_reference(pilot)
        footer = screen_text(app).splitlines()[-1]
        shown = list(app.screen.query(FooterKey))
        assert any(key.action.endswith("show_keys") for key in shown)
        for key in shown:
            assert f"{key.key_display} {key.description}".strip() in footer
        assert "? Keys" in footer and "Qui▏" not in footer


async def test_the_keys_dialog_keeps_its_instructions_at_80x24(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_northwind(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, KeysScreen)
        assert "Esc closes" in screen_text(app)


async def test_a_notification_never_covers_a_dialog(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_northwind(pilot)
        await highlight(pilot, screen, "Team handbook")
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, SpaceForm)
        app.notify("A message\nover two lines", title="Something happened")
        await settle(pilot)
        dialog = app.screen.query_one(".dialog").region
        toasts = [toast.region for toast in app.screen.query(Toast)]
        assert toasts and all(not toast.overlaps(dialog) for toast in toasts)


# -- connecting, the browser -----------------------------------------------------------------


async def test_the_connect_form_offers_the_base_url_docdeck_was_given(make_app):
    app = make_app(None, base_url="http://localhost:8787/v1")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, WelcomeScreen)
        assert app.screen.query_one("#base-url").value == "http://localhost:8787/v1"


async def test_o_without_a_browser_says_so_and_offers_to_copy(make_app, browser):
    app = make_app(has_browser=lambda: False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("o")
        await settle(pilot)
        [told] = list(app._notifications)
        assert told.title == "No web browser on this machine"
        assert "press y" in told.message.lower()
        assert browser.opened == []


# -- the space and its pages -----------------------------------------------------------------


async def test_the_details_never_show_a_space_that_was_deleted(make_app, admin):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_northwind(pilot)
        await highlight(pilot, screen, "Release notes")
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, SpaceScreen)
        await pilot.press("d", *"Release notes", "enter")
        await settle(pilot)
        assert app.screen is screen
        assert "Release notes" not in tree_rows(screen.content_tree)
        assert "Release notes" not in details(screen)


async def test_tab_reaches_the_page_and_the_keys_scroll_it(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        space = await open_api_reference(pilot)
        view = space.query_one(PageView)
        assert space.focused is space.page_tree
        await pilot.press("tab")
        assert space.focused is view
        await pilot.press("pagedown")
        await settle(pilot)
        assert view.scroll_y > 0


async def test_the_page_title_shows_once(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_api_reference(pilot)
        body = screen_text(app).splitlines()[3:-2]
        assert sum(line.count("Quickstart") for line in body) == 2  # the tree, the heading


async def test_search_snippets_read_as_text_and_mark_the_words_found(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_northwind(pilot)
        await pilot.press("s", *"colour", "enter")
        await settle(pilot)
        entries = [e for e in app.screen.query_one(ItemList).entries if not e.heading]
        snippets = [e.prompt.plain.splitlines()[1] for e in entries]
        assert all("**" not in s and "](" not in s for s in snippets)
        assert all(len(s) <= 80 for s in snippets)
        marked = [
            e.prompt.plain[span.start : span.end]
            for e in entries
            for span in e.prompt.spans
            if "bold" in str(span.style)
        ]
        assert "Colour" in marked or "colour" in marked


async def test_a_wide_table_keeps_its_columns_and_scrolls_sideways(make_app):
    from textual.widgets._markdown import MarkdownTable

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        space = await open_api_reference(pilot)
        target = next(p for p in space.pages.values() if p.title == "Rate limits")
        space.go_to_section(target.id)
        await settle(pilot)
        view = space.query_one(PageView)
        [table] = list(view.query(MarkdownTable))
        cells = [str(cell.render()) for cell in table.query(".cell")]
        assert cells and not any(cell.endswith("…") for cell in cells)
        assert table.max_scroll_x > 0  # wider than the view
        view.focus()
        await pilot.press("right")
        await settle(pilot)
        assert table.scroll_x > 0
