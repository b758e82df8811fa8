"""`sitegen build` writes each build into a new staging folder beside the output and swaps it
in whole: a rebuild with the persistent cache equals a cold build, folders included; a failed
build leaves the live site byte for byte; the site gets the permissions of any folder the
user makes.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from sitegen.errors import SitegenError
from sitegen.pipeline import build

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


def test_cached_rebuilds_equal_a_cold_build(tidepool: Path, tmp_path: Path) -> None:
    content, site = tidepool / "content", tidepool / "site"
    edit(content, "field/crabs.mdx", "\nHermit crabs change shells.\n")
    build(tidepool)
    # A page removed (its folder must go too), one added in a new folder, one edited.
    (content / "field" / "sea-stars.mdx").unlink()
    (content / "field" / "urchins").mkdir()
    (content / "field" / "urchins" / "purple.mdx").write_text("---\ntitle: Purple urchins\n---\n\nSpiny.\n")
    config = json.loads((tidepool / "docs.json").read_text())
    config["navigation"][1]["pages"] = ["field/anemones", "field/crabs", "field/urchins/purple"]
    (tidepool / "docs.json").write_text(json.dumps(config))
    build(tidepool)
    assert_same_as_cold(tidepool, tmp_path)
    assert not (site / "field" / "sea-stars").exists()
    edit(content, "introduction.mdx", "\nBring a bucket.\n")
    build(tidepool)
    assert_same_as_cold(tidepool, tmp_path)
    assert not [path.name for path in tidepool.iterdir() if path.name.startswith(".site.")]  # no staging left


def test_a_failed_build_leaves_the_live_site_byte_for_byte(tidepool: Path) -> None:
    content, site = tidepool / "content", tidepool / "site"
    # Build 2 changes only an image: its pages and search bundle come from the cache.
    (tidepool / "images" / "pool.svg").write_text(SVG.format("#0b4f6c"))
    build(tidepool)
    live = layout(site)
    # Build 3 rewrites files of every kind: pages and their Markdown (a page edit and a
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


def test_the_site_folder_is_readable_like_any_folder_the_user_makes(tidepool: Path, tmp_path: Path) -> None:
    """A web server running as another user must be able to read the site: the folder swapped
    in gets the permissions the user's umask gives any new folder."""
    (tmp_path / "made-by-hand").mkdir()
    expected = (tmp_path / "made-by-hand").stat().st_mode & 0o777
    modes = [(tidepool / "site").stat().st_mode & 0o777]
    for words in ("\nThey walk sideways.\n", "\nAnd molt.\n"):
        edit(tidepool / "content", "field/crabs.mdx", words)
        build(tidepool)
        modes.append((tidepool / "site").stat().st_mode & 0o777)
    assert modes == [expected] * 3
    assert (tidepool / "site" / "field" / "crabs" / "index.html").stat().st_mode & 0o777 == expected & 0o666
