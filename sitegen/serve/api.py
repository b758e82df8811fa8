"""`sitegen serve --api`: the Plant Store reference server as a child process.

A separate process keeps its own event loop, signals and database out of the dev server;
it listens on a free port of the same host and is stopped with the dev server.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path

from sitegen.errors import SitegenError

_URL = re.compile(r"https?://\S+")
START_TIMEOUT = 30.0


class ReferenceServer:
    def __init__(self, host: str, log: Callable[[str], None]) -> None:
        self._folder = tempfile.TemporaryDirectory(prefix="sitegen-api-")
        db = Path(self._folder.name) / "plants.db"  # a fresh store per dev-server run
        self._process = subprocess.Popen(
            [sys.executable, "-u", "-m", "sitegen.refserver", "--host", host, "--port", "0", "--db", str(db)],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        self.url = self._wait_for_url(log)
        # Keep draining its output (token, errors) so the child never blocks on a full pipe.
        threading.Thread(target=self._forward, args=(log,), name="sitegen-api-output", daemon=True).start()

    def _wait_for_url(self, log: Callable[[str], None]) -> str:
        assert self._process.stdout is not None
        lines: list[str] = []
        timer = threading.Timer(START_TIMEOUT, self._process.kill)
        timer.start()
        try:
            for line in self._process.stdout:
                line = line.rstrip()
                lines.append(line)
                match = _URL.search(line)
                if match:
                    log(f"api: {line}")
                    return match.group(0).rstrip("/")
        finally:
            timer.cancel()
        self.stop()
        detail = "; ".join(line for line in lines if line) or f"exit status {self._process.returncode}"
        raise SitegenError(f"--api: the reference server did not start: {detail}")

    def _forward(self, log: Callable[[str], None]) -> None:
        assert self._process.stdout is not None
        for line in self._process.stdout:
            if line.strip():
                log(f"api: {line.rstrip()}")

    def stop(self) -> None:
        if self._process.poll() is None:
            self._process.terminate()
            try:
                self._process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
        self._folder.cleanup()
