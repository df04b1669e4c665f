"""Provides gather_limited: an async function over many items, a few at a time, in order.

Screens use it to fetch one list per item without flooding the service: the access matrix (a
member's spaces), the review queue (a space's change requests), the translations (a space).

    results = await gather_limited(members, fetch_spaces, limit=4, on_progress=show)
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterable, Sequence
from typing import Literal, TypeVar, overload

__all__ = ["gather_limited"]

Item = TypeVar("Item")
Result = TypeVar("Result")


@overload
async def gather_limited(
    items: Iterable[Item],
    fn: Callable[[Item], Awaitable[Result]],
    limit: int = ...,
    on_progress: Callable[[int, int], object] | None = ...,
    *,
    return_exceptions: Literal[False] = ...,
) -> list[Result]: ...


@overload
async def gather_limited(
    items: Iterable[Item],
    fn: Callable[[Item], Awaitable[Result]],
    limit: int = ...,
    on_progress: Callable[[int, int], object] | None = ...,
    *,
    return_exceptions: Literal[True],
) -> list[Result | Exception]: ...


async def gather_limited(
    items: Iterable[Item],
    fn: Callable[[Item], Awaitable[Result]],
    limit: int = 4,
    on_progress: Callable[[int, int], object] | None = None,
    *,
    return_exceptions: bool = False,
) -> Sequence[Result | Exception]:
    """``fn`` of every item, at most ``limit`` at a time, results in the order of ``items``.

    ``on_progress(done, total)`` is called once before the first call and after each one. The
    first error cancels the calls still running and is raised, unless ``return_exceptions``
    puts errors in the results (as ``asyncio.gather``). Cancelling the caller cancels them all.
    """
    if limit < 1:
        raise ValueError("limit must be at least 1")
    pending = list(items)
    results: list[Result | Exception | None] = [None] * len(pending)
    indices = iter(range(len(pending)))  # shared: each worker takes the next index
    done = 0
    if on_progress is not None:
        on_progress(0, len(pending))

    async def worker() -> None:
        nonlocal done
        for index in indices:
            try:
                results[index] = await fn(pending[index])
            except Exception as error:
                if not return_exceptions:
                    raise
                results[index] = error
            done += 1
            if on_progress is not None:
                on_progress(done, len(pending))

    workers = [asyncio.ensure_future(worker()) for _ in range(min(limit, len(pending)))]
    try:
        await asyncio.gather(*workers)
    except BaseException:
        for task in workers:
            task.cancel()
        await asyncio.gather(*workers, return_exceptions=True)
        raise
    return results  # type: ignore[return-value]  # every slot is filled once gather returns
