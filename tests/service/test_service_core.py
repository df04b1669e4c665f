"""The local service's core: transactions, persistence, pagination and refusals."""

from __future__ import annotations

import httpx
import pytest

from tests.conftest import ORG
from tui.service import create_app
from tui.service.app import Emulator
from tui.service.http import Ctx, RouteTable
from tui.service.store import Store


def test_a_failure_mid_write_leaves_nothing_half_applied():
    store = Store()
    with store.transaction():
        store.put("thing", {"id": "kept", "n": 1})
    with pytest.raises(RuntimeError), store.transaction():
        store.put("thing", {"id": "kept", "n": 2})
        store.put("thing", {"id": "new"})
        raise RuntimeError("crash")
    assert store.get("thing", "kept") == {"id": "kept", "n": 1}
    assert store.get("thing", "new") is None


async def test_a_route_that_fails_after_writing_changes_nothing():
    routes = RouteTable()

    @routes.post("/v1/explode")
    def explode(ctx: Ctx) -> None:
        ctx.store.put("organization", {"id": ORG, "title": "Half-written"})
        raise RuntimeError("crash after a write")

    app = create_app("demo")
    emulator: Emulator = app.state.emulator
    emulator.routes = [*emulator.routes, *routes.routes]
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://t"
    ) as http:
        answer = await http.post("/v1/explode", headers={"Authorization": "Bearer demo-admin"})
    assert answer.status_code == 500
    assert answer.json()["error"]["message"].endswith("nothing was changed.")
    assert emulator.store.get("organization", ORG)["title"] == "Northwind Labs"


def test_data_survives_reopening_the_database_and_reset_restores_it(tmp_path):
    database = tmp_path / "service.sqlite3"
    app = create_app("demo", database)
    store = app.state.emulator.store
    with store.transaction():
        organization = store.get("organization", ORG)
        store.put("organization", {**organization, "title": "Renamed"})
    store.close()
    assert (
        create_app("demo", database).state.emulator.store.get("organization", ORG)["title"]
        == "Renamed"
    )
    reset = create_app("demo", database, reset=True)
    assert reset.state.emulator.store.get("organization", ORG)["title"] == "Northwind Labs"


def test_new_ids_are_deterministic_for_the_same_history():
    first, second = Store(), Store()
    with first.transaction(), second.transaction():
        assert [first.new_id("space") for _ in range(3)] == [
            second.new_id("space") for _ in range(3)
        ]


async def _get(path: str, token: str | None = "demo-admin") -> httpx.Response:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=create_app()), base_url="http://t"
    ) as http:
        return await http.get(path, headers=headers)


@pytest.mark.parametrize(
    ("path", "token", "status", "words"),
    [
        ("/v1/orgs", None, 401, "Authorization: Bearer"),
        ("/v1/orgs", "nope", 401, "not valid"),
        ("/v1/orgs?limit=1001", "demo-admin", 400, "`limit` must be between 1 and 1000"),
        ("/v1/orgs?page=garbage", "demo-admin", 400, "page token"),
        ("/v1/nowhere", "demo-admin", 404, "no operation"),
    ],
)
async def test_refusals_say_what_to_do(path, token, status, words):
    answer = await _get(path, token)
    assert answer.status_code == status
    assert answer.json() == {
        "error": {"code": status, "message": answer.json()["error"]["message"]}
    }
    assert words in answer.json()["error"]["message"]


async def test_pages_chain_with_opaque_tokens_and_the_last_has_no_next():
    first = (await _get("/v1/orgs?limit=1")).json()
    assert first["count"] == 2 and "next" in first and ORG not in first["next"]["page"]
    second = (await _get(f"/v1/orgs?limit=1&page={first['next']['page']}")).json()
    assert [o["id"] for o in second["items"]] == ["org-community"] and "next" not in second


async def test_the_request_log_keeps_only_the_latest_requests():
    from tui.service.app import REQUEST_LOG_SIZE

    app = create_app("demo")
    emulator: Emulator = app.state.emulator
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://t"
    ) as http:
        for number in range(REQUEST_LOG_SIZE + 5):
            await http.get(f"/v1/nowhere/{number}", headers={"Authorization": "Bearer x"})
    assert len(emulator.requests) == REQUEST_LOG_SIZE
    assert emulator.requests[-1] == ("GET", f"/v1/nowhere/{REQUEST_LOG_SIZE + 4}")
    assert emulator.requests[0] == ("GET", "/v1/nowhere/5")
