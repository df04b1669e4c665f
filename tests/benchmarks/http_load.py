"""Provides a small HTTP/1.1 load generator, used by the service benchmark when wrk is absent.

Run as ``python http_load.py URL CONNECTIONS SECONDS [HEADER...]``: it keeps CONNECTIONS
keep-alive connections busy with GET URL for SECONDS (loopback only) and prints one JSON line:
``{"requests": n, "seconds": s, "p50_ms": …, "p99_ms": …, "errors": n}``. It speaks raw
HTTP over asyncio streams, since an HTTP client library would cost more CPU than the server.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import sys
import time
from urllib.parse import urlsplit


async def _worker(
    host: str, port: int, request: bytes, deadline: float, latencies: list[float]
) -> int:
    errors = 0
    reader, writer = await asyncio.open_connection(host, port)
    try:
        while time.perf_counter() < deadline:
            started = time.perf_counter()
            writer.write(request)
            head = await reader.readuntil(b"\r\n\r\n")
            status = int(head.split(b" ", 2)[1])
            length = 0
            for line in head.split(b"\r\n"):
                name, _, value = line.partition(b":")
                if name.strip().lower() == b"content-length":
                    length = int(value)
            await reader.readexactly(length)
            latencies.append(time.perf_counter() - started)
            errors += status != 200
    finally:
        writer.close()
    return errors


async def run(url: str, connections: int, seconds: float, headers: list[str]) -> dict[str, float]:
    parts = urlsplit(url)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    if host not in ("127.0.0.1", "localhost", "::1"):
        raise SystemExit("http_load only loads loopback addresses")
    target = parts.path + (f"?{parts.query}" if parts.query else "")
    lines = [f"GET {target} HTTP/1.1", f"Host: {parts.netloc}", *headers, "", ""]
    request = "\r\n".join(lines).encode()
    latencies: list[float] = []
    started = time.perf_counter()
    deadline = started + seconds
    errors = await asyncio.gather(
        *(_worker(host, port, request, deadline, latencies) for _ in range(connections))
    )
    elapsed = time.perf_counter() - started
    cuts = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else latencies * 99
    return {
        "requests": len(latencies),
        "seconds": elapsed,
        "p50_ms": cuts[49] * 1000,
        "p99_ms": cuts[98] * 1000,
        "errors": sum(errors),
    }


if __name__ == "__main__":
    url, connections, seconds, *headers = sys.argv[1:]
    print(json.dumps(asyncio.run(run(url, int(connections), float(seconds), headers))))
