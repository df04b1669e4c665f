"""Acting on spaces, from the organisation's tree and from the space itself: create, rename, emoji,
visibility, edit mode, default level, language, duplicate, move, transfer, delete and restore."""

from __future__ import annotations

from textual import events

from tests.pilot.acting import (
    collection_id,
    highlight,
    notifications,
    on_screen,
    open_northwind,
    option_labels,
    refuse,
    sent,
    space_id,
    tree_rows,
)
from tests.pilot.fixtures import FailingTransport, paste, settle
from tui.browse.confirm_delete import ConfirmDelete
from tui.browse.deleted_spaces import DeletedSpacesDialog
from tui.browse.move_dialog import MoveDialog
from tui.browse.organization import OrganizationScreen
from tui.browse.space import SpaceScreen
from tui.browse.space_form import SpaceForm
from tui.browse.transfer_dialog import TransferDialog
from tui.widgets import Breadcrumbs, ChoiceField, TextField

from ..conftest import ORG, OTHER_ORG


async def open_api_reference(pilot) -> SpaceScreen:
    await open_northwind(pilot)
    await pilot.press("right", "down", "down", "enter")  # Product › API Reference
    await settle(pilot)
    assert isinstance(pilot.app.screen, SpaceScreen)
    return pilot.app.screen


async def open_form(pilot, screen: OrganizationScreen, title: str, key: str) -> None:
    await highlight(pilot, screen, title)
    await pilot.press(key)
    await settle(pilot)


# -- create ---------------------------------------------------------------------------------


async def test_n_creates_a_space_in_the_highlighted_collection(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_northwind(pilot)
        product = screen.content_tree.highlighted.value
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, SpaceForm)
        await pilot.press(*"Changelog", "tab", "🧾", "enter")
        await settle(pilot)
        [post] = sent(transport, "POST")
        assert post.path == f"/v1/orgs/{ORG}/spaces"
        assert post.json == {"title": "Changelog", "emoji": "🧾", "parent": product.id}
        assert "🧾 Changelog" in tree_rows(screen.content_tree)  # Product opened to show it
        assert screen.content_tree.highlighted.title == "Changelog"
        assert "Created the space Changelog." in notifications(app)


async def test_a_space_can_be_created_at_the_top_instead(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_northwind(pilot)
        await pilot.press("n")
        await settle(pilot)
        assert option_count(app) == 5  # the top, then Product, Guides, SDKs, Internal
        await pilot.press("shift+tab", "enter", "home", "enter")  # Where: Top of Northwind Labs
        await settle(pilot)
        assert app.screen.query_one("#where", ChoiceField).value == ""
        await pilot.press("tab", *"Roadmap", "enter")
        await settle(pilot)
        assert [s.json for s in sent(transport, "POST")] == [{"title": "Roadmap"}]


def option_count(app) -> int:
    return len(app.screen.query_one("#where", ChoiceField).select._options)


async def test_a_new_space_title_or_emoji_over_50_characters_is_not_sent(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_northwind(pilot)
        await pilot.press("n")
        await paste(pilot, "t" * 51)
        await pilot.press("tab")
        app.screen.query_one("#emoji", TextField).input.post_message(events.Paste("🙂" * 51))
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, SpaceForm)
        assert transport.count("POST") == 0
        assert app.screen.query_one("#title", TextField).error.startswith("Title is 51")
        assert app.screen.query_one("#emoji", TextField).error.startswith("Emoji is 51")
        assert "the limit is 50: remove 1." in on_screen(app)


async def test_a_refused_creation_keeps_what_was_typed(make_app, transport):
    fail = refuse("POST", f"/orgs/{ORG}/spaces", 429, "Too many spaces created: wait a minute.")
    app = make_app(transport_override=FailingTransport(transport, fail=fail))
    async with app.run_test(size=(80, 24)) as pilot:
        await open_northwind(pilot)
        await pilot.press("n", *"Changelog", "enter")
        await settle(pilot)
        assert isinstance(app.screen, SpaceForm)
        assert "Too many spaces created: wait a minute." in on_screen(app)
        assert app.screen.query_one("#title", TextField).value == "Changelog"


# -- settings --------------------------------------------------------------------------------


async def test_e_renames_the_highlighted_space(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_northwind(pilot)
        await open_form(pilot, screen, "Team handbook", "e")
        handbook = screen.content_tree.highlighted.value
        await pilot.press(*"Handbook", "enter")
        await settle(pilot)
        [patch] = sent(transport, "PATCH")
        assert patch.path == f"/v1/spaces/{handbook.id}" and patch.json == {"title": "Handbook"}
        assert "📓 Handbook" in tree_rows(screen.content_tree)
        assert "Renamed the space to Handbook." in notifications(app)


async def test_renaming_the_open_space_updates_its_breadcrumbs(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_api_reference(pilot)
        await pilot.press("e", *"API", "enter")
        await settle(pilot)
        assert sent(transport, "PATCH")[0].json == {"title": "API"}
        assert "📘 API" in [c.title for c in screen.query_one(Breadcrumbs).crumbs]
        await pilot.press("escape")
        await settle(pilot)
        assert "📘 API" in tree_rows(app.screen.content_tree)  # the tree below reloaded


async def test_renaming_a_space_deleted_meanwhile_keeps_the_form(make_app, transport, admin):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_northwind(pilot)
        await open_form(pilot, screen, "Release notes", "e")
        await pilot.press(*"News")
        await admin.spaces.delete_space_by_id(await space_id(admin, "Release notes"))
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, SpaceForm)
        assert transport.sent[-1].status == 404
        assert "Not found: The space" in on_screen(app)
        assert app.screen.query_one("#title", TextField).value == "News"


async def test_an_empty_emoji_removes_it(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_northwind(pilot)
        await open_form(pilot, screen, "Team handbook", "E")
        assert app.screen.query_one("#emoji", TextField).value == "📓"
        await pilot.press("backspace", "enter")
        await settle(pilot)
        assert [s.json for s in sent(transport, "PATCH")] == [{"emoji": None}]
        assert "• Team handbook" in tree_rows(screen.content_tree)  # the emoji-less bullet
        assert "Removed the emoji of Team handbook." in notifications(app)


async def test_v_sets_the_visibility_without_offering_in_collection_at_the_top(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_northwind(pilot)
        await open_form(pilot, screen, "Team handbook", "v")
        values = [v for _, v in app.screen.query_one(ChoiceField).select._options]
        assert "in-collection" not in values
        assert "In collection is only for spaces in a collection" in on_screen(app)
        await pilot.press("enter", "up", "up", "up", "enter")  # private → unlisted
        await settle(pilot)
        await pilot.click("#confirm")
        await settle(pilot)
        assert [s.json for s in sent(transport, "PATCH")] == [{"visibility": "unlisted"}]
        assert screen.content_tree.highlighted.value.visibility == "unlisted"


async def test_M_locks_the_open_space(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_api_reference(pilot)
        await pilot.press("M")
        await settle(pilot)
        await pilot.press("enter", "down", "enter")
        await settle(pilot)
        await pilot.click("#confirm")
        await settle(pilot)
        assert [s.json for s in sent(transport, "PATCH")] == [{"editMode": "locked"}]
        assert screen.space.edit_mode == "locked"
        assert "API Reference is now locked." in notifications(app)


async def test_a_sets_a_space_default_level_and_guest_is_null(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_northwind(pilot)
        await open_form(pilot, screen, "Design system", "a")
        await pilot.press("enter", "end", "enter")
        await settle(pilot)
        await pilot.click("#confirm")
        await settle(pilot)
        assert [s.json for s in sent(transport, "PATCH")] == [{"defaultLevel": None}]


async def test_L_sets_the_language_by_typing_its_name(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_api_reference(pilot)
        await pilot.press("L")
        await settle(pilot)
        await pilot.press("enter", *"fre", "enter")
        await settle(pilot)
        assert app.screen.query_one("#language", ChoiceField).value == "fr"
        await pilot.click("#confirm")
        await settle(pilot)
        assert [s.json for s in sent(transport, "PATCH")] == [{"language": "fr"}]
        assert screen.space.language == "fr"


# -- duplicate, move, transfer ----------------------------------------------------------------


async def test_c_duplicates_a_space_next_to_it(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_northwind(pilot)
        await open_form(pilot, screen, "Release notes", "c")
        [post] = sent(transport, "POST")
        assert post.path.endswith("/duplicate")
        assert "📣 Copy of Release notes" in tree_rows(screen.content_tree)
        assert "Duplicated Release notes as Copy of Release notes." in notifications(app)


async def test_a_refused_duplicate_tells_the_services_message(make_app, transport):
    fail = refuse("POST", "/duplicate", 507, "The organisation has no room left for copies.")
    app = make_app(transport_override=FailingTransport(transport, fail=fail))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_api_reference(pilot)
        await pilot.press("c")
        await settle(pilot)
        assert app.screen is screen
        assert "The organisation has no room left for copies." in notifications(app)[-1]


async def test_m_moves_a_space_into_a_collection(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_northwind(pilot)
        await open_form(pilot, screen, "Team handbook", "m")
        assert isinstance(app.screen, MoveDialog)
        labels = option_labels(app.screen, "#places")
        assert labels[0] == "Top of Northwind Labs  (here now)"
        await pilot.press(*"internal", "enter")
        await settle(pilot)
        internal = await collection_id(app.client, "Internal")
        [move] = sent(transport, "POST")
        assert move.path.endswith("/move") and move.json == {"parent": internal}
        assert "📓 Team handbook" not in [n.label.plain for n in screen.content_tree.root.children]
        assert screen.content_tree.highlighted.title == "Team handbook"  # now in Internal


async def test_moving_a_space_into_a_collection_deleted_meanwhile_keeps_the_dialog(
    make_app, transport, admin
):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_northwind(pilot)
        await open_form(pilot, screen, "Team handbook", "m")
        await pilot.press(*"internal")
        await admin.collections.delete_collection_by_id(await collection_id(admin, "Internal"))
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, MoveDialog)
        assert "Invalid parent: no collection with this id in the organization." in on_screen(app)


async def test_t_transfers_the_open_space_after_its_name_is_typed(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_api_reference(pilot)
        await pilot.press("t")
        await settle(pilot)
        assert isinstance(app.screen, TransferDialog)
        assert "Transferring API Reference moves it out of Northwind Labs" in on_screen(app)
        await pilot.press("enter", *"api reference", "enter")
        await settle(pilot)
        [transfer] = sent(transport, "POST")
        assert transfer.path == f"/v1/spaces/{screen.space_id}/transfer"
        assert transfer.json == {"organization": OTHER_ORG}
        assert screen.space.organization == OTHER_ORG
        crumbs = [c.title for c in screen.query_one(Breadcrumbs).crumbs]
        assert crumbs[0] == "Northwind Community"


async def test_a_refused_space_transfer_keeps_the_dialog(make_app, transport, admin):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_northwind(pilot)
        await open_form(pilot, screen, "Design system", "t")
        await pilot.press("enter", *"Design system")
        await admin.spaces.delete_space_by_id(await space_id(admin, "Design system"))
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TransferDialog)
        assert "Not found: The space" in on_screen(app)


# -- delete and restore ----------------------------------------------------------------------


async def test_deleting_the_open_space_goes_back_and_u_restores_it(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_api_reference(pilot)
        await pilot.press("d")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDelete)
        assert "Deleting API Reference moves it to the trash" in on_screen(app)
        await pilot.press("enter")  # Enter alone destroys nothing
        await settle(pilot)
        assert transport.count("DELETE") == 0
        await pilot.press(*"API Reference", "enter")
        await settle(pilot)
        assert [s.path for s in sent(transport, "DELETE")] == [f"/v1/spaces/{screen.space_id}"]
        tree = app.screen.content_tree
        assert isinstance(app.screen, OrganizationScreen)
        assert "📘 API Reference" not in tree_rows(tree)
        await pilot.press("u")
        await settle(pilot)
        assert isinstance(app.screen, DeletedSpacesDialog)
        await pilot.press("enter")
        await settle(pilot)
        assert [s.path for s in sent(transport, "POST")] == [
            f"/v1/spaces/{screen.space_id}/restore"
        ]
        assert "📘 API Reference" in tree_rows(tree)
        assert "Restored the space API Reference." in notifications(app)


async def test_a_space_deleted_more_than_7_days_ago_cannot_be_restored(make_app, transport, clock):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_northwind(pilot)
        await open_form(pilot, screen, "Release notes", "delete")
        await pilot.press(*"Release notes", "enter")
        await settle(pilot)
        clock.advance(days=8)
        await pilot.press("u", "enter")
        await settle(pilot)
        assert isinstance(app.screen, DeletedSpacesDialog)
        assert "deleted more than 7 days ago and has been permanently removed" in on_screen(app)


async def test_the_list_of_deleted_spaces_says_when_it_is_empty(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_northwind(pilot)
        await pilot.press("u", "enter")
        await settle(pilot)
        assert "No space was deleted here in this session." in on_screen(app)
        assert transport.count("POST") == 0


# -- permissions and the palette -------------------------------------------------------------


async def test_a_reader_is_told_politely_and_nothing_is_sent(make_app, transport):
    app = make_app("demo-reader")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_northwind(pilot)
        await highlight(pilot, screen, "Team handbook")
        for key in ("e", "E", "v", "M", "a", "L", "m", "t", "d", "n"):
            await pilot.press(key)
            await settle(pilot)
            assert isinstance(app.screen, OrganizationScreen)
        await pilot.press("c")
        await settle(pilot)
        assert notifications(app) == [
            "You need the admin role to rename this space.",
            "You need the admin role to change the emoji of this space.",
            "You need the admin role to change the visibility of this space.",
            "You need the admin role to change the edit mode of this space.",
            "You need the admin role to change the default level of this space.",
            "You need the admin role to change the language of this space.",
            "You need the admin role to move this space.",
            "You need the admin role to transfer this space.",
            "You need the admin role to delete this space.",
            "You need the create role to create a space in this organisation.",
            "You need the create role to duplicate this space.",
        ]
        assert {s.method for s in transport.sent} == {"GET"}


async def test_a_reader_in_the_space_is_refused_before_sending(make_app, transport):
    app = make_app("demo-reader")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_api_reference(pilot)
        await pilot.press("e")
        await settle(pilot)
        assert app.screen is screen
        assert notifications(app) == ["You need the admin role to rename this space."]


async def test_a_reader_whose_role_was_lowered_sees_the_services_403(make_app, transport, admin):
    await admin.organization_members.update_member_in_organization_by_id(
        ORG, "u-linus", role="admin"
    )
    app = make_app("demo-reader")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_northwind(pilot)
        await admin.organization_members.update_member_in_organization_by_id(
            ORG, "u-linus", role="read"
        )
        await open_form(pilot, screen, "Team handbook", "e")
        await pilot.press(*"Handbook", "enter")
        await settle(pilot)
        assert isinstance(app.screen, SpaceForm)
        assert transport.sent[-1].status == 403
        assert (
            "Not allowed: Your role (read) does not allow you to do this; it needs the admin role."
            in on_screen(app)
        )
        assert app.screen.query_one("#title", TextField).value == "Handbook"


async def test_the_palette_runs_space_actions_by_name(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_api_reference(pilot)
        titles = [c.title for c in screen.screen_commands()]
        for name in ("rename", "emoji", "visibility", "edit mode", "default level", "language"):
            assert f"space: {name}" in titles
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"space: duplicate", "enter")
        await settle(pilot)
        assert [s.path for s in sent(transport, "POST")] == [
            f"/v1/spaces/{screen.space_id}/duplicate"
        ]


async def test_the_palette_of_the_tree_acts_on_the_highlighted_space(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_northwind(pilot)
        await highlight(pilot, screen, "Design system")
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"space: visibility", "enter")
        await settle(pilot)
        assert isinstance(app.screen, SpaceForm) and app.screen.change == "visibility"
        assert app.screen.query_one(ChoiceField).value == "share-link"


async def test_on_the_page_m_never_moves_the_space_but_the_palette_does(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_api_reference(pilot)
        screen.page_view.focus()
        await pilot.press("m")  # the page's "show more", with nothing more to show
        await settle(pilot)
        assert app.screen is screen
        await pilot.press("ctrl+p", *"space: move", "enter")
        await settle(pilot)
        assert isinstance(app.screen, MoveDialog)
        await pilot.click("#cancel")
        await settle(pilot)
        assert app.screen is screen
        assert transport.count("POST") == 0


async def test_a_title_that_looks_like_markup_is_shown_literally_in_the_dialogs(
    make_app, transport, admin
):
    await admin.spaces.create_space(ORG, title="[b]Bold[/b] \x1b[31mred")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_northwind(pilot)
        await open_form(pilot, screen, "[b]Bold[/b] \x1b[31mred", "d")
        shown = on_screen(app)
        assert "Delete the space [b]Bold[/b] ␛[31mred?" in shown
        assert "Type [b]Bold[/b] ␛[31mred to delete it" in shown
        await pilot.press(*"b bold b 31m red", "enter")  # ␛ cannot be typed: letters suffice
        await settle(pilot)
        assert len(sent(transport, "DELETE")) == 1
        assert "Moved [b]Bold[/b] ␛[31mred to the trash. Press u to restore it." in notifications(
            app
        )
