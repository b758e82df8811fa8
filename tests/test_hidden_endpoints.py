"""OpenAPI operations marked `x-hidden` or `x-excluded`, and `x-mint` (tests/fixtures/mintlify/orchard-v2).

`x-excluded`: no page, no navigation entry, no search entry, no llms.txt line, no stub from
`sitegen openapi-pages`. `x-hidden`: a page links reach (as Mintlify makes it), but none of
the rest, and robots are asked not to index it.
"""

from __future__ import annotations

import gzip
import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from sitegen.pipeline import build

from conftest import FIXTURES, built_fixture, run_sitegen

HIDDEN_PAGE = "en/api-reference/barrels/inspect-a-barrel"
HIDDEN_WORD = "zymometer"  # only in the x-hidden operation's description
EXCLUDED_WORD = "quillwort"  # only in the x-excluded operation's description


@pytest.fixture(scope="module")
def orchard_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Path, list[str]]]:
    """(project, built site, warnings) of one build of a copy of the Orchard fixture."""
    yield built_fixture(FIXTURES / "mintlify" / "orchard-v2", tmp_path_factory.mktemp("orchard"))


def site_text(site: Path, pattern: str = "*") -> dict[str, str]:
    return {path.relative_to(site).as_posix(): path.read_text(encoding="utf-8", errors="replace")
            for path in site.rglob(pattern) if path.is_file()}


def search_fragments(site: Path) -> list[dict[str, object]]:
    """Every record of the Pagefind index: what a search can return (URL, text, metadata)."""
    records = []
    for fragment in site.glob("_sitegen/search/*/fragment/*.pf_fragment"):
        data = gzip.decompress(fragment.read_bytes())
        records.append(json.loads(data.removeprefix(b"pagefind_dcd")))
    return records


def test_an_excluded_operation_has_no_page_and_is_nowhere_in_the_site(orchard_site: tuple[Path, Path, list[str]]) -> None:
    _, site, _ = orchard_site
    texts = site_text(site)
    # Only the author's own OpenAPI files, published at their paths as Mintlify serves every file
    # of the project (`.mintignore` keeps them private); nothing sitegen generates names it.
    assert sorted(path for path, text in texts.items() if EXCLUDED_WORD in text) == [
        "en/api-reference/cellar.yaml", "fr/api-reference/cellar.yaml"]
    assert not any("scrap-a-barrel" in path for path in texts)


def test_a_hidden_operation_has_a_page_that_links_reach_and_robots_skip(orchard_site: tuple[Path, Path, list[str]]) -> None:
    _, site, _ = orchard_site
    html = (site / HIDDEN_PAGE / "index.html").read_text(encoding="utf-8")
    assert HIDDEN_WORD in html
    assert '<meta name="robots" content="noindex">' in html


def test_a_hidden_operation_is_in_no_navigation(orchard_site: tuple[Path, Path, list[str]]) -> None:
    _, site, warnings = orchard_site
    listed = {found for text in [*site_text(site, "*.js").values(), *site_text(site, "*.html").values()]
              for found in re.findall(r'data-page=\\?"([^"\\]+)', text)}
    assert "en/api-reference/barrels/list-barrels" in listed  # the level's visible operations are listed
    assert HIDDEN_PAGE not in listed
    # The docs.json entry that names it says why it is not in the sidebar.
    assert ("docs.json:54: navigation.languages[0].products[1].tabs[1].menu[0].groups[0].pages[3]: "
            "'GET /barrels/{barrelId}' is marked x-hidden in en/api-reference/cellar.yaml; its page is built for "
            "links but not listed") in warnings


def test_hidden_and_excluded_operations_are_not_in_the_search_index(orchard_site: tuple[Path, Path, list[str]]) -> None:
    _, site, _ = orchard_site
    records = search_fragments(site)
    urls = {record["meta"]["url"] for record in records}  # type: ignore[index]
    assert "/en/api-reference/barrels/list-barrels/" in urls  # visible operations are searchable
    assert not any(HIDDEN_PAGE in str(url) for url in urls)
    assert not any(HIDDEN_WORD in str(record["content"]) or EXCLUDED_WORD in str(record["content"])
                   for record in records)


def test_hidden_and_excluded_operations_are_not_in_llms_txt(orchard_site: tuple[Path, Path, list[str]]) -> None:
    _, site, _ = orchard_site
    for name in ("llms.txt", "llms-full.txt"):
        text = (site / name).read_text(encoding="utf-8")
        assert "List barrels" in text
        assert "Inspect a barrel" not in text and HIDDEN_WORD not in text and EXCLUDED_WORD not in text


def test_openapi_pages_writes_no_stub_for_an_excluded_operation(tmp_path: Path) -> None:
    project = tmp_path / "orchard"
    shutil.copytree(FIXTURES / "mintlify" / "orchard-v2", project)
    (project / "docs.json").write_text(json.dumps({
        "name": "Orchard", "openapi": "en/api-reference/cellar.yaml",
        "navigation": [{"group": "Start", "pages": ["en/harvest/index"]}]}), encoding="utf-8")
    done = run_sitegen("openapi-pages", project, "--out", "stubs")
    assert done.returncode == 0, done.stderr
    stubs = {path.name: path.read_text(encoding="utf-8") for path in (project / "stubs").glob("*.mdx")}
    assert sorted(stubs) == ["fill-a-barrel.mdx", "inspect-a-barrel.mdx", "list-barrels.mdx"]
    assert "hidden: true" in stubs["inspect-a-barrel.mdx"]
    assert "hidden" not in stubs["list-barrels.mdx"]


# --- x-mint ---------------------------------------------------------------------------


def test_x_mint_href_metadata_and_content_shape_the_generated_page(orchard_site: tuple[Path, Path, list[str]]) -> None:
    _, site, _ = orchard_site
    assert not (site / "en/api-reference/barrels/fill-a-barrel").exists()
    html = (site / "en/cellar/filling/index.html").read_text(encoding="utf-8")
    assert '<h1 class="page-title" id="page-title">Fill a barrel with cider</h1>' in html
    assert '<meta name="description" content="Start a new barrel from a pressing.">' in html
    # `content` is MDX (its <Note> a callout), shown above the operation's reference.
    note = html.index("Filling needs a pressing that finished today.")
    assert html.rindex('<div class="callout callout-note"', 0, note) > html.index('<div class="prose api-prose">')
    assert note < html.index('<h2 id="api-responses">Responses</h2>')


def test_x_mint_mcp_is_one_warning(orchard_site: tuple[Path, Path, list[str]]) -> None:
    _, _, warnings = orchard_site
    assert [warning for warning in warnings if "x-mint.mcp" in warning] == [
        "en/api-reference/cellar.yaml: POST /barrels: x-mint.mcp (1 operation): Mintlify's MCP server tools need a "
        "server, which a static site has not; ignored"]


def test_x_mint_href_to_a_written_page_lists_that_page_for_the_operation(tmp_path: Path) -> None:
    project = tmp_path / "orchard"
    shutil.copytree(FIXTURES / "mintlify" / "orchard-v2", project)
    spec = project / "en/api-reference/cellar.yaml"
    spec.write_text(spec.read_text(encoding="utf-8").replace("href: /en/cellar/filling", "href: /en/cellar/racking"),
                    encoding="utf-8")
    build(project, tmp_path / "site")
    site = tmp_path / "site"
    assert not (site / "en/cellar/filling").exists()
    script = next(text for text in site_text(site, "*.js").values() if "en/cellar/api/intro" in text)
    listed = re.findall(r'data-page=\\"([^"\\]+)', script)
    assert listed == ["en/cellar/api/intro", "en/api-reference/barrels/list-barrels", "en/cellar/racking"]
    assert "Racking: the orchard documentation page" in (site / "en/cellar/racking/index.html").read_text(encoding="utf-8")
