"""Provides whole-or-nothing writes of a file the user chose (an export), through tui.files."""

from __future__ import annotations

from pathlib import Path

from ..files import write_private

__all__ = ["write_atomically"]


def write_atomically(path: Path, text: str, *, mode: int = 0o600) -> None:
    """Write ``text`` (UTF-8, line endings as given) to ``path`` so that a reader or a crash
    sees the old file or the new one, never half of one. The folder must exist, and is left
    as the user made it."""
    write_private(path, text, mode=mode, own_folder=False)
