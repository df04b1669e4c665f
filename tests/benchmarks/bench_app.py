"""Benchmarks of the app (not part of the default run).

Run: ``python -m pytest tests/benchmarks/bench_app.py -s``. Figures are medians.

- First paint: ``docdeck --demo`` and a minimal Textual app (a Static and a Footer) run as real
  processes in a pseudo-terminal of 80×24, alternately; each is timed from launch until its
  first screen's text arrives. The ratio compares docdeck to Textual's own floor.
- Scrolling: the app, in-process at 80×24, scrolls down a collection of 10,000 spaces one key
  at a time (loading more as it goes); each key is timed until the screen has been refreshed.
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import select
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path
from typing import Any

import httpx
from textual import events

from tui.api import Client, RetryPolicy
from tui.app import ConnectionLabel, DocdeckApp
from tui.emulator import create_app
from tui.emulator.datasets.builder import Builder

ROOT = Path(__file__).resolve().parents[2]

MINIMAL_APP = """
from textual.app import App
from textual.widgets import Footer, Static

class Minimal(App):
    BINDINGS = [("q", "quit", "Quit")]

    def compose(self):
        yield Static("minimal app ready")
        yield Footer()

Minimal().run()
"""


def _times_to_markers(
    argv: list[str], markers: list[bytes], env: dict[str, str], timeout: float = 60
) -> list[float]:
    """Seconds from launching a program in an 80×24 pseudo-terminal until each marker shows."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    started = time.perf_counter()
    process = subprocess.Popen(
        argv, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=ROOT, start_new_session=True
    )
    os.close(slave)
    seen = b""
    found: dict[bytes, float] = {}
    try:
        while len(found) < len(markers):
            if time.perf_counter() - started > timeout:
                raise TimeoutError(f"{argv} never showed {markers!r}")
            ready, _, _ = select.select([master], [], [], 0.2)
            if ready:
                try:
                    seen += os.read(master, 65536)
                except OSError:
                    raise RuntimeError(f"{argv} ended before showing {markers!r}") from None
                for marker in markers:
                    if marker not in found and marker in seen:
                        found[marker] = time.perf_counter() - started
        return [found[marker] for marker in markers]
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        os.close(master)


def test_first_paint_of_the_demo_beside_a_minimal_textual_app() -> None:
    with tempfile.TemporaryDirectory() as home:
        env = {
            **os.environ,
            "HOME": home,
            "XDG_DATA_HOME": f"{home}/data",
            "XDG_CONFIG_HOME": f"{home}/config",
            "TERM": "xterm-256color",
            "DOCDECK_NO_KEYRING": "1",
        }
        minimal = Path(home) / "minimal.py"
        minimal.write_text(MINIMAL_APP)
        docdeck = [sys.executable, "-m", "tui", "--demo"]
        # The first screen paints with the status line; the organisations arrive after.
        markers = [b"local demo", b"Northwind Labs"]
        _, cold = _times_to_markers(docdeck, markers, env)  # builds the demo database
        paint, data, floor = [], [], []
        for _ in range(7):
            first, ready = _times_to_markers(docdeck, markers, env)
            paint.append(first)
            data.append(ready)
            floor.extend(
                _times_to_markers([sys.executable, str(minimal)], [b"minimal app ready"], env)
            )
    median_paint, median_data, median_floor = map(statistics.median, (paint, data, floor))
    print(
        f"\nfirst paint, 80x24: docdeck --demo median {median_paint * 1000:.0f} ms, minimal "
        f"Textual app median {median_floor * 1000:.0f} ms, ratio {median_paint / median_floor:.2f}; "
        f"organisations shown at {median_data * 1000:.0f} ms (ratio {median_data / median_floor:.2f}); "
        f"first run, building the demo database: {cold * 1000:.0f} ms"
    )


def _service_with_a_crowded_collection(spaces: int) -> Any:
    app = create_app("demo")
    store = app.state.emulator.store
    b = Builder(store, "bench")
    with store.transaction():
        bench = b.organization("Bench", id="org-bench")
        b.member(bench, store.get("user", "u-ada") or {}, "admin")
        crowded = b.collection(bench, "Ten thousand spaces")
        for index in range(spaces):
            b.space(bench, f"Space {index:05d}", emoji="📄", parent=crowded)
    return app


async def _settle(pilot: Any) -> None:
    for _ in range(3):
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()


async def test_keypress_to_repaint_while_scrolling_ten_thousand_spaces() -> None:
    service = _service_with_a_crowded_collection(10_000)
    client = Client(
        "demo-admin",
        base_url="http://bench.test/v1",
        transport=httpx.ASGITransport(app=service),
        retry=RetryPolicy(attempts=1),
    )
    app = DocdeckApp(client, ConnectionLabel("bench", "in-process"), clock=lambda: 0.0)
    keys = 400
    timings = []
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        await pilot.press("down", "down", "enter")  # the third organisation: Bench
        await _settle(pilot)
        await pilot.press("enter")  # expand the collection
        await _settle(pilot)
        tree: Any = app.screen.focused
        screen: Any = app.screen
        # Each repaint of the screen, with the cursor line it showed.
        repaints: list[tuple[float, int]] = []
        repaint = screen._compositor_refresh

        def recorded() -> None:
            repaint()
            repaints.append((time.perf_counter(), tree.cursor_line))

        screen._compositor_refresh = recorded
        for _ in range(keys):
            target = tree.cursor_line + 1
            started = time.perf_counter()
            key = events.Key("down", None)
            key.set_sender(app)
            app._driver.send_message(key)
            # The key counts as served at the first repaint that shows the cursor moved.
            while not any(at >= started and line >= target for at, line in repaints[-4:]):
                await asyncio.sleep(0.0005)
                if time.perf_counter() - started > 10:
                    raise TimeoutError("the screen never showed the cursor move")
            shown = next(at for at, line in repaints if at >= started and line >= target)
            timings.append(shown - started)
        screen._compositor_refresh = repaint
        await _settle(pilot)
        line = tree.cursor_line
        highlighted = str(tree.cursor_node.label)
    timings.sort()
    median = statistics.median(timings)
    p95 = timings[int(len(timings) * 0.95)]
    print(
        f"\nscroll a collection of 10,000 spaces, 80x24: {keys} keys, keypress to repaint median "
        f"{median * 1000:.1f} ms, 95th percentile {p95 * 1000:.1f} ms, worst "
        f"{timings[-1] * 1000:.0f} ms (cursor on line {line}: {highlighted})"
    )
    assert line >= keys - 1
    assert "Space" in highlighted
