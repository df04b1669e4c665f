"""Provides the first screen's disk cache: the organisations the last session saw, per profile.

docdeck paints its first screen (the organisations) from this cache before it imports the
client, its models, the local service and the other screens, then connects and revalidates:
the first frame comes at the pace of a bare Textual app, the service's answer replaces it.

The cache holds only what the organisations screen shows (ids, titles, a few facts), keyed by
profile and base URL, in the user cache directory, readable by its owner only, written whole,
and read only if it is the user's alone, without following links or reading more than a first
screen's worth (``tui.files.read_cache``). It never holds a token: nothing here receives one
(tests/shell/test_first_screen.py reads the file to check).
Besides docdeck's own file helpers, it imports only the standard library and platformdirs
(which Textual loads anyway), so that reading it costs nothing.
"""

from __future__ import annotations

import marshal
import zlib
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, NamedTuple

from .files import read_cache, write_cache
from .paths import cache_dir

__all__ = ["FirstScreen", "FirstScreenCache", "OrganizationSummary"]

FORMAT = 2
"""Bumped when the file's shape changes: a file of another format is ignored (1 was JSON)."""

MAX_ORGANIZATIONS = 200
"""More than a first screen shows: the rest arrive with the service's answer."""
MAX_CACHE_FILE = 2 * 1024 * 1024
"""Bytes: 200 organisations take far less; a larger file is not ours, and is not read."""


# A NamedTuple, not a dataclass: a twelfth of the cost to define, before the first frame.
class OrganizationSummary(NamedTuple):
    """What the organisations screen shows of one organisation (all server text)."""

    id: str
    title: str
    type: str | None = None
    plan: str | None = None
    hostname: str | None = None
    created: str | None = None
    """The creation date, ``YYYY-MM-DD``."""
    default_role: str | None = None
    url: str | None = None
    """Its page in the web app."""

    @classmethod
    def from_json(cls, data: object) -> OrganizationSummary | None:
        """A summary from the file, or None when the entry is not one (a damaged file)."""
        if not isinstance(data, dict):
            return None
        values: dict[str, Any] = {name: data.get(name) for name in cls._fields}
        if not isinstance(values["id"], str) or not isinstance(values["title"], str):
            return None
        if not all(v is None or isinstance(v, str) for v in values.values()):
            return None
        return cls(**values)


class FirstScreenCache:
    """The organisations last shown for each (profile, base URL), one small file each.

    The file is ``marshal``'s form of plain data (a dict of strings and a list of dicts): a
    module built into Python, where ``json`` would cost the first frame 1.4 ms to import. It
    holds no code and is only checked, never run; the folder and file are the user's alone,
    and a file that is not this shape (damaged, another Python's) is ignored.
    """

    def __init__(self, directory: Path | None = None) -> None:
        self.root = directory or cache_dir()
        self.directory = self.root / "first-screen"

    def __repr__(self) -> str:
        return f"FirstScreenCache({str(self.directory)!r})"

    def path(self, profile: str, base_url: str) -> Path:
        # Hashed, so that a profile name or URL never becomes a path; the file names both, and
        # ``load`` checks them (hashlib would cost the first frame its OpenSSL import).
        key = f"{profile}\n{base_url}".encode()
        return self.directory / f"{zlib.crc32(key):08x}{zlib.adler32(key):08x}.marshal"

    def load(self, profile: str, base_url: str) -> list[OrganizationSummary] | None:
        """What the last session showed, or None (never saved, unreadable, other format)."""
        try:
            raw = read_cache(self.path(profile, base_url), self.root, MAX_CACHE_FILE)
            data: Any = marshal.loads(raw)
        except (OSError, ValueError, EOFError, TypeError):
            return None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            return None
        if data.get("profile") != profile or data.get("base_url") != base_url:
            return None
        entries = data.get("organizations")
        if not isinstance(entries, list):
            return None
        summaries = [OrganizationSummary.from_json(entry) for entry in entries]
        if any(summary is None for summary in summaries):
            return None
        return [s for s in summaries if s is not None]

    def save(
        self, profile: str, base_url: str, organizations: Iterable[OrganizationSummary]
    ) -> None:
        """Keep what the screen shows now; a cache that cannot be written is only skipped."""
        data = {
            "format": FORMAT,
            "profile": profile,
            "base_url": base_url,
            "organizations": [o._asdict() for o in list(organizations)[:MAX_ORGANIZATIONS]],
        }
        try:
            path = self.path(profile, base_url)
            write_cache(path, self.root, marshal.dumps(data))
            path.with_suffix(".json").unlink(missing_ok=True)  # format 1's file, if any
        except (OSError, ValueError):
            return

    def forget(self, profile: str, base_url: str) -> None:
        """Drop the file of a profile (its token was refused: the data may not be ours)."""
        try:
            self.path(profile, base_url).unlink()
        except OSError:
            return


class FirstScreen:
    """How the app starts on a connection: where its first screen is kept, and what to paint.

    With ``connect``, the app paints the organisations (``painted``, or "Loading…" when the
    cache has none) before it has a client, then calls ``connect`` in a thread after the first
    frame: it imports what the rest needs and returns ``(client, connection label)``, or None
    when the profile has no token any more (the app then shows the connect screen).
    A plain class (``connect`` is set to None once used): a dataclass costs the first frame
    half a millisecond to define.
    """

    def __init__(
        self,
        cache: FirstScreenCache,
        profile: str,
        base_url: str,
        painted: list[OrganizationSummary] | None = None,
        connect: Callable[[], Any] | None = None,
    ) -> None:
        self.cache = cache
        self.profile = profile
        self.base_url = base_url
        self.painted = painted
        self.connect = connect

    def __repr__(self) -> str:
        return f"FirstScreen({self.cache!r}, {self.profile!r}, {self.base_url!r})"
