"""Runs a program (a script, or ``-m module``) and ends its process as soon as the frame
holding ``DOCDECK_BENCH_MARKER`` is handed to the terminal: every run is cut at the same point,
so that counting its instructions (``bench_speed --only instructions``) gives the same figure
each time, whatever else the machine is doing."""

from __future__ import annotations

import os
import runpy
import sys
from typing import Any

from textual.drivers.linux_driver import LinuxDriver

MARKER = os.environ["DOCDECK_BENCH_MARKER"]
_write = LinuxDriver.write


def _write_then_end(self: LinuxDriver, data: str) -> None:
    _write(self, data)
    if MARKER in data:
        os._exit(0)


LinuxDriver.write = _write_then_end  # type: ignore[method-assign]


def run(argv: list[str]) -> Any:
    if argv[0] == "-m":
        sys.path.insert(0, os.getcwd())  # as ``python -m`` does
        sys.argv = argv[1:]
        return runpy.run_module(argv[1], run_name="__main__", alter_sys=True)
    sys.argv = argv
    return runpy.run_path(argv[0], run_name="__main__")


if __name__ == "__main__":
    run(sys.argv[1:])
