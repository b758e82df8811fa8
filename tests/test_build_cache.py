"""`sitegen build`'s persistent cache (.sitegen-cache/build/): it never serves stale output.

Each test builds for real, changes one input, builds again with the cache and compares the
output folder byte for byte with a cold build (`--no-cache`) into another folder.
"""

from __future__ import annotations

import gzip
import json
import os
import shutil
import sqlite3
import sys
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

import sitegen
from sitegen import search, uptodate
from sitegen.pipeline import build, pagecache
from sitegen.pipeline.pagecache import package_hash
from sitegen.pipeline.progress import StepTimes
from sitegen.search import BUNDLE_DIR, MANIFEST, document_name, pagefind_binary, plan_shards

from conftest import run_sitegen

CONFIG = {
    "name": "Orchard Docs",
    "theme": "mint",
    "colors": {"primary": "#2f7a3d"},
    "navigation": [
        {"group": "Get started", "pages": ["introduction", "pruning"]},
        {"group": "Reference", "pages": ["harvest"]},
    ],
}
PAGES = {
    "introduction.mdx": (
        "---\ntitle: Introduction\ndescription: What the orchard docs cover\n---\n\n"
        "import Season from '/snippets/season.mdx'\n\n"
        "Welcome to the orchard. See [pruning](/pruning#when-to-prune) before spring.\n\n"
        "<Season />\n\n"
        "<Card title=\"Harvest\" href=\"/harvest\">\n  When the apples are ready.\n</Card>\n"
    ),
    "pruning.mdx": "---\ntitle: Pruning\n---\n\n## When to prune\n\nLate winter, before the buds swell.\n",
    "harvest.md": "---\ntitle: Harvest\n---\n\nPick apples when the seeds turn brown.\n",
    "/snippets/season.mdx": "<Note>\n  The season starts in **September**.\n</Note>\n",
}


def tree(folder: Path) -> dict[str, bytes]:
    return {path.relative_to(folder).as_posix(): path.read_bytes()
            for path in sorted(folder.rglob("*")) if path.is_file()}


def assert_same_as_cold(project: Path, tmp_path: Path) -> dict[str, bytes]:
    """Build with the cache into PROJECT/site and without it into another folder: equal."""
    build(project)
    cold = tmp_path / "cold"
    build(project, out_dir=cold, cache=False)
    cached, fresh = tree(project / "site"), tree(cold)
    assert sorted(cached) == sorted(fresh)
    for name in fresh:
        assert cached[name] == fresh[name], f"{name} differs from a cold build"
    return cached


def entries(project: Path) -> set[str]:
    """The keys of the page entries the cache keeps."""
    with closing(sqlite3.connect(database(project))) as connection:
        return {key for (key,) in connection.execute("SELECT key FROM pages")}


def database(project: Path) -> Path:
    return project / ".sitegen-cache" / "build" / "pages.sqlite"


def stored_rows(project: Path) -> dict[str, tuple[dict[str, Any], bytes]]:
    """The page entries in the cache's database: key -> (header, body)."""
    with closing(sqlite3.connect(database(project))) as connection:
        rows = connection.execute("SELECT key, header, body FROM pages").fetchall()
    return {key: (json.loads(header), body) for key, header, body in rows}


def rewrite_rows(project: Path, change: Callable[[dict[str, Any], bytes], tuple[object, object]]) -> None:
    """Replace every entry's header and body by what `change` makes of them (raw values)."""
    with closing(sqlite3.connect(database(project))) as connection, connection:
        for key, header, body in connection.execute("SELECT key, header, body FROM pages").fetchall():
            new_header, new_body = change(json.loads(header), body)
            connection.execute("UPDATE pages SET header = ?, body = ? WHERE key = ?", (new_header, new_body, key))


@pytest.fixture
def orchard(make_project: Callable[..., Path]) -> Path:
    project = make_project(CONFIG, PAGES)
    build(project)  # the cold build that fills the cache
    return project


def test_cache_folder_ignores_itself_and_keeps_one_entry_per_page(orchard: Path) -> None:
    cache = orchard / ".sitegen-cache"
    assert (cache / ".gitignore").read_text().splitlines()[-1] == "*"
    assert set(stored_rows(orchard)) == entries(orchard)
    assert len(entries(orchard)) == 3
    assert not (cache / "build" / "pages").exists()  # no file per page


def test_rebuild_with_nothing_changed_is_the_same_site(orchard: Path, tmp_path: Path) -> None:
    before = entries(orchard)
    site = assert_same_as_cold(orchard, tmp_path)
    assert entries(orchard) == before
    assert "The season starts in" in site["introduction/index.html"].decode()


def test_rebuild_with_nothing_changed_leaves_the_output_folder_alone(orchard: Path) -> None:
    site = orchard / "site"
    page = site / "harvest" / "index.html"
    folder, file = site.stat().st_ino, page.stat()
    build(orchard)
    assert site.stat().st_ino == folder  # not swapped
    assert (page.stat().st_ino, page.stat().st_mtime_ns) == (file.st_ino, file.st_mtime_ns)  # not written
    assert not [path for path in orchard.iterdir() if path.name.startswith(".site.")]  # no staging left


@pytest.mark.parametrize("edit", ["changed", "deleted", "added"])
def test_an_output_folder_edited_by_hand_is_rebuilt(orchard: Path, tmp_path: Path, edit: str) -> None:
    site = orchard / "site"
    if edit == "changed":
        (site / "harvest" / "index.html").write_text("edited by hand")
    elif edit == "deleted":
        (site / "_sitegen" / "config.css").unlink()
    else:
        (site / "notes.txt").write_text("left here by hand")
    assert_same_as_cold(orchard, tmp_path)  # the edit is undone: the file written again, or removed
    assert not (site / "notes.txt").exists()


def test_a_changed_page_rewrites_only_its_own_files(orchard: Path, tmp_path: Path) -> None:
    site = orchard / "site"
    kept = {path: (site / path).stat() for path in ("pruning/index.html", "pruning.md", "harvest/index.html")}
    page = orchard / "content" / "harvest.md"
    page.write_text(page.read_text() + "\nWear gloves.\n")
    built = assert_same_as_cold(orchard, tmp_path)
    assert "Wear gloves." in built["harvest/index.html"].decode()
    # The other pages' files are the previous build's, untouched: neither written nor moved.
    for path, before in kept.items():
        if path.startswith("harvest"):
            assert (site / path).stat().st_ino != before.st_ino  # written anew, then moved in
        else:
            now = (site / path).stat()
            assert (now.st_ino, now.st_mtime_ns) == (before.st_ino, before.st_mtime_ns), path
    assert not [path for path in orchard.iterdir() if path.name.startswith(".site.")]  # no staging left


def test_a_removed_page_leaves_no_file_or_folder_behind(orchard: Path, tmp_path: Path) -> None:
    config = json.loads((orchard / "docs.json").read_text())
    config["navigation"][1]["pages"] = []
    config["navigation"] = config["navigation"][:1]
    (orchard / "docs.json").write_text(json.dumps(config))
    (orchard / "content" / "harvest.md").unlink()
    built = assert_same_as_cold(orchard, tmp_path)
    assert "harvest/index.html" not in built
    assert not (orchard / "site" / "harvest").exists()


def test_a_changed_image_is_copied_again_and_an_unchanged_one_kept(settled: Path, tmp_path: Path) -> None:
    images = settled / "content" / "images"
    images.mkdir()
    (images / "tree.png").write_bytes(b"\x89PNG first tree")
    (images / "basket.png").write_bytes(b"\x89PNG basket")
    page = settled / "content" / "pruning.mdx"
    page.write_text(page.read_text() + "\n![Tree](/images/tree.png)\n\n![Basket](/images/basket.png)\n")
    build(settled)
    site = settled / "site"
    basket = (site / "images" / "basket.png").stat()
    tree_before = (images / "tree.png").stat()
    (images / "tree.png").write_bytes(b"\x89PNG other tree")  # as many bytes, same inode and mtime:
    os.utime(images / "tree.png", ns=(tree_before.st_atime_ns, tree_before.st_mtime_ns))  # the ctime moves
    built = assert_same_as_cold(settled, tmp_path)
    assert built["images/tree.png"] == b"\x89PNG other tree"
    now = (site / "images" / "basket.png").stat()
    assert (now.st_ino, now.st_mtime_ns) == (basket.st_ino, basket.st_mtime_ns)  # kept, not copied again


def test_a_file_where_the_new_site_needs_a_folder_is_replaced(orchard: Path, tmp_path: Path) -> None:
    site = orchard / "site"
    shutil.rmtree(site / "pruning")
    (site / "pruning").write_text("a file in the way")
    assert_same_as_cold(orchard, tmp_path)
    assert (site / "pruning" / "index.html").is_file()


@pytest.mark.parametrize("change", ["page", "front matter", "snippet", "template", "docs.json", "version"])
def test_a_change_is_never_served_stale(orchard: Path, tmp_path: Path, change: str,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    before = entries(orchard)
    content = orchard / "content"
    if change == "page":
        page = content / "pruning.mdx"
        page.write_text(page.read_text().replace("Late winter", "Early March"))
        expect = ("pruning/index.html", "Early March")
    elif change == "front matter":  # parsed front matter is kept by its text: the new text is parsed
        page = content / "pruning.mdx"
        page.write_text(page.read_text().replace("title: Pruning", "title: Pruning basics\nsidebarTitle: Shears"))
        expect = ("pruning/index.html", "Pruning basics")
    elif change == "snippet":
        (orchard / "snippets" / "season.mdx").write_text("<Note>\n  The season starts in **October**.\n</Note>\n")
        expect = ("introduction/index.html", "October")
    elif change == "template":
        override = orchard / "themes" / "default" / "templates" / "page.html"
        override.parent.mkdir(parents=True)
        builtin = Path(sitegen.__file__).parent.parent / "themes" / "default" / "templates" / "page.html"
        original = builtin.read_text()
        assert "{% block content %}" in original
        override.write_text(original.replace("{% block content %}", "{% block content %}<p>Grown with care</p>", 1))
        expect = ("harvest/index.html", "Grown with care")
    elif change == "docs.json":
        config = json.loads((orchard / "docs.json").read_text())
        config["navigation"][1]["group"] = "Almanac"
        (orchard / "docs.json").write_text(json.dumps(config))
        expect = ("pruning/index.html", "Almanac")
    else:
        monkeypatch.setattr(sitegen, "__version__", sitegen.__version__ + ".dev1")
        expect = ("harvest/index.html", "Pick apples")
    site = assert_same_as_cold(orchard, tmp_path)
    path, text = expect
    assert text in site[path].decode()
    after = entries(orchard)
    if change == "page":
        assert len(after - before) == 1  # only the edited page rendered again
    elif change == "snippet":
        assert after == before  # same key; the entry's snippet hash no longer matches
    else:
        assert not after & before  # every page rendered again
    assert set(stored_rows(orchard)) == after  # old entries dropped


# --- page files: read on every build that is not up to date -------------------------------

@pytest.fixture
def settled(orchard: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The orchard as builds see it some time after its files were written: the stats the
    up-to-date record keeps are no longer racy (a test cannot wait for the real window)."""
    monkeypatch.setattr(uptodate, "_RACY_NS", 0)
    return orchard


def test_an_edit_that_keeps_the_size_and_the_mtime_is_seen(settled: Path, tmp_path: Path) -> None:
    page = settled / "content" / "pruning.mdx"
    before = page.stat()
    page.write_text(page.read_text().replace("Late winter", "Early March"))  # as many bytes, same inode
    os.utime(page, ns=(before.st_atime_ns, before.st_mtime_ns))  # the ctime still moves
    assert page.stat().st_size == before.st_size and page.stat().st_ino == before.st_ino
    site = assert_same_as_cold(settled, tmp_path)
    assert "Early March" in site["pruning/index.html"].decode()


@pytest.mark.parametrize("change", ["deleted", "added"])
def test_pages_that_come_and_go_are_found_by_the_walk(settled: Path, tmp_path: Path, change: str) -> None:
    if change == "deleted":
        (settled / "content" / "harvest.md").unlink()
    else:
        (settled / "content" / "grafting.mdx").write_text("---\ntitle: Grafting\n---\n\nJoin a scion to a rootstock.\n")
    site = assert_same_as_cold(settled, tmp_path)
    assert ("harvest/index.html" in site) == (change == "added")
    assert ("grafting/index.html" in site) == (change == "added")


def test_a_page_replaced_by_a_link_to_a_file_outside_is_refused_as_on_a_cold_build(settled: Path,
                                                                                    tmp_path: Path) -> None:
    page = settled / "content" / "harvest.md"
    outside = tmp_path / "elsewhere" / "harvest.md"
    outside.parent.mkdir()
    outside.write_text(page.read_text().replace("Pick apples", "A secret from elsewhere"))
    page.unlink()
    page.symlink_to(outside)
    cached = build(settled)
    cold = build(settled, out_dir=tmp_path / "cold", cache=False)
    refusal = "content/harvest.md: links to a file outside the project; not published"
    assert refusal in cached.warnings and cached.warnings == cold.warnings
    site = assert_same_as_cold(settled, tmp_path)
    assert "harvest/index.html" not in site
    assert not any(b"A secret from elsewhere" in data for data in site.values())


# --- sitegen's code hash (pagecache.package_hash) --------------------------------------------

@pytest.fixture
def code_package(tmp_path: Path) -> Path:
    package = tmp_path / "package"
    (package / "markdown").mkdir(parents=True)
    (package / "__init__.py").write_text("__version__ = '1.0'\n")
    (package / "markdown" / "fences.py").write_text("TAB_WIDTH = 4\n")
    return package


def test_a_library_installed_or_upgraded_changes_the_code_hash(code_package: Path, tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    libraries = tmp_path / "venv" / "site-packages"
    libraries.mkdir(parents=True)
    monkeypatch.syspath_prepend(str(libraries))
    before = package_hash(code_package)
    assert package_hash(code_package) == before
    metadata = libraries / "Jinja2-99.0.dist-info" / "METADATA"
    metadata.parent.mkdir()
    metadata.write_text("Metadata-Version: 2.1\nName: Jinja2\nVersion: 99.0\n")
    assert package_hash(code_package) != before


def test_openapi_summary_change_is_never_served_stale(example_project: Path, tmp_path: Path) -> None:
    build(example_project)
    spec = example_project / "openapi.yaml"
    spec.write_text(spec.read_text().replace("summary: Create a plant", "summary: Plant a new plant"))
    site = assert_same_as_cold(example_project, tmp_path)
    assert "Plant a new plant" in site["api-reference/plants/create/index.html"].decode()
    # ... and in the shared sidebar every page loads
    assert [name for name, data in site.items() if b"Plant a new plant" in data and name.startswith("_sitegen/nav")]


def test_search_bundle_from_the_cache_equals_a_fresh_one(example_project: Path, tmp_path: Path) -> None:
    if pagefind_binary() is None:
        pytest.skip("pagefind is not installed")
    build(example_project)
    bundles = example_project / ".sitegen-cache" / "build" / "search"
    first = folders(bundles)
    assert len(first) == 1
    site = assert_same_as_cold(example_project, tmp_path)
    assert folders(bundles) == first  # reused, not made again
    assert any(name.startswith("_sitegen/search/") and name.endswith(".pf_meta") for name in site)
    page = example_project / "content" / "errors.mdx"
    page.write_text(page.read_text() + "\nA wilted leaf is not an error.\n")
    assert_same_as_cold(example_project, tmp_path)
    assert folders(bundles) != first  # indexed again, the old one dropped
    assert len(folders(bundles)) == 1 and len(list(bundles.iterdir())) == 1


def folders(parent: Path) -> list[str]:
    return sorted(path.name for path in parent.iterdir() if path.is_dir())


def test_search_index_follows_pages_that_come_and_go(example_project: Path, tmp_path: Path) -> None:
    if pagefind_binary() is None:
        pytest.skip("pagefind is not installed")
    build(example_project)
    page = example_project / "content" / "errors.mdx"
    page.write_text(page.read_text() + "\nA wilted leaf is not an error.\n")
    build(example_project)
    moved = example_project / "content" / "legacy" / "migrating.mdx"
    moved.unlink()
    page.write_text(page.read_text() + "\nNeither is a yellow one.\n")
    site = assert_same_as_cold(example_project, tmp_path)
    fragments = b"".join(gzip.decompress(data) for name, data in site.items() if "/fragment/" in name)
    assert b"yellow one" in fragments


def test_deleting_the_cache_folder_is_a_cold_build(orchard: Path, tmp_path: Path) -> None:
    shutil.rmtree(orchard / ".sitegen-cache")
    assert_same_as_cold(orchard, tmp_path)
    assert (orchard / ".sitegen-cache" / ".gitignore").is_file()
    assert len(entries(orchard)) == 3


def entry_bytes(data: dict[str, Any], body: bytes) -> tuple[bytes, bytes]:
    return json.dumps(data).encode(), body


def drop_up_to_date_record(project: Path) -> None:
    """Make the next build read its pages from the cache: with no input changed it would
    otherwise keep the output as it is without looking at the entries (uptodate.py)."""
    records = list((project / ".sitegen-cache" / "build").glob("uptodate-*.json"))
    assert records
    for record in records:
        record.unlink()


@pytest.mark.parametrize("damage", ["empty", "not json", "other key", "no fields", "older format", "cut short",
                                    "binary", "text", "numbers"])
def test_a_corrupt_entry_is_a_miss(orchard: Path, tmp_path: Path, damage: str) -> None:
    drop_up_to_date_record(orchard)

    def damaged(data: dict[str, Any], html: bytes) -> tuple[object, object]:
        if damage == "text":  # SQLite keeps whatever type a row was given
            return json.dumps(data), html.decode()
        if damage == "numbers":
            return 12, 34
        if damage == "empty":
            return b"", b""
        if damage == "not json":
            return b"{not json", html
        if damage == "other key":
            return entry_bytes({**data, "key": "0" * 40}, html)
        if damage == "no fields":
            return entry_bytes({"format": data["format"], "key": data["key"]}, html)
        if damage == "older format":  # as sitegen's format 5 wrote it: the Markdown inside the header
            return entry_bytes({**data, "format": 5, "markdown": "# Planted\n"}, html)
        if damage == "cut short":
            return entry_bytes(data, html[:-10])
        return bytes(range(256)) * 4, bytes(range(256))
    rewrite_rows(orchard, damaged)
    site = assert_same_as_cold(orchard, tmp_path)
    assert "Pick apples" in site["harvest/index.html"].decode()
    rows = stored_rows(orchard)
    assert len(rows) == 3
    for _, html in rows.values():
        assert html.startswith(b"<!doctype html>")  # written again


def test_a_planted_entry_never_copies_a_file_from_outside_the_project(orchard: Path, tmp_path: Path) -> None:
    drop_up_to_date_record(orchard)
    secret = tmp_path / "secret.txt"
    secret.write_text("do not publish")
    rewrite_rows(orchard, lambda data, html: entry_bytes({**data, "assets": {"leak.txt": str(secret)}}, html))
    site = assert_same_as_cold(orchard, tmp_path)
    assert "leak.txt" not in site


def test_no_cache_flag_neither_reads_nor_writes_the_cache(make_project: Callable[..., Path]) -> None:
    project = make_project(CONFIG, PAGES)
    result = run_sitegen("build", project, "--no-cache")
    assert result.returncode == 0, result.stderr
    assert not (project / ".sitegen-cache" / "build").exists()
    result = run_sitegen("build", project)
    assert result.returncode == 0, result.stderr
    assert len(entries(project)) == 3
    rewrite_rows(project, lambda data, html: entry_bytes(
        {**data, "html": [[path, 5, "0" * 40] for path, *_ in data["html"]]}, b"stale" * len(data["html"])))
    result = run_sitegen("build", project, "--no-cache")
    assert result.returncode == 0, result.stderr
    assert b"Pick apples" in (project / "site" / "harvest" / "index.html").read_bytes()


def test_warnings_of_a_page_taken_from_the_cache_are_shown_again(orchard: Path) -> None:
    """An unchanged page is not rendered again: what the build says about it comes from its entry."""
    drop_up_to_date_record(orchard)
    harvest = next(key for key, (data, _) in stored_rows(orchard).items() if data["page_id"] == "harvest")
    rewrite_rows(orchard, lambda data, html: entry_bytes(
        {**data, "warnings": ["harvest.md:3: remembered from the last build"]} if data["key"] == harvest else data, html))
    result = run_sitegen("build", orchard)
    assert result.returncode == 0, result.stderr
    assert "harvest.md:3: remembered from the last build" in result.stderr


@pytest.mark.parametrize("content", [b"", b"the owner's own notes, not a cache\n"])
@pytest.mark.parametrize("name", ["pages.sqlite", "pages.sqlite-journal", "pages.sqlite-wal", "pages.sqlite-shm"])
def test_a_committed_link_at_the_database_or_beside_it_is_never_followed(
        make_project: Callable[..., Path], tmp_path: Path, name: str, content: bytes) -> None:
    """A repository that commits `.sitegen-cache/build/pages.sqlite` (or its journal) as a
    link to a file elsewhere: the build works, and the file it points to is never written."""
    project = make_project(CONFIG, PAGES)
    outside = tmp_path / "outside" / "notes.db"
    outside.parent.mkdir()
    outside.write_bytes(content)
    before = outside.stat().st_mtime_ns
    link = project / ".sitegen-cache" / "build" / name
    link.parent.mkdir(parents=True)
    link.symlink_to(outside)
    result = run_sitegen("build", project)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert (outside.read_bytes(), outside.stat().st_mtime_ns) == (content, before)
    assert not link.is_symlink()
    assert set(stored_rows(project)) == entries(project) and len(entries(project)) == 3
    drop_up_to_date_record(project)
    link.unlink(missing_ok=True)
    link.symlink_to(outside)  # and in a cache in use
    assert_same_as_cold(project, tmp_path)
    assert (outside.read_bytes(), outside.stat().st_mtime_ns) == (content, before)
    assert len(stored_rows(project)) == 3


def other_database(path: Path, damage: str) -> None:
    path.unlink()
    with closing(sqlite3.connect(path)) as connection, connection:
        if damage == "other schema":
            connection.execute("CREATE TABLE pages (key TEXT PRIMARY KEY, html TEXT)")
            connection.execute("INSERT INTO pages VALUES ('x', '<p>planted</p>')")
        elif damage == "other format":  # as sitegen's format 5 left it: the Markdown inside the header
            connection.execute("PRAGMA auto_vacuum = INCREMENTAL")
            connection.execute("CREATE TABLE pages (key TEXT PRIMARY KEY, header BLOB NOT NULL, body BLOB NOT NULL)")
            connection.execute("PRAGMA application_id = 1397182531")
            connection.execute("PRAGMA user_version = 5")
            header = {"format": 5, "key": "0" * 40, "page_id": "harvest", "html": [["harvest/index.html", 5, "0"]],
                      "warnings": [], "fragment_links": [], "external_links": [], "features": [], "ids": [],
                      "assets": {}, "snippets": {}, "markdown": "# Harvest\n"}
            connection.execute("INSERT INTO pages VALUES (?, ?, ?)", ("0" * 40, json.dumps(header).encode(), b"stale"))
        else:
            connection.execute("PRAGMA auto_vacuum = INCREMENTAL")
            connection.execute("CREATE TABLE pages (key TEXT PRIMARY KEY, header BLOB NOT NULL,"
                               " markdown BLOB NOT NULL, body BLOB NOT NULL)")
            connection.execute("PRAGMA application_id = 7")
            connection.execute("PRAGMA user_version = 6")


@pytest.mark.parametrize("damage", ["random bytes", "text", "cut in half", "pages overwritten", "other schema",
                                    "other format", "another program's"])
def test_a_damaged_database_is_a_miss_for_every_page_and_replaced(orchard: Path, tmp_path: Path, damage: str) -> None:
    drop_up_to_date_record(orchard)
    path = database(orchard)
    data = path.read_bytes()
    if damage == "random bytes":
        path.write_bytes(bytes((n * 7919 + 13) % 256 for n in range(len(data))))
    elif damage == "text":
        path.write_text("SQLite format 3 is what this file is not.\n" * 100)
    elif damage == "cut in half":
        path.write_bytes(data[:len(data) // 2])
    elif damage == "pages overwritten":  # the header still says SQLite; the tables are garbage
        path.write_bytes(data[:100] + b"\xff" * (len(data) - 100))
    else:
        other_database(path, damage)
    result = run_sitegen("build", orchard)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr and "sqlite" not in result.stderr
    site = assert_same_as_cold(orchard, tmp_path)
    assert "Pick apples" in site["harvest/index.html"].decode()
    with closing(sqlite3.connect(path)) as connection:  # replaced by one of this format
        assert connection.execute("PRAGMA user_version").fetchone() == (pagecache.FORMAT,)
    assert set(stored_rows(orchard)) == entries(orchard) and len(entries(orchard)) == 3


def test_the_database_does_not_grow_with_every_rebuild(orchard: Path) -> None:
    """Each build replaces the entry of a big page that keeps changing: the space of the old
    entries is used again, and given back once the page is small again."""
    harvest = orchard / "content" / "harvest.md"
    sizes = []
    for run in range(8):
        paragraphs = "".join(f"Row {run}-{n}: pick the apples when the seeds turn brown.\n\n" for n in range(8000))
        harvest.write_text(f"---\ntitle: Harvest\n---\n\n{paragraphs}")
        build(orchard)
        sizes.append(database(orchard).stat().st_size)
    assert sizes[0] > 1_000_000  # the big page is in it
    assert max(sizes) < 3 * sizes[0], sizes  # eight entries of it would be eight times the size
    harvest.write_text("---\ntitle: Harvest\n---\n\nPick apples when the seeds turn brown.\n")
    build(orchard)
    assert database(orchard).stat().st_size < sizes[0] // 2  # the space given back
    assert len(stored_rows(orchard)) == 3


def search_files(site: Path) -> dict[str, tuple[int, int]]:
    """Every file of the search index in an output folder: (inode, mtime) by path."""
    bundle = site / BUNDLE_DIR
    return {path.relative_to(bundle).as_posix(): (path.stat().st_ino, path.stat().st_mtime_ns)
            for path in bundle.rglob("*") if path.is_file()}


def test_one_changed_page_reindexes_only_its_search_shard(example_project: Path, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    if pagefind_binary() is None:
        pytest.skip("pagefind is not installed")
    monkeypatch.setattr(search, "SHARD_PAGES", 4)  # the 12 pages in 4 shards
    times = StepTimes()
    build(example_project, times=times)
    assert times.notes == ["search shards: 4 of 4 indexed"]
    site = example_project / "site"
    shards = json.loads((site / BUNDLE_DIR / MANIFEST).read_text())["shards"]
    assert shards == ["0", "1", "2", "3"]
    # Pagefind's code ships once, with the first shard; every shard has its own index.
    assert sorted(path.parent.name for path in (site / BUNDLE_DIR).glob("*/pagefind.js")) == ["0"]
    assert len(list((site / BUNDLE_DIR).glob("*/pagefind-entry.json"))) == 4
    bundles = example_project / ".sitegen-cache" / "build" / "search"
    cached = set(folders(bundles))
    before = search_files(site)
    mine = next(name for name, pages in plan_shards(
        p.parent.relative_to(site).as_posix() + "/index.html" for p in site.glob("*/**/index.html")
        if BUNDLE_DIR not in p.as_posix()).items() if "errors/index.html" in pages)

    others = {path: (path.stat().st_ino, path.stat().st_mtime_ns) for path in (site / BUNDLE_DIR).rglob("*")
              if path.is_file() and path.relative_to(site / BUNDLE_DIR).parts[0] not in (mine, MANIFEST)}
    page = example_project / "content" / "errors.mdx"
    page.write_text(page.read_text() + "\nA wilted leaf is not an error.\n")
    times = StepTimes()
    build(example_project, times=times)
    assert times.notes == ["search shards: 1 of 4 indexed"]
    # The other shards' files are the previous build's, neither copied again nor moved.
    assert others and {path: (path.stat().st_ino, path.stat().st_mtime_ns) for path in others} == others
    after = search_files(site)
    assert {path for path in after if path.startswith(f"{mine}/")} != {
        path for path in before if path.startswith(f"{mine}/")}  # its index changed (new file names)
    assert len(cached & set(folders(bundles))) == 3 and len(folders(bundles)) == 4
    site_files = assert_same_as_cold(example_project, tmp_path)  # byte for byte what --no-cache builds
    fragments = [gzip.decompress(data) for name, data in site_files.items()
                 if name.startswith(f"{BUNDLE_DIR}/{mine}/fragment/")]
    assert any(b"A wilted leaf is not an error." in fragment for fragment in fragments)


# --- the up-to-date shortcut (uptodate.py): nothing changed, nothing built -----------------

def test_nothing_changed_repeats_the_last_report_and_keeps_the_output(make_project: Callable[..., Path]) -> None:
    pages = {**PAGES, "harvest.md": PAGES["harvest.md"] + "\n![Basket](/images/basket.png)\n"}
    project = make_project(CONFIG, pages)
    first = run_sitegen("build", project)
    assert first.returncode == 0, first.stderr
    assert "basket.png" in first.stderr  # a warning: the image is missing
    site = project / "site"
    folder, files = site.stat().st_ino, {name: (p.stat().st_ino, p.stat().st_mtime_ns)
                                         for name, p in ((p.relative_to(site), p) for p in site.rglob("*"))}
    again = run_sitegen("build", project, "--profile")
    assert again.returncode == 0, again.stderr
    assert "up_to_date" in again.stderr and "render_pages" not in again.stderr
    assert "nothing changed since the last build" in again.stderr
    warnings = [line for line in first.stderr.splitlines() if line.startswith("warning:")]
    assert warnings and [line for line in again.stderr.splitlines() if line.startswith("warning:")] == warnings
    assert again.stdout.splitlines()[0].startswith("Built 3 pages in ")
    assert again.stdout.splitlines()[1:] == first.stdout.splitlines()[1:]
    assert site.stat().st_ino == folder
    assert {name: (p.stat().st_ino, p.stat().st_mtime_ns)
            for name, p in ((p.relative_to(site), p) for p in site.rglob("*"))} == files
    # --strict is another build: its warnings are errors, never a replayed success.
    strict = run_sitegen("build", project, "--strict")
    assert strict.returncode == 1 and "basket.png" in strict.stderr


def test_a_build_after_a_failed_check_records_the_inputs_that_check_saw(make_project: Callable[..., Path],
                                                                        tmp_path: Path) -> None:
    """`sitegen build` records the snapshot its up-to-date check took (no second walk): the
    next build with nothing changed takes the shortcut, and one after an edit does not."""
    project = make_project(CONFIG, PAGES)
    assert run_sitegen("build", project).returncode == 0
    page = project / "content" / "harvest.md"
    page.write_text(page.read_text() + "\nStore them cool.\n")
    edited = run_sitegen("build", project, "--profile")
    assert edited.returncode == 0 and "render_pages" in edited.stderr, edited.stderr
    again = run_sitegen("build", project, "--profile")
    assert "nothing changed since the last build" in again.stderr
    page.write_text(page.read_text() + "\nAnd dry.\n")
    last = run_sitegen("build", project, "--profile")
    assert "render_pages" in last.stderr
    assert "And dry." in (project / "site" / "harvest" / "index.html").read_text()


@pytest.mark.parametrize("change", ["touched page", "new image", "removed page file", "openapi download",
                                    "output file added"])
def test_any_input_change_builds_for_real(make_project: Callable[..., Path], tmp_path: Path, change: str) -> None:
    project = make_project(CONFIG, {**PAGES, "harvest.md": PAGES["harvest.md"] + "\n![Basket](/images/basket.png)\n"})
    result = run_sitegen("build", project)
    assert result.returncode == 0, result.stderr
    if change == "touched page":
        page = project / "content" / "harvest.md"
        page.write_text(page.read_text().replace("brown", "BROWN"))  # same size
    elif change == "new image":
        (project / "images").mkdir(exist_ok=True)
        (project / "images" / "basket.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"\0" * 16)
    elif change == "removed page file":
        (project / "content" / "pruning.mdx").unlink()
    elif change == "openapi download":
        folder = project / ".sitegen-cache" / "openapi"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "note.json").write_text("{}")
    else:
        (project / "site" / "notes.txt").write_text("left here by hand")
    again = run_sitegen("build", project, "--profile")
    assert "up_to_date" not in again.stderr and "render_pages" in again.stderr
    if change == "removed page file":
        assert again.returncode == 0, again.stderr
        assert not (project / "site" / "pruning" / "index.html").exists()
        return
    assert again.returncode == 0, again.stderr
    site = assert_same_as_cold(project, tmp_path)
    if change == "touched page":
        assert "BROWN" in site["harvest/index.html"].decode()
    if change == "new image":
        assert "images/basket.png" in site


def test_the_shortcut_constants_match_the_modules_it_avoids_importing() -> None:
    from sitegen import uptodate
    from sitegen.publish import ENV_VAR

    assert uptodate.SITE_URL_VARIABLE == ENV_VAR


def recording_pagefind(tmp_path: Path) -> tuple[Path, Path]:
    """A Pagefind that first notes the folder it was given to read (its files and folders,
    and the folders beside it), one file per run in a log folder (two runs at once must not
    share a file), then runs the real one: (executable, log folder)."""
    real = pagefind_binary()
    if real is None:
        pytest.skip("pagefind is not installed")
    log = tmp_path / "pagefind-runs"
    log.mkdir()
    wrapper = tmp_path / "recording-pagefind"
    wrapper.write_text(f"""#!/bin/sh
if [ "$1" != "--version" ]; then
  "{sys.executable}" - <<'EOF'
import json, os
site = json.load(open("pagefind.json"))["site"]
walk = [[os.path.relpath(root, site), sorted(dirs), sorted(names)] for root, dirs, names in os.walk(site)]
with open(os.path.join("{log}", f"{{os.getpid()}}.json"), "w") as record:
    json.dump({{"site": site, "walk": walk, "beside": sorted(os.listdir(os.path.dirname(site)))}}, record)
EOF
fi
exec "{real}" "$@"
""")
    wrapper.chmod(0o755)
    return wrapper, log


@pytest.mark.parametrize("cache", [True, False])
def test_pagefind_reads_flat_folders_one_per_shard(make_project: Callable[..., Path], tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch, cache: bool) -> None:
    """However deep the pages, their index documents lie flat, one folder per search shard."""
    wrapper, log = recording_pagefind(tmp_path)
    monkeypatch.setenv("PAGEFIND_BINARY_PATH", str(wrapper))
    names = [f"rows/block-{number % 7}/tree-{number:03}" for number in range(220)]  # worker processes
    pages = {f"{name}.md": f"---\ntitle: Tree {name}\n---\n\nA pear tree, {name}.\n" for name in names}
    project = make_project({**CONFIG, "navigation": [{"group": "Rows", "pages": names}]}, pages)
    build(project, cache=cache)
    runs = [json.loads(record.read_text()) for record in log.iterdir()]
    shards = plan_shards(f"{name}/index.html" for name in names)
    assert len(shards) == len(runs) == 2
    documents = Path(runs[0]["site"]).parent
    for run, (shard, paths) in zip(sorted(runs, key=lambda run: run["site"]), shards.items(), strict=True):
        assert run["site"] == str(documents / shard)
        assert run["beside"] == sorted(shards)  # nothing but the shards' folders
        assert run["walk"] == [[".", [], sorted(document_name(path)[0] for path in paths)]]  # no folder inside
    assert not documents.exists()  # a work folder of the build, removed at its end
    site = project / "site"
    assert "A pear tree, rows/block-3/tree-010." in (site / "rows" / "block-3" / "tree-010" / "index.html").read_text()


def test_pages_workers_render_again_to_the_same_bytes_are_all_in_the_site(
        make_project: Callable[..., Path], tmp_path: Path) -> None:
    """Every page renders again (a new JSON file is in the site key) in worker processes, to
    the HTML the output already holds: each worker links those pages in itself."""
    names = [f"orchard-{number:03}" for number in range(220)]  # enough pages for worker processes
    pages = {f"{name}.md": f"---\ntitle: Row {name}\n---\n\nApple trees in row {name}.\n" for name in names}
    project = make_project({**CONFIG, "navigation": [{"group": "Rows", "pages": names}]}, pages)
    build(project)
    before = entries(project)
    (project / "harvest-dates.json").write_text('{"first": "September"}\n')
    site = assert_same_as_cold(project, tmp_path)
    assert not entries(project) & before  # every page rendered again
    assert set(stored_rows(project)) == entries(project)  # what every worker stored was committed
    assert all(f"{name}/index.html" in site and f"{name}/index.md" in site for name in names)
    assert "Apple trees in row orchard-219" in site["orchard-219/index.html"].decode()
