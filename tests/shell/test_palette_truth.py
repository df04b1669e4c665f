"""The palette offers only what works where it is opened.

Every kind of place the features register is opened at a place of the demo, and on
each screen every command the palette's screen provider offers must run there: it is a binding
of the screen, or of a pane on the focus chain, whose ``check_action`` lets it run. On a site,
each of the four views offers its own keys and no other view's.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any

import pytest
from textual.actions import parse
from textual.screen import Screen

from tests.pilot.fixtures import settle
from tests.review.test_drafts_kept import open_first_thread
from tests.shell.test_read_only import READS
from tui.admin.locations import (
    ADMIN_VIEWS,
    admin_location,
    admin_view_location,
    content_access_location,
    member_location,
    openapi_spec_location,
    team_location,
)
from tui.app import register_features
from tui.review.locations import (
    change_request_location,
    review_queue_location,
)
from tui.review.thread import ThreadScreen
from tui.shell.navigation import (
    Location,
    collection_location,
    organization_location,
    page_location,
    search_location,
    space_location,
)
from tui.shell.palette import ScreenCommands
from tui.shell.read_only import is_mutating
from tui.shell.registry import Registry
from tui.sites.audience_forms import ClaimForm
from tui.sites.locations import site_location, site_section_location, sites_location
from tui.sites.site import SiteScreen
from tui.sites.site_pane import SitePane

from ..conftest import ORG

Places = Callable[[Any], Awaitable[list[Location]]]


async def _organization(client: Any) -> Location:
    return organization_location(await client.organizations.get_organization_by_id(ORG))


async def _space(client: Any, title: str = "API Reference") -> Any:
    spaces = await client.spaces.list_spaces_in_organization_by_id(ORG, limit=100)
    return next(s for s in spaces.items if s.title == title)


async def _site(client: Any) -> Location:
    page = await client.sites.list_sites(ORG, title="Northwind Docs")
    return site_location(page.items[0], ORG)


async def _organizations(client: Any) -> list[Location]:
    return [await _organization(client)]


async def _collections(client: Any) -> list[Location]:
    page = await client.collections.list_collections_in_organization_by_id(ORG)
    return [collection_location(page.items[0])]


async def _spaces(client: Any) -> list[Location]:
    return [space_location(await _space(client))]


async def _pages(client: Any) -> list[Location]:
    space = await _space(client)
    pages = await client.space_content.list_pages(space.id)
    return [page_location(space, pages.pages[0])]


async def _searches(client: Any) -> list[Location]:
    space = (await _spaces(client))[0]
    return [search_location(await _organization(client)), search_location(space)]


async def _change_requests(client: Any) -> list[Location]:
    space = await _space(client)
    page = await client.change_requests.list_change_requests_for_space(space.id, status="open")
    return [change_request_location(space, page.items[0])]


async def _sites(client: Any) -> list[Location]:
    return [await _site(client)]


async def _site_sections(client: Any) -> list[Location]:
    site = await _site(client)
    sections = await client.site_sections.list_site_sections(ORG, site.id)
    return [site_section_location(site, sections.items[0])]


async def _admin(client: Any) -> list[Location]:
    return [admin_location(ORG)]


async def _admin_views(client: Any) -> list[Location]:
    return [admin_view_location(ORG, view) for view in ADMIN_VIEWS]


async def _members(client: Any) -> list[Location]:
    page = await client.organization_members.list_members_in_organization_by_id(ORG)
    member = page.items[0]
    return [member_location(ORG, member.user.id, member.user.display_name)]


async def _teams(client: Any) -> list[Location]:
    page = await client.teams.list_teams_in_organization_by_id(ORG)
    return [team_location(ORG, page.items[0].id, page.items[0].title)]


async def _openapi_specs(client: Any) -> list[Location]:
    return [openapi_spec_location(ORG, "northwind-api")]


async def _review_queues(client: Any) -> list[Location]:
    return [review_queue_location(await _organization(client))]


async def _site_lists(client: Any) -> list[Location]:
    return [sites_location(ORG)]


async def _content_access(client: Any) -> list[Location]:
    return [
        content_access_location(space_location(await _space(client))),
        content_access_location(await _site(client)),
    ]


PLACES: dict[str, Places | None] = {
    "organization": _organizations,
    "collection": _collections,
    "space": _spaces,
    "page": _pages,
    "search": _searches,
    "change-request": _change_requests,
    "site": _sites,
    "site-section": _site_sections,
    "admin": _admin,
    "admin-view": _admin_views,
    "member": _members,
    "team": _teams,
    "openapi-spec": _openapi_specs,
    "review-queue": _review_queues,
    "comment-thread": None,  # opened from its change request, as a reviewer does (below)
    "sites": _site_lists,
    "content-access": _content_access,
}
"""A place of the demo for every kind: a new kind of place needs one here."""


def offered(screen: Screen[Any]) -> list[tuple[str, Any]]:
    """The palette's screen commands where it would open now: (title, command)."""
    return [(title, callback) for title, _help, callback in ScreenCommands(screen)._commands()]


def assert_all_run(screen: Screen[Any], where: str) -> list[str]:
    """Every command offered is a binding on the focus chain whose action runs; the titles."""
    focused = screen.focused
    chain = list(focused.ancestors_with_self) if focused is not None else [screen]
    titles = []
    for title, command in offered(screen):
        assert isinstance(command, partial), f"{where}: {title} is not a binding's action"
        action, node = command.args
        assert node in chain, f"{where}: {title} belongs to {node!r}, off the focus chain"
        assert any(b.action == action for _, b in node._bindings), f"{where}: {title} unbound"
        destination, name, parameters = parse(action)
        target = {"": node, "screen": screen, "app": screen.app}[destination]
        assert hasattr(target, f"action_{name}"), f"{where}: {title} has no action"
        assert target.check_action(name, parameters), f"{where}: {title} would not run"
        titles.append(title)
    return titles


def test_every_kind_of_place_has_a_place_of_the_demo_here():
    registry = Registry()
    register_features(registry)
    assert set(PLACES) == set(registry.kinds)


@pytest.mark.parametrize("kind", sorted(k for k, places in PLACES.items() if places is not None))
async def test_every_command_the_palette_offers_runs_where_it_is_opened(make_app, kind):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        places = PLACES[kind]
        assert places is not None
        for place in await places(app.client):
            app.open_location(place)
            await settle(pilot)
            screen = app.screen
            titles = assert_all_run(screen, f"{kind} {place.id}")
            if getattr(screen, "NAMESPACE", ""):
                assert titles, f"{kind} {place.id}: the palette offers none of its actions"
            if isinstance(screen, SiteScreen):
                for tab in "234":  # each view, with the focus where its tab puts it
                    await pilot.press(tab)
                    await settle(pilot)
                    assert_all_run(screen, f"{kind} {place.id} tab {tab}")


async def test_every_command_of_a_thread_runs_where_it_is_opened(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_first_thread(pilot, "Explain when tokens expire")
        assert isinstance(screen, ThreadScreen)
        assert_all_run(screen, "comment-thread")


async def test_a_sites_views_offer_their_own_keys_and_no_others(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        app.open_location(await _site(app.client))
        await settle(pilot)
        screen = app.screen
        structure = assert_all_run(screen, "structure")
        assert "site: edit" in structure and "site: new section" in structure
        assert "site: rename claim" not in structure and "site: share key" not in structure
        await pilot.press("3")
        await settle(pilot)
        audience = assert_all_run(screen, "audience")
        assert "site: rename claim" in audience and "site: new claim" in audience
        assert "site: edit" not in audience and "site: new section" not in audience
        await pilot.press("4")
        await settle(pilot)
        published = assert_all_run(screen, "published")
        assert "site: share key" in published and "site: rename claim" not in published
        # Common to every view: undo, the journal, the tabs, the site's access.
        for common in ("site: undo", "site: journal", "site: audience", "site: access"):
            assert common in structure and common in audience and common in published


async def test_rename_claim_chosen_in_the_palette_on_the_audience_opens_its_form(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        app.open_location(await _site(app.client))
        await settle(pilot)
        await pilot.press("3")
        await settle(pilot)
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"site: rename claim", "enter")
        await settle(pilot)
        assert isinstance(app.screen, ClaimForm)


def _panes() -> list[type[SitePane]]:
    found: list[type[SitePane]] = []
    pending = [SitePane]
    while pending:
        for sub in pending.pop().__subclasses__():
            found.append(sub)
            pending.append(sub)
    return sorted(found, key=lambda cls: cls.__name__)


@pytest.mark.parametrize("pane", _panes(), ids=lambda cls: cls.__name__)
def test_every_pane_action_that_is_not_a_read_is_marked_mutating(pane):
    for cls in (pane,):
        for binding in cls.BINDINGS:
            destination, action, _ = parse(binding.action)  # type: ignore[union-attr]
            if destination or action in READS or not hasattr(cls, f"action_{action}"):
                continue
            assert is_mutating(cls, action), f"{cls.__name__}.action_{action} is not @mutating"
