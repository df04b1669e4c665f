"""Proposing a change from a space, and browsing a change request's own content."""

from __future__ import annotations

from tests.browse.test_space_content_screen import choose, open_api_reference, rows, show_page
from tests.pilot.acting import notifications, on_screen, sent
from tests.pilot.fixtures import paste, settle
from tests.pilot.reviewing import drafts_home, tree_titles
from tui.browse.content_links import BacklinksDialog, PageLinksDialog
from tui.browse.revision import RevisionDialog
from tui.browse.space import SpaceScreen
from tui.review.change_request import ChangeRequestScreen
from tui.review.change_request_content_dialogs import ChangeRequestContentDialog
from tui.review.propose_change import ProposeChangeDialog
from tui.widgets import ItemList

__all__ = ["drafts_home"]

ADDRESS = "https://docs.example.com/limits"


async def propose(pilot, subject: str, address: str = "") -> ChangeRequestScreen:
    await pilot.press("W")
    await settle(pilot)
    assert isinstance(pilot.app.screen, ProposeChangeDialog)
    await paste(pilot, subject)
    if address:
        pilot.app.screen.query_one("#propose-url").input.focus()
        await pilot.pause()
        await paste(pilot, address)
    await pilot.press("enter")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, ChangeRequestScreen)
    return screen


async def test_W_proposes_a_change_with_imported_content_and_opens_it_for_review(
    make_app, transport
):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        space = await open_api_reference(pilot)
        screen = await propose(pilot, "Import the limits page", ADDRESS)
        create, imported = sent(transport, "POST")
        assert create.path == f"/v1/spaces/{space.space_id}/change-requests"
        assert create.json == {"subject": "Import the limits page"}
        cr_id = screen.change_request_id
        assert (
            imported.path == f"/v1/spaces/{space.space_id}/change-requests/{cr_id}/content/import"
        )
        assert imported.json == {"url": ADDRESS, "source": "website"}
        assert screen.location.title.endswith("Import the limits page")
        # The tree's narrow pane cuts the page's name (with …); the diff's title has it whole.
        assert any(title.startswith("+ Imported from https://") for title in tree_titles(screen))
        assert f"Imported from {ADDRESS}" in screen.query_one("#diff-title").render().plain
        assert any("is a draft with the content of" in n for n in notifications(app))


async def test_a_change_proposed_without_an_address_opens_empty_and_the_palette_offers_it(
    make_app, transport
):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        space = await open_api_reference(pilot)
        titles = [c.title for c in space.screen_commands()]
        assert "space: propose change" in titles
        screen = await propose(pilot, "Nothing yet")
        assert [s.path.rsplit("/", 1)[-1] for s in sent(transport, "POST")] == ["change-requests"]
        assert screen.view is not None and screen.view.change_request.subject == "Nothing yet"


async def test_a_reader_cannot_propose_a_change_and_nothing_is_sent(make_app, transport):
    app = make_app("demo-reader")
    async with app.run_test(size=(100, 30)) as pilot:
        await open_api_reference(pilot)
        await pilot.press("W")
        await settle(pilot)
        assert isinstance(app.screen, SpaceScreen)
        assert sent(transport, "POST") == []


async def test_C_browses_the_change_requests_pages_and_files_with_links_and_backlinks(
    make_app, transport
):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        space = await open_api_reference(pilot)
        screen = await propose(pilot, "Look around", ADDRESS)
        base = f"/v1/spaces/{space.space_id}/change-requests/{screen.change_request_id}/content"
        await pilot.press("C")
        await settle(pilot)
        assert isinstance(app.screen, ChangeRequestContentDialog)
        pages = rows(app)
        assert f"· Imported from {ADDRESS}" in pages
        assert any(row.startswith("  ") for row in pages)  # children under their parent
        assert any(s.path == base + "/pages" for s in sent(transport, "GET"))

        await choose(pilot, "files")
        assert any(s.path == base + "/files" for s in sent(transport, "GET"))
        files = rows(app)
        listing = app.screen.query_one("#list-rows", ItemList)
        listing.select_key(
            next(e.key for e in listing.entries if "architecture.png" in e.prompt.plain)
        )
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, BacklinksDialog)
        assert "in the change request" in on_screen(app)
        assert "← Quickstart" in rows(app)
        gets = [s.path for s in sent(transport, "GET")]
        file_path = next(
            p for p in gets if p.startswith(base + "/files/") and p.endswith("backlinks")
        )
        assert file_path.removesuffix("/backlinks") in gets  # the file as the change request has it
        assert files


async def test_l_lists_the_links_of_the_page_shown_as_the_change_request_has_them(
    make_app, transport
):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        space = await open_api_reference(pilot)
        screen = await propose(pilot, "Links", ADDRESS)
        change = screen.current_change()
        assert change is not None
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, PageLinksDialog)
        assert "in the change request" in on_screen(app)
        base = f"/v1/spaces/{space.space_id}/change-requests/{screen.change_request_id}"
        assert sent(transport, "GET")[-1].path == f"{base}/content/page/{change.page_id}/links"


async def test_i_shows_the_space_current_revision(make_app, transport):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        space = await open_api_reference(pilot)
        await pilot.press("i")
        await settle(pilot)
        assert isinstance(app.screen, RevisionDialog)
        assert sent(transport, "GET")[-1].path == f"/v1/spaces/{space.space_id}/content"
        shown = on_screen(app)
        assert f"Main is at {space.space.revision}." in shown
        assert "Holds" in shown


async def test_a_linked_file_opens_at_the_address_the_service_gives_now(
    make_app, transport, browser
):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        space = await open_api_reference(pilot)
        await show_page(pilot, space, "Quickstart")
        await pilot.press("l")
        await settle(pilot)
        listing = app.screen.query_one("#list-rows", ItemList)
        key = next(e.key for e in listing.entries if e.prompt.plain.startswith("▣ "))
        listing.select_key(key)
        await pilot.press("enter")
        await settle(pilot)
        [asked] = [s for s in sent(transport, "GET") if "/content/files/" in s.path]
        file = await app.client.space_content.get_file_by_id(
            space.space_id, asked.path.rsplit("/", 1)[-1]
        )
        assert browser.opened == [file.download_url]
