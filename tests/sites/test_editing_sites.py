"""A site editor finds the organisation's docs sites, opens one, changes its structure with the
keyboard, checks conditions before they are sent, views the site as a visitor, and undoes."""

from __future__ import annotations

from typing import Any

from tests.pilot.acting import notifications, on_screen, open_northwind, sent, space_id, tree_rows
from tests.pilot.fixtures import paste, screen_text, settle
from tui.sites.condition_field import ConditionField
from tui.sites.locations import site_location
from tui.sites.site import SiteScreen
from tui.sites.site_structure_forms import AddSectionDialog, NodeForm
from tui.sites.site_tree import SiteStructureTree
from tui.sites.sites import SitesScreen
from tui.widgets import DetailPane, ItemList
from tui.widgets.checked_field import CheckedField

from ..conftest import ORG


async def open_sites(pilot: Any) -> SitesScreen:
    await open_northwind(pilot)
    await pilot.press("S")
    await settle(pilot)
    assert isinstance(pilot.app.screen, SitesScreen)
    return pilot.app.screen


def site_titles(screen: SitesScreen) -> list[str]:
    listing = screen.query_one("#sites", ItemList)
    return [entry.value.title for entry in listing.entries]


async def open_site(pilot: Any, title: str = "Northwind Docs") -> SiteScreen:
    sites = await open_sites(pilot)
    sites.query_one("#sites", ItemList).select_key(
        next(s.id for s in sites.sites if s.title == title)
    )
    await pilot.press("enter")
    await settle(pilot)
    assert isinstance(pilot.app.screen, SiteScreen)
    return pilot.app.screen


def rows(screen: SiteScreen) -> list[str]:
    return tree_rows(screen.query_one(SiteStructureTree))


async def highlight(pilot: Any, screen: SiteScreen, title: str) -> None:
    tree = screen.query_one(SiteStructureTree)
    key = next(n.key for n in screen.outline.walk() if n.title == title)
    assert tree.select_key(key)
    await settle(pilot)
    assert screen.highlighted_node().title == title


def site_path(screen: SiteScreen, tail: str = "") -> str:
    return f"/v1/orgs/{ORG}/sites/{screen.site_id}{tail}"


def details(screen: SiteScreen) -> str:
    """The detail pane's text with its wrapping undone (long values wrap under their label)."""
    return "".join(str(screen.query_one("#node-details", DetailPane).render()).split())


def squashed(value: str) -> str:
    return "".join(value.split())


# -- finding sites ----------------------------------------------------------------------------


async def test_the_organisation_lists_its_sites_and_the_filters_are_the_services(
    make_app, transport
):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        sites = await open_sites(pilot)
        assert site_titles(sites) == ["Northwind Docs", "Internal Handbook", "Partner Portal"]
        shown = screen_text(app)
        assert "premium · public · published" in shown
        assert "docs.northwind.dev · 5 site spaces" in shown
        await pilot.press("p")  # published only
        await settle(pilot)
        assert site_titles(sites) == ["Northwind Docs", "Internal Handbook"]
        await pilot.press("slash", *"hand", "enter")
        await settle(pilot)
        assert site_titles(sites) == ["Internal Handbook"]
        last = [s for s in sent(transport, "GET") if s.path == f"/v1/orgs/{ORG}/sites"][-1]
        assert last.params["title"] == ["hand"] and last.params["published"] == ["true"]
        assert "Title “hand” · Published published" in screen_text(app)


async def test_a_space_says_on_which_sites_it_is_published(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_northwind(pilot)
        await pilot.press("right", "down", "down", "enter")  # Product › API Reference
        await settle(pilot)
        await pilot.press("S")
        await settle(pilot)
        sites = app.screen
        assert isinstance(sites, SitesScreen)
        assert site_titles(sites) == ["Northwind Docs", "Partner Portal"]
        assert "Showing API Reference" in screen_text(app)
        space = [s for s in sent(transport, "GET") if s.path == f"/v1/orgs/{ORG}/sites"][-1]
        assert space.params["space"] == [sites.space_id]


# -- the structure ------------------------------------------------------------------------------


async def test_the_structure_shows_groups_sections_and_site_spaces_in_the_services_order(
    make_app,
):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_site(pilot)
        assert rows(screen) == [
            "§ Guides /guides ‹book› ★",
            "🛫 Deploying to production /deploying-to-production ★",
            "▤ Developers ‹laptop-code›",
            "§ API /api ‹code›",
            "📘 API Reference /api-reference ★",
            "🐍 Python SDK /python-sdk",
            "🟨 JavaScript SDK /javascript-sdk ◈",
            "§ Changelog /changelog ‹clock-rotate-left›",
            "📣 Release notes /release-notes ★",
        ]
        await highlight(pilot, screen, "JavaScript SDK")
        shown = details(screen)
        assert squashed("visitor.claims.beta_tester === true") in shown
        assert "https://docs.northwind.dev/api/javascript-sdk/" in shown
        assert "Northwind Labs › Sites › Northwind Docs › API › JavaScript SDK" in screen_text(app)
        await pilot.press("enter")  # the space behind the site space
        await settle(pilot)
        assert app.screen.space.title == "JavaScript SDK"


async def test_a_section_is_added_from_a_space_found_by_search(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_site(pilot)
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, AddSectionDialog)
        await pilot.press(*"runbook", "enter")
        await settle(pilot)
        [post] = sent(transport, "POST")
        assert post.path == site_path(screen, "/sections")
        assert post.json == {"spaceId": await space_id(app.client, "Incident runbooks")}
        assert rows(screen)[-2:] == [
            "§ Incident runbooks /incident-runbooks",
            "🚨 Incident runbooks /incident-runbooks ★",
        ]
        assert screen.highlighted_node().title == "Incident runbooks"
        assert "Added the section Incident runbooks." in notifications(app)


async def open_site_directly(pilot: Any, title: str = "Northwind Docs") -> SiteScreen:
    """The site's screen, opened as the palette would (without the lists on the way)."""
    await settle(pilot)
    page = await pilot.app.client.sites.list_sites(ORG, title=title)
    site = page.items[0]
    pilot.app.open_location(site_location(site, ORG))
    await settle(pilot)
    assert isinstance(pilot.app.screen, SiteScreen)
    return pilot.app.screen


# -- editing, with conditions checked before they are sent -----------------------------------


async def test_a_bad_claim_is_refused_before_sending(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_site_directly(pilot)
        await highlight(pilot, screen, "Guides")
        await pilot.press("e")
        await settle(pilot)
        assert isinstance(app.screen, NodeForm)
        condition = app.screen.query_one(ConditionField)
        condition.input.focus()
        await pilot.pause()
        await paste(pilot, "visitor.claims.beta === true")
        await settle(pilot)
        assert "unknown claim beta" in condition.error
        assert "visitor.claims.beta === true" in on_screen(app)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, NodeForm)
        assert sent(transport, "PATCH") == []
        assert "Nothing was sent" in on_screen(app)


async def test_a_path_and_condition_are_sent_and_a_refusal_stays_in_the_form(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_site_directly(pilot)
        await highlight(pilot, screen, "Guides")
        await pilot.press("e")
        await settle(pilot)
        form = app.screen
        path = form.query_one("#edit-path", CheckedField)
        path.input.value = "api"  # the API section's path: the service refuses it
        condition = form.query_one(ConditionField)
        condition.input.value = "visitor.claims.plan_enterprise === true"
        await pilot.pause()
        form.submit()
        await settle(pilot)
        assert form is app.screen
        assert "another section of this site uses `api`" in path.error
        assert path.input.value == "api"  # what was typed stays
        path.input.value = "start"
        await pilot.pause()
        form.submit()
        await settle(pilot)
        patches = sent(transport, "PATCH")
        assert patches[-1].json == {
            "path": "start",
            "condition": "visitor.claims.plan_enterprise === true",
        }
        assert rows(screen)[0] == "§ Guides /start ‹book› ★ ◈"
        assert "Changed the path and condition of Guides." in notifications(app)


# -- moving with the keyboard -----------------------------------------------------------------


async def listed(app: Any, screen: SiteScreen) -> list[str]:
    """The site's sections and site spaces as the service lists them now."""
    client = app.client
    with client.revalidating():
        sections = await client.site_sections.list_site_sections(ORG, screen.site_id)
    return [
        title
        for section in sections.items
        for title in (section.title, *(s.title for s in section.site_spaces))
    ]


def shown(screen: SiteScreen) -> list[str]:
    return [n.title for n in screen.outline.walk() if n.kind != "site-section-group"]


async def test_site_spaces_and_sections_move_and_the_tree_is_the_next_list(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_site_directly(pilot)
        await highlight(pilot, screen, "JavaScript SDK")
        await pilot.press("K")
        await settle(pilot)
        [move] = sent(transport, "POST")
        sdk_ids = {n.title: n.id for n in screen.outline.walk()}
        assert move.path == site_path(screen, f"/site-spaces/{sdk_ids['JavaScript SDK']}/move")
        assert move.json == {
            "position": {"before": {"type": "site-space", "siteSpace": sdk_ids["Python SDK"]}}
        }
        assert shown(screen) == await listed(app, screen)
        assert rows(screen)[5:7] == [
            "🟨 JavaScript SDK /javascript-sdk ◈",
            "🐍 Python SDK /python-sdk",
        ]
        assert screen.highlighted_node().title == "JavaScript SDK"  # the cursor follows it
        await highlight(pilot, screen, "Changelog")
        await pilot.press("K")  # above API, within the group Developers
        await settle(pilot)
        assert sent(transport, "POST")[-1].json == {
            "position": {"before": {"type": "site-section", "siteSection": sdk_ids["API"]}}
        }
        assert shown(screen) == await listed(app, screen)
        assert [
            n.title
            for n in screen.outline.children_of(f"site-section-group:{sdk_ids['Developers']}")
        ] == ["Changelog", "API"]


async def test_a_move_is_undone_with_u(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_site_directly(pilot)
        before = shown(screen)
        await highlight(pilot, screen, "Guides")
        await pilot.press("J")  # below the group: the group is what moves, above Guides
        await settle(pilot)
        assert [n.title for n in screen.outline.children_of(None)] == ["Developers", "Guides"]
        await pilot.press("u")
        await settle(pilot)
        assert [n.title for n in screen.outline.children_of(None)] == ["Guides", "Developers"]
        assert shown(screen) == before == await listed(app, screen)
        assert "Undid: Moved Guides below Developers." in notifications(app)


async def test_a_group_is_created_and_a_section_moved_into_it(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_site_directly(pilot)
        await highlight(pilot, screen, "Guides")
        await pilot.press("g")
        await settle(pilot)
        await pilot.press(*"Start here", "enter")
        await settle(pilot)
        guides = next(n for n in screen.outline.walk() if n.title == "Guides")
        assert sent(transport, "POST")[-1].json == {"title": "Start here", "sections": [guides.id]}
        assert rows(screen)[:2] == ["▤ Start here", "§ Guides /guides ‹book› ★"]
        await highlight(pilot, screen, "Guides")
        await pilot.press("less_than_sign")  # out of Start here, right after it
        await settle(pilot)
        assert [n.title for n in screen.outline.children_of(None)] == [
            "Start here",
            "Guides",
            "Developers",
        ]
        await pilot.press("greater_than_sign")  # into the group above it again
        await settle(pilot)
        group = next(n for n in screen.outline.walk() if n.title == "Start here")
        assert sent(transport, "POST")[-1].path == site_path(
            screen, f"/section-groups/{group.id}/sections"
        )
        assert [n.title for n in screen.outline.children_of(group.key)] == ["Guides"]


async def test_the_default_section_and_site_space_change(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_site_directly(pilot)
        ids = {n.title: n.id for n in screen.outline.walk()}
        await highlight(pilot, screen, "API")
        await pilot.press("asterisk")
        await settle(pilot)
        await highlight(pilot, screen, "Python SDK")
        await pilot.press("asterisk")
        await settle(pilot)
        site_patch, section_patch = sent(transport, "PATCH")
        assert (site_patch.path, site_patch.json) == (
            site_path(screen),
            {"defaultSiteSection": ids["API"]},
        )
        assert (section_patch.path, section_patch.json) == (
            site_path(screen, f"/sections/{ids['API']}"),
            {"defaultSiteSpace": ids["Python SDK"]},
        )
        assert "§ API /api ‹code› ★" in rows(screen)
        assert "🐍 Python SDK /python-sdk ★" in rows(screen)
        assert "§ Guides /guides ‹book›" in rows(screen)


# -- as a visitor -----------------------------------------------------------------------------


async def test_viewing_as_a_visitor_greys_out_what_it_cannot_see_and_says_why(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_site_directly(pilot)
        await pilot.press("v")
        await settle(pilot)
        await pilot.press("a")  # anonymous
        await settle(pilot)
        assert "⊘ 🟨 JavaScript SDK /javascript-sdk ◈" in rows(screen)
        assert [r for r in rows(screen) if r.startswith("⊘")] == [
            "⊘ 🟨 JavaScript SDK /javascript-sdk ◈"
        ]
        assert "Viewing as an anonymous visitor · 1 of 8 hidden" in screen_text(app)
        await highlight(pilot, screen, "JavaScript SDK")
        assert squashed(
            "hidden: visitor.claims.beta_tester === true (anonymous visitors have no claims)"
        ) in details(screen)
        await pilot.press("v")
        await settle(pilot)
        await pilot.press("space", "w")  # signed in, beta_tester on
        await settle(pilot)
        assert not [r for r in rows(screen) if r.startswith("⊘")]
        await pilot.press("V")
        await settle(pilot)
        assert "Viewing as" not in screen_text(app)


# -- undo -------------------------------------------------------------------------------------


async def test_an_edit_and_a_delete_are_undone(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_site_directly(pilot)
        before = shown(screen)
        await highlight(pilot, screen, "JavaScript SDK")
        await pilot.press("c")
        await settle(pilot)
        app.screen.query_one(ConditionField).input.value = ""  # empty: no condition
        await pilot.press("enter")
        await settle(pilot)
        assert sent(transport, "PATCH")[-1].json == {"condition": None}
        await pilot.press("u")
        await settle(pilot)
        assert sent(transport, "PATCH")[-1].json == {
            "condition": "visitor.claims.beta_tester === true"
        }
        await highlight(pilot, screen, "API")
        await pilot.press("d")
        await settle(pilot)
        assert "Removes the section API and its 3 site spaces from Northwind Docs." in (
            on_screen(app)
        )
        await pilot.press("tab", "enter")  # from Cancel to Delete
        await settle(pilot)
        assert "API" not in shown(screen)
        await pilot.press("u")
        await settle(pilot)
        assert shown(screen) == before == await listed(app, screen)
        sdk = next(n for n in screen.outline.walk() if n.title == "JavaScript SDK")
        assert sdk.condition == "visitor.claims.beta_tester === true"
        assert any(
            "not fully restorable: the section gets a new id" in n for n in notifications(app)
        )


# -- settings, sites, roles -------------------------------------------------------------------


async def test_a_bad_proxy_is_refused_as_it_is_typed_and_nothing_is_sent(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_site_directly(pilot)
        await pilot.press("2")
        await settle(pilot)
        proxy = screen.query_one("#set-proxy", CheckedField)
        proxy.input.focus()
        await pilot.pause()
        await paste(pilot, "not a proxy")
        assert "Proxy must be a domain and a path such as example.com/docs." == proxy.error
        await pilot.press("enter")
        await settle(pilot)
        assert sent(transport, "PATCH") == []
        proxy.input.value = "northwind.dev/docs"
        await pilot.press("enter")
        await settle(pilot)
        assert sent(transport, "PATCH")[-1].json == {"proxy": "northwind.dev/docs"}
        assert screen.site.proxy.origin == "northwind.dev/docs"


async def test_number_keys_on_the_settings_switch_views_and_unsaved_settings_are_warned_of(
    make_app, transport
):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_site_directly(pilot)
        await pilot.press("2")
        await settle(pilot)
        await pilot.press("3")  # on the tab bar, not typed into the title
        await settle(pilot)
        assert screen.current_tab() == "audience"
        await pilot.press("2")
        await settle(pilot)
        title = screen.query_one("#set-title", CheckedField)
        assert title.value == "Northwind Docs"
        await pilot.press("tab")  # into the fields
        await settle(pilot)
        assert app.focused is title.input
        title.input.value = "Northwind Help"
        await pilot.press("escape", "escape")  # out of the field, then out of the screen?
        await settle(pilot)
        assert app.screen is screen  # not yet: the title is not saved
        assert any(
            "Typed in the settings of Northwind Docs but not saved: the title." in n
            for n in notifications(app)
        )
        await pilot.press("escape")  # a second time: leave without it
        await settle(pilot)
        assert app.screen is not screen
        assert sent(transport, "PATCH") == []


async def test_a_site_is_created_and_deleted_with_its_name_typed(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        sites = await open_sites(pilot)
        await pilot.press("n")
        await settle(pilot)
        await pilot.press(*"Status page", "enter")
        await settle(pilot)
        assert sent(transport, "POST")[-1].json == {
            "type": "basic",
            "title": "Status page",
            "visibility": "public",
            "spaces": "new",
        }
        assert isinstance(app.screen, SiteScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert "Status page" in site_titles(sites)
        sites.query_one("#sites", ItemList).select_key(
            next(s.id for s in sites.sites if s.title == "Status page")
        )
        await pilot.press("d")
        await settle(pilot)
        assert "Deleting Status page removes its 1 site space." in on_screen(app)
        await pilot.press("enter")
        await settle(pilot)
        assert sent(transport, "DELETE") == []  # the name is not typed yet
        await pilot.press(*"Status page", "enter")
        await settle(pilot)
        assert sent(transport, "DELETE")[-1].path.endswith(sites.sites[0].id) is False
        assert "Status page" not in site_titles(sites)


async def test_a_reader_is_told_before_anything_is_sent(make_app, transport):
    app = make_app("demo-reader")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_site_directly(pilot)
        await highlight(pilot, screen, "Guides")
        for key in ("n", "K", "d"):
            await pilot.press(key)
            await settle(pilot)
        assert app.screen is screen
        assert (
            notifications(app).count("You need the admin role to add a section to Northwind Docs.")
            == 1
        )
        assert "You need the admin role to delete the section Guides." in notifications(app)
        assert [s for s in transport.sent if s.method != "GET"] == []


async def test_a_section_with_a_condition_is_made_the_default_only_once_its_warning_is_read(
    make_app, transport, admin
):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_site_directly(pilot)
        ids = {n.title: n.id for n in screen.outline.walk()}
        await admin.site_sections.update_site_section_by_id(
            ORG, screen.site_id, ids["API"], condition="visitor.claims.beta_tester === true"
        )
        await pilot.press("r")
        await settle(pilot)
        before = len(sent(transport, "PATCH"))  # the condition, set beforehand
        await highlight(pilot, screen, "API")
        await pilot.press("asterisk")
        await settle(pilot)
        shown = on_screen(app)
        assert "Make API the default section?" in shown
        assert "anonymous visitors" in shown and "cannot see it" in shown
        assert app.focused is not None and app.focused.id == "cancel"
        await pilot.press("enter")  # Cancel
        await settle(pilot)
        assert len(sent(transport, "PATCH")) == before
        await pilot.press("asterisk")
        await settle(pilot)
        await pilot.press("tab", "enter")  # Make default
        await settle(pilot)
        [patch] = sent(transport, "PATCH")[before:]
        assert (patch.path, patch.json) == (site_path(screen), {"defaultSiteSection": ids["API"]})
        assert "§ API /api ‹code› ★ ◈" in rows(screen)


async def test_shift_arrows_move_the_highlighted_node_as_k_and_j_do(make_app, transport):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_site_directly(pilot)
        await highlight(pilot, screen, "Guides")
        await pilot.press("shift+down")
        await settle(pilot)
        assert [n.title for n in screen.outline.children_of(None)] == ["Developers", "Guides"]
        await pilot.press("shift+up")
        await settle(pilot)
        assert [n.title for n in screen.outline.children_of(None)] == ["Guides", "Developers"]
        assert len(sent(transport, "POST")) == 2


async def test_the_wording_of_a_refused_condition_and_of_a_site_space_deletion(make_app, transport):
    app = make_app("demo-reader")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_site_directly(pilot)
        await highlight(pilot, screen, "Guides")
        await pilot.press("c")
        await settle(pilot)
        assert (
            "You need the admin role to change the condition of the section Guides."
            in notifications(app)
        )
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_site_directly(pilot)
        await highlight(pilot, screen, "Python SDK")
        await pilot.press("d")
        await settle(pilot)
        assert "Visitors lose it (https://" in on_screen(app)
        await pilot.press("escape")
