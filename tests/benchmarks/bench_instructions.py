"""First paint counted in instructions: the same figure each run, whatever the machine does.

The wall-clock first paint (``bench_speed --only paint``) moves ±0.05× from run to run on a
shared machine, as much as a change is worth. Counting the instructions a start executes,
under valgrind's callgrind, does not move: each program runs in an 80×24 pseudo-terminal and
its process ends as the frame holding its marker is handed to the terminal
(``first_frame_exit.py``), so every run stops at the same point. The ratio to the minimal
Textual app is not the ratio of times (docdeck's extra work is more imports, which cost more
per instruction than drawing), but a change that lowers it does less work, and one that raises
it does more: use it to compare two versions, and the wall clock for the target.

Run: ``python -m tests.benchmarks.bench_speed --only instructions`` (needs valgrind; about a
minute; ``--rounds`` is not used: one run of each is the figure).
"""

from __future__ import annotations

import fcntl
import os
import re
import select
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

from .bench_app import ROOT, _times_to_markers, a_new_user_beside_a_minimal_app

Row = tuple[str, str, str, str, str]

FIRST_FRAME_EXIT = Path(__file__).with_name("first_frame_exit.py")
DEMO_ORGANISATION = "Northwind Labs"


def instructions_to_frame(argv: list[str], marker: str, env: dict[str, str]) -> int:
    """The instructions (callgrind's Ir) of ``python argv`` up to its frame holding ``marker``."""
    with tempfile.TemporaryDirectory(prefix="docdeck-callgrind-") as folder:
        out = Path(folder) / "callgrind.out"
        command = [
            "valgrind",
            "--tool=callgrind",
            f"--callgrind-out-file={out}",
            "--log-file=/dev/null",
            sys.executable,
            str(FIRST_FRAME_EXIT),
            *argv,
        ]
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        process = subprocess.Popen(
            command,
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env={**env, "DOCDECK_BENCH_MARKER": marker, "PYTHONHASHSEED": "0"},
            cwd=ROOT,
            start_new_session=True,
        )
        os.close(slave)
        started = time.monotonic()
        try:
            while process.poll() is None:  # read what it draws, or it would block writing
                if time.monotonic() - started > 300:
                    raise TimeoutError(f"{argv} never showed {marker!r}")
                if select.select([master], [], [], 0.2)[0]:
                    try:
                        os.read(master, 65536)
                    except OSError:
                        break
            process.wait(timeout=60)
        finally:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
            os.close(master)
        found = re.search(r"^(?:summary|totals): (\d+)", out.read_text(), re.MULTILINE)
        if found is None:
            raise RuntimeError(f"callgrind counted nothing for {argv}")
        return int(found.group(1))


def first_paint_instructions(rounds: int) -> list[Row]:
    if shutil.which("valgrind") is None:
        print("instructions: valgrind is not installed, nothing counted", file=sys.stderr)
        return []
    with a_new_user_beside_a_minimal_app("docdeck-instructions-") as (home, env, minimal):
        # A config file, as the wall-clock benchmark has (and whoever chose a theme).
        config = home / "config" / "docdeck"
        config.mkdir(parents=True)
        (config / "config.toml").write_text(
            'theme = "textual-dark"\n\n[profiles.work]\nbase_url = "http://127.0.0.1:9/v1"\n'
        )
        demo = [sys.executable, "-m", "tui", "--demo"]
        for _ in range(2):  # the demo's database, the first-screen cache and the kept CSS
            _times_to_markers(demo, [DEMO_ORGANISATION.encode()], env)
        floor = instructions_to_frame([str(minimal)], "minimal app ready", env)
        cached = instructions_to_frame(["-m", "tui", "--demo"], DEMO_ORGANISATION, env)
        fresh = {**env, "XDG_CACHE_HOME": str(home / "fresh")}
        first = instructions_to_frame(["-m", "tui", "--demo"], "Organisations", fresh)
    reference = f"{floor / 1e6:,.1f} M minimal app"
    return [
        (
            "first paint in instructions, --demo (from the cache)",
            f"{cached / 1e6:,.1f} M",
            reference,
            f"{cached / floor:.3f}×",
            "",
        ),
        (
            "first paint in instructions, a first start ever",
            f"{first / 1e6:,.1f} M",
            reference,
            f"{first / floor:.3f}×",
            "",
        ),
    ]


PARTS = {"instructions": first_paint_instructions}
