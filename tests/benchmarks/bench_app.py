"""Benchmarks of the app (not part of the default run).

Run: ``python -m pytest tests/benchmarks/bench_app.py -s -n 0``. The figures of the app's table
in tests/benchmarks/README.md, each beside its reference, come from
``python -m tests.benchmarks.bench_speed``. Figures are printed; the assertions only check that
each run did what it measures (the marker showed, the cursor moved).

- First paint: ``docdeck --demo`` and a minimal Textual app (a Static and a Footer) run as real
  processes in a pseudo-terminal of 80×24, alternately; each is timed from launch until its
  first screen's text arrives. The ratio compares docdeck to Textual's own floor. The demo
  database is built by a first, cold run (reported apart), then reused as users see it.
- Scrolling: the app, in-process at 80×24, scrolls down a collection of 10,000 spaces one key
  at a time (loading more as it goes); each key is timed until the screen has been refreshed.
  The key goes to the driver and the screen's refresh is hooked: ``pilot.press`` followed by
  ``pilot.pause`` would time Pilot's own waits (about 105 ms a key, however fast the app).
- The same scroll in a pseudo-terminal, the app in a process of its own: each ``j`` is timed
  to the first and the last byte of the repaint it causes.
- Appending a page of spaces to the tree, as the loaded list grows.
"""

from __future__ import annotations

import asyncio
import compileall
import contextlib
import fcntl
import json
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
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
from textual import events

from tests.pilot.fixtures import env_of_a_new_user
from tui.api import Client, RetryPolicy
from tui.app import ConnectionLabel, DocdeckApp
from tui.browse.organization import space_item
from tui.service import create_app
from tui.service.datasets.builder import Builder

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


def fresh_bytecode() -> None:
    """Bytecode as an installed docdeck has it after its first run. With PYTHONDONTWRITEBYTECODE
    set (some shells set it), each module edited since its last .pyc is compiled from source at
    every start: 5 to 10 ms that no user pays, and a first paint measured 0.05x too slow."""
    compileall.compile_dir(ROOT / "tui", quiet=1)


@contextlib.contextmanager
def a_new_user_beside_a_minimal_app(prefix: str) -> Iterator[tuple[Path, dict[str, str], Path]]:
    """The home of a new user, the environment of a docdeck started there in an xterm, and the
    minimal Textual app written in it; docdeck's bytecode as an installed one has it."""
    fresh_bytecode()
    with tempfile.TemporaryDirectory(prefix=prefix) as folder:
        home = Path(folder)
        minimal = home / "minimal.py"
        minimal.write_text(MINIMAL_APP)
        yield home, env_of_a_new_user(home, TERM="xterm-256color"), minimal


def test_first_paint_of_the_demo_beside_a_minimal_textual_app() -> None:
    with a_new_user_beside_a_minimal_app("docdeck-paint-") as (home, env, minimal):
        docdeck = [sys.executable, "-m", "tui", "--demo"]
        # The first screen paints with the status line; the organisations arrive after.
        markers = [b"local demo", b"Northwind Labs"]
        database = home / "data" / "docdeck" / "demo.sqlite3"
        existed = database.exists()
        _, cold = _times_to_markers(docdeck, markers, env)  # builds the demo database
        assert database.exists(), "docdeck --demo did not keep its database where expected"
        paint, data, floor = [], [], []
        for _ in range(7):
            first, ready = _times_to_markers(docdeck, markers, env)
            paint.append(first)
            data.append(ready)
            floor.extend(
                _times_to_markers([sys.executable, str(minimal)], [b"minimal app ready"], env)
            )
    median_paint, median_data, median_floor = map(statistics.median, (paint, data, floor))
    built = "it already existed!" if existed else "built by that run"
    print(
        "\nFirst paint in an 80x24 pseudo-terminal, medians of 7 runs each, alternating:\n"
        f"  docdeck --demo        {median_paint * 1000:5.0f} ms to the first screen, "
        f"{median_data * 1000:.0f} ms to the organisations\n"
        f"  minimal Textual app   {median_floor * 1000:5.0f} ms\n"
        f"  ratio                 {median_paint / median_floor:5.2f} "
        f"(organisations: {median_data / median_floor:.2f})\n"
        f"  first run of docdeck --demo, with no demo database yet: {cold * 1000:.0f} ms "
        f"({built})"
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


@contextlib.contextmanager
def recorded_repaints(
    screen: Any, position: Callable[[], int]
) -> Iterator[list[tuple[float, int]]]:
    """Each repaint of ``screen`` while inside: when it happened, and the cursor ``position``
    it showed."""
    repaints: list[tuple[float, int]] = []
    repaint = screen._compositor_refresh

    def recorded() -> None:
        repaint()
        repaints.append((time.perf_counter(), position()))

    screen._compositor_refresh = recorded
    try:
        yield repaints
    finally:
        screen._compositor_refresh = repaint


async def key_to_repaint(
    app: Any, name: str, repaints: list[tuple[float, int]], *, past: int
) -> float:
    """Send key ``name`` as the terminal would; seconds until the first repaint that shows the
    cursor beyond position ``past`` (the key counts as served when the screen shows it)."""
    started = time.perf_counter()
    key = events.Key(name, None)
    key.set_sender(app)
    assert app._driver is not None
    app._driver.send_message(key)
    while not any(at >= started and seen > past for at, seen in repaints[-4:]):
        await asyncio.sleep(0.0005)
        if time.perf_counter() - started > 10:
            raise TimeoutError("the screen never showed the cursor move")
    return next(at for at, seen in repaints if at >= started and seen > past) - started


async def _settle(pilot: Any) -> None:
    for _ in range(3):
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()


def _figures(seconds: list[float]) -> str:
    if not seconds:
        return "none"
    ordered = sorted(seconds)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return (
        f"median {statistics.median(ordered) * 1000:.1f} ms, 95th percentile "
        f"{p95 * 1000:.1f} ms, worst {ordered[-1] * 1000:.1f} ms"
    )


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
        loading_keys: list[float] = []  # keys during which a page of spaces was appended
        with recorded_repaints(screen, lambda: tree.cursor_line) as repaints:
            for _ in range(keys):
                rows = tree.last_line
                took = await key_to_repaint(app, "down", repaints, past=tree.cursor_line)
                timings.append(took)
                if tree.last_line != rows:
                    loading_keys.append(took)
        await _settle(pilot)
        line = tree.cursor_line
        highlighted = str(tree.cursor_node.label)
    print(
        f"\nKeypress to repaint, in-process at 80x24, scrolling a collection of 10,000 spaces "
        f"({keys} keys, {len(loading_keys)} of them while a page of spaces was appended):\n"
        f"  {_figures(timings)}\n"
        f"  keys that appended a page: {_figures(loading_keys)}\n"
        f"  cursor on line {line}: {highlighted}"
    )
    assert line >= keys - 1
    assert "Space" in highlighted


SCROLL_RUNNER = """
import json, sys

import httpx

from tests.benchmarks.bench_app import _service_with_a_crowded_collection
from tui.api import Client, RetryPolicy
from tui.app import ConnectionLabel, DocdeckApp

service = _service_with_a_crowded_collection(10_000)
client = Client(
    "demo-admin",
    base_url="http://bench.test/v1",
    transport=httpx.ASGITransport(app=service),
    retry=RetryPolicy(attempts=1),
)
app = DocdeckApp(client, ConnectionLabel("bench", "in-process"), clock=lambda: 0.0)
quit_app = app.action_quit


async def action_quit():
    # Where the cursor ended, for the benchmark to check: written as q quits.
    tree = app.screen.focused
    node = getattr(tree, "cursor_node", None)
    with open(sys.argv[1], "w") as out:
        json.dump({"line": getattr(tree, "cursor_line", -1), "label": str(node.label)}, out)
    await quit_app()


app.action_quit = action_quit
app.run()
"""

DOWN, ENTER = b"\x1b[B", b"\r"


class Terminal:
    """A program in an 80×24 pseudo-terminal, read as bursts of output."""

    def __init__(self, argv: list[str], env: dict[str, str]) -> None:
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.process = subprocess.Popen(
            argv, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=ROOT, start_new_session=True
        )
        os.close(slave)
        self.seen = bytearray()

    def _read(self, wait: float) -> float | None:
        """Read what is there within ``wait`` seconds; when it arrived, or None."""
        ready, _, _ = select.select([self.master], [], [], wait)
        if not ready:
            return None
        try:
            self.seen += os.read(self.master, 1 << 16)
        except OSError:
            raise RuntimeError(f"the program ended: {bytes(self.seen[-2000:])!r}") from None
        return time.perf_counter()

    def wait_for(self, marker: bytes, timeout: float = 60) -> None:
        deadline = time.perf_counter() + timeout
        while marker not in self.seen:
            if time.perf_counter() > deadline:
                raise TimeoutError(f"never showed {marker!r}")
            self._read(0.1)

    def burst(self, quiet: float, first_wait: float = 5.0) -> tuple[float, float]:
        """The first and last arrival of the output that ends with ``quiet`` seconds of silence."""
        first = self._read(first_wait)
        if first is None:
            raise TimeoutError("nothing was painted")
        last = first
        while (at := self._read(quiet)) is not None:
            last = at
        return first, last

    def send(self, keys: bytes) -> float:
        started = time.perf_counter()
        os.write(self.master, keys)
        return started

    def close(self) -> None:
        try:
            self.process.wait(10)
        finally:
            if self.process.poll() is None:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
            os.close(self.master)


def test_keypress_to_repaint_in_a_pseudo_terminal() -> None:
    """The same scroll as docdeck runs for a person: j typed into its terminal, output timed.

    A repaint is the output that follows a key until 10 ms pass with nothing more; the
    details pane follows once the cursor has rested (30 ms), so it is timed apart, on keys
    each followed by a pause.
    """
    keys, rested = 300, 20
    with tempfile.TemporaryDirectory() as folder:
        runner, result = Path(folder) / "runner.py", Path(folder) / "result.json"
        runner.write_text(SCROLL_RUNNER)
        env = {**os.environ, "TERM": "xterm-256color", "PYTHONPATH": str(ROOT)}
        terminal = Terminal([sys.executable, str(runner), str(result)], env)
        try:
            terminal.wait_for(b"Northwind Labs")
            terminal.burst(0.2)
            terminal.send(DOWN + DOWN + ENTER)  # the third organisation: Bench
            terminal.wait_for(b"Ten thousand spaces")
            terminal.burst(0.2)
            terminal.send(ENTER)  # expand the collection
            terminal.wait_for(b"Space 00001")
            terminal.burst(0.2)
            first_bytes, repainted, settled = [], [], []
            for _ in range(keys):
                started = terminal.send(b"j")
                first, last = terminal.burst(0.01)
                first_bytes.append(first - started)
                repainted.append(last - started)
            terminal.burst(0.2, first_wait=0.2)
            for _ in range(rested):
                started = terminal.send(b"j")
                _, last = terminal.burst(0.1)
                settled.append(last - started)
            terminal.send(b"q")
        finally:
            terminal.close()
        ended = json.loads(result.read_text())
    print(
        f"\nKeypress to repaint in an 80x24 pseudo-terminal, j typed {keys} times down a "
        f"collection of 10,000 spaces (a process of its own, as a person runs it):\n"
        f"  first byte: {_figures(first_bytes)}\n"
        f"  last byte:  {_figures(repainted)}\n"
        f"  with the details of the row ({rested} keys, each after a pause): {_figures(settled)}\n"
        f"  cursor on line {ended['line']}: {ended['label']}"
    )
    assert ended["line"] == keys + rested, ended
    assert f"Space {keys + rested - 1:05d}" in ended["label"]


async def test_appending_a_page_of_spaces_to_a_long_list() -> None:
    """What one more page of 50 spaces costs as the loaded list grows (no key is waiting)."""
    service = _service_with_a_crowded_collection(10_000)
    client = Client(
        "demo-admin", base_url="http://bench.test/v1", transport=httpx.ASGITransport(app=service)
    )
    app = DocdeckApp(client, ConnectionLabel("bench", "in-process"), clock=lambda: 0.0)
    lines = []
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        await pilot.press("down", "down", "enter")
        await _settle(pilot)
        await pilot.press("enter")
        await _settle(pilot)
        tree: Any = app.screen.focused
        collection = tree.highlighted
        assert collection is not None and collection.kind == "collection"
        listing = client.collections.list_spaces_in_collection_by_id
        spaces = [s async for s in client.paginate(listing, collection.value.id, limit=1000)]
        for loaded in (50, 1_000, 3_000, 6_000, 9_950):
            # Without a "load more" row (more=False), the tree asks for nothing by itself.
            tree.set_children(collection.key, [space_item(s) for s in spaces[:loaded]])
            await _settle(pilot)
            page = [space_item(s) for s in spaces[loaded : loaded + 50]]
            started = time.perf_counter()
            tree.append_children(collection.key, page)
            called = time.perf_counter()
            await pilot.pause()
            painted = time.perf_counter()
            lines.append(
                f"  {loaded:5d} loaded: the event loop blocked {(called - started) * 1000:4.0f} ms,"
                f" painted after {(painted - started) * 1000:4.0f} ms"
            )
        assert tree.last_line >= 10_000
    print("\nAppending a page of 50 spaces to the tree:\n" + "\n".join(lines))
