"""docs.json `banner` (here in a v2 docs.json) in real Chromium: shown above the top bar with its Markdown and links,
closed for good with its button when dismissible."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from chrome_support import build

pytestmark = pytest.mark.browser


def banner_project(make_project: Callable[..., Path], dismissible: bool) -> Path:
    config = {
        "$schema": "https://mintlify.com/docs.json", "theme": "mint", "name": "Seed Co",
        "colors": {"primary": "#16A34A"},
        "banner": {"content": "**Spring sale:** seeds half price. [See the list](/guides/catalogue)",
                   "dismissible": dismissible},
        "navigation": {"groups": [{"group": "Start", "pages": ["index", "guides/catalogue"]}]},
    }
    project = make_project(config, {"index.mdx": "---\ntitle: Welcome\n---\n\nHello.\n",
                                    "guides/catalogue.mdx": "---\ntitle: Catalogue\n---\n\nTomato seeds.\n"})
    assert build(project) == []
    return project


def test_banner_links_relative_to_the_page_and_stays_closed_once_dismissed(
    make_project: Callable[..., Path], page: Any, static_server: Callable[[Path], str]
) -> None:
    base = static_server(banner_project(make_project, dismissible=True) / "site")
    page.set_viewport_size({"width": 390, "height": 800})
    page.goto(base)
    banner = page.locator(".site-banner")
    expect(banner.locator("strong")).to_have_text("Spring sale:")
    box = banner.bounding_box()
    assert box is not None and box["y"] == 0  # above the top bar
    assert page.evaluate("document.documentElement.scrollWidth") == 390
    banner.get_by_role("link", name="See the list").click()
    expect(page.get_by_text("Tomato seeds.")).to_be_visible()
    page.get_by_role("button", name="Dismiss announcement").click()
    expect(page.locator(".site-banner")).to_be_hidden()
    page.goto(base)  # another page, later: still closed
    expect(page.get_by_text("Hello.")).to_be_visible()
    expect(page.locator(".site-banner")).to_be_hidden()


def test_a_banner_that_is_not_dismissible_has_no_close_button(
    make_project: Callable[..., Path], page: Any, static_server: Callable[[Path], str]
) -> None:
    page.goto(static_server(banner_project(make_project, dismissible=False) / "site"))
    expect(page.locator(".site-banner")).to_contain_text("seeds half price.")
    expect(page.get_by_role("button", name="Dismiss announcement")).to_have_count(0)
