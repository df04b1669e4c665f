"""Benchmark of looking for others' activity: the requests it costs while nothing changes.

Run: ``python -m pytest tests/benchmarks/bench_polling.py -s -n 0``. The Globex review queue
(``large``: 10,001 spaces, 202 open change requests) is opened with ``R``, then its looks run
over an hour of simulated time: each look is started with ``look_now`` when the poll
schedule's delay has passed (60 s after a change, doubling while nothing changes, up to 8
minutes), as the timer would; nobody else acts meanwhile. The same for a change request of the
queue (Enter) and for its first open thread (``t``). Printed: the looks in the hour, the
requests by kind per look, and the requests per minute of polling.
"""

from __future__ import annotations

from typing import Any

from tui.app import DocdeckApp
from tui.review.change_request import ChangeRequestScreen
from tui.review.locations import change_request_location
from tui.review.thread import ThreadScreen
from tui.service import create_app
from tui.shell.navigation import space_location
from tui.shell.polling import ActivityPoller

from .bench_review import CountingTransport, _app, _by_kind, _open_the_globex_queue, _settle

HOUR = 3600.0


async def _find(client: Any, organization: str, space_title: str, change_request_id: str) -> Any:
    async for space in client.paginate(
        client.spaces.list_spaces_in_organization_by_id, organization, limit=1000
    ):
        if space.title == space_title:
            found = await client.change_requests.get_change_request_by_id(
                space.id, change_request_id
            )
            return space, found
    raise AssertionError(space_title)


async def _poll_for(
    pilot: Any, poller: ActivityPoller, transport: CountingTransport, seconds: float
) -> tuple[int, dict[str, int], list[int]]:
    """Looks over ``seconds`` of simulated time, nothing changing: how many, their requests by
    kind, and the requests of each look."""
    elapsed, looks, kinds, each = 0.0, 0, {}, []
    while elapsed + poller.delay <= seconds:
        elapsed += poller.delay
        before = len(transport.paths)
        poller.look_now()
        await _settle(pilot)
        made = _by_kind(transport.paths[before:])
        for kind, count in made.items():
            kinds[kind] = kinds.get(kind, 0) + count
        each.append(sum(made.values()))
        looks += 1
    assert looks and all(each)  # every look asked the service something
    return looks, kinds, each


def _report(what: str, looks: int, kinds: dict[str, int], each: list[int]) -> str:
    total = sum(kinds.values())
    per_look = {kind: count / max(looks, 1) for kind, count in kinds.items()}
    return (
        f"  {what}: {looks} looks in an hour, {total} requests ({total / 60:.2f} a minute); "
        f"per look: {', '.join(f'{n:g} {kind}' for kind, n in per_look.items()) or 'none'}; "
        f"the busiest minute (the first look, 60 s after opening): {each[0] if each else 0}"
    )


async def _polled(app: DocdeckApp, transport: CountingTransport, pilot: Any) -> list[str]:
    lines = []
    queue, _, _, _ = await _open_the_globex_queue(app, transport, pilot)
    assert queue.activity.armed
    lines.append(_report("review queue", *await _poll_for(pilot, queue.activity, transport, HOUR)))

    first = queue.queue.rows()[0] if queue.queue else None
    assert first is not None
    await pilot.press("enter")  # the first row
    await _settle(pilot)
    screen = app.screen
    assert isinstance(screen, ChangeRequestScreen)
    lines.append(
        _report(
            f"change request #{first.number} (the queue's first)",
            *await _poll_for(pilot, screen.activity, transport, HOUR),
        )
    )

    # The queue's change requests have no open thread: the one with 1,000 comments has.
    space, change_request = await _find(app.client, "org-globex", "Release train", "cr-globex-001")
    app.session.places.see(space_location(space))
    app.open_location(change_request_location(space, change_request))
    await _settle(pilot)
    await pilot.press("t")
    await _settle(pilot)
    thread = app.screen
    assert isinstance(thread, ThreadScreen)
    lines.append(
        _report(
            "the first open thread of cr-globex-001",
            *await _poll_for(pilot, thread.activity, transport, HOUR),
        )
    )
    return lines


async def test_polling_costs_while_nothing_changes() -> None:
    app, transport = _app(create_app("large"))
    async with app.run_test(size=(120, 40)) as pilot:
        lines = await _polled(app, transport, pilot)
    print(
        "\nPolling while nothing changes (an hour of simulated time, Globex):\n" + "\n".join(lines)
    )
