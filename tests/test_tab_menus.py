"""A v2 tab's `menu` (`navigation.tabs[].menu[]`): a dropdown on the tab in the tab row, each
item leading to its first page, whose sidebar shows that item's groups only
(tests/fixtures/mintlify/kiln-v2; Chromium: tests/browser/test_tab_menus_chromium.py)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from conftest import FIXTURES, built_fixture, built_page, run_sitegen

KILN = FIXTURES / "mintlify" / "kiln-v2"


@pytest.fixture(scope="module")
def kiln(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, list[str]]]:
    """(built site, warnings) of one build of a copy of the Kiln fixture."""
    _, site, warnings = built_fixture(KILN, tmp_path_factory.mktemp("kiln"))
    yield site, warnings


page = built_page


def tab_row(html: str) -> str:
    start = html.index('<nav class="tabs"')
    return html[start:html.index("</nav>", start)]


def sidebar(html: str) -> str:
    return html[html.index('<aside class="sidebar"'):html.index("</aside>")]


def menu_items(html: str) -> list[tuple[str, str, str | None, bool]]:
    """The tab row's menu items: (name, href, description, current)."""
    items = []
    for attributes, body in re.findall(r'<a class="tab-menu-item[^"]*" ([^>]*)>(.*?)</a>', tab_row(html), flags=re.S):
        href = re.search(r'href="([^"]+)"', attributes)
        name = re.search(r'<span class="tab-menu-name">([^<]+)', body)
        description = re.search(r'<span class="tab-menu-description">([^<]+)</span>', body)
        assert href is not None and name is not None
        items.append((name.group(1), href.group(1), description.group(1) if description else None,
                      'aria-current="true"' in attributes))
    return items


def sidebar_pages(site: Path, html: str) -> list[str]:
    """Every page of the section the sidebar shows (its shared nav script)."""
    script = re.search(r'<script src="([^"]*_sitegen/nav/[^"]+\.js)"></script>', html)
    assert script is not None
    script_text = (site / "_sitegen" / script.group(1).rsplit("_sitegen/", 1)[1]).read_text(encoding="utf-8")
    return [json.loads(f'"{found}"') for found in re.findall(r'data-page=\\"((?:[^"\\]|\\u[0-9a-f]{4})+)\\"',
                                                               script_text)]


def test_the_fixture_builds_without_a_warning(kiln: tuple[Path, list[str]]) -> None:
    _, warnings = kiln
    assert warnings == []


def test_the_tab_with_a_menu_is_a_button_that_opens_its_items(kiln: tuple[Path, list[str]]) -> None:
    site, _ = kiln
    row = tab_row(page(site, "en/api/firing"))
    assert '<a class="tab" href="../../../en/">Guides</a>' in row
    assert re.search(r'<button class="tab tab-menu-button active" type="button" aria-expanded="false" '
                     r'aria-controls="(tab-menu-list-2)" aria-current="true">Developer tools<svg', row)
    assert '<ul class="tab-menu-list" id="tab-menu-list-2" aria-label="Developer tools">' in row
    # Each item leads to its first page; a hidden item is left out; one with only an href links there.
    assert menu_items(page(site, "en/api/firing")) == [
        ("API", "../../../en/api/overview/", "Start and watch firings over HTTP.", True),
        ("CLI", "../../../en/cli/install/", None, False),
        ("SDKs", "../../../en/sdk/python/", "Client libraries for the kiln API.", False),
        ("Status", "https://status.example.com", "Uptime of the kiln service.", False),
    ]
    assert 'href="https://status.example.com" target="_blank" rel="noopener"' in row
    assert "Legacy API" not in row


def test_the_menu_is_on_every_page_and_marks_the_chosen_item(kiln: tuple[Path, list[str]]) -> None:
    site, _ = kiln
    assert [current for *_, current in menu_items(page(site, "en/cli/commands"))] == [False, True, False, False]
    assert [current for *_, current in menu_items(page(site, "en/sdk/python"))] == [False, False, True, False]
    guides = page(site, "en/glazes")
    assert [(name, href) for name, href, *_ in menu_items(guides)] == [
        ("API", "../../en/api/overview/"), ("CLI", "../../en/cli/install/"), ("SDKs", "../../en/sdk/python/"),
        ("Status", "https://status.example.com")]
    assert not any(current for *_, current in menu_items(guides))  # the Guides tab is the current one
    assert '<a class="tab active" href="../../en/" aria-current="true">Guides</a>' in tab_row(guides)
    assert 'class="tab tab-menu-button" type="button" aria-expanded="false"' in tab_row(guides)


def test_the_sidebar_shows_the_chosen_item_s_groups_only(kiln: tuple[Path, list[str]]) -> None:
    site, _ = kiln
    cli = page(site, "en/cli/commands")
    assert sidebar_pages(site, cli) == ["en/cli/install", "en/cli/commands"]
    assert re.findall(r'<h2 class="nav-group-title"><span>([^<]+)</span>', sidebar(cli)) == ["Command line"]
    api = page(site, "en/api/cooling")
    assert sidebar_pages(site, api) == ["en/api/overview", "en/api/firing", "en/api/cooling"]
    # No list of the menu's items at the top of the sidebar, and no anchor for the external item.
    for html in (cli, api, page(site, "en/glazes")):
        assert "dropdown-menu" not in sidebar(html)
        assert "switch section" not in sidebar(html)
        assert "status.example.com" not in sidebar(html)
        assert '<ul class="anchors">' not in sidebar(html)


def test_each_language_has_its_own_tab_menu(kiln: tuple[Path, list[str]]) -> None:
    site, _ = kiln
    html = page(site, "ja/cli/install")
    assert 'aria-current="true">開発者ツール<svg' in tab_row(html)
    assert menu_items(html) == [("API", "../../../ja/api/overview/", None, False),
                                ("CLI", "../../../ja/cli/install/", None, True)]
    assert sidebar_pages(site, html) == ["ja/cli/install"]


def test_the_menu_is_in_the_page_once(kiln: tuple[Path, list[str]]) -> None:
    """The tab row is on every page: the items are there once, not again in the sidebar."""
    site, _ = kiln
    html = page(site, "en/api/overview")
    assert html.count("Client libraries for the kiln API.") == 1
    assert html.count('class="tab-menu-item') == 4


def build_menu(make_project: Callable[..., Path], site: Path, api: dict[str, str], cli: dict[str, str],
               files: dict[str, str] | None = None) -> str:
    """Build (into `site`) a project whose one tab's menu holds API and CLI items with these
    keys besides their names and pages; the build's stderr."""
    project = make_project({
        "theme": "mint", "name": "Kiln", "colors": {"primary": "#B4532A"},
        "navigation": {"tabs": [
            {"tab": "Developer tools", "menu": [{"item": "API", **api, "pages": ["api"]},
                                                {"item": "CLI", **cli, "pages": ["cli"]}]},
        ]},
    }, {"/api.mdx": "---\ntitle: API\n---\n\nThe API.\n", "/cli.mdx": "---\ntitle: CLI\n---\n\nThe CLI.\n",
        **(files or {})})
    done = run_sitegen("build", project, "--out", site, "--no-cache")
    assert done.returncode == 0, done.stderr
    return done.stderr


def test_a_menu_item_s_unknown_icon_is_a_warning_with_its_place(make_project: Callable[..., Path],
                                                                tmp_path: Path) -> None:
    stderr = build_menu(make_project, tmp_path / "site", {"icon": "no-such-kiln-icon"}, {})
    assert ("warning: docs.json:14: navigation.tabs[0].menu[0].icon: unknown Font Awesome icon "
            "'no-such-kiln-icon' (or Pro-only, with no free counterpart); using the placeholder 'circle'") in stderr.splitlines()
    # A single tab holding a menu still gets the tab row: the menu is how its other items are reached.
    html = (tmp_path / "site" / "cli" / "index.html").read_text(encoding="utf-8")
    assert menu_items(html) == [("API", "../api/", None, False), ("CLI", "../cli/", None, True)]
    assert tab_row(html).count('<span class="tab-menu-icon">') == 1  # the placeholder ring


def test_a_menu_item_s_icon_may_be_an_image_as_an_anchor_s_may(make_project: Callable[..., Path],
                                                               tmp_path: Path) -> None:
    svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><circle r="4"/></svg>'
    stderr = build_menu(make_project, tmp_path / "site", {"icon": "/images/kiln.svg"},
                        {"icon": "https://cdn.example.com/cli.png"}, {"/images/kiln.svg": svg})
    assert "warning" not in stderr
    row = tab_row((tmp_path / "site" / "cli" / "index.html").read_text(encoding="utf-8"))
    assert re.findall(r'<span class="tab-menu-icon">(.*?)</span>', row) == [
        '<img class="icon" src="../images/kiln.svg" alt="">', '<img class="icon" src="https://cdn.example.com/cli.png" alt="">']
    assert (tmp_path / "site" / "images" / "kiln.svg").is_file()


def test_an_item_holding_dropdowns_leads_to_its_first_one(make_project: Callable[..., Path], tmp_path: Path) -> None:
    """Mintlify lets a menu item hold any level: its dropdowns are its sidebar's menu, not its siblings'."""
    project = make_project({
        "theme": "mint", "name": "Kiln", "colors": {"primary": "#B4532A"},
        "navigation": {"tabs": [
            {"tab": "Guides", "pages": ["index"]},
            {"tab": "Reference", "menu": [
                {"item": "SDKs", "dropdowns": [
                    {"dropdown": "Python", "pages": ["sdk/python"]},
                    {"dropdown": "Go", "pages": ["sdk/go"]},
                ]},
                {"item": "CLI", "pages": ["cli"]},
            ]},
        ]},
    }, {f"/{name}.mdx": f"---\ntitle: {name}\n---\n\nAbout {name}.\n" for name in ("index", "sdk/python", "sdk/go", "cli")})
    done = run_sitegen("build", project, "--out", tmp_path / "site", "--no-cache")
    assert done.returncode == 0, done.stderr
    assert "warning" not in done.stderr
    go = (tmp_path / "site" / "sdk" / "go" / "index.html").read_text(encoding="utf-8")
    assert menu_items(go) == [("SDKs", "../../sdk/python/", None, True), ("CLI", "../../cli/", None, False)]
    assert 'aria-label="Go: switch section"' in sidebar(go)
    assert re.findall(r'<span class="anchor-name">([^<]+)</span>\s*</a>', sidebar(go)) == ["Python", "Go"]
    cli = (tmp_path / "site" / "cli" / "index.html").read_text(encoding="utf-8")
    assert menu_items(cli) == [("SDKs", "../sdk/python/", None, False), ("CLI", "../cli/", None, True)]
    assert "dropdown-menu" not in sidebar(cli)


def test_a_menu_of_one_part_and_a_link_lists_both(make_project: Callable[..., Path], tmp_path: Path) -> None:
    """The item with pages is the tab's only section (no classic anchor besides the top one)."""
    project = make_project({
        "theme": "mint", "name": "Kiln", "colors": {"primary": "#B4532A"},
        "navigation": {"tabs": [
            {"tab": "Guides", "pages": ["index"]},
            {"tab": "Learn", "menu": [
                {"item": "Courses", "href": "https://learn.example.com/", "description": "Lessons at your pace."},
                {"item": "How-to", "groups": [{"group": "Firing", "pages": ["howto/fire"]}]},
            ]},
        ]},
    }, {"/index.mdx": "---\ntitle: Kiln\n---\n\nHello.\n", "/howto/fire.mdx": "---\ntitle: Fire\n---\n\nFire it.\n"})
    done = run_sitegen("build", project, "--out", tmp_path / "site", "--no-cache")
    assert done.returncode == 0, done.stderr
    html = (tmp_path / "site" / "howto" / "fire" / "index.html").read_text(encoding="utf-8")
    assert menu_items(html) == [("Courses", "https://learn.example.com/", "Lessons at your pace.", False),
                                ("How-to", "../../howto/fire/", None, True)]
    assert "learn.example.com" not in sidebar(html)
