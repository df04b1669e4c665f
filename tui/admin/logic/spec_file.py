"""Provides the reading of an OpenAPI document from a file on this machine, for the OpenAPI
form: a path is what an administrator has over SSH, and the API takes the document's text
(``source: {"text": ...}``) as well as a URL.

Only a regular file is read (not a device, a pipe or a folder, which could block or be huge),
at most ``SPEC_FILE_MAX`` bytes, as UTF-8.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

__all__ = [
    "SPEC_FILE_MAX",
    "SpecFileError",
    "is_web_address",
    "read_spec_file",
    "spec_file_problem",
]

SPEC_FILE_MAX = 1024 * 1024
"""The largest document sent as text: the request must stay under the service's 2 MiB, and
JSON escapes can make the text grow."""


class SpecFileError(ValueError):
    """The file cannot be sent; the message says why, in the user's words."""


def is_web_address(value: str) -> bool:
    """Whether the source typed is a URL (anything else is a path on this machine)."""
    return "://" in value


def _size_text(size: int) -> str:
    return f"{size / 1024 / 1024:.1f} MiB" if size >= 1024 * 1024 else f"{size / 1024:.0f} KiB"


def _checked(path: Path, info: os.stat_result) -> None:
    if stat.S_ISDIR(info.st_mode):
        raise SpecFileError(f"{path} is a folder: name the document's file in it.")
    if not stat.S_ISREG(info.st_mode):
        raise SpecFileError(f"{path} is not a regular file.")
    if info.st_size > SPEC_FILE_MAX:
        raise SpecFileError(
            f"{path} is {_size_text(info.st_size)}; the limit is {_size_text(SPEC_FILE_MAX)}: "
            "publish it at a web address and give that instead."
        )
    if info.st_size == 0:
        raise SpecFileError(f"{path} is empty.")


def spec_file_problem(value: str) -> str | None:
    """Why the file named by ``value`` cannot be sent, or None (checked again when read)."""
    path = Path(value).expanduser()
    try:
        _checked(path, path.stat())
    except FileNotFoundError:
        return f"There is no file {path}."
    except SpecFileError as problem:
        return str(problem)
    except OSError as error:
        return f"{path} cannot be read: {error.strerror or error}."
    return None


def read_spec_file(value: str) -> str:
    """The text of the document at ``value``; SpecFileError says why not."""
    path = Path(value).expanduser()
    try:
        # O_NONBLOCK: a FIFO put where the file was checked must not hang the open.
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except FileNotFoundError:
        raise SpecFileError(f"There is no file {path}.") from None
    except OSError as error:
        raise SpecFileError(f"{path} cannot be read: {error.strerror or error}.") from None
    with os.fdopen(descriptor, "rb") as handle:
        _checked(path, os.fstat(handle.fileno()))
        data = handle.read(SPEC_FILE_MAX + 1)
    if len(data) > SPEC_FILE_MAX:
        raise SpecFileError(f"{path} grew past {_size_text(SPEC_FILE_MAX)} while being read.")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise SpecFileError(f"{path} is not UTF-8 text: is it an OpenAPI document?") from None
    if not text.strip():
        raise SpecFileError(f"{path} holds only spaces.")
    return text
