"""Provides what is new since the user last looked, remembered on disk, and when to look again.

The API has no events: the app looks by itself (``PollSchedule``: every 60 s by default, longer
while nothing changes, longer still when the service answers 429) and compares what it reads
with what the user last saw of each change request (``Seen``), like an inbox: a change request
never seen is new; more open threads, another status, another review, a review newly asked of
the user are said (``what_is_new``). What was seen is kept per profile in the user data
directory (``SeenStore``), written whole or not at all, readable by its owner only, so the
marks survive a restart.

    store = SeenStore.for_profile("default")
    seen = store.load()
    news = what_is_new(seen.get(key), facts)      # ["2 new threads", "approved"]
    seen[key] = facts; store.save(seen)           # marked seen
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from tui.core.files import write_atomically
from tui.paths import data_dir

__all__ = ["Facts", "SeenStore", "what_is_new"]

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


class SeenStore:
    """The facts last seen of each change request of one profile, in one JSON file."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        """None: kept in memory only (the app's default; the command line gives a file)."""

    @classmethod
    def for_profile(cls, profile: str) -> SeenStore:
        # The profile name makes a file name: no separators, no "." or ".." to climb with.
        name = _PROFILE_NAME.sub("_", profile).strip(".") or "default"
        return cls(data_dir() / "seen" / f"{name}.json")

    def load(self) -> dict[str, Facts]:
        """Every change request seen (key ``space/change request``); a file that is not one
        of ours (missing, corrupt, foreign) reads as nothing seen."""
        if self.path is None:
            return {}
        try:
            data: Any = json.loads(self.path.read_text(encoding="utf-8"))
            if data.get("format") != FORMAT:
                return {}
            return {str(key): Facts(**value) for key, value in data["seen"].items()}
        except (OSError, ValueError, TypeError, KeyError, AttributeError):
            return {}

    def exists(self) -> bool:
        """Whether anything was ever kept (else what is shown now is where the user starts)."""
        return self.path is not None and self.path.exists()

    def save(self, seen: dict[str, Facts]) -> None:
        if self.path is None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        body = {"format": FORMAT, "seen": {key: asdict(facts) for key, facts in seen.items()}}
        write_atomically(self.path, json.dumps(body, sort_keys=True))
