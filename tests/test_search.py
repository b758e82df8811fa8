"""Search: the Pagefind bundle a build writes, what it indexes, and a build without Pagefind."""

from __future__ import annotations

import gzip
import json
import os
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sitegen import search
from sitegen.pipeline import build_site
from sitegen.search import (
    BUNDLE_DIR,
    MANIFEST,
    SearchIndex,
    build_bundle,
    document_name,
    index_document,
    pagefind_binary,
    plan_shards,
    shard_count,
    url_meta,
)
from sitegen.serve.reuse import DevBuilder

from conftest import FIXTURES, REPO, run_sitegen

NAV = [{"group": "Start", "pages": ["intro", "guide"]}]
PAGES = {
    "intro.md": "---\ntitle: Intro\n---\n\nWelcome to the zebrafish docs.\n",
    "guide.md": "---\ntitle: Guide\n---\n\nA guide about kumquats.\n\n## Setup\n\nInstall the kumquat press.\n",
}


def fragments(site: Path) -> list[dict[str, Any]]:
    """Every page record in a written bundle (Pagefind fragments are gzipped JSON)."""
    records = []
    for path in sorted((site / BUNDLE_DIR).glob("*/fragment/*")):
        data = gzip.decompress(path.read_bytes())
        records.append(json.loads(data[data.index(b"{"):]))
    return records


def fake_pagefind(tmp_path: Path, version_ok: bool) -> Path:
    """A stand-in executable that fails the way a broken install does."""
    script = tmp_path / "pagefind"
    version = 'echo "pagefind 1.5.2"; exit 0' if version_ok else "echo 'cannot execute binary file' >&2; exit 126"
    script.write_text(f'#!/bin/sh\nif [ "$1" = "--version" ]; then {version}; fi\necho "index exploded" >&2\nexit 2\n')
    script.chmod(0o755)
    return script


def test_build_indexes_every_real_page_once(example_project: Path) -> None:
    result = run_sitegen("build", example_project, "-q")
    assert result.returncode == 0, result.stderr
    site = example_project / "site"
    assert json.loads((site / BUNDLE_DIR / MANIFEST).read_text()) == {"shards": ["0"]}  # 12 pages: one shard
    bundle = site / BUNDLE_DIR / "0"
    assert (bundle / "pagefind.js").is_file()
    assert list(bundle.glob("wasm.*.pagefind"))
    entry = json.loads((bundle / "pagefind-entry.json").read_text())
    pages = sorted(p.parent.relative_to(site).as_posix() + "/" for p in site.glob("*/**/index.html")
                   if BUNDLE_DIR not in p.as_posix())
    assert entry["languages"]["en"]["page_count"] == len(pages) == 12
    records = fragments(site)
    # Each result's page URL is its "url" metadata (search.js links to it): Pagefind's own
    # URL names the flat index document the page was indexed from.
    urls = sorted(record["meta"]["url"] for record in records)
    # The root copy of the home page ("/") and the 404 page are not results; each page is there once.
    assert urls == sorted("/" + page for page in pages)
    assert "/" not in urls and not any("404" in url for url in urls)
    assert sorted(record["url"] for record in records) == sorted(
        "/" + document_name(page + "index.html")[0] for page in pages)
    auth = next(record for record in records if record["meta"]["url"] == "/authentication/")
    # A page every version lists carries them all (search.js keeps the reader's version's pages).
    assert auth["meta"] == {"title": "Authentication", "group": "Guides", "versions": "1.0 0.9",
                            "url": "/authentication/"}
    assert "bearer token" in auth["content"]
    # Only the page's own text: no sidebar, no "Copy" buttons, no previous/next links.
    assert "Quickstart" not in auth["content"] and "Copy" not in auth["content"]
    assert "Next" not in auth["content"].split()
    # Pagefind's own UI files are not shipped: the theme has its own.
    assert not list(bundle.glob("pagefind-ui.*")) and not list(bundle.glob("pagefind-*-ui.*"))


def test_pages_have_the_search_button_and_the_404_page_is_not_indexable(example_project: Path) -> None:
    site = build_site(example_project)
    page = site.files["authentication/index.html"].decode()
    assert 'class="search-button"' in page and 'id="search-dialog"' in page
    assert 'data-root="../"' in page  # results are linked relative to the page
    assert "data-pagefind-body" in page
    assert "data-pagefind-body" not in site.files["404.html"].decode()
    assert f"{BUNDLE_DIR}/{MANIFEST}" in site.files and f"{BUNDLE_DIR}/0/pagefind.js" in site.files
    assert not [w for w in site.warnings if w.startswith("search:")]


def test_index_document_keeps_head_and_body_only() -> None:
    html = (b'<!doctype html><html lang="en"><head><title>T</title></head><body><nav>' + b"x" * 5000
            + b'</nav><main><article data-pagefind-body><h1>T</h1><p>Words</p></article></main><aside>toc</aside></body></html>')
    slim = index_document(html, "/guides/t/")
    assert slim.startswith(b'<!doctype html><html lang="en"><head><title>T</title>'
                           b'<meta data-pagefind-meta="url[content]" content="/guides/t/"></head>')
    assert b"<article data-pagefind-body><h1>T</h1><p>Words</p></article>" in slim
    assert b"xxxx" not in slim and b"toc" not in slim
    assert index_document(b"<html><head></head><body>no marker</body></html>", '/a&"b/') == (
        b'<html><head><meta data-pagefind-meta="url[content]" content="/a&amp;&quot;b/"></head>'
        b"<body>no marker</body></html>")


def test_documents_have_flat_names_and_their_pages_urls() -> None:
    name, url = document_name("guides/setup/index.html")
    assert url == "/guides/setup/" and name.endswith(".html") and "/" not in name
    assert document_name("index.html")[1] == "/" and document_name("notes/raw.html")[1] == "/notes/raw.html"
    assert document_name("café au lait/index.html")[1] == "/café au lait/"  # as Pagefind made it from a path
    assert len({document_name(f"topic-{n}/index.html")[0] for n in range(5000)}) == 5000


def test_index_documents_give_the_index_the_whole_pages_give(example_project: Path, tmp_path: Path) -> None:
    """What index_document drops (navigation, scripts, icons, code highlighting) is what
    Pagefind would skip: the Plant Store indexed from the documents and from the whole pages
    gives the same bundle, byte for byte."""
    binary = pagefind_binary()
    if binary is None:
        pytest.skip("pagefind is not installed")
    built = build_site(example_project)
    pages = {path: html for path, html in built.files.items()
             if path.endswith(".html") and b"data-pagefind-body" in html}
    assert any(b'<pre class="highlight">' in html and b"<svg" in html for html in pages.values())
    bundles = {}
    documents = {}
    for kind in ("whole", "documents"):
        folder = tmp_path / kind
        folder.mkdir()
        for path, html in pages.items():
            name, url = document_name(path)
            # The same URL metadata in both: the whole page with it, under the document's name.
            whole = html.replace(b"</head>", url_meta(url) + b"</head>", 1)
            documents[path] = index_document(html, url)
            (folder / name).write_bytes(whole if kind == "whole" else documents[path])
        search._run_pagefind(binary, folder, tmp_path / f"{kind}-bundle")
        bundles[kind] = {file.relative_to(tmp_path / f"{kind}-bundle").as_posix(): file.read_bytes()
                         for file in sorted((tmp_path / f"{kind}-bundle").rglob("*")) if file.is_file()}
    assert sum(map(len, documents.values())) < sum(map(len, pages.values())) / 2
    assert bundles["documents"] == bundles["whole"]


def test_missing_pagefind_is_a_warning_and_a_site_without_search(make_project: Callable[..., Path], tmp_path: Path) -> None:
    project = make_project({"name": "Acme", "navigation": NAV}, PAGES)
    env = {**os.environ, "PAGEFIND_BINARY_PATH": str(tmp_path / "no-such-pagefind")}
    result = subprocess.run([sys.executable, "-m", "sitegen", "build", str(project)], cwd=REPO, env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0
    assert "Traceback" not in result.stderr + result.stdout
    assert ("warning: search: the pagefind binary was not found (pip install 'pagefind[bin]'); "
            "the site is built without search") in result.stderr + result.stdout
    site = project / "site"
    assert not (site / BUNDLE_DIR).exists()
    intro = (site / "intro" / "index.html").read_text()
    assert "search-button" not in intro and "search-dialog" not in intro  # no button that cannot work


def test_pagefind_that_does_not_run_hides_search(make_project: Callable[..., Path], tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    project = make_project({"name": "Acme", "navigation": NAV}, PAGES)
    binary = fake_pagefind(tmp_path, version_ok=False)
    monkeypatch.setenv("PAGEFIND_BINARY_PATH", str(binary))
    site = build_site(project)
    assert site.warnings == [f"search: {binary} --version failed (exit code 126): cannot execute binary file; "
                             "the site is built without search"]
    assert "search-button" not in site.files["intro/index.html"].decode()
    assert not [path for path in site.files if path.startswith(BUNDLE_DIR)]


def test_pagefind_failing_while_indexing_is_a_warning(make_project: Callable[..., Path], tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    project = make_project({"name": "Acme", "navigation": NAV}, PAGES)
    monkeypatch.setenv("PAGEFIND_BINARY_PATH", str(fake_pagefind(tmp_path, version_ok=True)))
    site = build_site(project)
    assert site.warnings == ["search: pagefind failed (exit code 2): index exploded; the site is built without search"]
    assert not [path for path in site.files if path.startswith(BUNDLE_DIR)]
    assert "Welcome to the zebrafish docs." in site.files["intro/index.html"].decode()


def test_rebuild_reuses_the_bundle_until_a_page_changes(make_project: Callable[..., Path]) -> None:
    project = make_project({"name": "Acme", "navigation": NAV}, PAGES)
    builder = DevBuilder(project)
    first = builder.build()
    entry = f"{BUNDLE_DIR}/0/pagefind-entry.json"
    again = builder.rebuild([project / "docs.json"])
    assert again.files[entry] is first.files[entry]  # same pages: Pagefind did not run again
    (project / "content" / "guide.md").write_text("---\ntitle: Guide\n---\n\nNow about persimmons.\n")
    changed = builder.rebuild([project / "content" / "guide.md"])
    assert changed.files[entry] != first.files[entry]
    fresh = build_site(project)
    assert {k: v for k, v in changed.files.items() if k.startswith(BUNDLE_DIR)} == {
        k: v for k, v in fresh.files.items() if k.startswith(BUNDLE_DIR)}


def test_background_index_serves_the_old_bundle_then_the_new_one(make_project: Callable[..., Path]) -> None:
    project = make_project({"name": "Acme", "navigation": NAV}, PAGES)
    search = SearchIndex(background=True)
    builder = DevBuilder(project, search=search)
    try:
        first = builder.build()
        assert not [path for path in first.files if path.startswith(BUNDLE_DIR)]  # not waited for
        assert "search-button" in first.files["intro/index.html"].decode()
        deadline = time.monotonic() + 60
        while not search.take_refreshed():
            assert time.monotonic() < deadline, "the background index never arrived"
            time.sleep(0.05)
        indexed = builder.rebuild(())
        entry = indexed.files[f"{BUNDLE_DIR}/0/pagefind-entry.json"]
        assert json.loads(entry)["languages"]["en"]["page_count"] == 2
        (project / "content" / "guide.md").write_text("---\ntitle: Guide\n---\n\nNow about persimmons.\n")
        edited = builder.rebuild([project / "content" / "guide.md"])
        assert edited.files[f"{BUNDLE_DIR}/0/pagefind-entry.json"] is entry  # the previous bundle, at once
        assert "persimmons" in edited.files["guide/index.html"].decode()
    finally:
        search.close()


def test_dev_server_indexes_in_the_background_without_reloading_tabs(
        make_project: Callable[..., Path], dev_server: Callable[..., Any]) -> None:
    project = make_project({"name": "Acme", "navigation": NAV}, PAGES)
    server = dev_server(project)

    def entry() -> dict[str, Any] | None:
        try:
            with urllib.request.urlopen(server.url + BUNDLE_DIR + "/0/pagefind-entry.json", timeout=10) as response:
                return json.loads(response.read())
        except urllib.error.HTTPError:
            return None

    def wait_for(condition: Callable[[], Any]) -> Any:
        deadline = time.monotonic() + 60
        while not (value := condition()):
            assert time.monotonic() < deadline, "\n".join(server.lines)
            time.sleep(0.1)
        return value

    first = wait_for(entry)
    assert first["languages"]["en"]["page_count"] == 2
    version = server.status()["version"]
    time.sleep(0.5)
    assert server.status()["version"] == version  # the index alone reloads no tab

    (project / "content" / "guide.md").write_text("---\ntitle: Guide\n---\n\nNow about persimmons.\n")
    wait_for(lambda: server.status()["version"] != version)  # the page itself reloads at once
    version = server.status()["version"]
    wait_for(lambda: (e := entry()) is not None and e["languages"]["en"]["hash"] != first["languages"]["en"]["hash"])
    assert server.status()["version"] == version
    assert not [line for line in server.lines if "error" in line or "Traceback" in line]


def test_a_page_keeps_its_shard_while_other_pages_come_and_go() -> None:
    pages = [f"guides/topic-{n}/index.html" for n in range(1000)]
    plan = plan_shards(pages)
    assert len(plan) == shard_count(1000) == 8
    assert sorted(path for paths in plan.values() for path in paths) == sorted(pages)
    assert all(len(paths) < 2 * 1000 / 8 for paths in plan.values())  # spread evenly, not by section
    grown = plan_shards([*pages, "guides/new-topic/index.html"])
    changed = [name for name in grown if grown[name] != plan.get(name)]
    assert len(changed) == 1 and "guides/new-topic/index.html" in grown[changed[0]]
    assert plan_shards(pages[1:]).keys() == plan.keys()
    # Powers of two: the count (and every shard) changes only when the site doubles or halves.
    assert [shard_count(n) for n in (0, 1, search.SHARD_PAGES, search.SHARD_PAGES + 1, 4 * search.SHARD_PAGES + 1)] == [
        1, 1, 1, 2, 8]
    assert shard_count(10**6) == search.MAX_SHARDS


def test_dev_server_index_runs_pagefind_only_for_the_changed_shard(make_project: Callable[..., Path],
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "SHARD_PAGES", 1)  # four pages: four shards, three of them used
    pages = {**PAGES, "faq.md": "---\ntitle: FAQ\n---\n\nAsked often.\n",
             "setup.md": "---\ntitle: Setup\n---\n\nSet it up.\n"}
    project = make_project({"name": "Acme", "navigation": [{"group": "Start", "pages": ["intro", "guide", "faq", "setup"]}]},
                           pages)
    builder = DevBuilder(project)
    first = builder.build()
    shards = json.loads(first.files[f"{BUNDLE_DIR}/{MANIFEST}"])["shards"]
    assert len(shards) == 3
    guide = next(name for name, paths in plan_shards(f"{page[:-3]}/index.html" for page in pages).items()
                 if "guide/index.html" in paths)
    (project / "content" / "guide.md").write_text("---\ntitle: Guide\n---\n\nNow about persimmons.\n")
    changed = builder.rebuild([project / "content" / "guide.md"])
    for name in shards:
        entry = f"{BUNDLE_DIR}/{name}/pagefind-entry.json"
        assert (changed.files[entry] is first.files[entry]) == (name != guide)  # kept, or indexed again
    fresh = build_site(project)
    assert {k: v for k, v in changed.files.items() if k.startswith(BUNDLE_DIR)} == {
        k: v for k, v in fresh.files.items() if k.startswith(BUNDLE_DIR)}


def test_a_two_language_index_is_the_same_bytes_on_every_build(tmp_path: Path) -> None:
    # Pagefind orders the languages of its entry file differently from run to run; the
    # build sorts them, so the same pages always give the same search bundle.
    project = tmp_path / "tidewater"
    shutil.copytree(FIXTURES / "mintlify" / "tidewater-v2", project)
    bundles = []
    for run in range(3):
        out = tmp_path / f"site-{run}"
        assert run_sitegen("build", project, "--no-cache", "-q", "--out", str(out)).returncode == 0
        bundles.append({path.relative_to(out).as_posix(): path.read_bytes()
                        for path in sorted((out / BUNDLE_DIR).rglob("*")) if path.is_file()})
    assert bundles[0] == bundles[1] == bundles[2]
    languages = [list(json.loads(data)["languages"]) for path, data in bundles[0].items()
                 if path.endswith("pagefind-entry.json")]
    assert ["en", "fr"] in languages and all(names == sorted(names) for names in languages)


def test_pages_written_in_another_order_give_the_same_bundle() -> None:
    # Render workers write pages in whatever order they finish; Pagefind numbers pages in the
    # order it lists their folder, which on tmpfs is the order they were written. The bundle
    # (and so every search file name) must not depend on it, or a redeploy changes them all.
    binary = pagefind_binary()
    assert binary is not None
    pages = {f"guides/page-{number:02d}/index.html": (
        f'<!doctype html><html lang="en"><head><title>Page {number}</title></head><body>'
        f'<main data-pagefind-body><h1>Page {number}</h1><p>Tide gauge {number} reads the harbour '
        f'level every {number} minutes.</p></main></body></html>').encode() for number in range(40)}
    forward = build_bundle(binary, pages)
    backward = build_bundle(binary, dict(reversed(pages.items())))
    assert sorted(forward) == sorted(backward)
    assert forward == backward
