"""v2 `products`, a tab `menu` and hidden OpenAPI operations in real Chromium, on the Orchard
fixture (tests/fixtures/mintlify/orchard-v2): the product switcher walk, and a search that
never finds an `x-hidden` or `x-excluded` operation; a version on another site."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from chrome_support import build, serve_project, sidebar_links
from conftest import FIXTURES, serving

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The fixture built once and served over HTTP (its warnings are test_v2_products's)."""
    project = tmp_path_factory.mktemp("orchard") / "orchard"
    shutil.copytree(FIXTURES / "mintlify" / "orchard-v2", project)
    build(project)
    with serving(project / "site") as url:
        yield url


def title(page: Any) -> str:
    return page.locator("h1.page-title").inner_text()


def test_the_product_switcher_leads_to_each_product_s_first_page_and_sidebar(site: str, page: Any) -> None:
    page.goto(site + "en/harvest/picking/")
    switcher = page.locator(".product-switcher")
    assert switcher.locator("summary .anchor-name").inner_text() == "Harvest"
    assert sidebar_links(page) == ["Picking", "Sorting"]  # the root page is the group title's link
    assert page.locator(".tabs .tab").count() == 0  # Harvest has no tabs

    switcher.locator("summary").click()
    entries = switcher.locator(".dropdown-list .anchor-name")
    assert [" ".join(text.split()) for text in entries.all_inner_texts()] == [
        "Harvest Pick and sort fruit", "Cellar Store and press", "Market"]
    switcher.locator(".dropdown-item", has_text="Cellar").click()
    page.wait_for_url(site + "en/cellar/overview/")
    assert title(page) == "Cellar overview"
    assert page.locator(".product-switcher summary .anchor-name").inner_text() == "Cellar"
    assert sidebar_links(page) == ["Cellar overview", "Racking"]
    assert page.locator(".tabs .tab").all_inner_texts() == ["Guides", "Developers"]

    # The Developers tab's menu, a dropdown in the tab row: each item leads to its own sidebar.
    page.locator(".tab-menu-button", has_text="Developers").click()
    page.locator(".tab-menu-item", has_text="API").click()
    page.wait_for_url(site + "en/cellar/api/intro/")
    assert [" ".join(link.split()) for link in sidebar_links(page)] == [
        "Barrels API", "GET List barrels", "POST Fill a barrel with cider"]
    assert page.locator(".sidebar .dropdown-menu:not(.product-switcher)").count() == 0
    page.locator(".tab-menu-button", has_text="Developers").click()
    page.locator(".tab-menu-item", has_text="CLI").click()
    page.wait_for_url(site + "en/cellar/cli/install/")
    assert sidebar_links(page) == ["Install the cellar CLI"]

    # Back to Harvest through the switcher, from another product's page.
    page.locator(".product-switcher summary").click()
    page.locator(".product-switcher .dropdown-item", has_text="Harvest").click()
    page.wait_for_url(site + "en/harvest/")
    assert title(page) == "Harvest"
    assert sidebar_links(page) == ["Picking", "Sorting"]  # the root page is the group title's link


def test_search_never_finds_a_hidden_or_excluded_operation(site: str, page: Any) -> None:
    page.goto(site + "en/cellar/api/intro/")
    page.keyboard.press("/")
    page.keyboard.type("barrel")
    results = page.locator("#search-results .search-result-page")
    results.filter(has_text="List barrels").first.wait_for()
    assert "Inspect a barrel" not in results.all_inner_texts()
    status = page.locator(".search-status")
    for word in ("zymometer", "quillwort"):  # words of the x-hidden and the x-excluded operation only
        page.locator(".search-input").fill(word)
        status.filter(has_text=f"No results for “{word}”").wait_for()
        assert results.count() == 0
    # The hidden page itself is there for links to reach.
    page.goto(site + "en/api-reference/barrels/inspect-a-barrel/")
    assert title(page) == "Inspect a barrel"
    assert "Inspect a barrel" not in sidebar_links(page)


def test_a_version_on_another_site_opens_that_site(make_project: Any, page: Any, static_server: Any,
                                                   tmp_path: Path) -> None:
    old = tmp_path / "old-site"
    old.mkdir()
    (old / "index.html").write_text("<!doctype html><title>Kiln 0.x</title><h1>Kiln 0.x archive</h1>", encoding="utf-8")
    old_url = static_server(old)
    project = make_project({
        "name": "Kiln", "versions": ["v1", {"name": "v0.x", "url": old_url}],
        "navigation": [{"group": "Start", "version": "v1", "pages": ["index"]}],
    }, {"index.mdx": "---\ntitle: Kiln\n---\n\nFiring schedules."})
    base = serve_project(project, static_server)
    page.goto(base)
    select = page.locator("select.version-select")
    assert select.locator("option").all_inner_texts() == ["v1", "v0.x ↗"]
    select.select_option("v0.x")
    page.wait_for_url(old_url)
    assert page.locator("h1").inner_text() == "Kiln 0.x archive"
    # The site's own version choice is untouched: back home, v1 is still the one shown.
    page.goto(base)
    assert select.input_value() == "v1"
