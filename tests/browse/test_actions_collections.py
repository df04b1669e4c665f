"""Acting on collections from the organisation's tree: create, rename, describe, set the default
level, move, transfer and delete; limits checked before sending, refusals kept in the form."""

from __future__ import annotations

from tests.pilot.acting import (
    collection_id,
    highlight,
    notifications,
    on_screen,
    open_northwind,
    option_labels,
    refuse,
    sent,
    tree_rows,
)
from tests.pilot.fixtures import FailingTransport, paste, settle
from tui.browse.collection_form import CollectionForm
from tui.browse.confirm_delete import ConfirmDelete
from tui.browse.deleted_spaces import DeletedSpacesDialog
from tui.browse.move_dialog import MoveDialog
from tui.browse.organization import OrganizationScreen
from tui.browse.transfer_dialog import TransferDialog
from tui.widgets import ChoiceField, TextField

from ..conftest import ORG, OTHER_ORG

# -- create ---------------------------------------------------------------------------------


async def test_a_new_collection_goes_into_the_highlighted_one_and_shows_in_the_tree(
    make_app, transport
):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_northwind(pilot)
        product = screen.content_tree.highlighted.value
        await pilot.press("N")
        await settle(pilot)
        assert isinstance(app.screen, CollectionForm)
        assert app.screen.query_one("#where", ChoiceField).value == product.id
        await pilot.press(*"Partners", "enter")
        await settle(pilot)
        assert app.screen is screen
        [request] = sent(transport, "POST")
        assert request.path == f"/v1/orgs/{ORG}/collections"
        assert request.json == {"title": "Partners", "parent": product.id}
        assert "Partners" in tree_rows(screen.content_tree)
        assert screen.content_tree.highlighted.title == "Partners"
        assert "Created the collection Partners." in notifications(app)


async def test_a_collection_created_beside_a_top_space_goes_to_the_top(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_northwind(pilot)
        await highlight(pilot, screen, "Team handbook")
        await pilot.press("N", *"Partners", "enter")
        await settle(pilot)
        [post] = sent(transport, "POST")
        assert post.json == {"title": "Partners"}
        assert tree_rows(screen.content_tree)[:3] == ["Product", "Internal", "Partners"]


async def test_a_title_over_50_characters_is_refused_before_sending_and_kept(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_northwind(pilot)
        await pilot.press("N")
        await paste(pilot, "x" * 51)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, CollectionForm)
        assert transport.count("POST") == 0
        shown = on_screen(app)
        assert "Title is 51 characters long; the limit is 50: remove 1." in shown
        assert "Nothing was sent" in shown
        assert app.screen.query_one("#title", TextField).input.value == "x" * 51
        await pilot.press("backspace", "enter")
        await settle(pilot)
        assert transport.count("POST", f"/v1/orgs/{ORG}/collections") == 1


async def test_creating_in_a_collection_deleted_meanwhile_shows_the_services_message(
    make_app, transport, admin
):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_northwind(pilot)
        await pilot.press("N", *"Partners")
        await admin.collections.delete_collection_by_id(await collection_id(admin, "Product"))
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, CollectionForm)
        assert transport.sent[-1].status == 400
        shown = on_screen(app)
        assert "Invalid parent: no collection with this id in the organization." in shown
        assert app.screen.query_one("#title", TextField).value == "Partners"


# -- rename, describe, default level ---------------------------------------------------------


async def test_e_renames_the_highlighted_collection(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_northwind(pilot)
        product = screen.content_tree.highlighted.value
        await pilot.press("e")
        await settle(pilot)
        assert app.screen.query_one("#title", TextField).input.value == "Product"
        await pilot.press(*"Products", "enter")
        await settle(pilot)
        [patch] = sent(transport, "PATCH")
        assert patch.path == f"/v1/collections/{product.id}"
        assert patch.json == {"title": "Products"}
        assert tree_rows(screen.content_tree)[0] == "Products"
        assert "Renamed the collection to Products." in notifications(app)


async def test_an_empty_title_is_refused_before_sending(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_northwind(pilot)
        await pilot.press("e", "backspace", "enter")
        await settle(pilot)
        assert "Title cannot be empty." in on_screen(app)
        assert transport.count("PATCH") == 0


async def test_renaming_a_collection_deleted_meanwhile_keeps_the_form_and_says_why(
    make_app, transport, admin
):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_northwind(pilot)
        await pilot.press("e", *"Products")
        await admin.collections.delete_collection_by_id(await collection_id(admin, "Product"))
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, CollectionForm)
        assert transport.sent[-1].status == 404
        assert "Not found: " in on_screen(app)
        assert app.screen.query_one("#title", TextField).value == "Products"


async def test_i_describes_a_collection_and_an_empty_description_removes_it(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_northwind(pilot)
        await pilot.press("i")
        await settle(pilot)
        assert app.screen.query_one("#description", TextField).value == "Everything customers read"
        await pilot.press(*"What customers read", "enter")
        await settle(pilot)
        assert sent(transport, "PATCH")[0].json == {"description": "What customers read"}
        assert screen.content_tree.highlighted.value.description == "What customers read"
        await pilot.press("i", "backspace", "enter")
        await settle(pilot)
        assert [s.json for s in sent(transport, "PATCH")][-1] == {"description": None}


async def test_a_description_over_100_characters_is_refused_before_sending(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_northwind(pilot)
        await pilot.press("i")
        await paste(pilot, "d" * 101)
        await pilot.press("enter")
        await settle(pilot)
        assert "Description is 101 characters long; the limit is 100" in on_screen(app)
        assert transport.count("PATCH") == 0


async def test_a_sets_the_default_level_of_a_collection(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_northwind(pilot)
        await pilot.press("a")
        await settle(pilot)
        assert app.screen.query_one("#default-level", ChoiceField).value == "inherit"
        await pilot.press("enter", *["down"] * 6, "enter")  # Inherit → … → Read
        await settle(pilot)
        await pilot.click("#confirm")
        await settle(pilot)
        [patch] = sent(transport, "PATCH")
        assert patch.json == {"defaultLevel": "read"}
        assert screen.content_tree.highlighted.value.default_level == "read"


async def test_the_guest_level_is_sent_as_null(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_northwind(pilot)
        await pilot.press("a", "enter", "end", "enter")
        await settle(pilot)
        await pilot.click("#confirm")
        await settle(pilot)
        assert [s.json for s in sent(transport, "PATCH")] == [{"defaultLevel": None}]


# -- move ------------------------------------------------------------------------------------


async def test_m_moves_a_nested_collection_to_the_top(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_northwind(pilot)
        await pilot.press("right")
        await settle(pilot)
        await highlight(pilot, screen, "Guides")
        guides = screen.content_tree.highlighted.value
        await pilot.press("m")
        await settle(pilot)
        assert isinstance(app.screen, MoveDialog)
        # Not into itself nor into what it holds; where it is now is shown, not offered.
        assert option_labels(app.screen, "#places") == [
            "Top of Northwind Labs",
            "Product  (here now)",
            "Internal",
        ]
        await pilot.press("enter")
        await settle(pilot)
        [move] = sent(transport, "POST")
        assert move.path == f"/v1/collections/{guides.id}/move"
        assert move.json == {"parent": None}
        top = screen.content_tree.root.children
        assert "Guides" in [node.data.title for node in top]
        product = next(node for node in top if node.data.title == "Product")
        assert "Guides" not in [node.data.title for node in product.children]
        assert "Moved Guides." in notifications(app)


async def test_typing_in_the_move_dialog_narrows_the_places(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_northwind(pilot)
        await highlight(pilot, screen, "Internal")
        await pilot.press("m")
        await settle(pilot)
        await pilot.press(*"guid")
        await settle(pilot)
        assert option_labels(app.screen, "#places") == [
            "Product › Guides",
            "Product › Guides › SDKs",
        ]
        await pilot.press("down", "down", "enter")
        await settle(pilot)
        sdks = await collection_id(app.client, "SDKs")
        assert [s.json for s in sent(transport, "POST")] == [{"parent": sdks}]


async def test_moving_into_a_collection_deleted_meanwhile_keeps_the_dialog(
    make_app, transport, admin
):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_northwind(pilot)
        await highlight(pilot, screen, "Product")
        await pilot.press("m")
        await settle(pilot)
        await pilot.press(*"internal")
        await admin.collections.delete_collection_by_id(await collection_id(admin, "Internal"))
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, MoveDialog)
        assert "Invalid parent: no collection with this id" in on_screen(app)


# -- transfer --------------------------------------------------------------------------------


async def test_t_transfers_a_collection_once_its_name_is_typed(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_northwind(pilot)
        await highlight(pilot, screen, "Internal")
        internal = screen.content_tree.highlighted.value
        await pilot.press("t")
        await settle(pilot)
        assert isinstance(app.screen, TransferDialog)
        shown = on_screen(app)
        assert "Transferring Internal moves it with its 3 spaces out of Northwind Labs" in shown
        assert "Northwind Community" in shown
        await pilot.press("enter")  # chooses the organisation: the name is still to type
        await settle(pilot)
        assert transport.count("POST") == 0
        await pilot.press(*"Internal", "enter")
        await settle(pilot)
        [transfer] = sent(transport, "POST")
        assert transfer.path == f"/v1/collections/{internal.id}/transfer"
        assert transfer.json == {"organization": OTHER_ORG}
        assert "Internal" not in tree_rows(screen.content_tree)
        assert "Transferred Internal to Northwind Community." in notifications(app)


async def test_enter_alone_does_not_transfer(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_northwind(pilot)
        await pilot.press("t")
        await settle(pilot)
        await pilot.press("enter", "enter", "enter")
        await settle(pilot)
        assert isinstance(app.screen, TransferDialog)
        assert transport.count("POST") == 0
        assert "Type the name as shown above the field (Product) to go on." in on_screen(app)


async def test_a_refused_transfer_shows_the_services_message(make_app, transport):
    fail = refuse("POST", "/transfer", 409, "The target organization is over its space quota.")
    app = make_app(transport_override=FailingTransport(transport, fail=fail))
    async with app.run_test(size=(80, 24)) as pilot:
        await open_northwind(pilot)
        await pilot.press("t")
        await settle(pilot)
        await pilot.press("enter", *"Product", "enter")
        await settle(pilot)
        assert isinstance(app.screen, TransferDialog)
        assert "The target organization is over its space quota." in on_screen(app)


# -- delete ----------------------------------------------------------------------------------


async def test_deleting_a_collection_says_what_goes_and_needs_its_name(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_northwind(pilot)
        product = screen.content_tree.highlighted.value
        await pilot.press("d")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDelete)
        shown = on_screen(app)
        assert "Deleting Product also deletes 2 nested collections and moves 4 spaces" in shown
        await pilot.press("enter")  # Enter alone destroys nothing
        await settle(pilot)
        assert transport.count("DELETE") == 0
        await pilot.press(*"Product", "enter")
        await settle(pilot)
        [delete] = sent(transport, "DELETE")
        assert delete.path == f"/v1/collections/{product.id}"
        assert "Product" not in tree_rows(screen.content_tree)
        assert "4 spaces went to the trash" in notifications(app)[-1]
        await pilot.press("u")
        await settle(pilot)
        assert isinstance(app.screen, DeletedSpacesDialog)
        assert "📘 API Reference from Product, deleted just now" in on_screen(app)


async def test_a_failed_deletion_keeps_the_dialog_and_shows_the_message(make_app, transport):
    fail = refuse("DELETE", "", 503, "Maintenance in progress: deletions are paused.")
    app = make_app(transport_override=FailingTransport(transport, fail=fail))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_northwind(pilot)
        await highlight(pilot, screen, "Internal")
        await pilot.press("delete")
        await settle(pilot)
        await pilot.press(*"internal", "enter")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDelete)
        assert "Maintenance in progress: deletions are paused." in on_screen(app)
        await pilot.press("escape")
        await settle(pilot)
        assert "Internal" in tree_rows(screen.content_tree)


# -- permissions and the palette -------------------------------------------------------------


async def test_a_reader_is_told_the_role_needed_and_nothing_is_sent(make_app, transport):
    app = make_app("demo-reader")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_northwind(pilot)
        for key in ("e", "i", "a", "m", "t", "d", "N"):
            await pilot.press(key)
            await settle(pilot)
            assert isinstance(app.screen, OrganizationScreen)
        assert notifications(app) == [
            "You need the admin role to rename this collection.",
            "You need the admin role to describe this collection.",
            "You need the admin role to change the default level of this collection.",
            "You need the admin role to move this collection.",
            "You need the admin role to transfer this collection.",
            "You need the admin role to delete this collection.",
            "You need the create role to create a collection in this collection.",
        ]
        assert {s.method for s in transport.sent} == {"GET"}


async def test_a_reader_whose_role_was_lowered_meanwhile_sees_the_services_refusal(
    make_app, transport, admin
):
    await admin.organization_members.update_member_in_organization_by_id(
        ORG, "u-linus", role="admin"
    )
    app = make_app("demo-reader")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_northwind(pilot)
        await admin.organization_members.update_member_in_organization_by_id(
            ORG, "u-linus", role="read"
        )
        await pilot.press("e", *"Products", "enter")
        await settle(pilot)
        assert isinstance(app.screen, CollectionForm)
        assert transport.sent[-1].status == 403
        shown = on_screen(app)
        assert "Not allowed: Your role (read) does not allow" in shown
        assert app.screen.query_one("#title", TextField).value == "Products"


async def test_the_palette_names_collection_actions_and_runs_them(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_northwind(pilot)
        titles = [c.title for c in screen.screen_commands()]
        for name in ("create", "rename", "describe", "default level", "move", "transfer"):
            assert f"collection: {name}" in titles
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"collection: describe", "enter")
        await settle(pilot)
        assert isinstance(app.screen, CollectionForm)
        assert app.screen.change == "description"
