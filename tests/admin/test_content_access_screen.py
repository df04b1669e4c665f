"""Access to a space or a collection: who reaches it and through what, roles given, changed
and removed (one or several at once), each change said before it is sent."""

from __future__ import annotations

from typing import Any

from tests.pilot.acting import highlight, on_screen, open_northwind, sent
from tests.pilot.admin_acting import cells, highlight_row, pick, rows
from tests.pilot.fixtures import paste, settle
from tui.admin.access_changes import AccessChangeDialog, TeamPicker
from tui.admin.content_access import ContentAccessScreen
from tui.admin.member_picker import MemberPicker


async def open_access(pilot: Any, *path: str) -> ContentAccessScreen:
    """From the organisation's tree, open the collections of ``path`` and press P on its end."""
    screen = await open_northwind(pilot)
    for title in path[:-1]:
        await highlight(pilot, screen, title)
        await pilot.press("right")
        await settle(pilot)
    await highlight(pilot, screen, path[-1])
    await pilot.press("P")
    await settle(pilot)
    access = pilot.app.screen
    assert isinstance(access, ContentAccessScreen)
    return access


def row_of(screen: ContentAccessScreen, first_cell: str) -> list[str]:
    record = next(
        r for r in screen.table.records if cells(screen, r.key, "#access")[0] == first_cell
    )
    return cells(screen, record.key, "#access")


async def search(pilot: Any, words: str) -> None:
    assert isinstance(pilot.app.screen, MemberPicker | TeamPicker)
    await paste(pilot, words)
    await pilot.pause(0.3)
    await settle(pilot)


async def test_a_space_shows_who_reaches_it_and_through_what(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_access(pilot, "Product", "API Reference")
        assert rows(screen, "#access")[0] == "team API platform"
        assert row_of(screen, "team API platform") == ["team API platform", "review",
                                                       "team, given here (4)"]  # fmt: skip
        assert row_of(screen, "Noah Williams")[1:] == ["edit", "direct"]
        assert row_of(screen, "Grace Hopper")[1:] == ["review", "team API platform"]
        assert row_of(screen, "Ada Lovelace")[1:] == ["admin", "organisation role"]
        assert "Product › 📘 API Reference › Access" in on_screen(app)


async def test_a_member_is_given_a_role_after_being_told_what_it_does(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_access(pilot, "Product", "API Reference")
        await pilot.press("a")
        await settle(pilot)
        await search(pilot, "Mei")
        await pilot.press("enter")
        await settle(pilot)
        await pick(pilot, "Admin")
        assert isinstance(app.screen, AccessChangeDialog)
        assert "Mei Chen: edit → admin on API Reference" in on_screen(app)
        await pilot.press("enter")
        await settle(pilot)
        [post] = sent(transport, "POST")
        assert post.path.endswith("/permissions") and post.path.startswith("/v1/spaces/")
        assert post.json["role"] == "admin" and len(post.json["users"]) == 1
        assert app.screen is screen
        assert row_of(screen, "Mei Chen")[1:] == ["admin", "direct"]


async def test_a_role_below_an_inherited_one_is_flagged_as_a_no_op(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_access(pilot, "Product", "API Reference")
        await highlight_row(pilot, screen, "Grace Hopper", "#access")
        await pilot.press("e")
        await settle(pilot)
        await pick(pilot, "Comment")
        shown = on_screen(app)
        assert "Grace Hopper: review → review on API Reference" in shown
        assert "no change: review comes through team API platform, higher than comment" in shown
        assert app.screen.focused.id == "cancel"  # a change that changes nothing opens on Cancel
        await pilot.press("enter")
        await settle(pilot)
        assert sent(transport, "POST") == [] and sent(transport, "PATCH") == []


async def test_a_team_given_edit_on_a_collection_shows_in_its_space_then_is_revoked(
    make_app, transport
):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        product = await open_access(pilot, "Product")
        await pilot.press("t")
        await settle(pilot)
        await search(pilot, "Support")
        await pilot.press("enter")
        await settle(pilot)
        await pick(pilot, "Edit")
        assert "Support: no access → edit on Product" in on_screen(app)
        await pilot.press("enter")
        await settle(pilot)
        [post] = sent(transport, "POST")
        assert post.path.startswith("/v1/collections/") and post.json["role"] == "edit"
        assert row_of(product, "team Support")[1:] == ["edit", "team, given here (4)"]
        # The space inside shows where Sven's edit comes from.
        await pilot.press("escape")
        await settle(pilot)
        space = await open_access_again(pilot, "API Reference")
        assert row_of(space, "Sven Lindqvist")[1:] == ["edit", "team Support on Product"]
        await pilot.press("escape")
        await settle(pilot)
        await highlight(pilot, app.screen, "Product")
        await pilot.press("P")
        await settle(pilot)
        product = app.screen
        await highlight_row(pilot, product, "team Support", "#access")
        await pilot.press("d")
        await settle(pilot)
        assert isinstance(app.screen, AccessChangeDialog)
        assert "Support: edit → no access on Product" in on_screen(app)
        assert app.screen.focused.id == "cancel"  # destructive: opens on Cancel
        await pilot.press("tab", "enter")
        await settle(pilot)
        [delete] = sent(transport, "DELETE")
        assert delete.path.startswith("/v1/collections/") and "/permissions/teams/" in delete.path
        assert "team Support" not in rows(product, "#access")


async def open_access_again(pilot: Any, title: str) -> ContentAccessScreen:
    tree = pilot.app.screen
    await highlight(pilot, tree, "Product")
    if not tree.content_tree.cursor_node.is_expanded:
        await pilot.press("right")
        await settle(pilot)
    await highlight(pilot, tree, title)
    await pilot.press("P")
    await settle(pilot)
    assert isinstance(pilot.app.screen, ContentAccessScreen)
    return pilot.app.screen


async def test_several_roles_are_removed_at_once_and_the_inherited_ones_left_out(
    make_app, transport
):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_access(pilot, "Product", "API Reference")
        for who in ("team API platform", "Noah Williams", "Ada Lovelace"):
            await highlight_row(pilot, screen, who, "#access")
            await pilot.press("space")
        await pilot.press("d")
        await settle(pilot)
        shown = on_screen(app)
        assert "API platform: review → no access on API Reference" in shown
        assert "Noah Williams: edit → read on API Reference" in shown
        assert any("Ada Lovelace: nothing given here" in n.message for n in app._notifications)
        await pilot.press("tab", "enter")
        await settle(pilot)
        assert len(sent(transport, "DELETE")) == 2
        assert "team API platform" not in rows(screen, "#access")
        assert row_of(screen, "Noah Williams")[1:] == ["read", "organisation role"]


async def test_a_reader_is_told_the_role_needed_and_nothing_is_sent(make_app, transport):
    app = make_app("demo-reader")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_access(pilot, "Product", "API Reference")
        await pilot.press("a")
        await settle(pilot)
        assert any("You need the admin role" in n.message for n in app._notifications)
        assert not isinstance(app.screen, MemberPicker)
