"""Shared fixtures: real files in tmp folders, real HTTP servers on 127.0.0.1, real Chromium."""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import shutil
import socket
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[1]
FIXTURES = Path(__file__).resolve().parent / "fixtures"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def copy_fixture(source: Path, parent: Path) -> Path:
    """A copy of a fixture project under `parent`, to build: a build writes `.sitegen-cache/`
    into its project, and the repository's fixtures stay exactly as committed."""
    target = parent / source.name
    shutil.copytree(source, target, ignore=shutil.ignore_patterns(".sitegen-cache", "site"))
    return target


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def make_project(tmp_path: Path) -> Callable[..., Path]:
    """Write a docs project: make_project({"name": …}, {"intro.md": "# Hi"}) -> its folder.

    Page paths are relative to content/; other files go to the project root when their path
    starts with "/".
    """

    def make(config: dict[str, Any] | str, pages: dict[str, str], name: str = "project") -> Path:
        root = tmp_path / name
        (root / "content").mkdir(parents=True, exist_ok=True)
        text = config if isinstance(config, str) else json.dumps(config, indent=2)
        (root / "docs.json").write_text(text, encoding="utf-8")
        for rel, content in pages.items():
            target = root / rel.lstrip("/") if rel.startswith("/") else root / "content" / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, bytes):
                target.write_bytes(content)
            else:
                target.write_text(content, encoding="utf-8")
        return root

    return make


@pytest.fixture
def example_project(tmp_path: Path) -> Path:
    """A copy of the Plant Store docs at the repository root."""
    target = tmp_path / "plant-store"
    target.mkdir()
    for name in ("docs.json", "openapi.yaml"):
        shutil.copy(REPO / name, target / name)
    for folder in ("content", "images"):
        shutil.copytree(REPO / folder, target / folder)
    return target


def edit_config(project: Path, **changes: Any) -> None:
    """Set top-level keys of a project's docs.json (the file is rewritten, as a user would save it)."""
    path = project / "docs.json"
    config = json.loads(path.read_text(encoding="utf-8"))
    config.update(changes)
    path.write_text(json.dumps(config, indent=2), encoding="utf-8")


@pytest.fixture
def seedbank(tmp_path: Path) -> Path:
    """A copy of the Seedbank fixture (v2: pages generated from OpenAPI and AsyncAPI), free to edit."""
    target = tmp_path / "seedbank"
    shutil.copytree(FIXTURES / "mintlify" / "seedbank-v2", target)
    return target


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib signature
        pass

    def end_headers(self) -> None:
        # Tests rebuild a site and reload it within a second; Last-Modified has whole seconds,
        # so a cached page would be revalidated as unchanged (304) and the old HTML shown.
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


@contextlib.contextmanager
def serving(folder: Path) -> Iterator[str]:
    """Serve a folder over real HTTP on 127.0.0.1 while inside; yields its base URL (ending in '/')."""
    handler = functools.partial(_QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def static_server() -> Iterator[Callable[[Path], str]]:
    """Serve a folder over real HTTP on 127.0.0.1; returns its base URL (ending in '/')."""
    with contextlib.ExitStack() as servers:
        yield lambda folder: servers.enter_context(serving(folder))


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One headless Debian Chromium for the whole run, driven by Playwright."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium package (see .ci/run)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield instance
        instance.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh browser context (own storage) and page per test, desktop size."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    tab = context.new_page()
    yield tab
    context.close()


def run_sitegen(*args: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run the real CLI (`python -m sitegen …`) as a user would; never raises on failure."""
    return subprocess.run(
        [sys.executable, "-m", "sitegen", *map(str, args)],
        cwd=cwd or REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )


class DevServer:
    """`python -m sitegen serve PROJECT --port 0` as a real process; `url` ends in '/'."""

    def __init__(self, project: Path, *args: str) -> None:
        import subprocess
        import sys
        import time

        self.process = subprocess.Popen(
            [sys.executable, "-m", "sitegen", "serve", str(project), "--port", "0", *args],
            cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1,
        )
        self.lines: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        deadline = time.monotonic() + 120
        while not any(" at http://" in line for line in self.lines):
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise AssertionError("sitegen serve did not start:\n" + "\n".join(self.lines))
            time.sleep(0.02)
        line = next(line for line in self.lines if " at http://" in line)
        self.url = line.split(" at ", 1)[1].split()[0]

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))

    def status(self) -> dict[str, Any]:
        """/__sitegen/status: version, errors and how many builds finished."""
        import urllib.request

        with urllib.request.urlopen(self.url + "__sitegen/status", timeout=30) as response:
            return json.loads(response.read())

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=30)


@pytest.fixture
def dev_server() -> Iterator[Callable[..., DevServer]]:
    """Start `sitegen serve` on a project (extra CLI flags allowed); stopped after the test."""
    servers: list[DevServer] = []

    def start(project: Path, *args: str) -> DevServer:
        servers.append(DevServer(project, *args))
        return servers[-1]

    yield start
    for server in servers:
        server.stop()
