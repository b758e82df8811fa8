"""`sitegen build` indexes each search shard as soon as the last of its pages is written,
while the other shards' pages still render: what Pagefind found on disk when it started, the
site it leaves (the same as ever), and a build that fails after a shard started indexing."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from sitegen.pipeline import build
from sitegen.search import BUNDLE_DIR, MANIFEST, document_name, pagefind_binary, plan_shards

from conftest import run_sitegen

FIRST, SECOND = 12, 228  # pages of shard "0" and of shard "1" (240 pages: two shards, worker processes)


def orchard_rows() -> list[str]:
    """Page names (rows/tree-NNNN) of which FIRST go to shard "0" and SECOND to shard "1":
    the first shard is complete early, and the second has many pages left to render then."""
    by_shard: dict[str, list[str]] = {"0": [], "1": []}
    for batch in range(0, 2000, 200):  # 200 pages: two shards, so a page's shard is its shard in the end
        names = [f"rows/tree-{number:04}" for number in range(batch, batch + 200)]
        for shard, outputs in plan_shards(f"{name}/index.html" for name in names).items():
            by_shard[shard] += [output.removesuffix("/index.html") for output in outputs]
    names = sorted(by_shard["0"][:FIRST] + by_shard["1"][:SECOND])
    assert [len(paths) for paths in plan_shards(f"{name}/index.html" for name in names).values()] == [FIRST, SECOND]
    return names


def orchard(make_project: Callable[..., Path], names: list[str], title: str = "Orchard Rows") -> Path:
    pages = {f"{name}.md": f"---\ntitle: Tree {name}\n---\n\nA cherry tree in {name}, pruned in March.\n"
             for name in names}
    return make_project({"name": title, "navigation": [{"group": "Rows", "pages": names}]}, pages)


def tree(folder: Path) -> dict[str, bytes]:
    return {path.relative_to(folder).as_posix(): path.read_bytes()
            for path in sorted(folder.rglob("*")) if path.is_file()}


def real_pagefind() -> Path:
    real = pagefind_binary()
    if real is None:
        pytest.skip("pagefind is not installed")
    return real


def noting_pagefind(tmp_path: Path) -> tuple[Path, Path]:
    """A Pagefind that first notes, in a file of its own in a log folder, the folder it was
    given and every index document in the shards' folders beside it at its start (with the
    shell alone: it starts at once), then runs the real one: (executable, log folder)."""
    real = real_pagefind()
    log = tmp_path / "pagefind-starts"
    log.mkdir()
    wrapper = tmp_path / "noting-pagefind"
    wrapper.write_text(f"""#!/bin/sh
if [ "$1" != "--version" ]; then
  site=$(sed 's/.*"site": *"\\([^"]*\\)".*/\\1/' pagefind.json)
  (echo "$site"; cd "$site/.." && for document in */*; do echo "$document"; done) > "{log}/$$.txt"
fi
exec "{real}" "$@"
""")
    wrapper.chmod(0o755)
    return wrapper, log


def starts_noted(log: Path) -> dict[str, dict[str, set[str]]]:
    """Shard name -> what its Pagefind run found at its start: shard -> its documents."""
    starts: dict[str, dict[str, set[str]]] = {}
    for note in log.iterdir():
        site, *documents = note.read_text().splitlines()
        found: dict[str, set[str]] = {}
        for document in documents:
            shard, _, name = document.partition("/")
            if name != "*":  # an empty folder's unmatched pattern
                found.setdefault(shard, set()).add(name)
        starts[Path(site).name] = found
    return starts


@pytest.mark.parametrize("cache", [True, False])
def test_the_first_shard_is_indexed_while_the_second_shards_pages_still_render(
        make_project: Callable[..., Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cache: bool) -> None:
    wrapper, log = noting_pagefind(tmp_path)
    monkeypatch.setenv("PAGEFIND_BINARY_PATH", str(wrapper))
    names = orchard_rows()
    project = orchard(make_project, names)
    build(project, cache=cache)
    starts = starts_noted(log)
    shards = plan_shards(f"{name}/index.html" for name in names)
    documents = {shard: {document_name(path)[0] for path in paths} for shard, paths in shards.items()}
    assert sorted(starts) == ["0", "1"]
    # When the first shard's Pagefind started, its documents were all there, and the second
    # shard's pages were still rendering: part of their documents were not written yet. The
    # second one started once they all were.
    assert starts["0"]["0"] == documents["0"]
    assert len(starts["0"].get("1", set())) < SECOND
    assert starts["1"] == documents
    # The site is the one a build without the cache makes (search bundle byte for byte), and
    # search finds every page.
    site = tree(project / "site")
    build(project, out_dir=tmp_path / "again", cache=False)
    assert site == tree(tmp_path / "again")
    assert json.loads(site[f"{BUNDLE_DIR}/{MANIFEST}"]) == {"shards": ["0", "1"]}
    for shard, paths in shards.items():
        entry = json.loads(site[f"{BUNDLE_DIR}/{shard}/pagefind-entry.json"])
        assert entry["languages"]["en"]["page_count"] == len(paths)
    assert "A cherry tree in rows/tree-0005, pruned in March." in site["rows/tree-0005/index.html"].decode()


def stalling_pagefind(tmp_path: Path) -> tuple[Path, Path]:
    """A Pagefind that notes its process id, then takes half a minute before it would index
    (and note that it got that far): (executable, log folder)."""
    real = real_pagefind()
    log = tmp_path / "pagefind-stalls"
    log.mkdir()
    wrapper = tmp_path / "stalling-pagefind"
    wrapper.write_text(f"""#!/bin/sh
if [ "$1" = "--version" ]; then exec "{real}" --version; fi
echo $$ > "{log}/$$.pid"
exec "{sys.executable}" -I -S -c 'import os, time; time.sleep(30); open("{log}/%d.finished" % os.getpid(), "w")'
""")
    wrapper.chmod(0o755)
    return wrapper, log


@pytest.mark.parametrize("cache", [True, False])
def test_a_page_failing_after_a_shard_started_indexing_stops_its_pagefind(
        make_project: Callable[..., Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cache: bool) -> None:
    """The last page to render fails: the build fails with its message, as it always did,
    and the Pagefind run the first shard started meanwhile is stopped, not waited for; the
    live site stays as it was, byte for byte."""
    real_pagefind()
    names = orchard_rows()
    project = orchard(make_project, names)
    cache_flag = [] if cache else ["--no-cache"]
    assert run_sitegen("build", project, *cache_flag).returncode == 0
    live = tree(project / "site")
    # Every page renders again (a new site name is on each), and the last one in the second
    # shard imports a snippet that imports itself.
    config = json.loads((project / "docs.json").read_text())
    config["name"] = "Cherry Rows"
    (project / "docs.json").write_text(json.dumps(config))
    (project / "snippets").mkdir()
    (project / "snippets" / "loop.mdx").write_text("import Loop from '/snippets/loop.mdx'\n\n<Loop />\n")
    last = plan_shards(f"{name}/index.html" for name in names)["1"][-1].removesuffix("/index.html")
    (project / "content" / f"{last}.md").unlink()
    (project / "content" / f"{last}.mdx").write_text(
        "---\ntitle: Last tree\n---\n\nimport Loop from '/snippets/loop.mdx'\n\n<Loop />\n")
    wrapper, log = stalling_pagefind(tmp_path)
    monkeypatch.setenv("PAGEFIND_BINARY_PATH", str(wrapper))
    result = run_sitegen("build", project, *cache_flag)
    assert result.returncode == 1
    assert result.stderr.splitlines() == [
        f"error: snippets/loop.mdx:3: snippet import cycle content/{last}.mdx -> snippets/loop.mdx -> snippets/loop.mdx"]
    started = [int(path.read_text()) for path in log.glob("*.pid")]
    assert len(started) == 1  # the first shard's run; the second shard never got all its pages
    assert not Path(f"/proc/{started[0]}").exists()  # stopped: no process left behind
    assert not list(log.glob("*.finished"))  # and not waited for
    assert tree(project / "site") == live
    assert [path.name for path in project.iterdir() if path.name.startswith(".site.")] == []
