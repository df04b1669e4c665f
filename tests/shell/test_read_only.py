"""Read-only mode: every action that writes is hidden and refused before sending, everywhere."""

from __future__ import annotations

import pytest

from tests.pilot.acting import notifications, open_northwind, sent
from tests.pilot.admin_acting import open_admin
from tests.pilot.fixtures import settle
from tui.api.errors import ReadOnlyError
from tui.cli import _parser
from tui.config import Config, Profile, profile_is_read_only
from tui.shell.key_help import key_help
from tui.shell.read_only import is_mutating
from tui.shell.screen import DocdeckScreen
from tui.widgets import StatusLine

from ..conftest import ORG

# The actions of docdeck's screens that only read or move around. Every other action bound to
# a key must be marked @mutating: a new action is classified here or marked, never forgotten.
READS = {
    "refresh", "filter", "open_in_browser", "copy_url", "search", "show_tab", "open",
    "open_view", "open_member", "open_team", "open_spec", "open_translated", "filter_role",
    "sort", "order", "managed_by", "page_links", "backlinks", "link_report", "edit_query",
    "copy_service_url", "sso_logins", "versions", "find_by_domain", "who_can", "export_csv",
    "open_space", "build", "show_content", "administration",
    # review (issue 8): moving through a change request, its diff and its threads
    "toggle_view", "next_change", "previous_change", "next_page", "previous_page", "all_lines",
    "page_threads", "next_thread", "review_queue", "section", "pdf", "step",
    # sites (issue 10): finding sites, filtering them, viewing a site as a visitor
    "show_sites", "open_site", "published_filter", "space_filter", "clear_filters",
    "view_as_visitor", "stop_viewing_as", "share_key",
    # access (issue 17): opening a content's access, a row of it; copying an invite link
    "content_access", "open_row", "copy_link", "site_access", # review round 2 (issue 20): the changes since one's review, a thread's block in the diff
    "since_review", "go_to_block", "merge_tab",
    # review round 2 (issue 20): a change request's own content, main's revision, and marking
    # change requests seen (kept on this machine, nothing sent)
    "change_request_content", "change_request_links", "current_revision", "mark_seen",
    "mark_all_seen",
}  # fmt: skip


FEATURES = ("tui.browse", "tui.review", "tui.sites", "tui.admin")


def screen_classes() -> list[type[DocdeckScreen]]:
    """Every screen of the features (the app imports them when it first needs them)."""
    import importlib
    import pkgutil

    for feature in FEATURES:
        package = importlib.import_module(feature)
        for module in pkgutil.iter_modules(package.__path__):
            importlib.import_module(f"{feature}.{module.name}")
    found: set[type[DocdeckScreen]] = set()
    pending: list[type[DocdeckScreen]] = [DocdeckScreen]
    while pending:
        for sub in pending.pop().__subclasses__():
            if sub not in found:
                found.add(sub)
                pending.append(sub)
    return sorted(
        (cls for cls in found if cls.__module__.startswith(tuple(f"{f}." for f in FEATURES))),
        key=lambda cls: cls.__name__,
    )


@pytest.mark.parametrize("screen", screen_classes(), ids=lambda cls: cls.__name__)
def test_every_action_that_is_not_a_read_is_marked_mutating(screen):
    for binding in screen.BINDINGS:
        action = binding.action.split("(")[0]  # type: ignore[union-attr]
        if action in READS or not hasattr(screen, f"action_{action}"):
            continue
        assert is_mutating(screen, action), f"{screen.__name__}.action_{action} is not @mutating"


async def test_the_members_list_hides_every_change_and_says_read_only(make_app, transport):
    app = make_app(read_only=True)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_admin(pilot, "members")
        shown = {help.id for help in key_help(app, screen)}
        assert {"members.role_filter", "members.sort", "view.refresh"} <= shown
        assert not shown & {"member.role", "member.remove", "member.sso", "member.add_to_team"}
        commands = [c.title for c in screen.screen_commands()]
        assert "members: sort" in commands and "members: role" not in commands
        assert "read-only" in screen.query_one(StatusLine).render().plain
        await pilot.press("e", "d", "t", "S")
        await settle(pilot)
        assert app.screen is screen  # no dialog opened
        screen.action_change_role()  # as a palette command calling it directly would
        await settle(pilot)
        assert app.screen is screen
        assert any("read-only mode" in n for n in notifications(app))
        assert [s for s in transport.sent if s.method != "GET"] == []


async def test_the_organisation_tree_hides_its_changes_too(make_app, transport):
    app = make_app(read_only=True)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_northwind(pilot)
        shown = {help.id for help in key_help(app, screen)}
        assert "organization.search" in shown and "organization.admin" in shown
        assert not shown & {
            "space.create",
            "collection.create",
            "collection.rename",
            "space.restore",
        }
        await pilot.press("n", "N", "e", "d")
        await settle(pilot)
        assert app.screen is screen
        assert sent(transport, "POST") == [] and sent(transport, "DELETE") == []


async def test_the_client_refuses_a_write_before_sending_it(make_app, transport):
    app = make_app(read_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        before = len(transport.sent)
        with pytest.raises(ReadOnlyError) as refused:
            await app.client.teams.create_organization_team(ORG, title="Nope")
        assert len(transport.sent) == before
        assert refused.value.title == "Read-only mode"
        await app.client.teams.list_teams_in_organization_by_id(ORG)  # reads still go
        assert len(transport.sent) == before + 1


def test_the_command_line_and_a_profile_ask_for_it():
    assert _parser().parse_args(["--read-only"]).read_only is True
    assert _parser().parse_args([]).read_only is False
    config = Config(profiles={"prod": Profile(read_only=True), "dev": Profile()})
    assert profile_is_read_only("prod", config) is True
    assert profile_is_read_only("dev", config) is False
    assert profile_is_read_only(None, Config(default_profile="prod", profiles=config.profiles))
