"""Provides the local service's store: JSON documents in SQLite, changed only inside transactions.

Every record is a JSON document of a ``kind`` with an ``id``. Two indexed columns place it:
``scope`` is the container it is listed in (the organization of a space, the space of a change
request) and ``parent`` a finer one (the collection of a space, the comment of a reply).
``seq`` keeps insertion order, which is the order lists return unless they sort. A request
runs in one transaction, so a failure or a crash mid-write leaves no half-applied change.

Values derived from the documents of one kind (counts, serialised revisions) are kept in memory
until a document of that kind is written, a transaction rolls back, or another connection
changes the database (SQLite's ``data_version``), so that reading them again costs nothing.
"""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import orjson

__all__ = ["Doc", "Store"]

Doc = dict[str, Any]
T = TypeVar("T")

# How many derived values of one kind are kept: enough for every list a client pages through,
# and few enough that serialised revisions of big spaces stay within tens of MiB.
_DERIVED_PER_KIND = 64

_SCHEMA = """
CREATE TABLE IF NOT EXISTS docs (
    kind TEXT NOT NULL,
    id TEXT NOT NULL,
    scope TEXT,
    parent TEXT,
    seq INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (kind, id)
);
CREATE INDEX IF NOT EXISTS docs_scope ON docs (kind, scope, seq);
CREATE INDEX IF NOT EXISTS docs_parent ON docs (kind, parent, seq);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""

_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


# Documents are decoded by orjson, 3 times faster than the standard library (0.1 ms instead of
# 0.3 for a page of 100 spaces). orjson refuses what it cannot decode exactly (NaN, lone
# surrogates) but reads an integer beyond 64 bits as a float: such a document is stored with a
# leading space, which tells reads to use the standard library. Databases written before these
# marks are marked once when opened; the meta key says they have been.
_MARKED = "marks-wide-integers"


def _dumps(doc: Doc) -> str:
    text = json.dumps(doc, ensure_ascii=False, separators=(",", ":"))
    return text if _orjson_reads_exactly(doc) else " " + text


def _orjson_reads_exactly(doc: Doc) -> bool:
    # orjson refuses to write exactly the integers it would read back as floats.
    try:
        orjson.dumps(doc)
    except TypeError:
        return False
    return True


def _loads(text: str) -> Doc:
    if not text.startswith(" "):
        try:
            return orjson.loads(text)  # type: ignore[no-any-return]
        except orjson.JSONDecodeError:
            pass
    return dict(json.loads(text))


class Store:
    """JSON documents in one SQLite database (in memory when ``path`` is None)."""

    def __init__(self, path: str | Path | None = None) -> None:
        self.path = None if path is None else Path(path)
        if self.path is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(
            ":memory:" if self.path is None else str(self.path),
            isolation_level=None,
            check_same_thread=False,
        )
        if self.path is not None:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(_SCHEMA)
        self._lock = threading.RLock()
        self._depth = 0
        row = self._db.execute("SELECT COALESCE(MAX(seq), 0) FROM docs").fetchone()
        self._seq = int(row[0])
        self._derived: dict[str, OrderedDict[Hashable, Any]] = {}
        self._data_version = self._outside_version()
        if self.meta(_MARKED) is None:
            self._mark_wide_integers()

    def close(self) -> None:
        self._db.close()

    def copy(self) -> Store:
        """A copy of everything stored, in memory: the same data, fresh, in milliseconds."""
        twin = Store()
        with self._lock:
            self._db.backup(twin._db)
        twin._reload_seq()
        return twin

    # -- transactions -----------------------------------------------------------------------

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """All writes inside happen together or not at all."""
        with self._lock:
            outer = self._depth == 0
            if outer:
                self._db.execute("BEGIN IMMEDIATE")
                self._catch_up()
            self._depth += 1
            try:
                yield
            except BaseException:
                self._depth -= 1
                if outer:
                    self._db.execute("ROLLBACK")
                    self._reload_seq()
                    self._derived.clear()
                raise
            else:
                self._depth -= 1
                if outer:
                    self._db.execute("COMMIT")

    # -- derived values ---------------------------------------------------------------------

    def derived(self, kind: str, key: Hashable, compute: Callable[[], T]) -> T:
        """``compute()``, kept until a document of ``kind`` changes.

        ``compute`` must depend only on documents of ``kind`` and on what ``key`` holds; the
        value is shared, so callers must not change it.
        """
        with self._lock:
            self._catch_up()
            values = self._derived.setdefault(kind, OrderedDict())
            if key in values:
                values.move_to_end(key)
                return values[key]  # type: ignore[no-any-return]
            value = compute()
            values[key] = value
            if len(values) > _DERIVED_PER_KIND:
                values.popitem(last=False)
            return value

    def _outside_version(self) -> int:
        """A number that changes when another connection commits a change to the database."""
        return int(self._db.execute("PRAGMA data_version").fetchone()[0])

    def _catch_up(self) -> None:
        """Another process wrote since we last looked: its documents took places in order
        that this one must not hand out again, and what was derived may be stale."""
        outside = self._outside_version()
        if outside != self._data_version:
            self._data_version = outside
            self._reload_seq()
            self._derived.clear()

    def _changed(self, kind: str) -> None:
        self._derived.pop(kind, None)

    def _mark_wide_integers(self) -> None:
        """Mark the documents of an older database that orjson would not read exactly."""
        digits = re.compile(r"\d{19}")  # an integer beyond 64 bits has at least 19 digits
        with self.transaction():
            rows = self._db.execute("SELECT rowid, data FROM docs").fetchall()
            for rowid, text in rows:
                if text.startswith(" ") or not digits.search(text):
                    continue
                if not _orjson_reads_exactly(json.loads(text)):
                    self._db.execute(
                        "UPDATE docs SET data = ? WHERE rowid = ?", (" " + text, rowid)
                    )
            self.set_meta(_MARKED, "1")

    def _reload_seq(self) -> None:
        row = self._db.execute("SELECT COALESCE(MAX(seq), 0) FROM docs").fetchone()
        self._seq = int(row[0])

    # -- meta -------------------------------------------------------------------------------

    def meta(self, key: str, default: str | None = None) -> str | None:
        row = self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return default if row is None else str(row[0])

    def set_meta(self, key: str, value: str) -> None:
        self._db.execute(
            "INSERT INTO meta (key, value) VALUES (?, ?) "
            "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (key, value),
        )

    def new_id(self, kind: str, length: int = 20) -> str:
        """A fresh id, deterministic for a given history of the store."""
        counter = int(self.meta("counter", "0") or 0) + 1
        self.set_meta("counter", str(counter))
        digest = hashlib.sha256(f"{kind}:{counter}".encode()).digest()
        number = int.from_bytes(digest, "big")
        chars: list[str] = []
        while len(chars) < length:
            number, rest = divmod(number, len(_ALPHABET))
            chars.append(_ALPHABET[rest])
        return "".join(chars)

    # -- documents --------------------------------------------------------------------------

    def get(self, kind: str, id: str) -> Doc | None:
        row = self._db.execute(
            "SELECT data FROM docs WHERE kind = ? AND id = ?", (kind, id)
        ).fetchone()
        return None if row is None else _loads(row[0])

    def put(
        self, kind: str, doc: Doc, *, scope: str | None = None, parent: str | None = None
    ) -> Doc:
        """Insert or replace a document; a replaced one keeps its place in order."""
        self._changed(kind)
        self._seq += 1
        self._db.execute(
            "INSERT INTO docs (kind, id, scope, parent, seq, data) VALUES (?, ?, ?, ?, ?, ?) "
            "ON CONFLICT(kind, id) DO UPDATE SET scope = excluded.scope, "
            "parent = excluded.parent, data = excluded.data",
            (kind, doc["id"], scope, parent, self._seq, _dumps(doc)),
        )
        return doc

    def put_many(self, kind: str, rows: Iterable[tuple[Doc, str | None, str | None]]) -> None:
        """Insert many new documents at once (for datasets)."""
        self._changed(kind)
        batch = []
        for doc, scope, parent in rows:
            self._seq += 1
            batch.append((kind, doc["id"], scope, parent, self._seq, _dumps(doc)))
        self._db.executemany(
            "INSERT OR REPLACE INTO docs (kind, id, scope, parent, seq, data) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            batch,
        )

    def place(self, kind: str, id: str) -> tuple[str | None, str | None]:
        """The scope and parent a document is filed under."""
        row = self._db.execute(
            "SELECT scope, parent FROM docs WHERE kind = ? AND id = ?", (kind, id)
        ).fetchone()
        return (None, None) if row is None else (row[0], row[1])

    def delete(self, kind: str, id: str) -> bool:
        self._changed(kind)
        cursor = self._db.execute("DELETE FROM docs WHERE kind = ? AND id = ?", (kind, id))
        return cursor.rowcount > 0

    def delete_where(
        self, kind: str, *, scope: str | None = None, parent: str | None = None
    ) -> int:
        self._changed(kind)
        clause, args = self._where(kind, scope, parent)
        return self._db.execute(f"DELETE FROM docs WHERE {clause}", args).rowcount

    def move_to_end(self, kind: str, id: str) -> None:
        """Give a document the last place in order."""
        self._changed(kind)
        self._seq += 1
        self._db.execute("UPDATE docs SET seq = ? WHERE kind = ? AND id = ?", (self._seq, kind, id))

    def set_order(self, kind: str, ids: list[str]) -> None:
        """Renumber documents so that they list in the given order, after everything else."""
        for id in ids:
            self.move_to_end(kind, id)

    @staticmethod
    def _where(kind: str, scope: str | None, parent: str | None) -> tuple[str, list[Any]]:
        clause, args = "kind = ?", [kind]
        if scope is not None:
            clause += " AND scope = ?"
            args.append(scope)
        if parent is not None:
            clause += " AND parent = ?"
            args.append(parent)
        return clause, args

    def list(
        self,
        kind: str,
        *,
        scope: str | None = None,
        parent: str | None = None,
        offset: int = 0,
        limit: int | None = None,
    ) -> list[Doc]:
        """Documents of a kind, in order, optionally within a scope or parent."""
        clause, args = self._where(kind, scope, parent)
        sql = f"SELECT data FROM docs WHERE {clause} ORDER BY seq"
        if limit is not None or offset:
            sql += " LIMIT ? OFFSET ?"
            args += [-1 if limit is None else limit, offset]
        return [_loads(row[0]) for row in self._db.execute(sql, args)]

    def count(self, kind: str, *, scope: str | None = None, parent: str | None = None) -> int:
        """How many documents of a kind, optionally within a scope or parent."""
        clause, args = self._where(kind, scope, parent)

        def count() -> int:
            return int(
                self._db.execute(f"SELECT COUNT(*) FROM docs WHERE {clause}", args).fetchone()[0]
            )

        # Counting a big scope walks its index (0.35 ms for 10,000 spaces), on every page.
        return self.derived(kind, ("count", scope, parent), count)

    def is_empty(self) -> bool:
        return self._db.execute("SELECT 1 FROM docs LIMIT 1").fetchone() is None

    def clear(self) -> None:
        self._db.execute("DELETE FROM docs")
        self._db.execute("DELETE FROM meta")
        self.set_meta(_MARKED, "1")
        self._seq = 0
        self._derived.clear()
