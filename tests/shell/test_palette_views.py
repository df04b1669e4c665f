"""The palette knows every view: typing its name ("members", "sites", "review") and Enter goes
there from anywhere inside an organisation, as k9s's command mode does."""

from __future__ import annotations

import pytest

from tests.pilot.acting import highlight, open_northwind
from tests.pilot.fixtures import settle
from tui.admin.locations import ADMIN_VIEWS
from tui.app import register_features
from tui.shell.registry import Registry

WHERE = {
    "members": ("admin-view", "org-northwind/members"),
    "teams": ("admin-view", "org-northwind/teams"),
    "sso": ("admin-view", "org-northwind/sso"),
    "openapi": ("admin-view", "org-northwind/openapi"),
    "translations": ("admin-view", "org-northwind/translations"),
    "git": ("admin-view", "org-northwind/git"),
    "access": ("admin-view", "org-northwind/access"),
    "sites": ("sites", "org-northwind"),
    "review": ("review-queue", "org-northwind"),
}


async def inside_a_space(pilot):
    screen = await open_northwind(pilot)
    await highlight(pilot, screen, "Design system")
    await pilot.press("enter")
    await settle(pilot)
    return pilot.app.screen


@pytest.mark.parametrize("name", sorted(WHERE))
async def test_typing_a_views_name_in_the_palette_goes_there_from_a_space(make_app, name):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        space = await inside_a_space(pilot)
        assert space.location.kind == "space"
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*name)
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen.location.key == WHERE[name]


async def test_every_view_named_in_the_issue_has_a_jump_and_invites_waits_for_its_view():
    registry = Registry()
    register_features(registry)
    views = registry.views
    assert set(WHERE) | {"invites"} <= set(views)
    # "invites" points at the administration's Invites view, offered once it exists.
    target = views["invites"][1]("org-northwind", None)
    assert (target is None) == ("invites" not in ADMIN_VIEWS)


async def test_no_view_is_offered_outside_an_organisation(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)  # the list of organisations
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"members")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        location = getattr(app.screen, "location", None)
        assert location is None or location.kind != "admin-view"
