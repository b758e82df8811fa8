"""Load test for the Plant Store reference server (`sitegen api`).

Starts the server on a fresh SQLite file (unless --url is given), drives
POST /plants with N concurrent keep-alive connections for a fixed time, then
prints requests/s, latency percentiles and `lost: N`, the number of 200s whose
row is missing from the SQLite file (must be 0).

The client is raw asyncio streams with pre-built requests (uvloop when
installed) so that it costs far less CPU per request than the server; it still
shares the machine's cores with the server, which the CPU line makes visible.

    python bench/refserver.py [--duration 10] [--connections 32]
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import os
import resource
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
TOKEN = "bench-token"


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.statuses: dict[int, int] = {}
        self.errors = 0


async def worker(host: str, port: int, token: str, ids: itertools.count[int], deadline: float, stats: Stats) -> None:
    reader, writer = await asyncio.open_connection(host, port)
    head = (
        f"POST /plants HTTP/1.1\r\nHost: {host}:{port}\r\nAuthorization: Bearer {token}\r\n"
        "Content-Type: application/json\r\nContent-Length: "
    ).encode()
    try:
        while time.perf_counter() < deadline:
            plant_id = next(ids)
            body = b'{"id":%d,"name":"plant %d","tag":"bench"}' % (plant_id, plant_id)
            started = time.perf_counter()
            writer.write(head + b"%d\r\n\r\n" % len(body) + body)
            header = await reader.readuntil(b"\r\n\r\n")
            status = int(header[9:12])
            length = 0
            for line in header.split(b"\r\n"):
                if line[:15].lower() == b"content-length:":
                    length = int(line[15:])
            await reader.readexactly(length)
            stats.latencies.append(time.perf_counter() - started)
            stats.statuses[status] = stats.statuses.get(status, 0) + 1
    except (OSError, asyncio.IncompleteReadError):
        stats.errors += 1
    finally:
        writer.close()


async def drive(url: str, token: str, connections: int, duration: float, first_id: int) -> tuple[Stats, float]:
    parts = urlsplit(url)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    stats = Stats()
    ids = itertools.count(first_id)
    started = time.perf_counter()
    deadline = started + duration
    await asyncio.gather(*(worker(host, port, token, ids, deadline, stats) for _ in range(connections)))
    return stats, time.perf_counter() - started


def start_server(db: Path, token: str) -> tuple[subprocess.Popen[str], str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen(
        [sys.executable, "-m", "sitegen.refserver", "--port", "0", "--db", str(db), "--token", token],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert proc.stdout is not None
    first = proc.stdout.readline()  # "Plant Store API on http://127.0.0.1:PORT  (db: ...)"
    if " on http" not in first:
        proc.kill()
        raise SystemExit(f"server did not start: {first!r}")
    return proc, first.split(" on ", 1)[1].split()[0]


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(sorted_values: list[float], q: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def _client_loop() -> tuple[Callable[[], asyncio.AbstractEventLoop], str]:
    """uvloop when installed (the client must not be the bottleneck), else asyncio's loop."""
    try:
        import uvloop
    except ImportError:
        return asyncio.new_event_loop, "asyncio"
    return uvloop.new_event_loop, "uvloop"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--duration", type=float, default=10.0, help="seconds of load (default 10)")
    parser.add_argument("--connections", type=int, default=32, help="concurrent keep-alive clients (default 32)")
    parser.add_argument("--url", help="use a running server instead of starting one (needs --db to check losses)")
    parser.add_argument("--db", type=Path, help="SQLite file of the server under --url")
    parser.add_argument("--token", default=TOKEN)
    args = parser.parse_args()
    loop_factory, client_loop = _client_loop()
    tmp = tempfile.TemporaryDirectory(prefix="refserver-bench-")
    proc = None
    if args.url:
        url, db = args.url, args.db
    else:
        db = Path(tmp.name) / "plants.db"
        proc, url = start_server(db, args.token)
    first_id = time.time_ns() // 1000  # ids above any earlier run's, so a reused database still checks out
    server_cpu0 = cpu_seconds(proc.pid) if proc else 0.0
    client_cpu0 = resource.getrusage(resource.RUSAGE_SELF)
    try:
        with asyncio.Runner(loop_factory=loop_factory) as runner:
            stats, elapsed = runner.run(drive(url, args.token, args.connections, args.duration, first_id))
        client_cpu1 = resource.getrusage(resource.RUSAGE_SELF)
        server_cpu = (cpu_seconds(proc.pid) - server_cpu0) if proc else None
        client_cpu = (client_cpu1.ru_utime - client_cpu0.ru_utime) + (client_cpu1.ru_stime - client_cpu0.ru_stime)

        ok = stats.statuses.get(200, 0)
        stored = None
        if db is not None:
            with sqlite3.connect(db) as conn:  # read while the server runs: WAL shows committed rows
                stored = conn.execute("SELECT count(*) FROM plants WHERE id >= ?", (first_id,)).fetchone()[0]
    finally:
        if proc:
            proc.send_signal(signal.SIGTERM)
            proc.wait(timeout=30)

    lat = sorted(stats.latencies)
    total = len(lat)
    print(f"server: {url}  connections: {args.connections}  duration: {elapsed:.1f}s  client loop: {client_loop}")
    print(f"requests: {total}  statuses: {dict(sorted(stats.statuses.items()))}  connection errors: {stats.errors}")
    print(f"requests/s: {total / elapsed:,.0f}")
    if lat:
        print(
            f"latency ms: p50 {percentile(lat, 0.50) * 1e3:.2f}  p90 {percentile(lat, 0.90) * 1e3:.2f}  "
            f"p99 {percentile(lat, 0.99) * 1e3:.2f}  max {lat[-1] * 1e3:.2f}"
        )
    server_share = f"{server_cpu / elapsed:.0%} of a core" if server_cpu is not None else "n/a (not started here)"
    print(
        f"cpu: server {server_share}, client {client_cpu / elapsed:.0%} of a core "
        f"({os.cpu_count()} cores shared by both)"
    )
    if stored is None:
        print("lost: unknown (pass --db to check)")
        return 0
    lost = ok - stored
    print(f"stored rows: {stored}  200s: {ok}  lost: {lost}")
    return 0 if lost == 0 and stats.errors == 0 and ok == total else 1


if __name__ == "__main__":
    sys.exit(main())
