"""The in-process service (the demo's) runs on a loop and a thread of its own: its work never
holds up the app's loop, a cancelled request is cancelled in it, and closing stops it."""

from __future__ import annotations

import asyncio
import threading

import httpx

from tui import cli
from tui.api.in_process import ServiceThread


def _never_answering():
    """A service that never answers, and events set when it starts and when it is cancelled."""
    started, cancelled = threading.Event(), threading.Event()

    async def service(scope, receive, send):
        started.set()
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            cancelled.set()
            raise

    return service, started, cancelled


async def test_a_slow_answer_does_not_hold_up_the_callers_loop():
    released = threading.Event()

    async def service(scope, receive, send):
        # Blocks its own loop, as a long query would: the caller's must go on meanwhile.
        answer = b"released" if released.wait(timeout=10) else b"the caller was held up"
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": answer})

    async with httpx.AsyncClient(transport=ServiceThread(service), base_url="http://t") as http:
        asking = asyncio.ensure_future(http.get("/slow"))
        await asyncio.sleep(0.01)
        released.set()  # only possible while the service is still busy on its own thread
        response = await asking
    assert response.text == "released"


async def test_a_cancelled_request_is_cancelled_in_the_service_too():
    service, started, cancelled = _never_answering()
    async with httpx.AsyncClient(transport=ServiceThread(service), base_url="http://t") as http:
        asking = asyncio.ensure_future(http.get("/forever"))
        await asyncio.to_thread(started.wait, 10)
        asking.cancel()
        await asyncio.gather(asking, return_exceptions=True)
        assert await asyncio.to_thread(cancelled.wait, 10)


async def test_the_demo_is_served_by_a_thread_that_closing_stops(tmp_path, monkeypatch):
    def services() -> int:
        return sum(1 for t in threading.enumerate() if t.name == "docdeck-service")

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    before = services()
    client, _ = cli._demo_client()
    organizations = await client.organizations.list_organizations_for_authenticated_user()
    assert [o.title for o in organizations.items]
    assert services() == before + 1
    await client.aclose()
    assert services() == before


async def test_closing_cancels_what_the_service_is_still_handling():
    service, started, cancelled = _never_answering()
    transport = ServiceThread(service)
    http = httpx.AsyncClient(transport=transport, base_url="http://t")
    asking = asyncio.ensure_future(http.get("/forever"))
    await asyncio.to_thread(started.wait, 10)
    await http.aclose()
    assert cancelled.is_set()
    asking.cancel()
    await asyncio.gather(asking, return_exceptions=True)
