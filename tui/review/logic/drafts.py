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

A save that cannot be kept (a full or read-only disk) raises ``DraftNotKeptError``, whose
message says why in words and never holds the text. Two windows on one thread are told apart:
a save that names the text it believes is on disk (``known``) raises ``DraftChangedError``
when another window wrote something else meanwhile, and the caller keeps its own text in a
slot of its own (``aside_slot``) rather than overwrite the other.
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

from tui.files import private_folder, read_private, reason, write_private
from tui.paths import data_dir

__all__ = [
    "UNKNOWN",
    "Draft",
    "DraftChangedError",
    "DraftKind",
    "DraftNotKeptError",
    "DraftStore",
    "ThreadKey",
]

FORMAT = 1
MAX_DRAFT_FILE = 4 * 1024 * 1024
"""Bytes: far more than the service takes in a comment; a larger file is not a draft of ours."""
UNKNOWN: Any = object()
"""``save(known=UNKNOWN)``: the caller does not say what it believes is on disk."""
_PROFILE_NAME = re.compile(r"[^A-Za-z0-9_.-]")


class DraftKind(StrEnum):
    REPLY = "reply"
    NEW_COMMENT = "new-comment"
    EDIT = "edit"
    REVIEW = "review"
    """The comment of an approval or a request for changes."""


class DraftNotKeptError(Exception):
    """A draft could not be written; the message says why ("disk full"), never the text."""


class DraftChangedError(Exception):
    """Another window wrote the same draft since this one last read or wrote it."""

    def __init__(self, theirs: Draft) -> None:
        super().__init__("the draft was changed in another window")
        self.theirs = theirs


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
    slot: str = ""
    """"" for the draft of the thread; a number for a second window's text kept beside it."""


def _now() -> datetime:
    return datetime.now(UTC)


def _file_name(key: ThreadKey, kind: DraftKind, slot: str = "") -> str:
    # A digest, not the ids themselves: ids come from the server and must not make paths.
    identity = json.dumps([asdict(key), kind.value], sort_keys=True, ensure_ascii=True)
    digest = hashlib.sha256(identity.encode()).hexdigest()[:32]
    return digest + (f"-{int(slot)}" if slot else "") + ".json"


def _read(path: Path) -> Draft | None:
    """The draft in a file, or None when it is not one (unreadable, foreign, corrupt, a link,
    a special file, too large)."""
    try:
        data: Any = json.loads(read_private(path, MAX_DRAFT_FILE))
        if data.get("format") != FORMAT:
            return None
        key = ThreadKey(**data["key"])
        kind = DraftKind(data["kind"])
        slot = str(data.get("slot", ""))
        if not isinstance(data["body"], str) or path.name != _file_name(key, kind, slot):
            return None
        return Draft(
            key,
            kind,
            data["body"],
            datetime.fromisoformat(data["updatedAt"]),
            str(data.get("label", "")),
            slot,
        )
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return None


class DraftStore:
    """The drafts of one profile, in one folder."""

    def __init__(
        self, folder: Path, clock: Callable[[], datetime] = _now, *, root: Path | None = None
    ) -> None:
        self.folder = folder
        self._clock = clock
        self._root = root  # docdeck's data folder: made private with the drafts' own

    @classmethod
    def for_profile(cls, profile: str, clock: Callable[[], datetime] = _now) -> DraftStore:
        """The store of a profile in the user data directory (each profile keeps its own)."""
        # The profile name makes a folder name: no separators, no "." or ".." to climb with.
        name = _PROFILE_NAME.sub("_", profile).strip(".") or "default"
        return cls(data_dir() / "drafts" / name, clock, root=data_dir())

    def _path(self, key: ThreadKey, kind: DraftKind, slot: str = "") -> Path:
        return self.folder / _file_name(key, kind, slot)

    def save(
        self,
        key: ThreadKey,
        kind: DraftKind,
        body: str,
        *,
        label: str = "",
        slot: str = "",
        known: str | None = UNKNOWN,
    ) -> Draft | None:
        """Keep what the user typed; a body of only blanks discards the draft instead.

        ``known`` is the text the caller last read or wrote there (None: no draft): when the
        file holds another text now, ``DraftChangedError`` carries it and nothing is written.
        ``DraftNotKeptError`` when the disk refuses. Each save writes and syncs a file.
        """
        if known is not UNKNOWN:
            theirs = self.load(key, kind, slot)
            if theirs is not None and theirs.body not in (known, body):
                raise DraftChangedError(theirs)
        if not body.strip():
            self.discard(key, kind, slot)
            return None
        draft = Draft(key, kind, body, self._clock(), label, slot)
        document = {
            "format": FORMAT,
            "key": asdict(key),
            "kind": kind.value,
            "label": label,
            "body": body,
            "updatedAt": draft.updated_at.isoformat(),
            **({"slot": slot} if slot else {}),
        }
        # ASCII JSON: a lone surrogate (from a server's name, or a paste) is kept as an escape,
        # where UTF-8 could not encode it.
        content = json.dumps(document, ensure_ascii=True)
        try:
            private_folder(self.folder, self._root)
            write_private(self._path(key, kind, slot), content)
        except OSError as error:
            # From None: the traceback of the write would show the text in its locals.
            raise DraftNotKeptError(f"could not keep a draft: {reason(error)}") from None
        return draft

    def load(self, key: ThreadKey, kind: DraftKind, slot: str = "") -> Draft | None:
        return _read(self._path(key, kind, slot))

    def aside_slot(self, key: ThreadKey, kind: DraftKind) -> str:
        """A slot of a draft where nothing is kept yet, for a second window's text."""
        number = 2
        while self._path(key, kind, str(number)).exists():
            number += 1
        return str(number)

    def discard(self, key: ThreadKey, kind: DraftKind, slot: str = "") -> bool:
        """Remove the draft (sent or thrown away); whether there was one."""
        try:
            self._path(key, kind, slot).unlink()
        except FileNotFoundError:
            return False
        except OSError:
            return False  # a read-only disk: the draft stays, nothing else is lost
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
