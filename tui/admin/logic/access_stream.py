"""Provides the streamed access view's bookkeeping: rows written to a private CSV spool as they
arrive, a bounded screenful kept for the table, read back and copied where the user asks.

An organisation's access can be millions of rows (250 admins on 10,001 spaces): nothing holds
them all. Each row goes to the spool at once (cells already formula-safe, so that an export
is a copy); the screen keeps at most ``limit`` of those that pass its filter, a count, and the
set of members they name (at most the organisation's members).

    build = AccessBuild(limit=1000)
    build.add(rows)                       # written, counted, kept while there is room
    build.spool.flush()
    found = scan_spool(build.spool.path, start, end, "mei", room)   # in a thread
    copy_spool(build.spool.path, target, end, "mei")                # in a thread
    build.close()                         # the spool is removed
"""

from __future__ import annotations

import csv
import os
import tempfile
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from tui.core.files import open_atomically

from .access import _FORMULA_STARTS, CSV_HEADER, AccessRow, csv_safe

__all__ = [
    "AccessBuild",
    "CsvSpool",
    "ScanResult",
    "copy_spool",
    "next_parallel",
    "row_matches",
    "scan_spool",
    "write_csv",
]

LAG_HIGH = 0.010
"""Seconds the app's event loop took to come back to the build: beyond, it asks fewer spaces
at once (the answers come faster than the app reads them, and keys wait behind them)."""
LAG_LOW = 0.003
"""Below, the app keeps up: it asks more at once again, up to its most."""


def next_parallel(current: int, lag: float, *, most: int) -> int:
    """How many spaces to ask at once next, from how long the app's event loop took to come
    back to the build (``lag``): one fewer while it lags, one more (up to ``most``) while it
    keeps up. Over loopback a space answers in a few milliseconds and the app falls behind;
    over a network the answers take longer and it keeps the most in flight."""
    if lag > LAG_HIGH:
        return max(1, current - 1)
    if lag < LAG_LOW:
        return min(most, current + 1)
    return current


_CHUNK = 1 << 20


def row_matches(cells: Sequence[str], needle: str) -> bool:
    """Whether ``needle`` (casefolded, stripped) is in one of the row's first five cells, as
    the access view's ``/`` filter looks (name, e-mail, role, space, permission)."""
    return not needle or any(needle in cell.casefold() for cell in cells[:5])


def _plain(cell: str) -> str:
    """A spooled cell as the server sent it: ``csv_safe``'s quote taken off again."""
    return cell[1:] if cell.startswith("'") and cell[1:].startswith(_FORMULA_STARTS) else cell


def _row_of(cells: Sequence[str]) -> AccessRow:
    name, email, role, space, permission, member_id, space_id = (_plain(c) for c in cells[:7])
    return AccessRow(
        member_id=member_id,
        member_name=name,
        member_email=email,
        organization_role=None if role == "guest" else role,
        space_id=space_id,
        space_title=space,
        permission=permission,
    )


class CsvSpool:
    """An owner-only CSV file (mkstemp makes it 0600) that rows are appended to."""

    def __init__(self, header: Sequence[str] = CSV_HEADER, directory: Path | None = None) -> None:
        descriptor, name = tempfile.mkstemp(prefix="docdeck-access-", suffix=".csv", dir=directory)
        self.path = Path(name)
        self._handle = os.fdopen(descriptor, "w", encoding="utf-8", newline="")
        self._writer = csv.writer(self._handle, lineterminator="\r\n")
        self._writer.writerow(header)
        self._handle.flush()
        self.header_end = self._handle.tell()
        """Where the first row starts."""
        self.rows = 0

    def write(self, rows: Iterable[Sequence[str]]) -> None:
        for cells in rows:
            self._writer.writerow([csv_safe(cell) for cell in cells])
            self.rows += 1

    def flush(self) -> int:
        """Write out what is buffered; the offset that ends the last whole row."""
        self._handle.flush()
        return self._handle.tell()

    def close(self) -> None:
        """Close and remove the file."""
        if not self._handle.closed:
            self._handle.close()
        self.path.unlink(missing_ok=True)


def _records(path: Path, start: int, end: int) -> Iterator[list[str]]:
    """The CSV records between two offsets that end whole rows (read in a thread)."""

    def lines() -> Iterator[str]:
        with path.open("rb") as handle:
            handle.seek(start)
            left = end - start
            while left > 0:
                line = handle.readline(min(left, _CHUNK))
                if not line:
                    return
                left -= len(line)
                yield line.decode("utf-8")

    yield from csv.reader(lines())


@dataclass
class ScanResult:
    """What a scan of part of the spool found: the first rows that pass, and counts."""

    rows: list[AccessRow]
    matched: int
    members: set[str]


def scan_spool(path: Path, start: int, end: int, needle: str, room: int) -> ScanResult:
    """The rows between two offsets that ``needle`` lets through: at most ``room`` kept,
    every one counted."""
    kept: list[AccessRow] = []
    matched = 0
    members: set[str] = set()
    for cells in _records(path, start, end):
        plain = [_plain(cell) for cell in cells]
        if len(plain) < 7 or not row_matches(plain, needle):
            continue
        matched += 1
        members.add(plain[5])
        if len(kept) < room:
            kept.append(_row_of(cells))
    return ScanResult(kept, matched, members)


def copy_spool(source: Path, target: Path, end: int, *, rows: int, needle: str = "") -> int:
    """Write the spool up to ``end`` (which ends row ``rows``) to ``target``, whole or not at
    all, owner-only; with ``needle``, only the rows it lets through. How many were written."""
    with source.open("rb") as handle:
        header = handle.readline()
    with open_atomically(target) as out:
        if not needle:
            # The spool is the file asked for: copied as bytes, a chunk at a time.
            out.flush()
            with source.open("rb") as handle:
                left = end
                while left > 0:
                    chunk = handle.read(min(left, _CHUNK))
                    if not chunk:
                        break
                    left -= len(chunk)
                    out.buffer.write(chunk)
            return rows
        out.write(header.decode("utf-8"))
        writer = csv.writer(out, lineterminator="\r\n")
        written = 0
        for cells in _records(source, len(header), end):
            if row_matches([_plain(cell) for cell in cells], needle):
                writer.writerow(cells)  # already formula-safe
                written += 1
    return written


def write_csv(target: Path, header: Sequence[str], rows: Iterable[Sequence[str]]) -> int:
    """Rows as CSV at ``target``, whole or not at all, owner-only, no cell read as a formula;
    how many rows were written."""
    written = 0
    with open_atomically(target) as out:
        writer = csv.writer(out, lineterminator="\r\n")
        writer.writerow(header)
        for cells in rows:
            writer.writerow([csv_safe(cell) for cell in cells])
            written += 1
    return written


@dataclass
class AccessBuild:
    """One build of the access view: the spool, what is kept to show, and how far it is."""

    limit: int
    """Rows kept to show, at most."""
    spool: CsvSpool = field(default_factory=CsvSpool)
    needle: str = ""
    """The ``/`` filter: which rows are kept and counted as matched."""
    shown: list[AccessRow] = field(default_factory=list)
    matched: int = 0
    members: set[str] = field(default_factory=set)
    scanning: bool = False
    """While the spool is scanned again for a new filter, rows arriving are only written:
    the scan reaches them."""
    spaces_done: int = 0
    spaces_total: int | None = None
    requests: int = 0
    finished: bool = False
    stopped: bool = False

    def add(self, rows: Sequence[AccessRow]) -> list[AccessRow]:
        """Write the rows; the ones now kept to show (to draw)."""
        self.spool.write(row.cells() for row in rows)
        if self.scanning:
            return []
        fresh: list[AccessRow] = []
        for row in rows:
            if not row_matches(row.cells(), self.needle):
                continue
            self.matched += 1
            self.members.add(row.member_id)
            if len(self.shown) < self.limit:
                self.shown.append(row)
                fresh.append(row)
        return fresh

    def restart_filter(self, needle: str) -> None:
        """Forget what was kept: a scan of the spool under ``needle`` fills it again."""
        self.needle = needle.casefold().strip()
        self.shown = []
        self.matched = 0
        self.members = set()
        self.scanning = True

    def take(self, found: ScanResult) -> None:
        self.matched += found.matched
        self.members |= found.members
        self.shown.extend(found.rows[: max(0, self.limit - len(self.shown))])

    @property
    def rows(self) -> int:
        return self.spool.rows

    def close(self) -> None:
        self.spool.close()
