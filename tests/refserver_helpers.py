"""Run the Plant Store server (`python -m sitegen.refserver`) as a real process for tests."""

from __future__ import annotations

import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOKEN = "test-token-0123456789"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def server_env(extra: dict[str, str] | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "SITEGEN_API_TOKENS"}
    # The package may not be installed; the checkout is what is under test.
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    env.update(extra or {})
    return env


@dataclass
class Server:
    proc: subprocess.Popen[bytes]
    port: int
    db: Path
    stdout_path: Path
    stderr_path: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def stdout(self) -> str:
        return self.stdout_path.read_text()

    @property
    def stderr(self) -> str:
        return self.stderr_path.read_text()

    def stop(self, sig: int = signal.SIGTERM, timeout: float = 30) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        return self.proc.wait(timeout=timeout)


def launch(
    db: Path,
    *args: str,
    tokens: tuple[str, ...] = (TOKEN,),
    port: int | None = None,
    env: dict[str, str] | None = None,
) -> Server:
    """Start the server process without waiting for it (it may be meant to fail)."""
    port = free_port() if port is None else port
    cmd = [sys.executable, "-m", "sitegen.refserver", "--host", "127.0.0.1", "--port", str(port), "--db", str(db)]
    for token in tokens:
        cmd += ["--token", token]
    cmd += list(args)
    out, err = db.parent / f"server-{port}.out", db.parent / f"server-{port}.err"
    with out.open("wb") as stdout, err.open("wb") as stderr:
        proc = subprocess.Popen(cmd, stdout=stdout, stderr=stderr, env=server_env(env), cwd=db.parent)
    return Server(proc, port, db, out, err)


def start_server(db: Path, *args: str, timeout: float = 20, **kwargs: object) -> Server:
    """Start the server and return once it has announced itself and accepts connections.

    The banner is printed when the app is ready and uvicorn handles signals, so
    a test may SIGTERM the server right after this returns.
    """
    server = launch(db, *args, **kwargs)  # type: ignore[arg-type]
    deadline = time.monotonic() + timeout
    while True:
        if server.proc.poll() is not None:
            raise RuntimeError(f"server exited with {server.proc.returncode}: {server.stdout}{server.stderr}")
        if "Ctrl-C to stop." in server.stdout:
            try:
                with socket.create_connection(("127.0.0.1", server.port), timeout=0.5):
                    return server
            except OSError:
                pass
        if time.monotonic() > deadline:
            server.stop(signal.SIGKILL)
            raise RuntimeError(f"server not ready within {timeout}s: {server.stdout}{server.stderr}")
        time.sleep(0.05)


def read_response(sock: socket.socket) -> tuple[int, dict[str, str], bytes]:
    """One HTTP/1.1 response from a raw socket: status, lower-cased headers, body."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError(f"connection closed mid-response: {data!r}")
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in header_lines)}
    length = int(headers.get("content-length", "0"))
    while len(body) < length:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError("connection closed mid-body")
        body += chunk
    return int(status_line.split()[1]), headers, body


def rows(db: Path) -> dict[int, tuple[str, str | None]]:
    """Every stored plant, read straight from the SQLite file: id -> (name, tag)."""
    conn = sqlite3.connect(db)
    try:
        return {pid: (name, tag) for pid, name, tag in conn.execute("SELECT id, name, tag FROM plants")}
    finally:
        conn.close()
