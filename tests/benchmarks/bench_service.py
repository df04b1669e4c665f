"""Benchmark of ``docdeck serve`` against a bare Starlette JSON endpoint (not part of the default run).

Run: ``python -m tests.benchmarks.bench_service`` (defaults: ``--rounds 5 --seconds 5
--connections 10 --load auto``), or ``python -m pytest tests/benchmarks/bench_service.py -s``.

Both servers are real processes served by uvicorn on loopback, as ``docdeck serve`` serves:
docdeck on the ``large`` dataset in SQLite, and the reference, a bare Starlette app whose
``JSONResponse`` answers the very documents docdeck answered (see ``bare_starlette.py``). The
load comes from a second process: wrk when it is installed (``apt-get install wrk``), as it is
written in C and leaves the servers most of the CPU; otherwise ``http_load.py``, a small
asyncio script that costs more CPU (``--load python`` forces it). Each round loads each endpoint of docdeck and of the
reference in turn, alternating which goes first; the table shows medians over the rounds and
the median of each round's ratio, which varies much less than the figures themselves on a
shared machine. The servers' CPU time per request (from /proc) is shown too: it does not depend
on how busy the other cores were.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
TOKEN = "demo-admin"
GLOBEX = "org-globex"
AUTH = f"Authorization: Bearer {TOKEN}"
AUTH_WRK = ("-H", AUTH)


@dataclass(frozen=True)
class Sample:
    """One load run: requests answered, throughput and latency percentiles."""

    requests: int
    rps: float
    p50_ms: float
    p99_ms: float


@dataclass(frozen=True)
class Endpoint:
    """One thing measured: docdeck's path, and the reference's name for the same document."""

    label: str
    path: str
    reference: str


Load = Callable[[str, int, float], Sample]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _get(url: str) -> bytes:
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {TOKEN}"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return bytes(response.read())


def _wait_until_serving(url: str, process: subprocess.Popen[bytes], limit: float = 120) -> None:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server stopped before serving {url}")
        try:
            _get(url)
            return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"nothing served {url} within {limit} s")


_WRK_LATENCY = re.compile(r"^\s*(50|99)%\s+([\d.]+)(us|ms|s)\s*$", re.MULTILINE)
_UNITS = {"us": 0.001, "ms": 1.0, "s": 1000.0}


def _load_with_wrk(url: str, connections: int, seconds: float) -> Sample:
    output = subprocess.run(
        ["wrk", "-t1", f"-c{connections}", f"-d{seconds:g}s", "--latency", *AUTH_WRK, url],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    if "Non-2xx" in output or "Socket errors" in output:
        raise RuntimeError(f"wrk saw errors loading {url}:\n{output}")
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))  # type: ignore[union-attr]
    cuts = {m[0]: float(m[1]) * _UNITS[m[2]] for m in _WRK_LATENCY.findall(output)}
    requests = int(re.search(r"(\d+) requests in", output).group(1))  # type: ignore[union-attr]
    return Sample(requests, rps, cuts["50"], cuts["99"])


def _load_with_python(url: str, connections: int, seconds: float) -> Sample:
    output = subprocess.run(
        [sys.executable, str(HERE / "http_load.py"), url, str(connections), str(seconds), AUTH],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    figures = json.loads(output)
    if figures["errors"]:
        raise RuntimeError(f"{figures['errors']} requests to {url} failed")
    rps = figures["requests"] / figures["seconds"]
    return Sample(figures["requests"], rps, figures["p50_ms"], figures["p99_ms"])


def _prepare_database(database: Path) -> str:
    """Build the large dataset into ``database``; the id of its 2,000-page space."""
    from tui.service import create_app

    store = create_app("large", database).state.emulator.store
    try:
        spaces = store.list("space", scope=GLOBEX)
        return next(s["id"] for s in spaces if s["title"] == "Platform encyclopedia")
    finally:
        store.close()


def _cpu_seconds(pid: int) -> float:
    """The CPU time a process has used (user and system), from /proc; 0 where there is none."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True)
class Server:
    """One server under load: its name in the table, where it listens, and its process."""

    side: str
    base: str
    pid: int


def run(
    rounds: int = 5, seconds: float = 5, connections: int = 10, generator: str = "auto"
) -> dict[str, dict[str, float]]:
    """Measure, print the table, and return the medians by endpoint."""
    use_wrk = generator == "wrk" or (generator == "auto" and shutil.which("wrk") is not None)
    load = _load_with_wrk if use_wrk else _load_with_python
    print(f"\nload generator: {'wrk' if load is _load_with_wrk else 'http_load.py'}")
    with tempfile.TemporaryDirectory(prefix="docdeck-bench-") as folder:
        work = Path(folder)
        space_id = _prepare_database(work / "large.db")
        endpoints = [
            Endpoint("spaces list, limit 100", f"/v1/orgs/{GLOBEX}/spaces?limit=100", "spaces"),
            Endpoint("content, 2,000 pages", f"/v1/spaces/{space_id}/content", "content"),
        ]
        ours_port, reference_port = _free_port(), _free_port()
        serve = [sys.executable, "-m", "tui", "serve", "--dataset", "large"]
        serve += ["--database", str(work / "large.db"), "--port", str(ours_port)]
        processes = [subprocess.Popen(serve, cwd=ROOT, stdout=subprocess.DEVNULL)]
        try:
            ours = Server("docdeck", f"http://127.0.0.1:{ours_port}", processes[0].pid)
            _wait_until_serving(ours.base + endpoints[0].path, processes[0])
            documents = []
            for endpoint in endpoints:
                file = work / f"{endpoint.reference}.json"
                file.write_bytes(_get(ours.base + endpoint.path))
                documents.append(f"{endpoint.reference}={file}")
                print(f"{endpoint.label}: {file.stat().st_size / 1024:,.0f} KiB")
            reference = [sys.executable, str(HERE / "bare_starlette.py"), str(reference_port)]
            processes.append(subprocess.Popen(reference + documents, cwd=ROOT))
            bare = Server("bare", f"http://127.0.0.1:{reference_port}", processes[1].pid)
            _wait_until_serving(f"{bare.base}/{endpoints[0].reference}", processes[1])
            samples = _measure(load, endpoints, ours, bare, rounds, seconds, connections)
        finally:
            for process in processes:
                process.terminate()
                process.wait(timeout=30)
    return _report(endpoints, samples, rounds, seconds, connections)


def _url(server: Server, endpoint: Endpoint) -> str:
    if server.side == "docdeck":
        return server.base + endpoint.path
    return f"{server.base}/{endpoint.reference}"


def _measure(
    load: Load,
    endpoints: list[Endpoint],
    ours: Server,
    bare: Server,
    rounds: int,
    seconds: float,
    connections: int,
) -> dict[tuple[str, str], list[tuple[Sample, float]]]:
    """Each endpoint of each server loaded once a round; each sample with its CPU ms/request."""
    samples: dict[tuple[str, str], list[tuple[Sample, float]]] = {}
    for endpoint in endpoints:  # warm both servers (caches, imports, allocator)
        for server in (ours, bare):
            load(_url(server, endpoint), connections, 1)
    for round_index in range(rounds):
        for endpoint in endpoints:
            for server in (ours, bare) if round_index % 2 == 0 else (bare, ours):
                used = _cpu_seconds(server.pid)
                sample = load(_url(server, endpoint), connections, seconds)
                used = _cpu_seconds(server.pid) - used
                cpu_ms = used * 1000 / max(1, sample.requests)
                samples.setdefault((endpoint.label, server.side), []).append((sample, cpu_ms))
    return samples


def _report(
    endpoints: list[Endpoint],
    samples: dict[tuple[str, str], list[tuple[Sample, float]]],
    rounds: int,
    seconds: float,
    connections: int,
) -> dict[str, dict[str, float]]:
    results: dict[str, dict[str, float]] = {}
    print(f"\nmedians of {rounds} rounds of {seconds:g} s, {connections} connections")
    print(
        f"{'endpoint':<24}{'docdeck req/s':>14}{'bare req/s':>11}{'ratio':>7}"
        f"{'p50 ms':>8}{'p99 ms':>8}{'bare p50':>9}{'CPU ms/req':>11}{'bare':>6}{'ratio':>7}"
    )
    for endpoint in endpoints:
        ours, bare = samples[(endpoint.label, "docdeck")], samples[(endpoint.label, "bare")]
        pairs = list(zip(ours, bare, strict=True))
        row = {
            "rps": statistics.median(s.rps for s, _ in ours),
            "bare_rps": statistics.median(s.rps for s, _ in bare),
            "ratio": statistics.median(o.rps / b.rps for (o, _), (b, _) in pairs),
            "p50_ms": statistics.median(s.p50_ms for s, _ in ours),
            "p99_ms": statistics.median(s.p99_ms for s, _ in ours),
            "bare_p50_ms": statistics.median(s.p50_ms for s, _ in bare),
            "cpu_ms": statistics.median(cpu for _, cpu in ours),
            "bare_cpu_ms": statistics.median(cpu for _, cpu in bare),
            # CPU per request, the reference's over docdeck's: above 1 when docdeck costs less.
            "cpu_ratio": statistics.median(b / o if o else 0 for (_, o), (_, b) in pairs),
        }
        results[endpoint.label] = row
        print(
            f"{endpoint.label:<24}{row['rps']:>14.0f}{row['bare_rps']:>11.0f}"
            f"{row['ratio']:>6.2f}×{row['p50_ms']:>8.1f}{row['p99_ms']:>8.1f}"
            f"{row['bare_p50_ms']:>9.1f}{row['cpu_ms']:>11.2f}{row['bare_cpu_ms']:>6.2f}"
            f"{row['cpu_ratio']:>6.2f}×"
        )
    return results


def test_service_against_a_bare_starlette_endpoint() -> None:
    rounds = int(os.environ.get("BENCH_ROUNDS", "5"))
    results = run(rounds=rounds)
    assert all(row["rps"] > 0 for row in results.values())


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=5)
    parser.add_argument("--connections", type=int, default=10)
    parser.add_argument("--load", choices=["auto", "wrk", "python"], default="auto")
    options = parser.parse_args()
    run(options.rounds, options.seconds, options.connections, options.load)
