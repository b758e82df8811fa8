"""v2 navigation levels beyond tabs and anchors: `products` (a navigation each, with a
product switcher), a tab's `menu`, endpoint pages in every language and product
(tests/fixtures/mintlify/orchard-v2); and what Mintlify builds through that used to stop
the build (a version on another site, a missing logo, a github/discord navbar link
without a label)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from sitegen.pipeline import build

from conftest import FIXTURES, built_fixture, built_page, run_sitegen


@pytest.fixture(scope="module")
def orchard(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, list[str]]]:
    """(built site, warnings) of one build of a copy of the Orchard fixture."""
    _, site, warnings = built_fixture(FIXTURES / "mintlify" / "orchard-v2", tmp_path_factory.mktemp("orchard"))
    yield site, warnings


page = built_page


def sidebar(html: str) -> str:
    return html[html.index('<aside class="sidebar"'):html.index("</aside>")]


def switcher(html: str) -> list[tuple[str, str, bool]]:
    """The product switcher's entries: (name, href, current)."""
    menu = html[html.index('<details class="dropdown-menu product-switcher">'):]
    menu = menu[:menu.index("</details>")]
    return [(name, href, current is not None and "aria-current" in current)
            for href, current, name in re.findall(
                r'<a class="dropdown-item[^"]*" href="([^"]+)"( aria-current="true")?[^>]*>.*?'
                r'<span class="anchor-name">([^<]+)', menu, flags=re.S)]


def sidebar_pages(site: Path, html: str) -> list[str]:
    """Every page of the section the sidebar shows (its shared nav script)."""
    script = re.search(r'<script src="([^"]*_sitegen/nav/[^"]+\.js)"></script>', html)
    assert script is not None
    name = script.group(1).rsplit("_sitegen/", 1)[1]
    script_text = (site / "_sitegen" / name).read_text(encoding="utf-8")
    # The script holds the section's HTML as a JSON string: ids come back through json.loads.
    return [json.loads(f'"{found}"') for found in re.findall(r'data-page=\\"((?:[^"\\]|\\u[0-9a-f]{4})+)\\"',
                                                               script_text)]


def test_no_navigation_key_of_the_fixture_is_unknown(orchard: tuple[Path, list[str]]) -> None:
    _, warnings = orchard
    assert [warning for warning in warnings if "unknown key" in warning] == []


def test_each_product_has_its_own_sidebar(orchard: tuple[Path, list[str]]) -> None:
    site, _ = orchard
    assert sidebar_pages(site, page(site, "en/harvest/picking")) == [
        "en/harvest/index", "en/harvest/picking", "en/harvest/sorting"]
    assert sidebar_pages(site, page(site, "en/cellar/overview")) == ["en/cellar/overview", "en/cellar/racking"]


def test_the_product_switcher_lists_the_language_s_products(orchard: tuple[Path, list[str]]) -> None:
    site, _ = orchard
    assert switcher(page(site, "en/cellar/racking")) == [
        ("Harvest", "../../../en/harvest/", False),
        ("Cellar", "../../../en/cellar/overview/", True),
        ("Market", "https://market.example.com/docs", False),  # a product on another site: a plain link
    ]
    assert switcher(page(site, "fr/harvest/picking")) == [
        ("Récolte", "../../../fr/harvest/", True),
        ("Cave", "../../../fr/cellar/api/intro/", False),
    ]
    assert '<span class="product-description">Store and press</span>' in page(site, "en/harvest")


def test_the_language_menu_finds_the_same_page_in_another_language_s_product(orchard: tuple[Path, list[str]]) -> None:
    site, _ = orchard
    assert 'href="../../../../fr/cellar/api/intro/" hreflang="fr"' in page(site, "en/cellar/api/intro")


def test_a_tab_menu_is_a_dropdown_of_that_tab_in_the_product_s_tab_row(orchard: tuple[Path, list[str]]) -> None:
    site, _ = orchard
    html = page(site, "en/cellar/cli/install")
    tabs = html[html.index('<nav class="tabs"'):]
    tabs = tabs[:tabs.index("</nav>")]
    assert re.findall(r'<span class="tab-menu-name">([^<]+)</span>', tabs) == ["API", "CLI"]
    assert '<a class="tab-menu-item active" href="../../../../en/cellar/cli/install/" aria-current="true">' in tabs
    # The sidebar holds the product switcher and the chosen item's pages, no menu of the tab's items.
    assert "switch section" not in sidebar(html)
    assert sidebar_pages(site, html) == ["en/cellar/cli/install"]


def test_endpoint_entries_get_pages_at_mintlify_s_urls_in_every_language(orchard: tuple[Path, list[str]]) -> None:
    site, _ = orchard
    assert "List barrels" in page(site, "en/api-reference/barrels/list-barrels")
    assert "Lister les fûts" in page(site, "fr/api-reference/barrels/lister-les-fûts")
    assert "fr/api-reference/barrels/lister-les-fûts" in sidebar_pages(site, page(site, "fr/cellar/api/intro"))


# --- what Mintlify builds through ------------------------------------------------------


def test_a_version_on_another_site_is_a_link_in_the_version_menu(make_project: Callable[..., Path],
                                                                  tmp_path: Path) -> None:
    project = make_project({
        "name": "Kiln", "versions": ["v1", {"name": "v0.x", "url": "https://old.kiln.example/docs"}],
        "navigation": [{"group": "Start", "version": "v1", "pages": ["index"]}],
    }, {"index.mdx": "---\ntitle: Kiln\n---\n\nFiring schedules."})
    done = run_sitegen("build", project, "--out", tmp_path / "site", "--no-cache")
    assert done.returncode == 0, done.stderr
    assert ("warning: docs.json: versions[1]: 'v0.x' is on another site (https://old.kiln.example/docs); the "
            "version menu links there") in done.stderr
    html = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert '<option value="v0.x" data-url="https://old.kiln.example/docs">v0.x ↗</option>' in html
    strict = run_sitegen("build", project, "--out", tmp_path / "strict", "--no-cache", "--strict")
    assert strict.returncode == 1


def test_a_missing_logo_falls_back_to_the_site_name(make_project: Callable[..., Path], tmp_path: Path) -> None:
    project = make_project({
        "name": "Kiln", "logo": {"light": "/logo/light.svg", "dark": "/logo/dark.svg"},
        "navigation": [{"group": "Start", "pages": ["index"]}],
    }, {"index.mdx": "---\ntitle: Kiln\n---\n\nFiring schedules."})
    done = run_sitegen("build", project, "--out", tmp_path / "site", "--no-cache")
    assert done.returncode == 0, done.stderr
    assert ("warning: docs.json: logo.light: file '/logo/light.svg' not found (looked in content/ and the "
            "project root); the site's name is shown instead") in done.stderr
    html = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert '<span class="brand-name">Kiln</span>' in html and "logo/light.svg" not in html
    assert run_sitegen("build", project, "--out", tmp_path / "strict", "--no-cache", "--strict").returncode == 1


def test_one_missing_side_of_the_logo_uses_the_other(make_project: Callable[..., Path], tmp_path: Path) -> None:
    project = make_project({
        "name": "Kiln", "logo": {"light": "/logo/light.svg", "dark": "/logo/dark.svg"},
        "navigation": [{"group": "Start", "pages": ["index"]}],
    }, {"index.mdx": "---\ntitle: Kiln\n---\n\nFiring schedules.",
        "/logo/light.svg": '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>'})
    done = run_sitegen("build", project, "--out", tmp_path / "site", "--no-cache")
    assert done.returncode == 0, done.stderr
    assert ("warning: docs.json: logo.dark: file '/logo/dark.svg' not found (looked in content/ and the project "
            "root); using logo.light in both modes") in done.stderr
    assert "logo/dark.svg" not in (tmp_path / "site" / "index.html").read_text(encoding="utf-8")


def test_a_github_or_discord_navbar_link_may_leave_out_its_label(orchard: tuple[Path, list[str]]) -> None:
    site, warnings = orchard
    assert ("docs.json: navbar.links[0]: a github link without a label; labelled 'orchard-example/orchard' "
            "(Mintlify's star count needs its API)") in warnings
    assert ("docs.json: navbar.links[1]: a discord link without a label; labelled 'Discord' (Mintlify's online "
            "count needs its API)") in warnings
    topbar = page(site, "en/harvest/picking").split('<nav class="topbar-links"', 1)[1].split("</nav>", 1)[0]
    links = re.findall(r'<a href="([^"]+)"><span class="topbar-link-icon"><svg[^>]*>.*?</svg></span>([^<]+)</a>',
                       topbar, flags=re.S)
    assert links == [("https://github.com/orchard-example/orchard", "orchard-example/orchard"),
                     ("https://discord.gg/orchard-example", "Discord")]


def test_a_v2_version_with_only_an_href_is_a_link_in_the_version_menu(tmp_path: Path) -> None:
    project = tmp_path / "kiln"
    project.mkdir()
    (project / "index.mdx").write_text("---\ntitle: Kiln\n---\n\nFiring schedules.", encoding="utf-8")
    (project / "docs.json").write_text(json.dumps({
        "theme": "mint", "name": "Kiln", "colors": {"primary": "#AA3300"},
        "navigation": {"versions": [
            {"version": "v2", "groups": [{"group": "Start", "pages": ["index"]}]},
            {"version": "v1", "href": "https://v1.kiln.example"}]},
    }), encoding="utf-8")
    build(project, tmp_path / "site")
    html = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert '<option value="v1" data-url="https://v1.kiln.example">v1 ↗</option>' in html


def test_a_directory_lists_the_group_on_its_root_page(orchard: tuple[Path, list[str]]) -> None:
    site, _ = orchard
    html = page(site, "en/harvest")
    listing = html[html.index('<nav class="group-directory directory-card"'):]
    listing = listing[:listing.index("</nav>")]
    assert re.findall(r'<a class="card-link" href="([^"]+)">([^<]+)</a>', listing) == [
        ("../../en/harvest/picking/", "Picking"), ("../../en/harvest/sorting/", "Sorting")]
    assert "group-directory" not in page(site, "en/harvest/picking")  # only the group's root page has one


def test_a_group_boost_weighs_its_pages_in_search(orchard: tuple[Path, list[str]]) -> None:
    site, _ = orchard
    assert '<article class="page" id="content-area" data-pagefind-body data-pagefind-weight="2.0">' in page(site, "en/cellar/racking")
    assert '<article class="page" id="content-area" data-pagefind-body>' in page(site, "en/harvest/picking")


def test_migrate_keeps_a_version_on_another_site_as_a_link(make_project: Callable[..., Path], tmp_path: Path) -> None:
    project = make_project({
        "name": "Kiln", "versions": ["v1", {"name": "v0.x", "url": "https://old.kiln.example/docs"}],
        "navigation": [{"group": "Start", "version": "v1", "pages": ["index"]}],
    }, {"index.mdx": "---\ntitle: Kiln\n---\n\nFiring schedules."})
    done = run_sitegen("migrate", project, "--out", tmp_path / "docs.json")
    assert done.returncode == 0, done.stderr
    versions = json.loads((tmp_path / "docs.json").read_text(encoding="utf-8"))["navigation"]["versions"]
    assert [version["version"] for version in versions] == ["v1", "v0.x"]
    assert versions[1] == {"version": "v0.x", "href": "https://old.kiln.example/docs"}


def test_a_group_with_a_root_page_and_no_other_page_is_listed(tmp_path: Path) -> None:
    project = tmp_path / "kiln"
    (project / "nodes").mkdir(parents=True)
    for name, title in (("index", "Kiln"), ("nodes/glaze", "Glaze")):
        (project / f"{name}.mdx").write_text(f"---\ntitle: {title}\n---\n\nAbout {title}.", encoding="utf-8")
    (project / "docs.json").write_text(json.dumps({
        "theme": "mint", "name": "Kiln", "colors": {"primary": "#AA3300"},
        "navigation": {"groups": [{"group": "Start", "pages": [
            "index", {"group": "Glazing", "root": "nodes/glaze", "pages": []}]}]},
    }), encoding="utf-8")
    report = build(project, tmp_path / "site")
    assert report.warnings == []
    home = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert 'href="nodes/glaze/" data-page="nodes/glaze"' in home
