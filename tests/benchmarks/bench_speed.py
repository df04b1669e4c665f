"""The speed a user feels, each figure beside its reference measured in the same run.

Run: ``python -m tests.benchmarks.bench_speed`` (``--rounds 9``; ``--only paint`` or
``--only lists,memory,keys`` for a part). Not part of the test suite: it takes a few minutes
and reports figures; on a shared machine quote the medians and, above all, the ratios.

paint   First paint in an 80×24 pseudo-terminal, from launch to the first frame showing the
        organisations: ``docdeck --demo`` and ``docdeck`` on a saved profile (a config file, a
        token in the owner-only store, ``docdeck serve`` on loopback), both painting from the
        first-screen cache, and the first start ever (no cache: the first frame, then the
        organisations); each against a minimal Textual app (a Static and a Footer), the
        commands taking turns, round after round.
lists   Appending a page of 50 rows to a tree of 10,000 rows against one of 100 (the call and
        the lines it leaves for the next frame), alternating.
browse  A process browsing ``docdeck serve --dataset large`` (``browse_large.py``): its 5,003
        rows loaded page by page with End, a revisit of the 2,000-page space against pushing
        a plain screen, and the resident memory against a minimal Textual app's.
keys    Keys in-process at 80×24 down a collection of 10,000 spaces: j, then PageDown, each
        timed to the repaint showing the cursor moved (pages load on the way), and the full
        collections of the garbage collector that happened meanwhile.
typeahead, typing, end
        Keys while the app is busy (``bench_keys.py``): typed as a screen loads, typed into
        a comment box of 100 KB, and answering while End loads 2,000 members.
instructions
        The first paint counted in instructions under valgrind (``bench_instructions.py``):
        the same figure every run, to compare two versions where the wall clock is too noisy.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from .bench_app import (
    ROOT,
    _times_to_markers,
    a_new_user_beside_a_minimal_app,
    key_to_repaint,
    recorded_repaints,
)
from .bench_instructions import PARTS as INSTRUCTIONS
from .bench_keys import PARTS as KEYS_WHILE_BUSY
from .bench_service import _free_port, _wait_until_serving

Row = tuple[str, str, str, str, str]
"""A line of the table: what, docdeck, reference, ratio, target."""

DEMO_ORGANISATION = b"Northwind Labs"


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:,.0f} ms" if seconds >= 0.0995 else f"{seconds * 1000:.1f} ms"


def _ratios(ours: list[float], reference: list[float]) -> float:
    """The median of the round-by-round ratios (steadier than a ratio of medians)."""
    return statistics.median(a / b for a, b in zip(ours, reference, strict=True))


@contextlib.contextmanager
def _served(dataset: str, folder: Path) -> Iterator[str]:
    """``docdeck serve`` on loopback for the duration; its base URL."""
    port = _free_port()
    command = [sys.executable, "-m", "tui", "serve", "--dataset", dataset, "--port", str(port)]
    command += ["--database", str(folder / f"{dataset}.db")]
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}/v1"
    try:
        _wait_until_serving(f"{base}/orgs", process)
        yield base
    finally:
        process.terminate()
        process.wait(timeout=30)


# -- paint -------------------------------------------------------------------------------------


def first_paint(rounds: int) -> list[Row]:
    with a_new_user_beside_a_minimal_app("docdeck-paint-") as (home, env, minimal):
        with _served("demo", home) as base_url:
            config = home / "config" / "docdeck"
            config.mkdir(parents=True)
            (config / "config.toml").write_text(
                f'default_profile = "bench"\n\n[profiles.bench]\nbase_url = "{base_url}"\n'
            )
            descriptor = os.open(config / "credentials.json", os.O_WRONLY | os.O_CREAT, 0o600)
            with os.fdopen(descriptor, "w") as handle:
                json.dump({"bench": "demo-admin"}, handle)
            reference = [sys.executable, str(minimal)]
            demo = [sys.executable, "-m", "tui", "--demo"]
            profile = [sys.executable, "-m", "tui"]
            # The first runs build the demo's database and fill the first-screen cache.
            for command in (demo, profile):
                _times_to_markers(command, [DEMO_ORGANISATION], env)
            times: dict[str, list[float]] = {k: [] for k in ("min", "demo", "prof", "new", "org")}
            for round_ in range(rounds):
                times["min"] += _times_to_markers(reference, [b"minimal app ready"], env)
                times["demo"] += _times_to_markers(demo, [DEMO_ORGANISATION], env)
                times["prof"] += _times_to_markers(profile, [DEMO_ORGANISATION], env)
                # The first start ever: a cache directory of its own, empty.
                fresh = {**env, "XDG_CACHE_HOME": str(home / f"fresh-{round_}")}
                frame, organisations = _times_to_markers(
                    demo, [b"Organisations", DEMO_ORGANISATION], fresh
                )
                times["new"].append(frame)
                times["org"].append(organisations)
    floor = statistics.median(times["min"])
    rows: list[Row] = []
    for key, label in (
        ("demo", "first paint, docdeck --demo (from the cache)"),
        ("prof", "first paint, docdeck on a saved profile (cache)"),
        ("new", "first paint of a first start ever (no cache)"),
        ("org", "  its organisations shown"),
    ):
        rows.append(
            (
                label,
                _ms(statistics.median(times[key])),
                f"{_ms(floor)} minimal app",
                f"{_ratios(times[key], times['min']):.2f}×",
                {"demo": "≤ 1.1×", "prof": "≤ 1.1×", "new": "≤ 1.15×"}.get(key, ""),
            )
        )
    return rows


# -- lists ------------------------------------------------------------------------------------


async def _append_timings(sizes: tuple[int, ...], rounds: int) -> dict[int, list[float]]:
    from textual.app import App, ComposeResult

    from tui.widgets import ItemTree, TreeItem

    def item(index: int) -> TreeItem[int]:
        return TreeItem(f"space:{index}", f"Space {index:05d}", "space", icon="📄", value=index)

    class Trees(App[None]):
        def compose(self) -> ComposeResult:
            for size in sizes:
                yield ItemTree[int](id=f"tree-{size}")

    timings: dict[int, list[float]] = {size: [] for size in sizes}
    async with Trees().run_test(size=(80, 24)) as pilot:
        trees = {size: pilot.app.query_one(f"#tree-{size}", ItemTree) for size in sizes}
        for size, tree in trees.items():
            tree.set_children(None, [item(i) for i in range(size)], more=True)
        await pilot.pause()
        loaded = dict.fromkeys(sizes, 0)
        for _ in range(rounds):
            for size, tree in trees.items():
                start = size + loaded[size]
                page = [item(i) for i in range(start, start + 50)]
                started = time.perf_counter()
                tree.append_children(None, page, more=True)
                tree._tree_lines  # noqa: B018 - what the next frame needs
                timings[size].append(time.perf_counter() - started)
                loaded[size] += 50
            await pilot.pause()
    return timings


def lists(rounds: int) -> list[Row]:
    timings = asyncio.run(_append_timings((100, 10_000), max(rounds, 20)))
    big, small = timings[10_000], timings[100]
    return [
        (
            "append 50 rows to a tree of 10,000",
            _ms(statistics.median(big)),
            f"{_ms(statistics.median(small))} tree of 100",
            f"{_ratios(big, small):.2f}×",
            "< 20 ms, ≈ 1×",
        )
    ]


# -- browse ------------------------------------------------------------------------------------


def _run_browser(base_url: str, space: str, *flags: str) -> dict[str, Any]:
    with tempfile.NamedTemporaryFile(suffix=".json") as result:
        command = [sys.executable, "-m", "tests.benchmarks.browse_large", base_url, space]
        subprocess.run([*command, result.name, *flags], cwd=ROOT, check=True, timeout=900)
        return dict(json.loads(Path(result.name).read_text()))


def browse(rounds: int) -> list[Row]:
    from tui.service import create_app

    runs: list[dict[str, Any]] = []
    minimal: list[float] = []
    with tempfile.TemporaryDirectory(prefix="docdeck-browse-") as folder:
        store = create_app("large", Path(folder) / "large.db").state.emulator.store
        space = next(
            s["id"]
            for s in store.list("space", scope="org-globex")
            if s["title"] == "Platform encyclopedia"
        )
        store.close()
        with _served("large", Path(folder)) as base_url:
            for _ in range(max(1, rounds // 3)):
                runs.append(_run_browser(base_url, space))
                minimal.append(_run_browser(base_url, space, "--minimal")["rss_start"])

    def median(key: str) -> float:
        return statistics.median(float(run[key]) for run in runs)

    floor = statistics.median(minimal)
    revisit = [run["revisit_seconds"] for run in runs]
    plain = [run["plain_push_seconds"] for run in runs]
    return [
        (
            "load the 5,003 rows of a collection (End)",
            f"{median('all_5003_seconds'):.2f} s",
            "",
            "",
            "< 3 s",
        ),
        (
            "revisit the 2,000-page space",
            _ms(median("revisit_seconds")),
            f"{_ms(statistics.median(plain))} plain screen",
            f"{_ratios(revisit, plain):.1f}×",
            "< 100 ms",
        ),
        ("  requests of that revisit", f"{median('revisit_requests'):.0f}", "", "", "0"),
        ("opening Globex: requests", f"{median('globex_requests'):.0f}", "", "", ""),
        (
            "RSS, organisations shown",
            f"{median('rss_start'):.0f} MiB",
            f"{floor:.0f} MiB minimal app",
            f"{median('rss_start') / floor:.2f}×",
            "",
        ),
        (
            "RSS, Globex open",
            f"{median('rss_globex'):.0f} MiB",
            "",
            f"+{median('rss_globex') - median('rss_start'):.0f} MiB",
            "",
        ),
        ("RSS, 5,003 rows loaded", f"{median('rss_5000'):.0f} MiB", "", "", ""),
        (
            "RSS, and the 2,000-page space open",
            f"{median('rss_2000'):.0f} MiB",
            "",
            "",
            "< 150 MiB",
        ),
    ]


# -- keys --------------------------------------------------------------------------------------


class _Collections:
    """The full collections (generation 2) of the garbage collector, and how long each took."""

    def __init__(self) -> None:
        self.pauses: list[float] = []
        self._started = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if info["generation"] != 2:
            return
        if phase == "start":
            self._started = time.perf_counter()
        else:
            self.pauses.append(time.perf_counter() - self._started)


async def _keys(presses: list[str]) -> tuple[list[float], list[float], list[float]]:
    """Each key's time to the repaint that shows the cursor moved; those that loaded a page."""
    import httpx

    from tui.api import Client, RetryPolicy
    from tui.app import ConnectionLabel, DocdeckApp

    from .bench_app import _service_with_a_crowded_collection, _settle

    service = _service_with_a_crowded_collection(10_000)
    client = Client(
        "demo-admin",
        base_url="http://bench.test/v1",
        transport=httpx.ASGITransport(app=service),
        retry=RetryPolicy(attempts=1),
    )
    app = DocdeckApp(client, ConnectionLabel("bench", "in-process"), clock=lambda: 0.0)
    timings: list[float] = []
    loading: list[float] = []
    collections = _Collections()
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        await pilot.press("down", "down", "enter")  # the third organisation: Bench
        await _settle(pilot)
        await pilot.press("enter")  # expand the collection
        await _settle(pilot)
        app.started()  # as the app does once connected
        tree: Any = app.screen.focused
        screen: Any = app.screen
        gc.callbacks.append(collections)
        try:
            with recorded_repaints(screen, lambda: tree.cursor_line) as repaints:
                for name in presses:
                    rows, line = tree.last_line, tree.cursor_line
                    took = await key_to_repaint(app, name, repaints, past=line)
                    timings.append(took)
                    await asyncio.sleep(0.002)  # a key repeat's pace, about
                    if tree.last_line != rows:
                        loading.append(took)
        finally:
            gc.callbacks.remove(collections)
    return timings, loading, collections.pauses


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]


def keys(rounds: int) -> list[Row]:
    rows: list[Row] = []
    for label, presses in (("j", ["j"] * 400), ("PageDown", ["pagedown"] * 60)):
        timings, loading, pauses = asyncio.run(_keys(presses))
        worst_gc = f", worst {_ms(max(pauses))}" if pauses else ""
        rows.append(
            (
                f"key {label} × {len(presses)}, p95 (median)",
                f"{_ms(_p95(timings))} ({_ms(statistics.median(timings))})",
                "",
                "",
                "< 50 ms",
            )
        )
        rows.append(
            (
                f"  {len(loading)} keys that loaded a page, p95",
                _ms(_p95(loading)) if loading else "none",
                "",
                "",
                "< 50 ms",
            )
        )
        rows.append(("  full collections meanwhile", f"{len(pauses)}{worst_gc}", "", "", ""))
    return rows


# -- the table ---------------------------------------------------------------------------------

PARTS: dict[str, Callable[[int], list[Row]]] = {
    "paint": first_paint,
    "lists": lists,
    "browse": browse,
    "keys": keys,
    **KEYS_WHILE_BUSY,  # typeahead, typing, end (bench_keys.py)
    **INSTRUCTIONS,  # instructions (bench_instructions.py): first paint, counted
}


def print_table(rows: list[Row]) -> None:
    header: Row = ("what", "docdeck", "reference (same run)", "ratio", "target")
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(5)]
    for index, row in enumerate([header, *rows]):
        print("| " + " | ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)) + " |")
        if index == 0:
            print("|" + "|".join("-" * (w + 2) for w in widths) + "|")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=9, help="alternating runs of each figure")
    parser.add_argument("--only", default=",".join(PARTS), help="parts: " + ", ".join(PARTS))
    args = parser.parse_args(argv)
    rows: list[Row] = []
    for part in args.only.split(","):
        started = time.perf_counter()
        rows += PARTS[part.strip()](args.rounds)
        print(f"{part}: measured in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    print()
    print_table(rows)


if __name__ == "__main__":
    main()
