"""The whole of a space's content from its screen: links, backlinks, the link report, import,
templates."""

from __future__ import annotations

from tests.pilot.acting import notifications, on_screen, open_northwind, sent
from tests.pilot.fixtures import paste, settle
from tui.browse.content_forms import ImportDialog, TemplateDialog
from tui.browse.content_links import BacklinksDialog, LinkReportDialog, PageLinksDialog
from tui.browse.page_view import PageView
from tui.browse.space import SpaceScreen
from tui.widgets import ItemList, StatusLine


async def open_api_reference(pilot) -> SpaceScreen:
    await open_northwind(pilot)
    await pilot.press("right", "down", "down", "enter")  # Product › API Reference
    await settle(pilot)
    assert isinstance(pilot.app.screen, SpaceScreen)
    return pilot.app.screen


async def show_page(pilot, space: SpaceScreen, title: str) -> None:
    page = next(p for p in space.pages.values() if p.title == title)
    space.go_to_section(page.id)
    await settle(pilot)
    assert space.query_one(PageView).page.title == title


def rows(app) -> list[str]:
    return [entry.prompt.plain for entry in app.screen.query_one("#list-rows", ItemList).entries]


async def choose(pilot, value: str) -> None:
    pilot.app.screen.query_one("#list-choice").select.value = value
    await settle(pilot)


async def test_l_lists_the_links_of_the_page_and_marks_the_broken_one(make_app, transport):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        space = await open_api_reference(pilot)
        await show_page(pilot, space, "Changelog")
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, PageLinksDialog)
        shown = on_screen(app)
        assert "broken" in shown and "✗ broken migration-guide.md" in rows(app)
        assert any(row == "→ Rate limits" for row in rows(app))
        await choose(pilot, "broken")
        assert rows(app) == ["✗ broken migration-guide.md"]
        await choose(pilot, "ok")
        assert "✗ broken migration-guide.md" not in rows(app)
        link_requests = [s for s in sent(transport, "GET") if s.path.endswith("/links")]
        assert link_requests[-1].params.get("status") == ["ok"]
        listing = app.screen.query_one("#list-rows", ItemList)
        listing.select_key(
            next(e.key for e in listing.entries if e.prompt.plain == "→ Rate limits")
        )
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is space
        assert space.query_one(PageView).page.title == "Rate limits"


async def test_b_lists_the_pages_that_link_to_the_page_and_enter_goes_to_one(make_app):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        space = await open_api_reference(pilot)
        await show_page(pilot, space, "Rate limits")
        await pilot.press("b")
        await settle(pilot)
        assert isinstance(app.screen, BacklinksDialog)
        found = rows(app)
        assert "← Changelog" in found and "← Errors" in found
        assert f"{len(found)} pages link here." in on_screen(app)
        listing = app.screen.query_one("#list-rows", ItemList)
        listing.select_key(next(e.key for e in listing.entries if e.prompt.plain == "← Errors"))
        await pilot.press("enter")
        await settle(pilot)
        assert space.query_one(PageView).page.title == "Errors"


async def test_b_on_the_files_tab_lists_the_pages_that_show_the_file(make_app):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        space = await open_api_reference(pilot)
        await pilot.press("f")
        await settle(pilot)
        assert space.file_list.highlighted.name == "architecture.png"
        await pilot.press("b")
        await settle(pilot)
        assert isinstance(app.screen, BacklinksDialog)
        assert "← Quickstart" in rows(app)


async def test_the_status_says_how_many_links_are_broken_and_B_goes_to_the_page(make_app):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        space = await open_api_reference(pilot)
        status = str(space.query_one(StatusLine).render())
        assert "1 broken link: B lists them" in status
        await pilot.press("B")
        await settle(pilot)
        assert isinstance(app.screen, LinkReportDialog)
        assert rows(app) == ["✗ broken migration-guide.md  in Changelog"]
        assert "13 links, 1 broken." in on_screen(app)
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is space
        assert space.query_one(PageView).page.title == "Changelog"


async def test_I_imports_from_an_address_and_says_what_came(make_app, transport):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        space = await open_api_reference(pilot)
        await pilot.press("I")
        await settle(pilot)
        assert isinstance(app.screen, ImportDialog)
        await paste(pilot, "https://docs.example.com/guide")
        app.screen.query_one("#import-source").select.value = "markdown"
        await pilot.press("enter")
        await settle(pilot)
        [post] = sent(transport, "POST")
        assert post.path == f"/v1/spaces/{space.space_id}/content/import"
        assert post.json == {"url": "https://docs.example.com/guide", "source": "markdown"}
        assert app.screen is space
        [told] = [n for n in notifications(app) if n.startswith("Imported")]
        assert "Imported 0 of 1 resource from https://docs.example.com/guide (markdown)" in told
        assert "New: “Imported from https://docs.example.com/guide”." in told
        assert (
            space.query_one(PageView).page.title == "Imported from https://docs.example.com/guide"
        )


async def test_an_address_that_is_not_a_web_address_is_refused_before_sending(make_app, transport):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_api_reference(pilot)
        await pilot.press("I")
        await settle(pilot)
        await paste(pilot, "docs.example.com")
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ImportDialog)
        assert "Address is a web address: https://" in on_screen(app)
        assert transport.count("POST") == 0


async def test_T_applies_a_template_with_a_file_and_shows_the_new_page(make_app, transport):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        space = await open_api_reference(pilot)
        await pilot.press("T")
        await settle(pilot)
        assert isinstance(app.screen, TemplateDialog)
        await paste(pilot, "product-docs")
        files = app.screen.files
        app.screen.query_one("#template-file").select.value = files[0].id
        await pilot.click("#confirm")
        await settle(pilot)
        [post] = sent(transport, "POST")
        assert post.json == {
            "id": "product-docs",
            "params": {"contentRefs": {"logo": {"kind": "file", "file": files[0].id}}},
        }
        assert app.screen is space
        assert any(n.startswith("Applied the template product-docs") for n in notifications(app))
        assert space.query_one(PageView).page.title == "Product docs"


async def test_a_reader_cannot_import_and_nothing_is_sent(make_app, transport):
    app = make_app("demo-reader")
    async with app.run_test(size=(100, 30)) as pilot:
        await open_api_reference(pilot)
        await pilot.press("I")
        await settle(pilot)
        assert not isinstance(app.screen, ImportDialog)
        assert "You need the edit role to import content into this space." in notifications(app)
        assert transport.count("POST") == 0
