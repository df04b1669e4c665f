"""Translations: a run watched until its status and statistics move, a new translation with its
instructions, the translated space opened."""

from __future__ import annotations

import pytest

from tests.pilot.acting import notifications, sent
from tests.pilot.admin_acting import cells, choose, open_admin, rows
from tests.pilot.fixtures import settle
from tui.admin.translation_form import TranslationForm
from tui.browse.space import SpaceScreen
from tui.shell.polling import Poller
from tui.widgets import ChoiceField

from ..conftest import ORG
from .test_admin_openapi import wait_for


@pytest.fixture(autouse=True)
def quick_polls(monkeypatch):
    monkeypatch.setattr(Poller, "start", 0.05)
    monkeypatch.setattr(Poller, "ceiling", 0.1)


async def test_a_run_is_watched_until_it_completes(make_app, transport, clock):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_admin(pilot, "translations")
        assert rows(screen) == ["API Reference", "API Reference"]  # into French, into Japanese
        key = screen.highlighted.id
        assert cells(screen, key)[1:4] == ["en → fr", "completed", "2"]
        await pilot.press("R")
        await settle(pilot)
        [run] = sent(transport, "POST")
        assert run.path == f"/v1/orgs/{ORG}/translations/{key}/run"
        assert cells(screen, key)[2] == "running…"
        assert screen.poller.active
        clock.advance(seconds=120)
        await wait_for(pilot, lambda: cells(screen, key)[2] == "completed")
        assert cells(screen, key)[3] == "3"  # a third run
        assert screen.poller.active is False


async def test_a_space_is_translated_with_instructions(make_app, transport):
    app = make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await open_admin(pilot, "translations")
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, TranslationForm)
        source = app.screen.query_one("#source", ChoiceField)
        guides = next(v for label, v in source.select._options if "Team handbook" in str(label))
        await choose(pilot, "#source", guides)
        await choose(pilot, "#language", "de")
        app.screen.query_one("#instructions").area.focus()
        await pilot.pause()
        app.screen.query_one("#instructions").area.insert(
            "Use the informal Du.\nKeep code in English."
        )
        app.screen.submit()
        await settle(pilot)
        [post] = sent(transport, "POST")
        assert post.json["language"] == "de"
        assert post.json["source"] == {"space": guides, "language": "en"}
        lines = [n["nodes"][0]["leaves"][0]["text"] for n in post.json["instructions"]["nodes"]]
        assert lines == ["Use the informal Du.", "Keep code in English."]
        assert rows(screen) == ["API Reference", "API Reference", "Team handbook"]
        assert "press R to run it" in notifications(app)[-1]


async def test_enter_opens_the_translated_space(make_app, transport):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_admin(pilot, "translations")
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, SpaceScreen)
        assert app.screen.space.title == "API Reference (fr)"
