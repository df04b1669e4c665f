"""Provides comment and reply drafts kept on disk until they are sent or discarded.

A draft survives leaving the screen, a crash and a restart: each one is a small JSON file in
the user data directory (``<data dir>/drafts/<profile>/``), written whole or not at all
(temporary file, then ``os.replace``), readable by its owner only. One draft per thread and
kind: a reply, a new comment, or the edit of a comment. A draft holds what the user typed and
where it belongs, nothing else: never the token, never a server answer.

    store = DraftStore.for_profile("default")
    store.save(ThreadKey("space-1", change_request_id="cr-3", comment_id="c-9"),
               DraftKind.REPLY, "Agreed, but…", label="Reply to Ada on Install")
    store.load(key, DraftKind.REPLY)        # offered back when the thread opens again
    store.discard(key, DraftKind.REPLY)     # once sent, or when the user throws it away
    store.list(space_id="space-1")          # every draft kept, newest first
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
from collections.abc import Callable
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from typing import Any

from ..paths import data_dir
from .files import write_atomically

__all__ = ["Draft", "DraftKind", "DraftStore", "ThreadKey"]

FORMAT = 1
_PROFILE_NAME = re.compile(r"[^A-Za-z0-9_.-]")


class DraftKind(StrEnum):
    REPLY = "reply"
    NEW_COMMENT = "new-comment"
    EDIT = "edit"


@dataclass(frozen=True, slots=True)
class ThreadKey:
    """Where a draft belongs. A new comment has no ``comment_id`` yet; editing a reply names
    its ``reply_id``; a space's own comments have no ``change_request_id``."""

    space_id: str
    change_request_id: str | None = None
    page_id: str | None = None
    comment_id: str | None = None
    reply_id: str | None = None


@dataclass(frozen=True, slots=True)
class Draft:
    key: ThreadKey
    kind: DraftKind
    body: str
    updated_at: datetime
    label: str = ""
    """What the draft answers, for the list of drafts ("Reply to Ada on Install")."""


def _now() -> datetime:
    return datetime.now(UTC)


def _file_name(key: ThreadKey, kind: DraftKind) -> str:
    # A digest, not the ids themselves: ids come from the server and must not make paths.
    identity = json.dumps([asdict(key), kind.value], sort_keys=True)
    return hashlib.sha256(identity.encode()).hexdigest()[:32] + ".json"


def _read(path: Path) -> Draft | None:
    """The draft in a file, or None when it is not one (unreadable, foreign, corrupt)."""
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
        if data.get("format") != FORMAT:
            return None
        key = ThreadKey(**data["key"])
        kind = DraftKind(data["kind"])
        if not isinstance(data["body"], str) or path.name != _file_name(key, kind):
            return None
        return Draft(
            key,
            kind,
            data["body"],
            datetime.fromisoformat(data["updatedAt"]),
            str(data.get("label", "")),
        )
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return None


class DraftStore:
    """The drafts of one profile, in one folder."""

    def __init__(self, folder: Path, clock: Callable[[], datetime] = _now) -> None:
        self.folder = folder
        self._clock = clock

    @classmethod
    def for_profile(cls, profile: str, clock: Callable[[], datetime] = _now) -> DraftStore:
        """The store of a profile in the user data directory (each profile keeps its own)."""
        # The profile name makes a folder name: no separators, no "." or ".." to climb with.
        name = _PROFILE_NAME.sub("_", profile).strip(".") or "default"
        return cls(data_dir() / "drafts" / name, clock)

    def _path(self, key: ThreadKey, kind: DraftKind) -> Path:
        return self.folder / _file_name(key, kind)

    def save(self, key: ThreadKey, kind: DraftKind, body: str, *, label: str = "") -> Draft | None:
        """Keep what the user typed; a body of only blanks discards the draft instead.

        Each save writes and syncs a file: call it when typing pauses and when the screen
        closes, not on every key.
        """
        if not body.strip():
            self.discard(key, kind)
            return None
        draft = Draft(key, kind, body, self._clock(), label)
        self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        document = {
            "format": FORMAT,
            "key": asdict(key),
            "kind": kind.value,
            "label": label,
            "body": body,
            "updatedAt": draft.updated_at.isoformat(),
        }
        write_atomically(
            self._path(key, kind), json.dumps(document, ensure_ascii=False), mode=0o600
        )
        return draft

    def load(self, key: ThreadKey, kind: DraftKind) -> Draft | None:
        return _read(self._path(key, kind))

    def discard(self, key: ThreadKey, kind: DraftKind) -> bool:
        """Remove the draft (sent or thrown away); whether there was one."""
        try:
            self._path(key, kind).unlink()
        except FileNotFoundError:
            return False
        return True

    def list(
        self, *, space_id: str | None = None, change_request_id: str | None = None
    ) -> list[Draft]:
        """Every draft kept (of a space, of a change request), newest first.

        Files that are not drafts of this format are left alone and skipped, so a damaged
        file never hides the others, and nothing a user typed is deleted by a reader.
        """
        drafts: list[Draft] = []
        with contextlib.suppress(FileNotFoundError):
            for path in self.folder.glob("*.json"):
                draft = _read(path)
                if draft is None:
                    continue
                if space_id is not None and draft.key.space_id != space_id:
                    continue
                if (
                    change_request_id is not None
                    and draft.key.change_request_id != change_request_id
                ):
                    continue
                drafts.append(draft)
        drafts.sort(key=lambda d: d.updated_at, reverse=True)
        return drafts
