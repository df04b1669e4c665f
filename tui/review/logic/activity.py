"""Provides what is new since the user last looked, remembered on disk, and when to look again.

The API has no events: the app looks by itself (``PollSchedule``: every 60 s by default, longer
while nothing changes, longer still when the service answers 429) and compares what it reads
with what the user last saw of each change request (``Seen``), like an inbox: a change request
never seen is new; more open threads, another status, another review, a review newly asked of
the user are said (``what_is_new``). What was seen is kept per profile in the user data
directory (``SeenStore``), written whole or not at all, readable by its owner only, so the
marks survive a restart. The same file keeps, per thread, when its newest message the user saw
was posted: a thread opened again marks the messages posted since (``new_since``).

    store = SeenStore.for_profile("default")
    seen = store.load()
    news = what_is_new(seen.get(key), facts)      # ["2 new threads", "approved"]
    seen[key] = facts; store.save(seen)           # marked seen
    new = new_since(messages, store.thread_seen_at(thread), me)   # ids marked "new"
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from tui.core.files import write_atomically
from tui.paths import data_dir
from tui.review.logic.review_queue import ReviewState

__all__ = ["Facts", "SeenStore", "facts_of", "new_since", "seen_key", "what_is_new"]

"""Seconds between two looks, unless ``poll_interval`` in config.toml says otherwise."""
FORMAT = 1
_PROFILE_NAME = re.compile(r"[^A-Za-z0-9_.-]")


@dataclass(frozen=True, slots=True)
class Facts:
    """What the user saw of a change request (all of it comparable from one listing)."""

    status: str = ""
    threads: int = 0
    """Open threads."""
    reviews: int = 0
    """Reviews given (any reviewer, current or outdated)."""
    requested_from_me: bool = False
    updated_at: str = ""


def seen_key(space_id: str, change_request_id: str) -> str:
    """The key of a change request in the store."""
    return f"{space_id}/{change_request_id}"


def facts_of(
    status: str, threads: int, state: ReviewState | None, updated_at: datetime | None
) -> Facts:
    """What the user sees of a change request, the same whether read from the queue's row or
    from the change request's own screen (so that one marks seen what the other shows)."""
    return Facts(
        status=status,
        threads=threads,
        reviews=(
            len(state.approved) + len(state.changes_requested) + state.outdated_reviews
            if state is not None
            else 0
        ),
        requested_from_me=state.requested_from_me if state is not None else False,
        updated_at=updated_at.isoformat() if updated_at else "",
    )


def what_is_new(seen: Facts | None, now: Facts) -> list[str]:
    """What changed since ``seen``, in a few words each; ``["new"]`` when never seen."""
    if seen is None:
        return ["new"]
    said = []
    if now.threads > seen.threads:
        more = now.threads - seen.threads
        said.append(f"{more} new thread{'s' if more != 1 else ''}")
    if now.status != seen.status and now.status:
        said.append(now.status)
    if now.reviews > seen.reviews:
        said.append("new review" if now.reviews - seen.reviews == 1 else "new reviews")
    if now.requested_from_me and not seen.requested_from_me:
        said.append("your review requested")
    if not said and now.updated_at != seen.updated_at:
        said.append("updated")
    return said


def new_since(
    messages: Iterable[tuple[str, datetime | None, str]], seen_at: datetime | None, me: str
) -> set[str]:
    """The ids of the messages (id, posted at, author id) posted after ``seen_at`` by someone
    other than ``me``; none for a thread never seen (where one starts is not news)."""
    if seen_at is None:
        return set()
    return {
        message_id
        for message_id, posted_at, author in messages
        if posted_at is not None and posted_at > seen_at and author != me
    }


class SeenStore:
    """The facts last seen of each change request of one profile, and the newest message seen
    of each thread, in one JSON file."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        """None: kept in memory only (the app's default; the command line gives a file)."""
        self._threads: dict[str, str] | None = None
        self._kept: dict[str, Facts] | None = None
        """Without a file, what was saved (so that every screen reads the same store)."""

    def _read(self) -> dict[str, Any] | None:
        if self.path is None:
            return None
        try:
            data: Any = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return data if isinstance(data, dict) and data.get("format") == FORMAT else None

    @classmethod
    def for_profile(cls, profile: str) -> SeenStore:
        # The profile name makes a file name: no separators, no "." or ".." to climb with.
        name = _PROFILE_NAME.sub("_", profile).strip(".") or "default"
        return cls(data_dir() / "seen" / f"{name}.json")

    def load(self) -> dict[str, Facts]:
        """Every change request seen (key ``space/change request``); a file that is not one
        of ours (missing, corrupt, foreign) reads as nothing seen."""
        if self.path is None:
            return dict(self._kept or {})
        data = self._read()
        if data is None:
            return {}
        try:
            return {str(key): Facts(**value) for key, value in data["seen"].items()}
        except (ValueError, TypeError, KeyError, AttributeError):
            return {}

    def _thread_times(self) -> dict[str, str]:
        if self._threads is None:
            threads = (self._read() or {}).get("threads")
            self._threads = (
                {str(key): str(value) for key, value in threads.items()}
                if isinstance(threads, dict)
                else {}
            )
        return self._threads

    def thread_seen_at(self, key: str) -> datetime | None:
        """When the newest message the user saw in a thread was posted (None: never seen)."""
        value = self._thread_times().get(key)
        try:
            return datetime.fromisoformat(value) if value else None
        except ValueError:
            return None

    def see_thread(self, key: str, newest: datetime) -> None:
        """The user has seen a thread up to its message posted at ``newest``."""
        seen = self.thread_seen_at(key)
        if seen is not None and seen >= newest:
            return
        self._thread_times()[key] = newest.isoformat()
        # Change requests seen stay as they are; none yet stays none (``exists``).
        self._write(self.load() if self.exists() else None)

    def exists(self) -> bool:
        """Whether change requests were ever kept as seen (else what is shown now is where the
        user starts); threads seen alone do not count."""
        if self.path is None:
            return self._kept is not None
        data = self._read()
        return data is not None and "seen" in data

    def save(self, seen: dict[str, Facts]) -> None:
        self._write(seen)

    def see(self, key: str, facts: Facts) -> None:
        """The user has seen a change request as ``facts`` say (from a screen other than the
        queue); nothing is kept before the queue's first look, which is where the user starts."""
        if not self.exists():
            return
        seen = self.load()
        if seen.get(key) != facts:
            seen[key] = facts
            self.save(seen)

    def _write(self, seen: dict[str, Facts] | None) -> None:
        if self.path is None:
            if seen is not None:
                self._kept = dict(seen)
            return
        self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        body: dict[str, Any] = {"format": FORMAT, "threads": self._thread_times()}
        if seen is not None:
            body["seen"] = {key: asdict(facts) for key, facts in seen.items()}
        write_atomically(self.path, json.dumps(body, sort_keys=True))
