"""v2 `products` with a tab `menu` in real Chromium, on the Ferry fixture
(tests/fixtures/mintlify/ferry-v2, built pages: tests/test_product_tab_menus.py): a reader
switches product, opens the tab's menu with a click and lands on the item's first page with
that item's groups in the sidebar."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from chrome_support import fixture_served, sidebar_links

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The fixture built once (without a warning) and served over HTTP for the whole module."""
    with fixture_served(tmp_path_factory, "ferry-v2") as url:
        yield url


def words(texts: list[str]) -> list[str]:
    return [" ".join(text.split()) for text in texts]


def test_a_reader_switches_product_then_opens_an_item_of_the_tab_menu(site: str, page: Any) -> None:
    page.goto(site + "en/self-host/upgrade/")
    switcher = page.locator(".product-switcher")
    expect(switcher.locator("summary .anchor-name")).to_have_text("Self-Host")
    assert words(page.locator(".tabs .tab").all_inner_texts()) == ["Deploy", "Operate"]

    switcher.locator("summary").click()
    entries = switcher.locator(".dropdown-item")
    expect(entries).to_have_text(["Cloud", "Self-Host"])
    expect(switcher.locator(".dropdown-item[aria-current]")).to_have_text("Self-Host")
    entries.filter(has_text="Cloud").click()
    page.wait_for_url(site + "en/cloud/")
    expect(page.locator(".product-switcher summary .anchor-name")).to_have_text("Cloud")
    assert words(page.locator(".tabs .tab").all_inner_texts()) == ["Use", "Developer Resources"]

    button = page.locator(".tab-menu-button", has_text="Developer Resources")
    menu = page.locator(".tab-menu-list")
    expect(menu).to_be_hidden()
    button.click()
    expect(menu).to_be_visible()
    assert words(menu.locator(".tab-menu-item").all_inner_texts()) == ["API", "Plugins"]
    menu.locator(".tab-menu-item", has_text="Plugins").click()

    page.wait_for_url(site + "en/plugins/first-plugin/")
    expect(page.locator("h1.page-title")).to_have_text("Your first plugin")
    assert sidebar_links(page) == ["Your first plugin", "The manifest", "Publish a plugin"]  # Plugins' groups
    expect(page.locator(".sidebar .nav-group-title")).to_have_text(["Build a plugin", "Publishing"])
    expect(page.locator(".tab-menu-button")).to_have_attribute("aria-current", "true")
    expect(page.locator(".product-switcher summary .anchor-name")).to_have_text("Cloud")
    button.click()
    expect(page.locator(".tab-menu-item[aria-current] .tab-menu-name")).to_have_text("Plugins")
