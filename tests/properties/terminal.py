"""Provides Terminal: a program run in a pseudo-terminal, keeping every byte it writes."""

from __future__ import annotations

import fcntl
import os
import select
import signal
import struct
import subprocess
import termios
import time
from pathlib import Path

__all__ = ["Terminal"]


def _own_terminal() -> None:
    """Make the pseudo-terminal the program's controlling terminal, as a login shell's is, so
    that /dev/tty (getpass) reaches it."""
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Terminal:
    """A program in a pseudo-terminal of a given size; ``seen`` is all it wrote, raw."""

    def __init__(
        self, argv: list[str], env: dict[str, str], cwd: Path, size: tuple[int, int] = (100, 30)
    ) -> None:
        self.master, slave = os.openpty()
        columns, rows = size
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        self.process = subprocess.Popen(
            argv,
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            cwd=cwd,
            preexec_fn=_own_terminal,
        )
        os.close(slave)
        self.seen = bytearray()

    def _read(self, wait: float) -> bool:
        ready, _, _ = select.select([self.master], [], [], wait)
        if not ready:
            return False
        try:
            chunk = os.read(self.master, 1 << 16)
        except OSError:  # the program ended and its side of the terminal closed
            return False
        self.seen += chunk
        return bool(chunk)

    def wait_for(self, marker: bytes, timeout: float = 60) -> None:
        """Read until ``marker`` was written; fail, showing the latest output, if never."""
        deadline = time.monotonic() + timeout
        start = 0
        while marker not in self.seen[start:]:
            if time.monotonic() > deadline or (
                self.process.poll() is not None and not self._read(0)
            ):
                tail = bytes(self.seen[-1500:])
                raise AssertionError(f"never showed {marker!r}; last output: {tail!r}")
            self._read(0.1)

    def settle(self, quiet: float = 0.5) -> None:
        """Read until the program has written nothing for ``quiet`` seconds."""
        while self._read(quiet):
            pass

    def send(self, keys: bytes) -> None:
        os.write(self.master, keys)

    def finish(self, timeout: float = 30) -> int:
        """Wait for the program to end, reading what it still writes."""
        deadline = time.monotonic() + timeout
        while self.process.poll() is None and time.monotonic() < deadline:
            self._read(0.1)
        self.settle(0.1)
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
            raise AssertionError(f"the program did not end: {bytes(self.seen[-1500:])!r}")
        os.close(self.master)
        return int(self.process.returncode)
