"""Provides the one way docdeck writes and reads its own files: private, whole, never via a link.

Every file docdeck keeps (the config file, the token store, drafts, the first-screen cache,
the demo database) goes through here, so that each has the same guarantees:

- written whole or not at all: a temporary file beside the target, ``fsync``, then a rename;
  a full disk leaves the old file as it was, never half a new one;
- private: files 0600, folders 0700, from the moment they exist;
- never through a symbolic link, never into or out of anything but a regular file (a FIFO
  would block, ``/dev/zero`` would never end);
- bounded: a read stops at a size it names, so a file grown huge cannot exhaust memory.

Only the standard library is imported: the first-screen cache reads through here before the
first frame.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

__all__ = [
    "FILE_MODE",
    "FOLDER_MODE",
    "UnsafeFileError",
    "make_private",
    "private_database",
    "private_folder",
    "read_cache",
    "read_private",
    "reason",
    "write_cache",
    "write_private",
]

FILE_MODE = 0o600
FOLDER_MODE = 0o700

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)


class UnsafeFileError(OSError):
    """A file docdeck will not read or replace: a link, not a regular file, or too large.

    An ``OSError``, so that every caller already handling unreadable files handles these too.
    """


def reason(error: BaseException) -> str:
    """What went wrong with a file, in a few words for the user ("disk full")."""
    if isinstance(error, UnsafeFileError):
        return str(error)
    if isinstance(error, OSError):
        words = {
            errno.ENOSPC: "disk full",
            errno.EDQUOT: "disk quota exceeded",
            errno.EROFS: "the disk is read-only",
            errno.EACCES: "permission denied",
            errno.EPERM: "permission denied",
            errno.ELOOP: "it is a symbolic link",
        }
        return words.get(error.errno or 0) or (error.strerror or "it cannot be written").lower()
    if isinstance(error, UnicodeError):
        return "the text holds characters that cannot be stored"
    return type(error).__name__


def private_folder(folder: Path, root: Path | None = None) -> Path:
    """Make ``folder`` (and any missing parent) with mode 0700; tighten it to 0700 if it exists.

    Only the folder itself, and its parents up to ``root`` (docdeck's own folder, such as
    ``~/.local/share/docdeck``) are tightened when they exist: parents above, such as
    ``~/.local/share``, belong to the user. Missing parents are made private as they are made.
    """
    missing: list[Path] = []
    current = folder
    while not current.exists() and current != current.parent:
        missing.append(current)
        current = current.parent
    for path in reversed(missing):
        with contextlib.suppress(FileExistsError):  # another process made it meanwhile
            path.mkdir(mode=FOLDER_MODE)
    make_private(folder, FOLDER_MODE)
    if root is not None and folder.is_relative_to(root):
        for parent in folder.parents:
            if not parent.is_relative_to(root):
                break
            make_private(parent, FOLDER_MODE)
    return folder


def make_private(path: Path, mode: int = FILE_MODE) -> None:
    """Tighten an existing file or folder of docdeck's to ``mode`` (never through a link)."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return
    if stat.S_ISLNK(info.st_mode) or stat.S_IMODE(info.st_mode) == mode:
        return
    with contextlib.suppress(PermissionError):  # not ours: nothing docdeck may change
        os.chmod(path, mode)


def _refuse_unless_ours(what: object, info: os.stat_result) -> None:
    if info.st_uid != os.getuid() or info.st_mode & 0o022:
        raise UnsafeFileError(
            errno.EPERM, f"{what} is not the user's alone: another may write to it"
        )


def read_cache(path: Path, root: Path, limit: int) -> bytes:
    """The bytes of a cache file under ``root`` (docdeck's cache folder) whose content decides
    something (settings, pickled rules), read as ``read_private`` reads, and only if it and
    every folder from ``root`` down to it are the user's alone: theirs, and writable by nobody
    else. Each folder is opened from the one above it, never through a link, and checked as
    opened, so that nobody can swap a part of the path between the check and the read.

    ``FileNotFoundError`` when there is none, ``UnsafeFileError`` for anything not as above.
    Where folders cannot be opened so (Windows), the user's profile folder is private and the
    file is read as ``read_private`` reads it.
    """
    if os.open not in os.supports_dir_fd or not hasattr(os, "getuid"):
        return read_private(path, limit)
    *folders, name = path.relative_to(root).parts
    opening = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | _NOFOLLOW
    descriptor = os.open(root, opening)
    try:
        _refuse_unless_ours(root, os.fstat(descriptor))
        for folder in folders:
            inner = os.open(folder, opening, dir_fd=descriptor)
            os.close(descriptor)
            descriptor = inner
            _refuse_unless_ours(folder, os.fstat(descriptor))
        file = os.open(name, os.O_RDONLY | _NOFOLLOW | _NONBLOCK, dir_fd=descriptor)
    finally:
        os.close(descriptor)
    with os.fdopen(file, "rb") as handle:
        info = os.fstat(file)
        _refuse_unless_regular(path, info)
        _refuse_unless_ours(path, info)
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise UnsafeFileError(errno.EFBIG, f"{path} is larger than {limit} bytes")
    return data


def write_cache(path: Path, root: Path, content: bytes) -> None:
    """Replace a cache file under ``root`` (docdeck's cache folder) as ``read_cache`` will
    want it: its folders made or tightened to 0700 from ``root`` down, the file 0600, written
    whole, without waiting for the disk (a crash just then leaves it torn, which reads as no
    cache)."""
    private_folder(path.parent, root)
    write_private(path, content, own_folder=False, durable=False)


def _refuse_unless_regular(path: Path, info: os.stat_result) -> None:
    if stat.S_ISLNK(info.st_mode):
        raise UnsafeFileError(errno.ELOOP, f"{path} is a symbolic link: docdeck does not follow it")
    if not stat.S_ISREG(info.st_mode):
        raise UnsafeFileError(errno.EINVAL, f"{path} is not a regular file")


def read_private(path: Path, limit: int) -> bytes:
    """The bytes of a regular file, opened without following a link and read up to ``limit``.

    ``FileNotFoundError`` when there is none; ``UnsafeFileError`` for a link, a FIFO, a device
    or a file larger than ``limit`` bytes (nothing of it is kept).
    """
    try:
        descriptor = os.open(path, os.O_RDONLY | _NOFOLLOW | _NONBLOCK)
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise UnsafeFileError(
                errno.ELOOP, f"{path} is a symbolic link: docdeck does not follow it"
            ) from None
        raise
    with os.fdopen(descriptor, "rb") as handle:
        _refuse_unless_regular(path, os.fstat(descriptor))
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise UnsafeFileError(errno.EFBIG, f"{path} is larger than {limit} bytes")
    return data


def write_private(
    path: Path,
    content: str | bytes,
    *,
    mode: int = FILE_MODE,
    own_folder: bool = True,
    durable: bool = True,
) -> None:
    """Replace ``path`` with ``content`` (str as UTF-8, line endings as given), whole or not at all
    (see ``open_private``)."""
    data = content.encode("utf-8") if isinstance(content, str) else content
    with open_private(path, mode=mode, own_folder=own_folder, durable=durable) as handle:
        handle.write(data)


@contextlib.contextmanager
def open_private(
    path: Path, *, mode: int = FILE_MODE, own_folder: bool = True, durable: bool = True
) -> Iterator[BinaryIO]:
    """A file to write ``path`` through, as it comes (content too big to hold in memory):
    renamed over ``path`` when the block ends, removed if it raises, so that a reader or a
    crash sees the old file or the new one, never half of one.

    The folder is docdeck's own unless ``own_folder`` is false (a file exported where the user
    chose): docdeck's own is made, or tightened, to 0700 first; another must exist. A link or a
    special file at ``path`` is refused, not replaced and never written through. The temporary
    file is 0600 from its creation, so the content is never readable by others, even for an
    instant.

    A cache may pass ``durable=False``: it is not flushed to the disk before the rename (a
    wait of up to tens of milliseconds on a slow disk), so a crash just then may leave it
    empty or torn, which its reader takes for no cache at all.
    """
    if own_folder:
        private_folder(path.parent)
    with contextlib.suppress(FileNotFoundError):
        _refuse_unless_regular(path, os.lstat(path))
    descriptor, temporary = tempfile.mkstemp(
        dir=path.parent, prefix=f".{path.name}.", suffix=".tmp"
    )
    try:
        with os.fdopen(descriptor, "wb") as handle:
            yield handle
            handle.flush()
            if durable:
                os.fsync(handle.fileno())  # the bytes are on disk before the name points at them
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    if durable:
        _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    # The rename itself is durable once the folder is synced (not on every system: best effort).
    with contextlib.suppress(OSError):
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


def private_database(path: Path, root: Path | None = None) -> Path:
    """Make a SQLite database file private before SQLite opens it: its folder 0700, the file
    0600 (made empty if missing, which SQLite takes as an empty database), and its ``-wal`` and
    ``-shm`` 0600 if they exist. SQLite makes those two with the database's own mode."""
    private_folder(path.parent, root)
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, FILE_MODE)
    except FileExistsError:
        _refuse_unless_regular(path, os.lstat(path))
    else:
        os.close(descriptor)
    for name in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        make_private(name)
    return path
