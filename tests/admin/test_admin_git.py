"""Git sync: the spaces with their repositories, an export with a bad ref refused before sending,
a standalone import, the legacy installation removed."""

from __future__ import annotations

from textual.widgets import Checkbox

from tests.pilot.acting import on_screen, sent
from tests.pilot.admin_acting import cells, highlight_row, open_admin
from tests.pilot.fixtures import settle
from tui.admin.git_form import GitForm
from tui.widgets.checked_fields import CheckedField


async def open_python_sdk(pilot):
    screen = await open_admin(pilot, "git")
    await highlight_row(pilot, screen, "🐍 Python SDK")
    return screen


async def test_an_export_with_a_bad_ref_is_refused_then_sent_as_a_branch(make_app, transport):
    app = make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await open_python_sdk(pilot)
        space = screen.highlighted
        assert cells(screen, space.id)[1:3] == ["github", "northwind/python-sdk"]
        await pilot.press("x")
        await settle(pilot)
        assert isinstance(app.screen, GitForm)
        form = app.screen
        assert (
            form.query_one("#url", CheckedField).value == "https://github.com/northwind/python-sdk"
        )
        form.query_one("#branch", CheckedField).input.value = "refs/tags/v2.0"
        await pilot.pause()
        form.submit()
        await settle(pilot)
        assert sent(transport, "POST") == []
        assert form.query_one("#branch", CheckedField).error == (
            "refs/tags/v2.0 is not a branch: the ref must be refs/heads/<branch>."
        )
        form.query_one("#branch", CheckedField).input.value = "docs/update"
        await pilot.pause()
        assert (
            "Exporting writes Python SDK as a commit on docs/update of "
            "github.com/northwind/python-sdk" in on_screen(app)
        )
        form.submit()
        await settle(pilot)
        [post] = sent(transport, "POST")
        assert post.path == f"/v1/spaces/{space.id}/git/export"
        assert post.json == {
            "url": "https://github.com/northwind/python-sdk",
            "ref": "refs/heads/docs/update",
            "commitMessage": "Update from docdeck: Python SDK",
        }


async def test_a_standalone_import_leaves_the_content_as_it_is(make_app, transport):
    app = make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        await open_python_sdk(pilot)
        await pilot.press("i")
        await settle(pilot)
        app.screen.query_one("#standalone", Checkbox).value = True
        await pilot.pause()
        assert "A standalone import makes a revision from main of" in on_screen(app)
        app.screen.submit()
        await settle(pilot)
        [post] = sent(transport, "POST")
        assert post.path.endswith("/git/import")
        assert post.json["standalone"] is True and post.json["ref"] == "refs/heads/main"


async def test_the_legacy_installation_is_removed_after_a_confirmation(make_app, transport):
    app = make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await open_admin(pilot, "git")
        await highlight_row(pilot, screen, "📓 Team handbook")
        await pilot.press("L")
        await settle(pilot)
        assert "lets it upgrade to the current Git sync" in on_screen(app)
        await pilot.press("tab", "enter")  # it opens on Cancel: Remove is next
        await settle(pilot)
        [delete] = sent(transport, "DELETE")
        assert delete.path.endswith("/git/legacy-installation")
