"""Provides in_process_client: a client of an ASGI app in the same process (the demo service).

The app is served on an event loop of its own, in a thread of its own: its work on a request
(reading SQLite, building an answer) never holds up the caller's loop, as a service in another
process would not. Without that, a long run of requests (the access of a big organisation)
leaves the screen answering keys only between two answers.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import httpx

from .client import Client

__all__ = ["ServiceThread", "in_process_client"]


class ServiceThread(httpx.AsyncBaseTransport):
    """A transport that hands each request to an ASGI app running on its own loop and thread.

    Cancelling a request (the user pressed Esc) cancels its handling in the service too.
    """

    def __init__(self, app: Any) -> None:
        self._asgi = httpx.ASGITransport(app=app)
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(
            target=self._loop.run_forever, name="docdeck-service", daemon=True
        )
        self._thread.start()

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        if self._loop.is_closed():
            raise httpx.ConnectError("the in-process service has stopped", request=request)
        served = asyncio.run_coroutine_threadsafe(
            self._asgi.handle_async_request(request), self._loop
        )
        # The answer's body is already whole (ASGITransport gathers it), so reading it on
        # the caller's loop touches nothing of the service's.
        return await asyncio.wrap_future(served)

    async def aclose(self) -> None:
        """Stop the service: what it is still handling is cancelled, its loop ends."""
        loop = self._loop
        if loop.is_closed():
            return

        def stop() -> None:
            for task in asyncio.all_tasks(loop):
                task.cancel()
            loop.call_soon(loop.stop)  # after the cancelled tasks have run their last step

        loop.call_soon_threadsafe(stop)
        # A few milliseconds; a handler stuck in a blocking call is left to its daemon thread.
        self._thread.join(timeout=1)
        if not self._thread.is_alive():
            loop.close()


def in_process_client(app: Any, token: str, *, base_url: str, **options: Any) -> Client:
    """A client whose requests go straight to ``app`` (an ASGI app), with no socket: the app
    runs in a thread of its own (see ServiceThread)."""
    return Client(token, base_url=base_url, transport=ServiceThread(app), **options)
