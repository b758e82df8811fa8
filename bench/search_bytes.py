"""What sharding the search index costs a visitor, and whether it changes the ranking.

    python bench/search_bytes.py PROJECT [--queries 30] [--shard-pages N]

Builds PROJECT twice (without the cache): with the usual shards, and as one Pagefind index
(every page in one shard), serves both on 127.0.0.1 and searches both in Chromium through
the search dialog. For each query it reports the bytes the search fetched (the first search
on a fresh page: manifest, Pagefind code, shard metadata, index chunks, result fragments;
then a second word on the same page) and compares the ten results: is the top result the
same, how many of the ten are shared. Queries: page titles (the page with that title should
come first) and single words from the site's titles.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import random
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from sitegen import search  # noqa: E402
from sitegen.pipeline import build  # noqa: E402

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: Any) -> None:
        pass


def serve(folder: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def run_query(browser: Any, base: str, site: Path, start: str, query: str, second: str) -> tuple[list[str], int, int]:
    """The ten result titles for `query`, the bytes its first search fetched, and the bytes
    a second word (`second`, typed after it on the same page) fetched."""
    page = browser.new_page()
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(urlparse(request.url).path))
    try:
        page.goto(base + start)
        before = len(fetched)
        page.click(".search-button")
        titles = _search(page, query)
        first = sum(_size(site, path) for path in fetched[before:])
        before = len(fetched)
        page.locator(".search-input").fill(second)
        page.wait_for_timeout(2000)  # the list may still show the first word's results: wait, then count
        then = sum(_size(site, path) for path in fetched[before:])
    finally:
        page.close()
    return titles, first, then


def _search(page: Any, text: str) -> list[str]:
    page.locator(".search-input").fill(text)
    page.wait_for_function(
        "text => document.querySelector('.search-results').children.length > 0"
        " || document.querySelector('.search-status').textContent.includes(text)", arg=text)
    page.wait_for_timeout(300)  # the last fragments of the ten results
    return [title for title in page.locator("#search-results .search-result-page").all_inner_texts()]


def _size(site: Path, path: str) -> int:
    file = site / path.lstrip("/")
    return file.stat().st_size if file.is_file() else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("project", type=Path)
    parser.add_argument("--queries", type=int, default=30)
    parser.add_argument("--shard-pages", type=int, default=search.SHARD_PAGES, help="pages per shard to try")
    args = parser.parse_args()
    search.SHARD_PAGES = args.shard_pages
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="sitegen-search-bench-") as folder:
        sharded, single = Path(folder) / "sharded", Path(folder) / "single"
        build(args.project, out_dir=sharded, cache=False)
        wanted = search.SHARD_PAGES
        search.SHARD_PAGES = 10**9  # one shard: the index before sharding
        try:
            build(args.project, out_dir=single, cache=False)
        finally:
            search.SHARD_PAGES = wanted
        titles = sorted({_title(path) for path in sharded.glob("*/**/index.html") if "_sitegen" not in path.parts})
        rng = random.Random(7)
        words = sorted({word.lower() for title in titles for word in title.split() if len(word) > 4})
        queries = rng.sample(titles, args.queries // 2) + rng.sample(words, args.queries - args.queries // 2)
        start = next(path for path in sharded.glob("*/**/index.html") if "_sitegen" not in path.parts)
        start_url = start.parent.relative_to(sharded).as_posix() + "/"
        shards = len(list(sharded.glob("_sitegen/search/*/pagefind-entry.json")))
        servers = [serve(sharded), serve(single)]
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
                rows = []
                for query in queries:
                    second = rng.choice(words)
                    got = [run_query(browser, base, site, start_url, query, second)
                           for (_, base), site in zip(servers, (sharded, single), strict=True)]
                    rows.append((query, got[0], got[1]))
                browser.close()
        finally:
            for server, _ in servers:
                server.shutdown()
    same_top = sum(1 for query, a, b in rows if a[0][:1] == b[0][:1])
    title_first = sum(1 for query, a, _ in rows if query in titles and a[0][:1] == [query])
    title_first_single = sum(1 for query, _, b in rows if query in titles and b[0][:1] == [query])
    overlap = sum(len(set(a[0]) & set(b[0])) / max(1, len(b[0])) for _, a, b in rows) / len(rows)
    print(f"{len(titles)} pages, {shards} shards, {len(rows)} queries")
    print(f"{'query':<40} {'first search KB':>16} {'next word KB':>13}  top result (sharded | one index)")
    for query, a, b in rows:
        print(f"{query[:40]:<40} {a[1] / 1024:7.0f} | {b[1] / 1024:5.0f} {a[2] / 1024:5.0f} | {b[2] / 1024:4.0f}"
              f"  {(a[0][:1] or ['-'])[0][:28]} | {(b[0][:1] or ['-'])[0][:28]}")
    mean = lambda values: sum(values) / len(values)  # noqa: E731
    print(f"mean first search: {mean([a[1] for _, a, _ in rows]) / 1024:.0f} KB sharded, "
          f"{mean([b[1] for _, _, b in rows]) / 1024:.0f} KB one index; next word: "
          f"{mean([a[2] for _, a, _ in rows]) / 1024:.0f} KB sharded, {mean([b[2] for _, _, b in rows]) / 1024:.0f} KB one index")
    print(f"same top result: {same_top}/{len(rows)}; title query finds its page first: "
          f"{title_first}/{args.queries // 2} sharded, {title_first_single}/{args.queries // 2} one index; "
          f"top-10 overlap {overlap:.0%}")
    return 0


def _title(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    start = text.index("<title>") + len("<title>")
    return text[start:text.index("</title>")].rsplit(" - ", 1)[0]


if __name__ == "__main__":
    raise SystemExit(main())
