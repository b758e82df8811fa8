"""Compiled templates: `sitegen build` keeps Jinja's compiled form of the built-in theme's
templates in the user's cache folder ($XDG_CACHE_HOME/sitegen/templates/), never in the
project, and a build with them writes exactly the site a build without them writes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import run_sitegen

CONFIG = {
    "name": "Orchard Docs",
    "navigation": [{"group": "Start", "pages": ["index", "pruning"]}],
}
PAGES = {
    "index.mdx": "---\ntitle: Orchard\n---\n\n<Note>Prune in **late winter**.</Note>\n\n<Card title=\"Pruning\" "
                 "href=\"/pruning\">How and when.</Card>\n",
    "pruning.md": "---\ntitle: Pruning\n---\n\n## When\n\nBefore the buds swell.\n",
}


def make(root: Path, pages: dict[str, str] = PAGES) -> Path:
    root.mkdir()
    (root / "docs.json").write_text(json.dumps(CONFIG), encoding="utf-8")
    for name, text in pages.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


def site(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*.html"))}


def build(project: Path, out: Path, cache_home: Path, *flags: str) -> None:
    result = run_sitegen("build", project, "--out", out, "-q", *flags, env={"XDG_CACHE_HOME": str(cache_home)})
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""


def test_a_second_build_uses_the_compiled_templates_and_writes_the_same_site(tmp_path: Path) -> None:
    project, home = make(tmp_path / "orchard"), tmp_path / "home-cache"
    build(project, tmp_path / "first", home, "--no-cache")
    assert not (home / "sitegen").exists()  # --no-cache: nothing kept anywhere

    build(project, tmp_path / "second", home)
    compiled = sorted((home / "sitegen" / "templates").glob("*.jinja"))
    assert len(compiled) >= 3  # the page, its base and the components the pages use
    assert not list(project.rglob("*.jinja"))  # never in the project

    (project / ".sitegen-cache").rename(tmp_path / "moved-aside")  # a cold build, compiled templates kept
    stamps = {path: path.stat().st_mtime_ns for path in compiled}
    build(project, tmp_path / "third", home)
    assert {path: path.stat().st_mtime_ns for path in compiled} == stamps  # read, not written again
    assert site(tmp_path / "second") == site(tmp_path / "first") == site(tmp_path / "third")


def test_a_damaged_compiled_template_is_compiled_again(tmp_path: Path) -> None:
    project, home = make(tmp_path / "orchard"), tmp_path / "home-cache"
    build(project, tmp_path / "first", home)
    for path in (home / "sitegen" / "templates").glob("*.jinja"):
        path.write_bytes(path.read_bytes()[:40])  # cut short, as a full disk would leave it
    (project / ".sitegen-cache").rename(tmp_path / "moved-aside")
    build(project, tmp_path / "second", home)
    assert site(tmp_path / "second") == site(tmp_path / "first")


@pytest.mark.parametrize("override", ["templates/page.html", "components/note.html"])
def test_a_project_with_its_own_theme_files_keeps_no_compiled_templates(tmp_path: Path, override: str) -> None:
    project, home = make(tmp_path / "orchard"), tmp_path / "home-cache"
    builtin = Path(__file__).resolve().parents[1] / "themes" / "default" / override
    target = project / "themes" / "default" / override
    target.parent.mkdir(parents=True)
    # The built-in file with a mark the page shows (after the doctype, in a page's case).
    text = builtin.read_text(encoding="utf-8")
    head, _, rest = text.partition(">") if text.startswith("<!doctype") else ("", "", text)
    target.write_text(f"{head}{'>' if head else ''}<!-- orchard theme -->{rest}", encoding="utf-8")
    build(project, tmp_path / "out", home)
    assert not (home / "sitegen").exists()
    assert "<!-- orchard theme -->" in (tmp_path / "out" / "index.html").read_text(encoding="utf-8")


def test_the_dev_server_keeps_them_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from sitegen.serve.reuse import DevBuilder

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "home-cache"))
    site = DevBuilder(make(tmp_path / "orchard")).build()
    assert b"late winter" in site.files["index.html"]
    assert list((tmp_path / "home-cache" / "sitegen" / "templates").glob("*.jinja"))
