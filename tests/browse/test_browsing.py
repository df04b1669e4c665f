"""Browsing with the keyboard: organisations, collections, spaces, pages, back, filter, palette."""

from __future__ import annotations

from tests.pilot.fixtures import screen_text, settle
from tui.browse.organization import OrganizationScreen
from tui.browse.organizations import OrganizationsScreen
from tui.browse.page_view import PageView
from tui.browse.search import SearchScreen
from tui.browse.space import SpaceScreen
from tui.widgets import Breadcrumbs, ItemList, ItemTree, StatusLine


def tree_rows(tree: ItemTree) -> list[str]:
    rows = []
    for line in range(tree.last_line + 1):
        node = tree.get_node_at_line(line)
        if node is not None:
            rows.append(node.label.plain)
    return rows


async def open_northwind(pilot):
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)
    assert isinstance(pilot.app.screen, OrganizationScreen)
    return pilot.app.screen


async def test_the_first_screen_lists_the_organisations_of_the_token(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, OrganizationsScreen)
        listing = app.screen.query_one(ItemList)
        assert [e.search_text for e in listing.entries] == ["Northwind Labs", "Northwind Community"]
        assert "demo @ docdeck.test" in screen_text(app)


async def test_opening_an_organisation_shows_its_top_collections_and_spaces(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_northwind(pilot)
        rows = tree_rows(screen.content_tree)
        assert rows[:2] == ["Product", "Internal"]
        assert "📓 Team handbook" in rows
        assert "Guides" not in " ".join(rows)  # nested: not loaded until Product is expanded
        assert screen.query_one(Breadcrumbs).crumbs[0].title == "Northwind Labs"


async def test_expanding_a_collection_loads_its_sub_collections_and_spaces(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_northwind(pilot)
        product = screen.content_tree.highlighted
        assert product is not None and product.title == "Product"
        await pilot.press("right")
        await settle(pilot)
        rows = tree_rows(screen.content_tree)
        assert rows[:3] == ["Product", "Guides", "📘 API Reference"]
        assert transport.count("GET", f"/v1/collections/{product.value.id}/spaces") == 1
        await pilot.press("down", "right")  # Guides, a collection inside Product
        await settle(pilot)
        assert "🛫 Deploying to production" in tree_rows(screen.content_tree)


async def test_opening_a_space_shows_its_pages_and_the_first_page_in_markdown(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_northwind(pilot)
        await pilot.press("right", "down", "down", "enter")  # Product › API Reference
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, SpaceScreen)
        # Quickstart has an open thread: its row says so (review, issue 8).
        assert "🚀 Quickstart  💬1" in tree_rows(screen.page_tree)
        view = screen.query_one(PageView)
        assert view.page.title == "Quickstart"
        assert "Install the CLI" in [title for _, title, _ in view.markdown.table_of_contents][1]
        crumbs = [c.title for c in screen.query_one(Breadcrumbs).crumbs]
        assert crumbs == ["Northwind Labs", "Product", "📘 API Reference", "🚀 Quickstart"]


async def test_moving_in_the_page_tree_shows_the_highlighted_page(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_northwind(pilot)
        await pilot.press("right", "down", "down", "enter")
        await settle(pilot)
        await pilot.press("j")
        await settle(pilot)
        assert app.screen.query_one(PageView).page.title == "Authentication"


async def test_escape_goes_back_one_screen_at_a_time(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_northwind(pilot)
        await pilot.press("right", "down", "down", "enter")
        await settle(pilot)
        assert isinstance(app.screen, SpaceScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, OrganizationScreen)
        assert app.screen.content_tree.highlighted.title == "API Reference"
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, OrganizationsScreen)
        await pilot.press("escape")  # nothing above the first screen: stays
        await settle(pilot)
        assert isinstance(app.screen, OrganizationsScreen)


async def test_slash_filters_the_list_in_view_and_escape_clears_it(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_northwind(pilot)
        await pilot.press("slash", *"release")
        await settle(pilot)
        assert tree_rows(screen.content_tree) == ["📣 Release notes"]
        assert "1 loaded items match" in str(screen.query_one(StatusLine).render())
        await pilot.press("enter")  # keeps the filter, back to the tree
        assert screen.focused is screen.content_tree
        await pilot.press("slash", "escape")
        await settle(pilot)
        assert "Product" in tree_rows(screen.content_tree)


async def test_the_filter_finds_loaded_items_inside_collections(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_northwind(pilot)
        await pilot.press("right")
        await settle(pilot)
        await pilot.press("slash", *"api ref")
        await settle(pilot)
        assert tree_rows(screen.content_tree) == [
            "Product",
            "📘 API Reference",
            "📘 API Reference (fr)",
        ]


async def test_search_opens_the_page_scrolled_to_the_matching_section(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_northwind(pilot)
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, SearchScreen)
        await pilot.press(*"rate limits", "enter")
        await settle(pilot)
        results = app.screen.query_one(ItemList)
        assert results.visible_count() > 1
        # Pick a section that is not the page's first heading, so the page must scroll.
        target = next(
            e
            for e in results.entries
            if not e.heading and e.value.section_title != e.value.page_title
        )
        results.select_key(target.key)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, SpaceScreen)
        view = app.screen.query_one(PageView)
        assert view.page.id == target.value.page_id
        assert view.scroll_y > 0
        heading = next(
            view.markdown.query_one(f"#{block_id}")
            for _, title, block_id in view.markdown.table_of_contents
            if title == target.value.section_title
        )
        top, bottom = view.region.y, view.region.bottom
        assert top <= heading.region.y < bottom


async def test_the_palette_jumps_to_a_space_seen_before(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_northwind(pilot)
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"design system")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, SpaceScreen)
        assert app.screen.space.title == "Design system"


async def test_the_palette_runs_the_screen_actions_by_name(make_app, browser):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_northwind(pilot)
        titles = [command.title for command in screen.screen_commands()]
        assert "organization: open in browser" in titles and "organization: search" in titles
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"organization: open in", "enter")
        await settle(pilot)
        assert browser.opened == [screen.content_tree.highlighted.value.urls.app]


async def test_o_opens_the_web_page_and_y_copies_the_url(make_app, browser):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("o")
        await settle(pilot)
        assert browser.opened == ["https://app.gitbook.com/o/org-northwind/"]
        await pilot.press("y")
        assert app.clipboard == "https://app.gitbook.com/o/org-northwind/"


async def test_question_mark_lists_the_keys_of_the_screen(make_app):
    from tui.dialogs import KeysScreen

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_northwind(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, KeysScreen)
        listed = {k.description: k.keys for k in app.screen.keys}
        assert listed["Search"] == "s" and listed["Filter"] == "/" and "q" in listed["Quit"].split()
        body = app.screen.query_one(".dialog-body")
        assert body.max_scroll_y > 0  # at 80×24 the keys do not all fit
        await pilot.press("j", "j", "j")
        await settle(pilot)
        assert body.scroll_y == 3
        await pilot.press("k")
        await settle(pilot)
        assert body.scroll_y == 2
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, OrganizationScreen)


async def test_searching_a_space_goes_back_to_it_at_the_section(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_northwind(pilot)
        await pilot.press("right", "down", "down", "enter")
        await settle(pilot)
        space_screen = app.screen
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, SearchScreen) and app.screen.space is not None
        await pilot.press(*"rotating", "enter")
        await settle(pilot)
        target = app.screen.query_one(ItemList).highlighted_entry.value
        assert target.section_title == "Rotating a token"
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is space_screen
        view = space_screen.query_one(PageView)
        assert view.page.title == "API tokens"
        assert view.scroll_y > 0


async def test_clicking_a_breadcrumb_goes_back_there(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_northwind(pilot)
        await pilot.press("right", "down", "down", "enter")
        await settle(pilot)
        assert isinstance(app.screen, SpaceScreen)
        await pilot.click(Breadcrumbs, offset=(3, 0))  # on "Northwind Labs"
        await settle(pilot)
        assert isinstance(app.screen, OrganizationScreen)


async def test_a_link_to_another_page_of_the_space_opens_it(make_app, browser):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_northwind(pilot)
        await pilot.press("right", "down", "down", "enter")
        await settle(pilot)
        view = app.screen.query_one(PageView)
        view.post_message(PageView.LinkActivated(view, "authentication.md#scopes"))
        await settle(pilot)
        assert view.page.title == "Authentication"
        view.post_message(PageView.LinkActivated(view, "https://northwind.dev/status"))
        await settle(pilot)
        assert browser.opened == ["https://northwind.dev/status"]


async def test_q_quits(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("q")
        await pilot.pause()
        assert not app.is_running


async def test_the_palette_reveals_a_collection_seen_before_in_its_organisation(make_app):
    app = make_app()
    app.kept_screens.max_screens = 0  # a new screen each visit (kept ones: test_revisits.py)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_northwind(pilot)
        await pilot.press("right")  # Product: Guides is seen
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("ctrl+p", *"go to collection: guides", "enter")
        await settle(pilot)
        assert isinstance(app.screen, OrganizationScreen) and app.screen is not screen
        assert app.screen.content_tree.highlighted.title == "Guides"
        assert [c.title for c in app.screen.query_one(Breadcrumbs).crumbs] == [
            "Northwind Labs",
            "Product",
        ]
