"""What the local service keeps to answer fast never shows stale data: counts, encoded revisions,
documents decoded by orjson, and the index of routes."""

from __future__ import annotations

import math
import sqlite3

import httpx
import pytest

from tests.conftest import ORG
from tui.service import create_app
from tui.service.http import Ctx, RouteTable
from tui.service.route_index import RouteIndex
from tui.service.store import Store

WIDE = 2**70 + 12345  # not a power of two, which a float would hold exactly
VERY_NEGATIVE = -(2**63) - 1


# -- the store --------------------------------------------------------------------------------


def test_integers_beyond_64_bits_read_back_exactly():
    store = Store()
    store.put("thing", {"id": "wide", "n": WIDE, "m": [VERY_NEGATIVE], "small": 7})
    assert store.get("thing", "wide") == {"id": "wide", "n": WIDE, "m": [VERY_NEGATIVE], "small": 7}
    assert store.list("thing")[0]["n"] == WIDE


def test_a_nan_reads_back_as_a_nan():
    store = Store()
    store.put("thing", {"id": "odd", "x": float("nan")})
    assert math.isnan(store.get("thing", "odd")["x"])


def test_an_older_database_has_its_wide_integers_marked_when_opened(tmp_path):
    database = tmp_path / "older.sqlite3"
    Store(database).put("thing", {"id": "wide", "n": WIDE})
    # As a database written before the marks: no leading space, no meta key.
    with sqlite3.connect(database) as raw:
        raw.execute("UPDATE docs SET data = ltrim(data)")
        raw.execute("DELETE FROM meta")
    assert Store(database).get("thing", "wide") == {"id": "wide", "n": WIDE}


def test_a_count_follows_every_write_and_every_rollback():
    store = Store()
    store.put_many("thing", [({"id": f"t{i}"}, "box", None) for i in range(3)])
    assert store.count("thing", scope="box") == 3
    store.put("thing", {"id": "t3"}, scope="box")
    assert store.count("thing", scope="box") == 4
    store.delete("thing", "t0")
    assert store.count("thing", scope="box") == 3
    with pytest.raises(RuntimeError), store.transaction():
        store.put("thing", {"id": "t9"}, scope="box")
        assert store.count("thing", scope="box") == 4
        raise RuntimeError("crash")
    assert store.count("thing", scope="box") == 3
    store.delete_where("thing", scope="box")
    assert store.count("thing", scope="box") == 0


def test_a_change_made_through_another_connection_is_seen(tmp_path):
    database = tmp_path / "shared.sqlite3"
    mine, theirs = Store(database), Store(database)
    mine.put("thing", {"id": "a"}, scope="box")
    assert mine.count("thing", scope="box") == 1
    theirs.put("thing", {"id": "b"}, scope="box")
    assert mine.count("thing", scope="box") == 2


def test_a_derived_value_is_computed_again_only_after_its_kind_changes():
    store = Store()
    computed: list[int] = []

    def compute() -> int:
        computed.append(1)
        return len(computed)

    assert store.derived("thing", "key", compute) == 1
    store.put("other", {"id": "x"})
    assert store.derived("thing", "key", compute) == 1
    store.put("thing", {"id": "x"})
    assert store.derived("thing", "key", compute) == 2


# -- the content of a space -------------------------------------------------------------------


async def test_the_content_read_again_after_an_import_shows_the_new_page():
    app = create_app("demo")
    headers = {"Authorization": "Bearer demo-admin"}
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://t", headers=headers
    ) as http:
        spaces = (await http.get(f"/v1/orgs/{ORG}/spaces")).json()["items"]
        space = next(s for s in spaces if s["title"] == "Team handbook")
        before = (await http.get(f"/v1/spaces/{space['id']}/content")).json()
        imported = await http.post(
            f"/v1/spaces/{space['id']}/content/import",
            json={"url": "https://wiki.example.com/a", "source": "website"},
        )
        after = (await http.get(f"/v1/spaces/{space['id']}/content")).json()
        again = (await http.get(f"/v1/spaces/{space['id']}/content?metadata=false")).json()
    assert imported.status_code == 201
    assert after["id"] == imported.json()["revision"] != before["id"]
    assert after["parents"] == [before["id"]]
    assert [p["title"] for p in after["pages"]] == [
        *(p["title"] for p in before["pages"]),
        "Imported from https://wiki.example.com/a",
    ]
    assert again == after


# -- finding routes ---------------------------------------------------------------------------


def _table() -> RouteTable:
    routes = RouteTable()

    @routes.get("/v1/things/{thingId}")
    def one(ctx: Ctx, thingId: str) -> None: ...

    @routes.get("/v1/things/special")
    def special(ctx: Ctx) -> None: ...

    @routes.delete("/v1/things/{thingId}")
    def remove(ctx: Ctx, thingId: str) -> None: ...

    @routes.get("/v1/things/{thingId}/parts/{partId}")
    def part(ctx: Ctx, thingId: str, partId: str) -> None: ...

    return routes


def _matching(index: RouteIndex, method: str, path: str) -> list[str]:
    return [
        route.handler.__name__
        for route in index.candidates(path)
        if route.pattern.match(path) and route.method == method
    ]


def test_routes_are_found_in_table_order_as_a_scan_would_find_them():
    index = RouteIndex(_table().routes)
    assert _matching(index, "GET", "/v1/things/special") == ["one", "special"]
    assert _matching(index, "DELETE", "/v1/things/t1") == ["remove"]
    assert _matching(index, "GET", "/v1/things/t1/parts/p2") == ["part"]
    assert index.candidates("/v1/things/t1/parts/") == []
    assert index.candidates("/v1/things//parts/p2") == []
    assert index.candidates("/v1/nothing") == []


def test_a_route_added_to_the_table_in_place_is_found():
    routes = _table().routes
    index = RouteIndex(routes)
    extra = RouteTable()

    @extra.get("/v1/extra")
    def added(ctx: Ctx) -> None: ...

    routes.extend(extra.routes)
    assert _matching(index, "GET", "/v1/extra") == ["added"]


async def test_a_method_a_path_does_not_take_is_refused_and_an_unknown_path_is_not_found():
    headers = {"Authorization": "Bearer demo-admin"}
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=create_app()), base_url="http://t", headers=headers
    ) as http:
        refused = await http.put(f"/v1/orgs/{ORG}/spaces")
        unknown = await http.get(f"/v1/orgs/{ORG}/nothing-here")
    assert refused.status_code == 405
    assert unknown.status_code == 404
