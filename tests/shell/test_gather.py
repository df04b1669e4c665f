"""Fetching a few at a time: at most the limit at once, in order, errors raised or collected."""

from __future__ import annotations

import asyncio

import pytest

from tui.core.gather import gather_limited


async def test_gather_limited_runs_at_most_limit_at_once_and_keeps_order():
    running = peak = 0
    progress: list[tuple[int, int]] = []

    async def fetch(n: int) -> int:
        nonlocal running, peak
        running += 1
        peak = max(peak, running)
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        running -= 1
        return n * 10

    results = await gather_limited(
        range(10), fetch, limit=3, on_progress=lambda d, t: progress.append((d, t))
    )
    assert results == [n * 10 for n in range(10)]
    assert peak == 3
    assert progress[0] == (0, 10) and progress[-1] == (10, 10)
    assert [d for d, _ in progress] == list(range(11))


async def test_the_first_error_cancels_the_rest_and_is_raised():
    started: list[int] = []
    cancelled: list[int] = []

    async def fetch(n: int) -> int:
        started.append(n)
        if n == 1:
            raise PermissionError("member u-1 is hidden from you")
        try:
            await asyncio.sleep(10)
        except asyncio.CancelledError:
            cancelled.append(n)
            raise
        return n

    with pytest.raises(PermissionError, match="u-1"):
        await gather_limited(range(20), fetch, limit=2)
    assert started == [0, 1]  # nothing new starts after the error
    assert cancelled == [0]


async def test_errors_can_be_collected_with_the_results():
    async def fetch(n: int) -> int:
        if n % 2:
            raise LookupError(f"no {n}")
        return n

    results = await gather_limited(range(4), fetch, limit=2, return_exceptions=True)
    assert results[0] == 0 and results[2] == 2
    assert isinstance(results[1], LookupError) and str(results[3]) == "no 3"


async def test_cancelling_the_caller_cancels_every_call():
    cancelled = 0

    async def fetch(n: int) -> int:
        nonlocal cancelled
        try:
            await asyncio.sleep(10)
        except asyncio.CancelledError:
            cancelled += 1
            raise
        return n

    task = asyncio.create_task(gather_limited(range(5), fetch, limit=3))
    await asyncio.sleep(0)
    await asyncio.sleep(0)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert cancelled == 3


async def test_nothing_to_fetch_reports_zero_of_zero():
    progress: list[tuple[int, int]] = []

    async def fetch(n: int) -> int:
        return n

    assert await gather_limited([], fetch, on_progress=lambda d, t: progress.append((d, t))) == []
    assert progress == [(0, 0)]


async def test_a_limit_below_one_is_refused():
    async def fetch(n: int) -> int:
        return n

    with pytest.raises(ValueError, match="at least 1"):
        await gather_limited([1], fetch, limit=0)
