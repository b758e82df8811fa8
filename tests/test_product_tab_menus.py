"""v2 `products` whose tabs have a `menu`, written the way large multi-product sites write
them (`navigation.languages[].products[].tabs[].menu[].groups`): each product's pages show
the product switcher with that product marked, the tab row shows the product's own tabs
with the menu's items, and a page of a menu item has that item's groups in its sidebar
(tests/fixtures/mintlify/ferry-v2; Chromium: tests/browser/test_product_menus_chromium.py)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sitegen.pipeline import build

from conftest import FIXTURES, built_fixture, built_page

FERRY = FIXTURES / "mintlify" / "ferry-v2"


@pytest.fixture(scope="module")
def ferry(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, list[str]]]:
    """(built site, warnings) of one build of a copy of the Ferry fixture."""
    _, site, warnings = built_fixture(FERRY, tmp_path_factory.mktemp("ferry"))
    yield site, warnings


page = built_page


def between(html: str, start: str, end: str) -> str:
    at = html.index(start)
    return html[at:html.index(end, at)]


def switcher(html: str) -> tuple[str, list[tuple[str, str, bool]]]:
    """The product switcher: (the product its closed button shows, its entries as
    (name, href, marked current))."""
    menu = between(html, '<details class="dropdown-menu product-switcher">', "</details>")
    shown = re.search(r'<summary class="dropdown-current" aria-label="([^"]*)">', menu)
    assert shown is not None
    entries = [(name, href, current == " active" and 'aria-current="true"' in attributes)
               for current, href, attributes, name in re.findall(
                   r'<a class="dropdown-item( active)?" href="([^"]*)"([^>]*)>.*?<span class="anchor-name">([^<]+)',
                   menu, flags=re.S)]
    return shown.group(1), entries


def tab_row(html: str) -> list[tuple[str, str | None, bool]]:
    """The tab row: (tab name, its link or None for a tab that opens a menu, marked current)."""
    row = between(html, '<nav class="tabs"', "</nav>")
    tabs = []
    for tag, name in re.findall(r'(<(?:a|button) class="tab(?: [^"]*)?"[^>]*>)([^<]+)', row):
        href = re.search(r'href="([^"]*)"', tag)
        tabs.append((name, href.group(1) if href else None, 'aria-current="true"' in tag))
    return tabs


def menu_items(html: str) -> list[tuple[str, str, bool]]:
    """The tab menu's items: (name, href, marked current)."""
    row = between(html, '<nav class="tabs"', "</nav>")
    return [(name, href, 'aria-current="true"' in attributes)
            for href, attributes, name in re.findall(
                r'<a class="tab-menu-item[^"]*" href="([^"]*)"([^>]*)>.*?<span class="tab-menu-name">([^<]+)',
                row, flags=re.S)]


def sidebar_groups(html: str) -> list[str]:
    """The group titles the page's own sidebar shows."""
    nav = between(html, '<nav class="sidebar-nav"', "</nav>")
    return [re.sub(r"<[^>]+>", "", title) for title in re.findall(r'<h2 class="nav-group-title">(.*?)</h2>', nav)]


def sidebar_pages(site: Path, html: str) -> list[str]:
    """Every page of the section the sidebar shows (its shared nav script)."""
    script = re.search(r'<script src="([^"]*_sitegen/nav/[^"]+\.js)"></script>', html)
    assert script is not None
    text = (site / "_sitegen" / script.group(1).rsplit("_sitegen/", 1)[1]).read_text(encoding="utf-8")
    return [json.loads(f'"{found}"') for found in re.findall(r'data-page=\\"((?:[^"\\]|\\u[0-9a-f]{4})+)\\"', text)]


def pager(html: str) -> tuple[str | None, str | None]:
    """(previous, next) page titles at the foot of the page."""
    found = dict(re.findall(r'<a class="pager-(prev|next)"[^>]*>.*?<span class="pager-title">([^<]+)', html, flags=re.S))
    return found.get("prev"), found.get("next")


def test_the_fixture_builds_without_a_warning(ferry: tuple[Path, list[str]]) -> None:
    _, warnings = ferry
    assert warnings == []


def test_the_product_switcher_lists_both_products_with_the_current_one_marked(ferry: tuple[Path, list[str]]) -> None:
    site, _ = ferry
    assert switcher(page(site, "en/plugins/manifest")) == ("Product: Cloud: switch product", [
        ("Cloud", "../../../en/cloud/", True),
        ("Self-Host", "../../../en/self-host/docker-compose/", False),
    ])
    assert switcher(page(site, "en/self-host/backups")) == ("Product: Self-Host: switch product", [
        ("Cloud", "../../../en/cloud/", False),
        ("Self-Host", "../../../en/self-host/docker-compose/", True),
    ])


def test_each_product_shows_its_own_tabs(ferry: tuple[Path, list[str]]) -> None:
    site, _ = ferry
    assert tab_row(page(site, "en/cloud/book-a-sailing")) == [
        ("Use", "../../../en/cloud/", True), ("Developer Resources", None, False)]
    assert tab_row(page(site, "en/self-host/upgrade")) == [
        ("Deploy", "../../../en/self-host/docker-compose/", True), ("Operate", "../../../en/self-host/backups/", False)]
    assert "tab-menu" not in page(site, "en/self-host/upgrade")


def test_the_tab_s_menu_lists_its_items_each_leading_to_its_first_page(ferry: tuple[Path, list[str]]) -> None:
    site, _ = ferry
    # From another tab: the items, none of them current.
    assert menu_items(page(site, "en/cloud")) == [
        ("API", "../../en/api/get-started/", False), ("Plugins", "../../en/plugins/first-plugin/", False)]
    # On a page of the second item: that item is the current one, and so is its tab.
    html = page(site, "en/plugins/manifest")
    assert menu_items(html) == [
        ("API", "../../../en/api/get-started/", False), ("Plugins", "../../../en/plugins/first-plugin/", True)]
    assert ("Developer Resources", None, True) in tab_row(html)


def test_a_page_of_the_second_item_shows_that_item_s_groups_only(ferry: tuple[Path, list[str]]) -> None:
    site, _ = ferry
    html = page(site, "en/plugins/manifest")
    assert sidebar_groups(html) == ["Build a plugin", "Publishing"]
    assert sidebar_pages(site, html) == ["en/plugins/first-plugin", "en/plugins/manifest", "en/plugins/publish"]
    assert '<a class="nav-link" href="../../../en/plugins/manifest/" data-page="en/plugins/manifest" ' \
           'aria-current="page">' in html
    api = page(site, "en/api/tickets")
    assert sidebar_groups(api) == ["Guides", "Endpoints"]
    assert sidebar_pages(site, api) == [
        "en/api/get-started", "en/api/authentication", "en/api/sailings", "en/api/tickets"]
    # The menu's items are in the tab row, not a second menu in the sidebar of either item.
    for html in (page(site, "en/plugins/manifest"), api):
        sidebar = between(html, '<aside class="sidebar"', "</aside>")
        assert re.findall(r'<details class="([^"]*)"', sidebar) == ["dropdown-menu product-switcher"]


def test_previous_and_next_go_from_one_item_into_the_next(ferry: tuple[Path, list[str]]) -> None:
    site, _ = ferry
    assert pager(page(site, "en/api/tickets")) == ("Sailings", "Your first plugin")
    assert pager(page(site, "en/plugins/first-plugin")) == ("Tickets", "The manifest")
    # The last page of the first product ends its reading order: the other product is a switch away.
    assert pager(page(site, "en/plugins/publish")) == ("The manifest", None)
    assert pager(page(site, "en/self-host/docker-compose")) == (None, "Upgrade")


def write_project(project: Path, navigation: dict[str, Any], pages: list[str]) -> Path:
    """A v2 project with that navigation and a page for each id (titled with its id)."""
    project.mkdir(parents=True)
    for name in pages:
        (project / f"{name}.mdx").parent.mkdir(parents=True, exist_ok=True)
        (project / f"{name}.mdx").write_text(f"---\ntitle: {name}\n---\n\nText.\n", encoding="utf-8")
    (project / "docs.json").write_text(json.dumps({"name": "Two", "theme": "mint", "colors": {"primary": "#0E6BA8"},
                                                   "navigation": navigation}), encoding="utf-8")
    return project


def test_a_page_two_products_list_belongs_to_the_first(tmp_path: Path) -> None:
    shared = {"tab": "Developers", "menu": [{"item": "CLI", "groups": [{"group": "CLI", "pages": ["cli/install"]}]}]}
    project = write_project(tmp_path / "two", {"products": [
        {"product": "Cloud", "tabs": [{"tab": "Use", "pages": ["cloud/start"]}, shared]},
        {"product": "Self-Host", "tabs": [{"tab": "Deploy", "pages": ["self-host/docker"]}, shared]}]},
        ["cloud/start", "self-host/docker", "cli/install"])
    assert build(project, tmp_path / "site").warnings == []
    site = tmp_path / "site"
    # Self-Host's menu leads to the shared page, which shows Cloud's switcher entry, tabs and sidebar.
    assert menu_items(page(site, "self-host/docker")) == [("CLI", "../../cli/install/", False)]
    html = page(site, "cli/install")
    assert [name for name, _, current in switcher(html)[1] if current] == ["Cloud"]
    assert [name for name, _, _ in tab_row(html)] == ["Use", "Developers"]
    assert sidebar_pages(site, html) == ["cli/install"]


def test_an_icon_warning_names_where_docs_json_writes_the_product_item_or_dropdown(tmp_path: Path) -> None:
    navigation = {"languages": [{"language": "en", "products": [
        {"product": "Core", "icon": "not-an-icon", "menu": [
            {"item": "Guides", "icon": "book-open", "pages": ["core/start"]},
            {"item": "Reference", "icon": "square-terminal", "pages": ["core/users"]}]},
        {"product": "Reports", "dropdowns": [
            {"dropdown": "Overview", "pages": ["reports/overview"]},
            {"dropdown": "Daily", "icon": "not-an-icon", "pages": ["reports/daily"]}]}]}]}
    project = write_project(tmp_path / "icons", navigation, ["core/start", "core/users", "reports/overview",
                                                             "reports/daily"])
    unknown = "unknown Font Awesome icon 'not-an-icon' (or Pro-only, with no free counterpart); using the placeholder 'circle'"
    assert sorted(build(project, tmp_path / "site").warnings) == sorted([
        f"docs.json: navigation.languages[0].products[0].icon: {unknown}",
        "docs.json: navigation.languages[0].products[0].menu[1].icon: 'square-terminal' is not a free Font Awesome "
        "icon; using 'terminal'",
        f"docs.json: navigation.languages[0].products[1].dropdowns[1].icon: {unknown}",
    ])
