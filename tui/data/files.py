"""Provides whole-or-nothing file writes: a temporary file beside the target, then os.replace."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

__all__ = ["open_atomically", "write_atomically"]


def write_atomically(path: Path, text: str, *, mode: int = 0o600) -> None:
    """Write ``text`` (UTF-8, line endings as given) to ``path`` so that a reader or a crash
    sees the old file or the new one, never half of one. The folder must exist.

    The temporary file is created with ``mode`` already (mkstemp makes it 0600), so the
    content is never readable by others, even for an instant.
    """
    descriptor, temporary = tempfile.mkstemp(
        dir=path.parent, prefix=f".{path.name}.", suffix=".tmp"
    )
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())  # the bytes are on disk before the name points at them
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


@contextlib.contextmanager
def open_atomically(path: Path, *, mode: int = 0o600) -> Iterator[TextIO]:
    """A text file to write ``path`` through, whole or not at all (as ``write_atomically``),
    for content too big to hold in memory: written as it comes, renamed when the block ends,
    removed if it raises."""
    descriptor, temporary = tempfile.mkstemp(
        dir=path.parent, prefix=f".{path.name}.", suffix=".tmp"
    )
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8", newline="") as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
