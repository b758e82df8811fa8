"""The Plant Store site built for http://127.0.0.1:PORT/docs/ and served there by a plain static
server: Chromium visits every page, follows every link and asset (none answers 404), and every
page's canonical link and og:url name the page under that sub-path."""

from __future__ import annotations

import functools
import http.server
import re
import threading
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from conftest import run_sitegen

pytestmark = pytest.mark.browser

PREFIX = "/docs/"
SITEMAP_NS = "{http://www.sitemaps.org/schemas/sitemap/0.9}"


class _SubPathHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the built folder under /docs/ only; anything else is a 404, as on a real host
    where the docs live beside other things."""

    def translate_path(self, path: str) -> str:
        clean = path.split("?", 1)[0].split("#", 1)[0]
        if not clean.startswith(PREFIX):
            return str(Path(self.directory) / "\0missing")  # no such file: 404
        return super().translate_path("/" + clean[len(PREFIX):])

    def log_message(self, format: str, *args: Any) -> None:  # stdlib signature
        pass


@pytest.fixture
def sub_path_server(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """(base URL ending in /docs/, folder it serves): the port is known before the build."""
    folder = tmp_path / "served"
    folder.mkdir()
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_SubPathHandler, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}{PREFIX}", folder
    server.shutdown()
    server.server_close()


def _is_page(url: str) -> bool:
    path = urlsplit(url).path
    return path.endswith("/") or path.endswith(".html")


def test_every_page_link_and_asset_works_under_the_sub_path(
    example_project: Path, sub_path_server: tuple[str, Path], page: Any
) -> None:
    base, served = sub_path_server
    result = run_sitegen("build", example_project, "--out", served / "site", "--site-url", base)
    assert result.returncode == 0, result.stderr
    # The host serves the site's folder at /docs/.
    for child in (served / "site").iterdir():
        child.rename(served / child.name)
    origin = base[: -len(PREFIX) + 1]
    assert urlsplit(origin).path == "/"

    failures: list[str] = []
    page.on("response", lambda response: failures.append(f"{response.status} {response.url}")
            if response.status >= 400 else None)

    sitemap = ET.fromstring(page.request.get(base + "sitemap.xml").body())
    listed = [loc.text or "" for loc in sitemap.iter(f"{SITEMAP_NS}loc")]
    assert base in listed and base + "quickstart/" in listed
    assert page.request.get(base + "robots.txt").text().endswith(f"Sitemap: {base}sitemap.xml\n")

    queue = [base, *listed]
    visited: dict[str, tuple[str, str]] = {}  # page URL -> (canonical, og:url)
    checked: set[str] = set()
    while queue:
        url = queue.pop(0)
        if url in visited:
            continue
        response = page.goto(url)
        assert response is not None and response.status == 200, f"{url}: {response and response.status}"
        canonical = page.get_attribute('link[rel="canonical"]', "href")
        og_url = page.get_attribute('meta[property="og:url"]', "content")
        visited[url] = (canonical or "", og_url or "")
        references = page.eval_on_selector_all(
            "a[href], link[href], script[src], img[src]", "els => els.map(el => el.href || el.src)")
        references += page.eval_on_selector_all(
            'meta[property="og:image"], meta[name="twitter:image"]', "els => els.map(el => el.content)")
        for reference in references:
            target = reference.split("#", 1)[0]
            if not target.startswith(origin):
                continue  # external links, mailto: and the like
            assert target.startswith(base), f"{url} links outside the site: {reference}"
            if _is_page(target):
                if target not in visited:
                    queue.append(target)
            elif target not in checked:
                checked.add(target)
                status = page.request.get(target).status
                if status != 200:
                    failures.append(f"{status} {target} (from {url})")

    assert failures == []
    assert len(visited) >= 12
    assert any(re.search(r"/_sitegen/cards/[0-9a-f]{24}\.png$", url) for url in checked)
    home = base + "introduction/"  # the first page, also written at the site root
    for url, (canonical, og_url) in visited.items():
        expected = base if url == home else url
        assert (canonical, og_url) == (expected, expected), url
