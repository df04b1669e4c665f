"""OpenAPI specifications: created from a URL (the slug checked first) and watched from pending
to complete without a key pressed; polling stops when done and when the screen closes; versions
and their content; visibility; deletion."""

from __future__ import annotations

import os

import pytest

from tests.pilot.acting import on_screen, sent
from tests.pilot.admin_acting import cells, open_admin, pick, rows
from tests.pilot.fixtures import paste, settle
from tui.admin.admin_openapi_spec import SpecScreen
from tui.admin.openapi_forms import SpecForm
from tui.shell.polling import Poller
from tui.widgets.checked_fields import CheckedField

from ..conftest import ORG

SPECS = f"/v1/orgs/{ORG}/openapi"


@pytest.fixture(autouse=True)
def quick_polls(monkeypatch):
    monkeypatch.setattr(Poller, "start", 0.05)
    monkeypatch.setattr(Poller, "ceiling", 0.1)


def list_gets(transport) -> int:
    return sum(1 for s in transport.sent if s.method == "GET" and s.path == SPECS)


async def wait_for(pilot, condition, rounds: int = 40) -> None:
    for _ in range(rounds):
        if condition():
            return
        await pilot.pause(0.05)
        await settle(pilot, rounds=1)
    raise AssertionError("never happened")


async def test_a_new_specification_is_followed_from_pending_to_complete(make_app, transport, clock):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_admin(pilot, "openapi")
        assert rows(screen) == ["northwind-api", "billing-api"]
        assert screen.poller.active is False  # nothing under way: nothing asked again
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, SpecForm)
        await paste(pilot, "Payments API")
        await pilot.press("tab")
        await paste(pilot, "https://pay.northwind.dev/openapi.yaml")
        await pilot.press("enter")
        await settle(pilot)
        assert sent(transport, "POST") == []
        slug = app.screen.query_one("#slug", CheckedField)
        assert "lower-case letters and digits" in slug.error
        slug.input.value = "payments-api"
        app.screen.submit()
        await settle(pilot)
        [post] = sent(transport, "POST")
        assert post.json == {
            "slug": "payments-api",
            "source": {"url": "https://pay.northwind.dev/openapi.yaml"},
        }
        assert cells(screen, "payments-api")[1] == "pending…"
        assert screen.poller.active
        clock.advance(seconds=3)  # the service's processing takes 2 s by its own clock
        await wait_for(pilot, lambda: cells(screen, "payments-api")[1] == "complete")
        assert screen.poller.active is False
        asked = list_gets(transport)
        await pilot.pause(0.3)
        assert list_gets(transport) == asked  # done: no more polling


async def test_polling_stops_when_the_screen_closes(make_app, transport, clock):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_admin(pilot, "openapi")
        await app.client.openapi.create_openapi_spec(
            ORG, slug="queued-api", source={"url": "https://example.com/q.yaml"}
        )
        await pilot.press("r")
        await settle(pilot)
        assert screen.poller.active
        await pilot.press("escape")
        await settle(pilot)
        asked = list_gets(transport)
        await pilot.pause(0.4)
        assert list_gets(transport) == asked


async def test_a_specification_shows_its_versions_and_their_content(make_app, transport):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_admin(pilot, "openapi")
        await pilot.press("enter")  # northwind-api
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, SpecScreen)
        assert len(rows(screen, "#versions")) == 3
        shown = on_screen(app)
        assert "Versions (3)" in shown
        assert "Entry point openapi.yaml" in shown
        assert "openapi.yaml" in shown and "files.docdeck.local/openapi" in shown


async def test_visibility_is_changed_and_a_specification_deleted(make_app, transport):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_admin(pilot, "openapi")
        await pilot.press("v")
        await settle(pilot)
        await pick(pilot, "Public")
        [patch] = sent(transport, "PATCH")
        assert patch.path == f"{SPECS}/northwind-api" and patch.json == {"visibility": "public"}
        assert cells(screen, "northwind-api")[2] == "public"
        await pilot.press("d")
        await settle(pilot)
        assert "removes it and every stored version of it" in on_screen(app)
        await paste(pilot, "northwind-api")
        await pilot.press("enter")
        await settle(pilot)
        assert [d.path for d in sent(transport, "DELETE")] == [f"{SPECS}/northwind-api"]
        assert rows(screen) == ["billing-api"]


async def test_the_latest_version_is_named_and_read_at_its_own_address_others_by_id(
    make_app, transport
):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_admin(pilot, "openapi")
        await pilot.press("enter")  # northwind-api
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, SpecScreen)
        spec = f"{SPECS}/northwind-api/versions"
        gets = [s.path for s in sent(transport, "GET")]
        assert f"{spec}/latest" in gets and f"{spec}/latest/content" in gets
        latest = screen.view.latest
        assert latest is not None and f"Latest version {latest.id}" in on_screen(app)
        assert f"Version {latest.id} (latest)" in on_screen(app)

        await pilot.press("down")
        await settle(pilot)
        other = rows(screen, "#versions")[1]
        gets = [s.path for s in sent(transport, "GET")]
        assert any(
            p.startswith(f"{spec}/") and p.endswith("/content") and "latest" not in p for p in gets
        )
        version_id = next(
            p.rsplit("/", 1)[-1]
            for p in gets
            if p.startswith(f"{spec}/")
            and p.count("/") == spec.count("/") + 1
            and not p.endswith("latest")
        )
        assert version_id != latest.id and f"Version {version_id}" in on_screen(app)
        assert other


DOCUMENT = 'openapi: 3.1.0\ninfo:\n  title: "Payments = fees"\n  version: "1.0"\npaths: {}\n'


async def new_spec_form(pilot, slug: str, source: str):
    app = pilot.app
    await pilot.press("n")
    await settle(pilot)
    assert isinstance(app.screen, SpecForm)
    app.screen.query_one("#slug", CheckedField).input.value = slug
    app.screen.query_one("#source-url", CheckedField).input.value = source
    app.screen.submit()
    await settle(pilot)


async def test_a_specification_is_created_from_a_file_on_this_machine(
    make_app, transport, tmp_path
):
    document = tmp_path / "payments.yaml"
    document.write_text(DOCUMENT, encoding="utf-8")
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_admin(pilot, "openapi")
        await new_spec_form(pilot, "payments-api", str(document))
        [post] = sent(transport, "POST")
        # The file's text is sent, as the official document allows: no URL is asked for.
        assert post.json == {"slug": "payments-api", "source": {"text": DOCUMENT}}
        assert post.status == 201
        assert "payments-api" in rows(screen)
        assert cells(screen, "payments-api")[4] == "(text)"


@pytest.mark.parametrize(
    ("make", "said"),
    [
        (lambda p: p, "is a folder"),
        (lambda p: p / "missing.yaml", "There is no file"),
        (
            lambda p: (
                (p / "big.json").write_bytes(b"{" + b" " * (1024 * 1024 + 1)) and p / "big.json"
            ),
            "the limit is 1.0 MiB",
        ),
        (lambda p: os.mkfifo(p / "pipe") or p / "pipe", "is not a regular file"),
        (
            lambda p: (p / "bin.yaml").write_bytes(b"\xff\xfe\x00") and p / "bin.yaml",
            "is not UTF-8",
        ),
    ],
)
async def test_a_file_that_cannot_be_sent_is_refused_before_anything_is_sent(
    make_app, transport, tmp_path, make, said
):
    path = make(tmp_path)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_admin(pilot, "openapi")
        await new_spec_form(pilot, "payments-api", str(path))
        assert isinstance(app.screen, SpecForm)  # the form stays, with what was typed
        assert said in on_screen(app)
        assert sent(transport, "POST") == []
