"""Provides the in-memory cache of GET results, with freshness and tag-based invalidation.

Every entry is tagged with the ids it mentions: the path parameters of its request and the
ids found in its body. A mutation invalidates every entry that shares a tag with it (its own
path parameters and the ids it sends), so posting a comment on a space makes stale the space,
its comment lists and every cached list that shows that space's comment count, without a table
of rules per operation. Invalidated entries are kept, marked stale: a screen can still paint
them at once while it asks the service again, but a normal read never returns them.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any

__all__ = ["CacheEntry", "ResponseCache", "ids_in"]

# Keys whose string values name another resource; their values become tags.
_ID_KEYS = frozenset(
    {
        "id",
        "organization",
        "parent",
        "space",
        "spaceId",
        "section",
        "sectionId",
        "sectionGroup",
        "siteSpace",
        "changeRequest",
        "team",
        "revision",
    }
)


def ids_in(value: Any, into: set[str] | None = None) -> set[str]:
    """Collect the resource ids a JSON value mentions."""
    found = set() if into is None else into
    add = found.add
    stack = [value]
    push = stack.append
    # A tuple of types, not ``dict | list``: a union is checked slowly, and a 2,000-page
    # revision is 100,000 values to walk.
    nested = (dict, list)
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            for key, inner in item.items():
                if isinstance(inner, str):
                    if key in _ID_KEYS:
                        add(inner)
                elif isinstance(inner, nested):
                    push(inner)
        elif isinstance(item, list):
            for inner in item:
                if isinstance(inner, str):
                    add(inner)
                elif isinstance(inner, nested):
                    push(inner)
    return found


@dataclass
class CacheEntry:
    value: Any
    stored_at: float
    tags: frozenset[str]
    stale: bool = False
    hits: int = field(default=0, compare=False)


class ResponseCache:
    """A bounded LRU map from request keys to parsed results."""

    def __init__(
        self,
        *,
        ttl: float = 30.0,
        max_entries: int = 2048,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.ttl = ttl
        self.max_entries = max_entries
        self._clock = clock
        self._entries: OrderedDict[Hashable, CacheEntry] = OrderedDict()
        self.changes = 0
        """How many writes made entries stale so far: a screen that saw another count reloads."""

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, key: Hashable) -> CacheEntry | None:
        """The entry for a key, fresh or stale, or None."""
        entry = self._entries.get(key)
        if entry is not None:
            self._entries.move_to_end(key)
            entry.hits += 1
        return entry

    def is_fresh(self, entry: CacheEntry) -> bool:
        return not entry.stale and self._clock() - entry.stored_at < self.ttl

    def age(self, entry: CacheEntry) -> float:
        """Seconds since the entry was fetched."""
        return self._clock() - entry.stored_at

    def put(self, key: Hashable, value: Any, tags: Iterable[str]) -> CacheEntry:
        entry = CacheEntry(value=value, stored_at=self._clock(), tags=frozenset(tags))
        self._entries[key] = entry
        self._entries.move_to_end(key)
        while len(self._entries) > self.max_entries:
            self._entries.popitem(last=False)
        return entry

    def invalidate(self, tags: Iterable[str]) -> int:
        """Mark stale every entry sharing a tag; returns how many were marked."""
        wanted = frozenset(tags)
        marked = 0
        for entry in self._entries.values():
            if not entry.stale and not entry.tags.isdisjoint(wanted):
                entry.stale = True
                marked += 1
        if marked:
            self.changes += 1
        return marked

    def clear(self) -> None:
        self._entries.clear()
