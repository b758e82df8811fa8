"""docs.json v2 settings in real Chromium: dark code blocks on a light page
(`styling.codeblocks: "dark"`) and custom entries of the page menu (`contextual.options`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from chrome_support import computed, rgb, serve_project
from conftest import run_sitegen

pytestmark = pytest.mark.browser

V2 = {"theme": "mint", "name": "Seedbank", "colors": {"primary": "#2F6B3A"},
      "navigation": {"groups": [{"group": "Start", "pages": ["intro"]}]}}
PAGES = {"intro.mdx": "---\ntitle: Intro\n---\n\nList the lots:\n\n```bash\ncurl https://api.seedbank.example/lots\n```\n"}


def luminance(colour: tuple[float, float, float]) -> float:
    return sum(colour) / 3


def test_dark_code_blocks_stay_dark_on_a_light_page(
    make_project: Callable[..., Path], page: Any, static_server: Callable[[Path], str]
) -> None:
    project = make_project({**V2, "appearance": {"default": "light"}, "styling": {"codeblocks": "dark"}}, PAGES)
    page.goto(serve_project(project, static_server) + "intro/")
    assert page.evaluate("document.documentElement.dataset.theme") == "light"
    assert luminance(rgb(computed(page, "body", "backgroundColor"))) > 200  # a light page…
    assert luminance(rgb(computed(page, ".code-block", "backgroundColor"))) < 60  # …with a dark code panel
    assert luminance(rgb(computed(page, ".code-block pre", "color"))) > 150  # and light code on it
    plain = make_project({**V2, "appearance": {"default": "light"}}, PAGES, name="plain")
    page.goto(serve_project(plain, static_server) + "intro/")
    assert luminance(rgb(computed(page, ".code-block", "backgroundColor"))) > 200


def test_custom_options_are_links_in_the_page_menu(
    make_project: Callable[..., Path], page: Any, static_server: Callable[[Path], str]
) -> None:
    project = make_project({**V2, "contextual": {"options": ["copy", {
        "title": "Ask the growers", "description": "Open a thread about this page", "icon": "comments",
        "href": {"base": "/forum/", "query": [{"key": "page", "value": "$path"}]}}]}}, PAGES)
    result = run_sitegen("build", project)
    assert result.returncode == 0 and result.stderr == "", result.stderr
    page.goto(static_server(project / "site") + "intro/")
    page.locator("summary[aria-label='More ways to use this page']").click()
    entry = page.get_by_role("link", name="Ask the growers Open a thread about this page")
    expect(entry).to_be_visible()
    assert entry.get_attribute("href") == "../forum/?page=/intro/"  # relative: any sub-path works
    assert entry.get_attribute("target") is None  # a site link opens in place
