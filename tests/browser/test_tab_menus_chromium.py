"""A v2 tab's `menu` in real Chromium, on the Kiln fixture (tests/fixtures/mintlify/kiln-v2):
the tab opens its dropdown by click, hover, keyboard and touch, an item leads to its first
page with that item's sidebar, and it still works without JavaScript."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from chrome_support import fixture_served, sidebar_links

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The fixture built once (without a warning) and served over HTTP for the whole module."""
    with fixture_served(tmp_path_factory, "kiln-v2") as url:
        yield url


def item(page: Any, name: str) -> Any:
    """The menu item of that exact name ("CLI", not "Client libraries…")."""
    return page.locator(".tab-menu-item").filter(has=page.locator(".tab-menu-name", has_text=re.compile(f"^{name}$")))


def focused_item(page: Any) -> str | None:
    """The name of the menu item that has the keyboard focus (None: focus is elsewhere)."""
    return page.evaluate("(() => { const item = document.activeElement.closest('.tab-menu-item');"
                         " return item && item.querySelector('.tab-menu-name').textContent; })()")


def test_a_click_opens_the_menu_and_an_item_leads_to_its_sidebar(site: str, page: Any) -> None:
    page.goto(site + "en/")
    button = page.locator(".tab-menu-button")
    menu = page.locator(".tab-menu-list")
    expect(menu).to_be_hidden()
    expect(button).to_have_attribute("aria-expanded", "false")
    button.click()
    expect(menu).to_be_visible()
    expect(button).to_have_attribute("aria-expanded", "true")
    assert [" ".join(text.split()) for text in menu.locator(".tab-menu-item").all_inner_texts()] == [
        "API Start and watch firings over HTTP.", "CLI", "SDKs Client libraries for the kiln API.",
        "Status Uptime of the kiln service."]
    # Right under its tab, starting where the tab starts.
    tab, listed, row = button.bounding_box(), menu.bounding_box(), page.locator("nav.tabs").bounding_box()
    assert abs(listed["x"] - tab["x"]) <= 1 and abs(listed["y"] - (row["y"] + row["height"])) <= 1
    page.locator("h1.page-title").click()  # a click elsewhere closes it
    expect(menu).to_be_hidden()
    expect(button).to_have_attribute("aria-expanded", "false")

    button.click()
    item(page, "CLI").click()
    page.wait_for_url(site + "en/cli/install/")
    assert sidebar_links(page) == ["Install", "Commands"]  # the CLI item's groups only
    expect(page.locator(".tab-menu-button")).to_have_class("tab tab-menu-button active")
    page.locator(".tab-menu-button").click()
    expect(page.locator(".tab-menu-item[aria-current] .tab-menu-name")).to_have_text("CLI")


def test_hovering_opens_the_menu_and_leaving_closes_it(site: str, page: Any) -> None:
    page.goto(site + "en/glazes/")
    page.locator(".tab-menu-button").hover()
    expect(page.locator(".tab-menu-list")).to_be_visible()
    item(page, "SDKs").hover()  # from the tab down into its list: still open
    expect(page.locator(".tab-menu-list")).to_be_visible()
    page.locator("h1.page-title").hover()
    expect(page.locator(".tab-menu-list")).to_be_hidden()


def test_the_keyboard_opens_moves_through_and_closes_the_menu(site: str, page: Any) -> None:
    page.goto(site + "en/glazes/")
    button = page.locator(".tab-menu-button")
    menu = page.locator(".tab-menu-list")
    button.focus()
    page.keyboard.press("Enter")
    expect(menu).to_be_visible()
    expect(button).to_have_attribute("aria-expanded", "true")
    expect(button).to_be_focused()
    moves = []
    for key in ("ArrowDown", "ArrowDown", "ArrowUp", "End", "Home", "ArrowUp"):
        page.keyboard.press(key)
        moves.append(focused_item(page))
    assert moves == ["API", "CLI", "API", "Status", "API", "Status"]  # ArrowUp from the first wraps round
    page.keyboard.press("Escape")
    expect(menu).to_be_hidden()
    expect(button).to_have_attribute("aria-expanded", "false")
    expect(button).to_be_focused()

    page.keyboard.press("ArrowDown")  # opens it on the first item
    expect(menu).to_be_visible()
    assert focused_item(page) == "API"
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert focused_item(page) == "SDKs"
    page.keyboard.press("Enter")
    page.wait_for_url(site + "en/sdk/python/")
    assert sidebar_links(page) == ["Python"]

    # Tab past the last item leaves the menu, which closes.
    page.locator(".tab-menu-button").focus()
    page.keyboard.press("Space")
    expect(page.locator(".tab-menu-list")).to_be_visible()
    for _ in range(4):
        page.keyboard.press("Tab")
    assert focused_item(page) == "Status"
    page.keyboard.press("Tab")
    assert focused_item(page) is None
    expect(page.locator(".tab-menu-list")).to_be_hidden()


def test_on_a_phone_a_tap_opens_the_menu_within_the_screen(site: str, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    try:
        page.goto(site + "en/api/firing/")
        button = page.locator(".tab-menu-button")
        expect(button).to_be_in_viewport()  # the tab row stays on narrow screens
        button.tap()
        menu = page.locator(".tab-menu-list")
        expect(menu).to_be_visible()
        box = menu.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
        expect(page.locator(".tab-menu-item[aria-current] .tab-menu-name")).to_have_text("API")
        button.tap()  # a second tap closes it
        expect(menu).to_be_hidden()
        button.tap()
        item(page, "SDKs").tap()
        page.wait_for_url(site + "en/sdk/python/")
        page.locator(".menu-button").tap()  # the drawer holds the item's sidebar
        expect(page.locator(".sidebar-nav a.nav-link", has_text="Python")).to_be_visible()
        assert sidebar_links(page) == ["Python"]
    finally:
        context.close()


def test_without_javascript_the_menu_opens_on_focus(site: str, browser: Any) -> None:
    context = browser.new_context(java_script_enabled=False, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    try:
        page.goto(site + "ja/")
        page.locator(".tab-menu-button").click()
        item(page, "CLI").click()
        page.wait_for_url(site + "ja/cli/install/")
        assert page.locator("h1.page-title").inner_text() == "インストール"
    finally:
        context.close()
