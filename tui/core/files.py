"""Provides whole-or-nothing writes of a file the user chose (an export), through tui.files."""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

from ..files import open_private, write_private

__all__ = ["open_atomically", "write_atomically"]


def write_atomically(path: Path, text: str, *, mode: int = 0o600) -> None:
    """Write ``text`` (UTF-8, line endings as given) to ``path`` so that a reader or a crash
    sees the old file or the new one, never half of one. The folder must exist, and is left
    as the user made it."""
    write_private(path, text, mode=mode, own_folder=False)


@contextlib.contextmanager
def open_atomically(path: Path, *, mode: int = 0o600) -> Iterator[TextIO]:
    """A text file to write ``path`` through, whole or not at all (as ``write_atomically``),
    for content too big to hold in memory: written as it comes, renamed when the block ends."""
    with open_private(path, mode=mode, own_folder=False) as raw:
        handle = io.TextIOWrapper(raw, encoding="utf-8", newline="", write_through=False)
        try:
            yield handle
            handle.flush()
        finally:
            handle.detach()  # the binary file is closed by open_private, after its fsync
