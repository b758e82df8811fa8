"""A v2 docs.json's chrome in real Chromium: the banner (dismissed, remembered across pages
and reloads, back when its content changes), appearance.strict (no toggle, the default
pinned), footer link columns on a 390 px phone, and Lucide icons drawn inline with no
request for them."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from chrome_support import build, serve_project
from conftest import FIXTURES, edit_config

pytestmark = pytest.mark.browser

TIDELINE = FIXTURES / "mintlify" / "tideline"


@pytest.fixture
def tideline(tmp_path: Path) -> Path:
    """A copy of the Tideline fixture (a v2 docs.json), so its docs.json can be edited."""
    project = tmp_path / "tideline"
    shutil.copytree(TIDELINE, project)
    return project


def test_banner_dismissed_stays_dismissed_until_its_content_changes(
    tideline: Path, page: Any, static_server: Callable[[Path], str]
) -> None:
    base = serve_project(tideline, static_server)
    page.goto(base)
    banner = page.locator(".site-banner")
    expect(banner).to_be_visible()
    assert banner.inner_text().strip() == "Tide tables for 2027 are live. See what changed"
    assert page.locator(".site-banner strong").inner_text() == "2027"
    page.click(".site-banner-dismiss")
    expect(banner).to_be_hidden()
    page.reload()
    expect(banner).to_be_hidden()
    page.goto(base + "guides/tides/")  # every page: the same banner, still dismissed
    assert page.locator(".site-banner").count() == 1
    expect(page.locator(".site-banner")).to_be_hidden()
    # Hidden before paint by the <head> script, not by site.js after load.
    page.route("**/site.js", lambda route: route.abort())
    page.reload()
    expect(page.locator(".site-banner")).to_be_hidden()
    page.unroute("**/site.js")

    edit_config(tideline, banner={"content": "Harbour feed moved to `v2`. [Read more](/changelog)", "dismissible": True})
    build(tideline)
    page.reload()
    expect(page.locator(".site-banner")).to_be_visible()
    assert page.locator(".site-banner code").inner_text() == "v2"
    page.click(".site-banner a")
    assert page.url == base + "changelog/"


def test_a_banner_that_is_not_dismissible_has_no_button(tideline: Path, page: Any,
                                                        static_server: Callable[[Path], str]) -> None:
    edit_config(tideline, banner={"content": "Maintenance on Sunday"})
    base = serve_project(tideline, static_server)
    page.goto(base)
    page.evaluate("localStorage.setItem('sitegen-banner-dismissed', document.querySelector('.site-banner').dataset.bannerKey)")
    page.reload()
    expect(page.locator(".site-banner")).to_have_text("Maintenance on Sunday")
    assert page.locator(".site-banner-dismiss").count() == 0


def test_strict_appearance_has_no_toggle_and_ignores_an_earlier_choice(
    tideline: Path, browser: Any, static_server: Callable[[Path], str]
) -> None:
    base = serve_project(tideline, static_server)  # appearance: default light, strict
    context = browser.new_context(viewport={"width": 1280, "height": 800}, color_scheme="dark")
    page = context.new_page()
    page.goto(base)
    page.evaluate("localStorage.setItem('sitegen-mode', 'dark')")  # chosen before the site went strict
    page.reload()
    assert page.locator(".mode-toggle").count() == 0
    assert page.evaluate("document.documentElement.getAttribute('data-theme')") == "light"
    context.close()


def test_strict_with_the_system_default_follows_the_system(tideline: Path, browser: Any,
                                                            static_server: Callable[[Path], str]) -> None:
    edit_config(tideline, appearance={"strict": True})
    base = serve_project(tideline, static_server)
    context = browser.new_context(viewport={"width": 1280, "height": 800}, color_scheme="dark")
    page = context.new_page()
    page.goto(base)
    page.evaluate("localStorage.setItem('sitegen-mode', 'light')")
    page.reload()
    assert page.evaluate("document.documentElement.getAttribute('data-theme')") == "dark"
    page.emulate_media(color_scheme="light")  # the system changes while the page is open
    page.wait_for_function("document.documentElement.getAttribute('data-theme') === 'light'", timeout=5000)
    assert page.locator(".mode-toggle").count() == 0
    context.close()


def test_footer_columns_fit_a_phone(tideline: Path, browser: Any, static_server: Callable[[Path], str]) -> None:
    base = serve_project(tideline, static_server)
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(base + "guides/tides/")
    headers = page.locator(".footer-column-header")
    assert headers.all_inner_texts() == ["Product", "Company", "Legal"]
    links = page.locator(".footer-column a")
    assert links.count() == 5
    for index in range(links.count()):
        link = links.nth(index)
        link.scroll_into_view_if_needed()
        box = link.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    columns = [page.locator(".footer-column").nth(i).bounding_box() for i in range(3)]
    assert all(column is not None and column["width"] >= 120 for column in columns)
    page.locator(".footer-column a", has_text="Changelog").click()
    assert page.url == base + "changelog/"
    context.close()


def test_lucide_icons_are_drawn_inline_without_a_request(tideline: Path, page: Any,
                                                         static_server: Callable[[Path], str]) -> None:
    base = serve_project(tideline, static_server)
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    # The GitHub button asks for its star count in the browser; answered here, never fetched.
    page.route("https://api.github.com/**", lambda route: route.fulfill(json={"stargazers_count": 12}))
    page.goto(base + "guides/tides/")
    page.wait_for_load_state("networkidle")
    icon = page.locator('.sidebar-nav a[aria-current="page"] svg.icon-lucide')
    expect(icon).to_be_visible()
    box = icon.bounding_box()
    assert box is not None and box["width"] > 8 and box["height"] > 8
    assert icon.locator("path, circle").count() > 0  # the ship wheel's own shapes, in the page
    assert icon.evaluate("svg => getComputedStyle(svg).stroke") == icon.evaluate(
        "svg => getComputedStyle(svg).color")
    assert [url for url in requests if not url.startswith(base)] == ["https://api.github.com/repos/tideline/tideline-docs"]
    assert not [url for url in requests if url.endswith(".svg") or "lucide" in url]
