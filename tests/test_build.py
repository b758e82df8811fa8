"""Full builds: the example project, output layout, front matter, atomic writes, safety."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from conftest import run_sitegen

NAV = [{"group": "Start", "pages": ["intro", "setup"]}]
PAGES = {"intro.md": "---\ntitle: Intro\n---\n# Hello\n", "setup.md": "Setup text\n"}


def local_targets(html_file: Path, site: Path) -> list[tuple[str, Path]]:
    """Every relative href/src of a built page, with the file it points to."""
    out = []
    for ref in re.findall(r'(?:href|src)="([^"]+)"', html_file.read_text()):
        parts = urlsplit(ref)
        if parts.scheme or ref.startswith(("#", "//")):
            continue
        target = (html_file.parent / unquote(parts.path)).resolve()
        if ref.split("#")[0].split("?")[0].endswith("/") or target.is_dir():
            target = target / "index.html"
        out.append((ref, target))
    return out


def test_example_project_builds_every_page_with_working_links(example_project: Path) -> None:
    result = run_sitegen("build", example_project)
    assert result.returncode == 0, result.stderr
    assert re.fullmatch(r"Built 12 pages in \d+\.\d\d s -> .*site/\n"
                        r"no site URL: no sitemap\.xml, canonical links, social cards or absolute links in RSS "
                        r"feeds \(give --site-url URL, SITEGEN_SITE_URL or docs\.json siteUrl\)\n", result.stdout)
    assert result.stderr == ""
    site = example_project / "site"
    for page in ("introduction", "quickstart", "authentication", "errors", "guides/naming-plants",
                 "reference-server/running", "api-reference/introduction", "api-reference/plants/create"):
        assert (site / page / "index.html").is_file(), page
    for asset in ("images/logo-light.svg", "images/logo-dark.svg", "images/favicon.svg",
                  "images/background.svg", "openapi.yaml", "404.html"):
        assert (site / asset).is_file(), asset
    html_files = sorted(site.rglob("*.html"))
    assert len(html_files) == 14  # 12 pages + the home copy at index.html + 404.html
    for html_file in html_files:
        for ref, target in local_targets(html_file, site):
            assert target.is_file(), f"{html_file.relative_to(site)}: {ref} -> missing {target}"
            assert target.is_relative_to(site.resolve()) or html_file.name == "404.html"
    # No absolute local URLs anywhere: the folder works under any sub-path and from disk.
    for html_file in html_files:
        assert not re.search(r'(?:href|src)="/(?!/)', html_file.read_text()), html_file


def test_home_page_is_the_first_navigation_page(example_project: Path) -> None:
    assert run_sitegen("build", example_project).returncode == 0
    home = (example_project / "site/index.html").read_text()
    assert "<title>Introduction - Plant Store</title>" in home
    assert 'href="quickstart/"' in home  # links rebased to the root
    quickstart = (example_project / "site/quickstart/index.html").read_text()
    assert 'rel="prev"' in quickstart and 'href="../introduction/"' in quickstart
    assert '<a class="nav-link" href="../quickstart/" data-page="quickstart" aria-current="page">' in quickstart


def test_api_page_shows_its_operation(example_project: Path) -> None:
    assert run_sitegen("build", example_project).returncode == 0
    html = (example_project / "site/api-reference/plants/create/index.html").read_text()
    assert "<title>Create a plant - Plant Store</title>" in html  # title from the summary
    assert "POST" in html and "/plants" in html
    # The introduction links to the playground section by its id.
    assert 'id="playground"' in html
    assert 'href="../api-reference/plants/create/#playground"' in (example_project / "site/introduction/index.html").read_text()


def test_front_matter_fields_and_fallbacks(make_project: Callable[..., Path]) -> None:
    project = make_project({"name": "T", "navigation": [{"group": "G", "pages": ["getting-started", "b"]}]}, {
        "getting-started.md": "No front matter here.\n",
        "b.md": "---\ntitle: Bee\nsidebarTitle: B short\ndescription: About bees\ncustom: kept\n---\nText\n",
        "orphan.md": "---\ntitle: Not in nav\n---\nStill built\n",
    })
    result = run_sitegen("build", project)
    assert result.returncode == 0, result.stderr
    site = project / "site"
    first = (site / "getting-started/index.html").read_text()
    assert "<h1 class=\"page-title\" id=\"page-title\">Getting started</h1>" in first
    assert "B short" in first and "Bee" not in first.split("<main")[0]  # sidebar uses sidebarTitle
    bee = (site / "b/index.html").read_text()
    assert '<h1 class="page-title" id="page-title">Bee</h1>' in bee
    assert '<meta name="description" content="About bees">' in bee
    assert "Still built" in (site / "orphan/index.html").read_text()


def test_front_matter_yaml_error_names_file_and_line(make_project: Callable[..., Path]) -> None:
    project = make_project({"name": "T", "navigation": [{"group": "G", "pages": ["a"]}]}, {
        "a.md": "---\ntitle: A\ndescription: [unclosed\nicon: x\n---\nBody\n",
    })
    result = run_sitegen("build", project)
    assert result.returncode == 1
    assert result.stderr.splitlines() == [
        "error: content/a.md:4:5: front matter: expected ',' or ']', but got ':'"
    ]


def test_missing_config_asset_names_the_key(make_project: Callable[..., Path]) -> None:
    project = make_project({"name": "T", "navigation": NAV, "logo": {"light": "logo.svg", "dark": "gone.svg"},
                            "favicon": "fav.ico"}, {**PAGES, "/logo.svg": "<svg/>"})
    result = run_sitegen("build", project)
    assert result.returncode == 1
    # A missing logo is a warning (Mintlify builds such a site; see test_v2_products): the favicon is the error.
    assert result.stderr.splitlines() == [
        "error: docs.json: favicon: file 'fav.ico' not found (looked in content/ and the project root)",
    ]


def test_pages_at_the_project_root_without_content_folder(tmp_path: Path) -> None:
    project = tmp_path / "flat"
    project.mkdir()
    (project / "docs.json").write_text('{"name": "Flat", "navigation": [{"group": "G", "pages": ["intro"]}]}')
    (project / "intro.mdx").write_text("# Flat page\n")
    (project / "README.md").write_text("# Not a page\n")
    result = run_sitegen("build", project)
    assert result.returncode == 0, result.stderr
    assert "Built 1 page in" in result.stdout
    assert (project / "site/intro/index.html").is_file()


def tree_digest(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_failed_build_leaves_previous_site_byte_identical(make_project: Callable[..., Path]) -> None:
    project = make_project({"name": "T", "navigation": NAV}, PAGES)
    assert run_sitegen("build", project).returncode == 0
    before = tree_digest(project / "site")
    # A content error found late in the build (after other pages rendered): a snippet that
    # imports itself ...
    (project / "snippets").mkdir()
    (project / "snippets/loop.mdx").write_text("import Loop from '/snippets/loop.mdx'\n\n<Loop />\n")
    (project / "content/setup.mdx").write_text("import Loop from '/snippets/loop.mdx'\n\n<Loop />\n")
    (project / "content/setup.md").unlink()
    result = run_sitegen("build", project)
    assert result.returncode == 1
    assert result.stderr.splitlines() == [
        "error: snippets/loop.mdx:3: snippet import cycle content/setup.mdx -> snippets/loop.mdx -> snippets/loop.mdx"]
    assert tree_digest(project / "site") == before
    # ... a broken link, which is a warning, fails only with --strict ...
    (project / "content/setup.mdx").write_text("[broken](missing-page)\n")
    result = run_sitegen("build", project, "--strict")
    assert result.returncode == 1
    assert tree_digest(project / "site") == before
    # ... and a config error found early.
    (project / "docs.json").write_text("{")
    assert run_sitegen("build", project).returncode == 1
    assert tree_digest(project / "site") == before
    assert not [p for p in project.iterdir() if p.name.startswith(".site.")]  # no leftovers


def test_successful_rebuild_replaces_the_site(make_project: Callable[..., Path]) -> None:
    project = make_project({"name": "T", "navigation": NAV}, PAGES)
    assert run_sitegen("build", project).returncode == 0
    (project / "content/setup.md").write_text("New text\n")
    assert run_sitegen("build", project, "--out", project / "site", "-q").stdout == ""
    assert "New text" in (project / "site/setup/index.html").read_text()


@pytest.mark.parametrize("out", [".", "content", ".."])
def test_output_folder_holding_sources_is_refused(make_project: Callable[..., Path], out: str) -> None:
    project = make_project({"name": "T", "navigation": NAV}, PAGES)
    before = tree_digest(project)
    result = run_sitegen("build", project, "--out", project / out)
    assert result.returncode == 1
    assert result.stderr.startswith("error: refusing to write the site to ")
    assert "project's sources" in result.stderr
    assert tree_digest(project) == before


def test_foreign_non_empty_output_folder_is_not_replaced(make_project: Callable[..., Path], tmp_path: Path) -> None:
    project = make_project({"name": "T", "navigation": NAV}, PAGES)
    precious = tmp_path / "documents"
    precious.mkdir()
    (precious / "thesis.txt").write_text("years of work")
    result = run_sitegen("build", project, "--out", precious)
    assert result.returncode == 1
    assert "was not written by sitegen" in result.stderr
    assert (precious / "thesis.txt").read_text() == "years of work"


def test_cli_usage_and_version() -> None:
    assert run_sitegen("--version").stdout.strip() == "sitegen 0.1.0"
    assert run_sitegen("build", "--bogus").returncode == 2
    for command in ("build", "serve", "api"):
        result = run_sitegen(command, "--help")
        assert result.returncode == 0 and "usage: sitegen " + command in result.stdout


def test_missing_project_folder(tmp_path: Path) -> None:
    result = run_sitegen("build", tmp_path / "nope")
    assert result.returncode == 1
    assert result.stderr == f"error: {tmp_path / 'nope'}: no such folder\n"


def test_api_page_front_matter_can_choose_the_playground_mode(example_project: Path) -> None:
    page = example_project / "content/api-reference/plants/create.mdx"
    page.write_text("---\nopenapi: POST /plants\nplayground: simple\n---\nText\n")
    assert run_sitegen("build", example_project).returncode == 0
    html = (example_project / "site/api-reference/plants/create/index.html").read_text()
    assert 'data-playground="simple"' in html
    page.write_text("---\nopenapi: POST /plants\nplayground: full\n---\nText\n")
    result = run_sitegen("build", example_project)
    assert result.returncode == 0
    assert result.stderr == ("warning: content/api-reference/plants/create.mdx:3: front matter: playground: "
                             "'full' is not one of 'show', 'simple', 'hide', 'interactive' or 'none'; using docs.json's\n")
    html = (example_project / "site/api-reference/plants/create/index.html").read_text()
    assert 'data-playground="show"' in html


def test_parallel_cold_build_equals_a_serial_one(make_project: Callable[..., Path], tmp_path: Path) -> None:
    from sitegen.pipeline import BuildOptions, FolderOutput, build_into
    from sitegen.search import SearchIndex

    pages = {
        f"section{n % 5}/page{n}.md": (
            f"---\ntitle: Page {n}\n---\n## Part {n}\n\nSee [next](/section{(n + 1) % 5}/page{(n + 1) % 250}) "
            f"and ![logo](/images/logo.svg).\n\n```python p{n}.py\nprint({n})\n```\n"
        )
        for n in range(250)
    }
    nav = [{"group": f"S{s}", "pages": [f"section{s}/page{n}" for n in range(s, 250, 5)]} for s in range(5)]
    project = make_project({"name": "Big", "navigation": nav}, {**pages, "/images/logo.svg": "<svg/>"})
    built = {}
    for processes in (1, 2):  # render workers write into a folder
        output = FolderOutput(tmp_path / f"site-{processes}")
        build_into(BuildOptions(project, processes=processes, search=SearchIndex(enabled=False)), output)
        output.commit()
        built[processes] = {path.relative_to(output.out_dir): path.read_bytes()
                            for path in output.out_dir.rglob("*") if path.is_file()}
    assert built[2] == built[1]
    assert len(built[1]) > 500


def test_external_logo_urls_are_kept_as_written(make_project: Callable[..., Path]) -> None:
    project = make_project({"name": "T", "navigation": NAV,
                            "logo": {"light": "//cdn.example.com/l.svg", "dark": "https://cdn.example.com/d.svg"}},
                           PAGES)
    assert run_sitegen("build", project).returncode == 0
    html = (project / "site/setup/index.html").read_text()
    assert 'src="//cdn.example.com/l.svg"' in html
    assert 'src="https://cdn.example.com/d.svg"' in html
