"""Search in real Chromium: the top-bar button, the dialog, results from the Pagefind bundle."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from sitegen.colors import contrast

from chrome_support import build, computed, rgb, serve_project

pytestmark = pytest.mark.browser


def options(page: Any) -> list[str]:
    return page.locator("#search-results [role=option]").all_inner_texts()


def selected(page: Any) -> str:
    return page.locator("#search-results [aria-selected=true]").inner_text()


def selected_page(page: Any) -> str:
    """The page title of the selected result."""
    return page.locator("#search-results [aria-selected=true] .search-result-page").inner_text()


def test_ctrl_k_bearer_enter_opens_authentication(example_project: Path, page: Any,
                                                  static_server: Callable[[Path], str]) -> None:
    base = serve_project(example_project, static_server)
    page.goto(base + "quickstart/")
    button = page.locator(".search-button")
    assert "Ctrl K" in " ".join(button.inner_text().split())  # the shortcut is advertised
    page.keyboard.press("Control+k")
    dialog = page.locator("#search-dialog")
    assert dialog.is_visible()
    assert page.evaluate("document.activeElement.classList.contains('search-input')")
    page.keyboard.type("bearer")
    page.locator("#search-results .search-result-page").get_by_text("Authentication", exact=True).wait_for()
    # Links are relative to this page, like every other link of the site.
    hrefs = page.locator("#search-results a").evaluate_all("links => links.map(a => a.getAttribute('href'))")
    assert all(href.startswith("../") for href in hrefs), hrefs
    assert page.locator("#search-results mark", has_text="bearer").count() > 0  # the match is highlighted
    for _ in range(len(options(page))):
        if selected_page(page) == "Authentication":
            break
        page.keyboard.press("ArrowDown")
    assert selected_page(page) == "Authentication"
    page.keyboard.press("Enter")
    page.wait_for_url(base + "authentication/**")
    assert page.locator("h1").inner_text() == "Authentication"


def test_gibberish_has_no_results_and_escape_closes(example_project: Path, page: Any,
                                                   static_server: Callable[[Path], str]) -> None:
    base = serve_project(example_project, static_server)
    page.goto(base)
    page.keyboard.press("/")
    page.keyboard.type("qzxwvjq")
    status = page.locator(".search-status")
    status.filter(has_text="No results").wait_for()
    assert status.inner_text() == "No results for “qzxwvjq”"
    assert options(page) == []
    page.keyboard.press("Escape")
    assert not page.locator("#search-dialog").is_visible()
    # Arrows wrap around the results; the selection follows the keyboard.
    page.click(".search-button")
    page.locator(".search-input").fill("plant")
    page.locator("#search-results [role=option]").first.wait_for()
    first = selected(page)
    page.keyboard.press("ArrowUp")
    assert selected(page) == options(page)[-1]
    page.keyboard.press("ArrowDown")
    assert selected(page) == first


def test_click_a_result_from_a_deep_page(example_project: Path, page: Any,
                                         static_server: Callable[[Path], str]) -> None:
    base = serve_project(example_project, static_server)
    page.goto(base + "api-reference/plants/create/")
    page.click(".search-button")
    page.locator(".search-input").fill("naming")
    page.locator("#search-results a", has_text="Naming plants").first.click()
    page.wait_for_url(base + "guides/naming-plants/**")
    assert page.locator("h1").inner_text() == "Naming plants"


@pytest.fixture
def dark_phone(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme="dark", has_touch=True)
    yield context.new_page()
    context.close()


def test_phone_width_in_dark_mode(example_project: Path, dark_phone: Any, static_server: Callable[[Path], str]) -> None:
    page = dark_phone
    base = serve_project(example_project, static_server)
    page.goto(base + "authentication/")
    button = page.locator(".search-button")
    assert button.is_visible() and not page.locator(".search-button-label").is_visible()  # an icon
    button.click()
    page.keyboard.type("token")
    page.locator("#search-results [role=option]").first.wait_for()
    box = page.locator("#search-dialog").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    background = rgb(computed(page, "#search-dialog", "backgroundColor"))
    assert sum(background) / 3 < 60  # designed for dark mode, not a white box
    title = rgb(computed(page, "#search-results [role=option] .search-result-page", "color"))
    excerpt = rgb(computed(page, "#search-results [role=option] .search-result-excerpt", "color"))
    assert contrast(title, background) >= 4.5 and contrast(excerpt, background) >= 4.5


def test_from_disk_the_dialog_explains_instead_of_failing(example_project: Path, page: Any) -> None:
    build(example_project)
    page.goto((example_project / "site" / "index.html").as_uri())
    page.click(".search-button")
    assert "served over HTTP" in page.locator(".search-status").inner_text()
    assert page.locator(".search-input").is_disabled()
