"""Invites: people invited by e-mail (each address checked first, each outcome shown), and
invite links listed, created for a space, copied, changed and deleted."""

from __future__ import annotations

from tests.pilot.acting import on_screen, sent
from tests.pilot.admin_acting import cells, highlight_row, open_admin, pick, rows
from tests.pilot.fixtures import paste, settle
from tui.admin.invite_dialogs import InviteByEmailDialog, InviteReportDialog
from tui.dialogs.space_picker import PickSpaceDialog
from tui.widgets.checked_fields import AreaField

from ..conftest import ORG


async def type_addresses(pilot, addresses: str) -> None:
    area = pilot.app.screen.query_one("#addresses", AreaField).area
    area.text = addresses
    await settle(pilot)


async def test_every_view_of_the_administration_has_invites_as_its_ninth(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_admin(pilot)
        await pilot.press("9")
        await settle(pilot)
        assert "Administration › Invites" in on_screen(app)
        assert rows(app.screen) == ["organisation", "space API Reference", "collection Guides"]


async def test_bad_addresses_are_each_named_and_nothing_is_sent(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_admin(pilot, "invites")
        await pilot.press("i")
        await settle(pilot)
        assert isinstance(app.screen, InviteByEmailDialog)
        await type_addresses(pilot, "ok@x.dev, bob@\ncarol d@x.dev:owner")
        app.screen.query_one("#confirm").press()
        await settle(pilot)
        assert "“bob@” is not an e-mail address" in on_screen(app)
        # Each bad address has its line under the field (scrolled to at 80×24).
        shown = str(app.screen.query_one("#addresses .form-field--message").render())
        assert "“bob@” is not an e-mail address" in shown
        assert "“carol” is not an e-mail address: it has no @." in shown
        assert "“owner” is not a role" in shown
        assert sent(transport, "POST") == []


async def test_two_people_are_invited_and_each_outcome_is_shown(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_admin(pilot, "invites")
        await pilot.press("i")
        await settle(pilot)
        await type_addresses(
            pilot, "new.one@example.com, New Two <two@example.com>:edit\ngrace@northwind.dev"
        )
        app.screen.query_one("#confirm").press()
        await settle(pilot)
        [post] = sent(transport, "POST")
        assert post.path == f"/v1/orgs/{ORG}/invites"
        assert post.json["emails"] == [
            "new.one@example.com",
            {"email": "two@example.com", "role": "edit"},
            "grace@northwind.dev",
        ]
        assert isinstance(app.screen, InviteReportDialog)
        shown = on_screen(app)
        assert "new.one@example.com: added as read" in shown
        assert "two@example.com: added as edit" in shown
        assert "grace@northwind.dev: already a member: nothing changed" in shown
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen


async def test_an_invite_link_to_a_space_is_created_and_copied(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_admin(pilot, "invites")
        await pilot.press("n")
        await settle(pilot)
        await pick(pilot, "A space")
        assert isinstance(app.screen, PickSpaceDialog)
        await paste(pilot, "Python SDK")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await pick(pilot, "Edit")
        [post] = sent(transport, "POST")
        assert post.path == f"/v1/orgs/{ORG}/link-invites"
        assert post.json["level"] == "edit" and "space" in post.json
        assert "space Python SDK" in rows(screen)
        link = screen.highlighted
        assert cells(screen, link.id)[:2] == ["space Python SDK", "edit"]
        copied: list[str] = []
        app.copy_to_clipboard = copied.append  # type: ignore[method-assign]
        await pilot.press("c")
        await settle(pilot)
        assert copied == [f"https://app.gitbook.com/invite/{ORG}/{link.id}"]


async def test_a_link_role_is_changed_and_a_link_deleted_after_asking(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_admin(pilot, "invites")
        await highlight_row(pilot, screen, "collection Guides")
        await pilot.press("e")
        await settle(pilot)
        await pick(pilot, "Comment")
        [patch] = sent(transport, "PATCH")
        assert patch.json == {"level": "comment"}
        assert cells(screen, screen.highlighted.id)[1] == "comment"
        await highlight_row(pilot, screen, "organisation")
        await pilot.press("d")
        await settle(pilot)
        assert "Whoever holds the link can no longer join" in on_screen(app)
        assert app.screen.focused.id == "cancel"
        await pilot.press("enter")  # Cancel: nothing sent
        await settle(pilot)
        assert sent(transport, "DELETE") == []
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("tab", "enter")
        await settle(pilot)
        [delete] = sent(transport, "DELETE")
        assert delete.path.startswith(f"/v1/orgs/{ORG}/link-invites/")
        assert rows(screen) == ["space API Reference", "collection Guides"]


def drawn_style(app, widget, row: int = 0):
    """How the terminal draws the first cell of a widget's row (what the user sees there)."""
    region = widget.region
    return app.screen.get_style_at(region.x, region.y + row)


async def test_at_80x24_the_invite_form_shows_every_field_and_where_the_focus_is(make_app):
    # A walk found the addresses box invisible on the dialog (no border, its background the
    # dialog's), its focus a one-step change of background, and the role below the fold.
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_admin(pilot, "invites")
        await pilot.press("i")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, InviteByEmailDialog)
        body = dialog.query_one(".dialog-body")
        addresses = dialog.query_one("#addresses", AreaField)
        role = dialog.query_one("#role")
        sso = dialog.query_one("#sso")
        # Nothing is cut: every field is in view without scrolling, the way to write the
        # addresses too.
        assert body.max_scroll_y == 0
        for widget in (addresses.area, role.control, sso):
            assert body.region.contains_region(widget.region), widget
        assert "ada@example.com:edit" in on_screen(app)

        def label(field):
            return field.query_one(".form-field--label")

        # The box shows where it is even empty: a bar at its left, drawn unlike the dialog.
        title = dialog.query_one(".dialog-title")
        assert addresses.area.text == ""
        assert drawn_style(app, addresses.area, 2) != drawn_style(app, title)
        # The field typed in has its label in bold and its bar lit; the others do not.
        assert app.focused is addresses.area
        lit = drawn_style(app, addresses.area)
        assert drawn_style(app, label(addresses)).bold
        assert not drawn_style(app, label(role)).bold
        await pilot.press("tab")
        await settle(pilot)
        assert app.focused is role.control
        assert drawn_style(app, label(role)).bold
        assert not drawn_style(app, label(addresses)).bold
        assert drawn_style(app, addresses.area) != lit
