"""`sitegen build` reuses the site the last swap moved out as its staging folder.

After a rebuild the previous site waits in `.sitegen-cache/build/trash/`; the next build
renames it beside the output and keeps only the files it still shares with the live site
(hard links), so a one-page rebuild makes no folders. These tests hold it to the promises of
a fresh staging folder: the result equals a cold build, folders included; nothing is ever
written into a file the live site shares, so a failed build leaves that site byte for byte;
and whatever a repository planted in the trash never reaches the site.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from sitegen.build import build, persist
from sitegen.errors import SitegenError

CONFIG = {
    "name": "Tidepool Docs",
    "theme": "mint",
    "logo": "/images/logo.svg",
    "colors": {"primary": "#1d6fa5"},
    "navigation": [
        {"group": "Get started", "pages": ["introduction", "tides/reading-tables"]},
        {"group": "Field notes", "pages": ["field/anemones", "field/sea-stars", "field/crabs"]},
    ],
}
PAGES = {
    "introduction.mdx": "---\ntitle: Introduction\n---\n\nTide pools fill twice a day. "
                        "Read [the tables](/tides/reading-tables) first.\n\n![Pool](/images/pool.svg)\n",
    "tides/reading-tables.mdx": "---\ntitle: Reading tide tables\n---\n\n## Low water\n\nGo out an hour before.\n",
    "field/anemones.mdx": "---\ntitle: Anemones\n---\n\nThey close when touched.\n",
    "field/sea-stars.mdx": "---\ntitle: Sea stars\n---\n\nNever lift them out of the water.\n",
    "field/crabs.mdx": "---\ntitle: Crabs\n---\n\nShore crabs hide under rocks.\n",
}
SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="{}"/></svg>'


def layout(folder: Path) -> dict[str, bytes | None]:
    """Every file (its bytes) and folder (None) under `folder`: empty folders count too."""
    found: dict[str, bytes | None] = {}
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder).as_posix()
        found[relative] = None if path.is_dir() and not path.is_symlink() else path.read_bytes()
    return found


def assert_same_as_cold(project: Path, tmp_path: Path) -> None:
    cold = tmp_path / "cold"
    build(project, out_dir=cold, cache=False)
    cached, fresh = layout(project / "site"), layout(cold)
    assert sorted(cached) == sorted(fresh)
    assert [name for name in fresh if cached[name] != fresh[name]] == []


def edit(project: Path, page: str, text: str) -> None:
    path = project / page
    path.write_text(path.read_text() + text)


@pytest.fixture
def tidepool(make_project: Callable[..., Path]) -> Path:
    project = make_project(CONFIG, PAGES)
    (project / "images").mkdir(exist_ok=True)
    (project / "images" / "logo.svg").write_text(SVG.format("#1d6fa5"))
    (project / "images" / "pool.svg").write_text(SVG.format("#3aa0c8"))
    build(project)  # the cold build
    return project


def test_rebuilds_on_the_recycled_folder_equal_a_cold_build(tidepool: Path, tmp_path: Path) -> None:
    content, site = tidepool / "content", tidepool / "site"
    folders = [site.stat().st_ino]
    edit(content, "field/crabs.mdx", "\nHermit crabs change shells.\n")
    build(tidepool)
    folders.append(site.stat().st_ino)
    # A page removed (its folder must go too), one added in a new folder, one edited.
    (content / "field" / "sea-stars.mdx").unlink()
    (content / "field" / "urchins").mkdir()
    (content / "field" / "urchins" / "purple.mdx").write_text("---\ntitle: Purple urchins\n---\n\nSpiny.\n")
    config = json.loads((tidepool / "docs.json").read_text())
    config["navigation"][1]["pages"] = ["field/anemones", "field/crabs", "field/urchins/purple"]
    (tidepool / "docs.json").write_text(json.dumps(config))
    build(tidepool)
    folders.append(site.stat().st_ino)
    assert_same_as_cold(tidepool, tmp_path)
    assert not (site / "field" / "sea-stars").exists()
    edit(content, "introduction.mdx", "\nBring a bucket.\n")
    build(tidepool)
    folders.append(site.stat().st_ino)
    assert_same_as_cold(tidepool, tmp_path)
    # Every build swapped in a site; from the third on, it is the folder the build before
    # swapped out (recycled), not a new one.
    assert folders[0] != folders[1] and folders[2:] == folders[:2]
    trash = tidepool / ".sitegen-cache" / "build" / "trash"
    assert len(list(trash.iterdir())) == 1  # the site swapped out last, waiting for the next build


def test_a_failed_build_on_the_recycled_folder_leaves_the_live_site_byte_for_byte(tidepool: Path) -> None:
    content, site = tidepool / "content", tidepool / "site"
    # Build 2 changes only an image: every page and the search bundle are linked from build 1,
    # so the folder build 3 recycles (build 1's site) shares nearly every file with the live one.
    (tidepool / "images" / "pool.svg").write_text(SVG.format("#0b4f6c"))
    build(tidepool)
    live = layout(site)
    # Build 3 rewrites shared files of every kind: pages and their Markdown (a page edit and a
    # new colour in docs.json), a copied image, the config stylesheet and the search bundle
    # (Pagefind writes it), then fails at the end (--strict, a broken link).
    edit(content, "field/anemones.mdx", "\nSome are green. See [the missing page](/field/missing).\n")
    (tidepool / "images" / "pool.svg").write_text(SVG.format("#11a3c2"))
    config = json.loads((tidepool / "docs.json").read_text())
    config["colors"]["primary"] = "#7a2f5b"
    (tidepool / "docs.json").write_text(json.dumps(config))
    with pytest.raises(SitegenError):
        build(tidepool, strict=True)
    assert layout(site) == live
    assert [path.name for path in tidepool.iterdir() if path.name.startswith(".site.")] == []


def test_a_folder_planted_in_the_trash_never_reaches_the_site(tidepool: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside.txt"
    outside.write_text("not the project's")
    trash = tidepool / ".sitegen-cache" / "build" / "trash"
    trash.mkdir(parents=True, exist_ok=True)
    planted = trash / ".site.old-planted"
    (planted / "field" / "crabs").mkdir(parents=True)
    (planted / "field" / "crabs" / "index.html").write_text("<p>planted page</p>")
    (planted / "extra.html").write_text("planted")
    (planted / "leak.txt").symlink_to(outside)
    (planted / "images").symlink_to(tmp_path, target_is_directory=True)
    os.mkfifo(planted / "pipe")
    for words in ("\nThey walk sideways.\n", "\nAnd molt.\n"):  # the second build recycles the planted folder
        edit(tidepool / "content", "field/crabs.mdx", words)
        build(tidepool)
        assert_same_as_cold(tidepool, tmp_path)
    assert outside.read_text() == "not the project's"
    assert "planted" not in (tidepool / "site" / "field" / "crabs" / "index.html").read_text()


@pytest.mark.parametrize("worker", ["runs", "cannot run"])
def test_a_file_planted_where_an_unchanged_page_sits_in_the_recycled_site_never_reaches_the_site(
        tidepool: Path, tmp_path: Path, worker: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The recycled site is cleared in another process (trash_worker.py) while the build
    works, or by the build itself when that process gives no answer: a file at the path of a
    page this build keeps as it is, but not the live site's own (another inode), is removed,
    not linked into the site as that page."""
    if worker == "cannot run":
        monkeypatch.setattr(persist, "_TRASH_WORKER", tmp_path / "no-such-worker.py")
    edit(tidepool / "content", "field/crabs.mdx", "\nThey walk sideways.\n")
    build(tidepool)  # the cold build's site goes to the trash: the next build recycles it
    [recycled] = (tidepool / ".sitegen-cache" / "build" / "trash").iterdir()
    planted = recycled / "field" / "anemones" / "index.html"
    planted.unlink()
    planted.write_text("<p>planted page</p>")
    edit(tidepool / "content", "field/crabs.mdx", "\nAnd molt.\n")
    build(tidepool)
    assert_same_as_cold(tidepool, tmp_path)
    assert "planted" not in (tidepool / "site" / "field" / "anemones" / "index.html").read_text()


def test_pages_worker_processes_keep_from_the_recycled_folder_stay_in_the_site(
        make_project: Callable[..., Path], tmp_path: Path) -> None:
    """Every page renders again in worker processes (a new JSON file is in the site key), most
    to the bytes the recycled folder already holds: the workers keep those, and the parent,
    which removes what no one claimed, must know."""
    names = [f"pool-{number:03}" for number in range(220)]  # enough pages for worker processes
    pages = {f"{name}.md": f"---\ntitle: Pool {name}\n---\n\nLimpets cling in {name}.\n" for name in names}
    config = {key: value for key, value in CONFIG.items() if key != "logo"}
    project = make_project({**config, "navigation": [{"group": "Pools", "pages": names}]}, pages)
    build(project)
    for number, data in enumerate(('{"season": "spring"}\n', '{"season": "autumn"}\n')):
        (project / f"survey-{number}.json").write_text(data)
        edit(project / "content", f"{names[number]}.md", "\nA new count this week.\n")
        build(project)  # the second of these recycles the first's swapped-out site
    assert_same_as_cold(project, tmp_path)
    assert len(list((project / "site").glob("pool-*/index.html"))) == 220


def test_the_site_folder_is_readable_like_any_folder_the_user_makes(tidepool: Path, tmp_path: Path) -> None:
    """A web server running as another user must be able to read the site: the folder swapped
    in gets the permissions the user's umask gives any new folder, built fresh or recycled."""
    (tmp_path / "made-by-hand").mkdir()
    expected = (tmp_path / "made-by-hand").stat().st_mode & 0o777
    modes = [(tidepool / "site").stat().st_mode & 0o777]
    for words in ("\nThey walk sideways.\n", "\nAnd molt.\n"):  # a new staging folder, then a recycled one
        edit(tidepool / "content", "field/crabs.mdx", words)
        build(tidepool)
        modes.append((tidepool / "site").stat().st_mode & 0o777)
    assert modes == [expected] * 3
    assert (tidepool / "site" / "field" / "crabs" / "index.html").stat().st_mode & 0o777 == expected & 0o666
