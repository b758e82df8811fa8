"""The manual (manual/): a sitegen project of its own, built by sitegen with --strict, so a page
that uses a component wrongly, links to a missing page or heading, or leaves a page out of the
navigation fails here."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

from conftest import REPO, copy_fixture, run_sitegen

MANUAL = REPO / "manual"


class Headings(HTMLParser):
    """The text of the page's title (h1) and of every h2 of its article (those with an id),
    without the "#" link beside each."""

    def __init__(self) -> None:
        super().__init__()
        self.headings: list[str] = []
        self._inside: str | None = None
        self._in_anchor = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if (tag == "h1" and found.get("class") == "page-title") or (tag == "h2" and found.get("id")):
            self._inside = ""
        self._in_anchor = self._in_anchor or (tag == "a" and found.get("class") == "header-anchor")

    def handle_endtag(self, tag: str) -> None:
        if tag == "a":
            self._in_anchor = False
        if tag in ("h1", "h2") and self._inside is not None:
            self.headings.append(" ".join(self._inside.split()))
            self._inside = None

    def handle_data(self, data: str) -> None:
        if self._inside is not None and not self._in_anchor:
            self._inside += data


def headings(page: Path) -> list[str]:
    parser = Headings()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser.headings


def test_the_manual_builds_with_no_warning_and_has_its_pages(tmp_path: Path) -> None:
    project = copy_fixture(MANUAL, tmp_path)
    out = tmp_path / "out"
    result = run_sitegen("build", project, "--strict", "--out", out)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    pages = sorted(path.stem for path in MANUAL.glob("*.mdx"))
    assert result.stdout.startswith(f"Built {len(pages)} pages in ")

    assert headings(out / "index.html") == ["sitegen", "Where to start", "The Plant Store"]
    assert {"sitegen new", "sitegen build", "sitegen check", "Exit codes", "Errors and warnings"} <= set(
        headings(out / "commands/index.html"))
    assert {"GitHub Pages", "Netlify", "Cloudflare Pages", "Amazon S3 and CloudFront", "nginx"} <= set(
        headings(out / "hosting/index.html"))
    assert {"Classic schema", "v2 docs.json"} <= set(headings(out / "docs-json/index.html"))
    assert {"Configuration", "Pages", "JavaScript", "Left out"} <= set(
        headings(out / "mintlify-compatibility/index.html"))
    assert {"Summary", "The scripts"} <= set(headings(out / "benchmarks/index.html"))


def test_every_page_of_the_manual_is_in_its_navigation() -> None:
    navigation = json.loads((MANUAL / "docs.json").read_text(encoding="utf-8"))["navigation"]
    listed = [page for group in navigation["groups"] for page in group["pages"]]
    assert sorted(listed) == sorted(path.stem for path in MANUAL.glob("*.mdx"))


def test_readme_is_a_short_front_door_that_names_the_manual() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 150
    assert "sitegen build manual" in readme
    # Nothing outside the repository: every relative link of the README resolves inside it.
    for target in re.findall(r"\]\(([^)#]+)\)", readme):
        if "://" in target:
            continue
        assert (REPO / target).resolve().is_relative_to(REPO), target
        assert (REPO / target).exists(), target


def test_readme_holds_the_ci_test_command_as_a_line_of_its_own() -> None:
    """.ci/run checks this too, but only in CI: a README edit that breaks it fails here first."""
    ci = (REPO / ".ci/run").read_text(encoding="utf-8")
    command = re.search(r'^TEST_COMMAND="(.*)"$', ci, re.M)
    assert command is not None
    assert command.group(1) in (REPO / "README.md").read_text(encoding="utf-8").splitlines()
