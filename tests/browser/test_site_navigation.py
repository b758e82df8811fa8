"""The built example site, opened from disk and over HTTP in real Chromium: every link works."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from conftest import run_sitegen

pytestmark = pytest.mark.browser


def crawl(page: Any, start: str) -> dict[str, str]:
    """Visit every page reachable through the sidebar, tabs, anchors and pager; url -> h1."""
    seen: dict[str, str] = {}
    queue = [start]
    while queue:
        url = queue.pop()
        if url in seen:
            continue
        page.goto(url)
        heading = page.locator("h1.page-title")
        assert heading.count() == 1, f"{url} shows no page (directory listing or 404?)"
        seen[url] = heading.inner_text()
        links = page.eval_on_selector_all(
            ".sidebar a[href], .pager a[href], .topbar a[href], nav a[href]",
            "els => els.map(a => a.href)",
        )
        for link in links:
            link = link.split("#")[0]
            if link.startswith(start.rsplit("/", 1)[0]) and link not in seen:
                queue.append(link)
    return seen


def test_site_opened_from_disk_has_working_navigation(example_project: Path, page: Any) -> None:
    assert run_sitegen("build", example_project).returncode == 0
    start = (example_project / "site" / "index.html").as_uri()
    visited = crawl(page, start)
    titles = set(visited.values())
    assert {"Introduction", "Quickstart", "Authentication", "Errors", "Naming plants", "Tags"} <= titles
    # From disk, folder links are completed to index.html so no directory listing appears.
    assert all(url.endswith(".html") for url in visited)


def test_site_under_a_sub_path_over_http(example_project: Path, page: Any, static_server: Callable[[Path], str],
                                         tmp_path: Path) -> None:
    host_root = tmp_path / "host"
    assert run_sitegen("build", example_project, "--out", host_root / "docs" / "v1").returncode == 0
    base = static_server(host_root) + "docs/v1/"
    visited = crawl(page, base)
    assert {"Introduction", "Quickstart", "Errors"} <= set(visited.values())
    assert all(url.startswith(base) for url in visited)
    page.goto(base + "quickstart/")
    css_ok = page.evaluate("getComputedStyle(document.querySelector('.topbar')).position")
    assert css_ok == "sticky"  # the stylesheet loaded through a relative URL


def test_404_page_works_at_any_depth_on_a_static_host(example_project: Path, page: Any, tmp_path: Path) -> None:
    """Static hosts (GitHub Pages, Netlify, S3…) answer every missing URL with /404.html."""
    import functools
    import http.server
    import threading

    host_root = tmp_path / "host"
    assert run_sitegen("build", example_project, "--out", host_root / "docs" / "v1").returncode == 0
    not_found = (host_root / "docs/v1/404.html").read_bytes()

    class Host(http.server.SimpleHTTPRequestHandler):
        def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
            if code != 404:
                return super().send_error(code, message, explain)
            self.send_response(404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(not_found)

        def log_message(self, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Host, directory=str(host_root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}/docs/v1/"
        response = page.goto(base + "guides/no/such/page")
        assert response.status == 404
        assert page.locator("h1.page-title").inner_text() == "Page not found"
        assert page.evaluate("getComputedStyle(document.querySelector('.topbar')).position") == "sticky"
        assert page.eval_on_selector("a.cta-button", "a => a.href") == base
        assert (host_root / "docs/v1/.nojekyll").exists()  # GitHub Pages keeps the _sitegen/ folder
    finally:
        server.shutdown()
        server.server_close()
