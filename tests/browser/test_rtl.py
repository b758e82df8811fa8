"""Right-to-left pages in real Chromium: an Arabic page reads right to left, its sidebar on the
right and its table of contents on the left, code still left to right; the English page of
the same site keeps the usual layout. Also the page modes whose layout only a browser shows
(`mode: "frame"`), and `interaction.drilldown` in the sidebar."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from chrome_support import computed, serve_project

pytestmark = pytest.mark.browser

CONFIG = {
    "theme": "mint", "name": "Orchard", "colors": {"primary": "#2F6B3A"},
    "navigation": {"languages": [
        {"language": "en", "groups": [{"group": "Start", "pages": ["index", "picking"]}]},
        {"language": "ar", "groups": [{"group": "ابدأ", "pages": ["ar/index", "ar/picking"]}]},
    ]},
}
BODY = "\n\n## {0}\n\nText.\n\n```python\nprint('hi')\n```\n\n## {0} 2\n\nMore.\n"
PAGES = {
    "/index.mdx": "---\ntitle: Orchard\n---" + BODY.format("Planting"),
    "/picking.mdx": "---\ntitle: Picking\n---" + BODY.format("Baskets"),
    "/ar/index.mdx": "---\ntitle: البستان\n---" + BODY.format("الزراعة"),
    "/ar/picking.mdx": "---\ntitle: القطف\n---" + BODY.format("السلال"),
}


def box(page: Any, selector: str) -> dict[str, float]:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, selector
    return dict(found)


@pytest.fixture
def site(make_project: Callable[..., Path], static_server: Callable[[Path], str]) -> str:
    return serve_project(make_project(CONFIG, PAGES), static_server)


def test_an_arabic_page_is_laid_out_right_to_left(site: str, page: Any) -> None:
    page.goto(site + "ar/")
    assert computed(page, "html", "direction") == "rtl"
    assert computed(page, ".main", "direction") == "rtl"
    sidebar, main, toc = box(page, ".sidebar"), box(page, ".main"), box(page, ".toc")
    # The sidebar is the rightmost column, the table of contents the leftmost.
    assert sidebar["x"] > main["x"] + main["width"] - 1
    assert toc["x"] + toc["width"] <= main["x"] + 1
    # The title starts at the right edge of the text column.
    title = box(page, ".page-title")
    assert title["x"] + title["width"] > main["x"] + main["width"] - 80
    # Code is still read left to right.
    assert computed(page, ".prose pre", "direction") == "ltr"
    # "Next" sits at the left end of the pager: the way an Arabic reader goes on.
    assert page.locator(".pager-next .pager-label").inner_text().strip() == "التالي"
    assert computed(page, ".pager-next", "textAlign") == "end"


def test_the_english_page_of_the_same_site_stays_left_to_right(site: str, page: Any) -> None:
    page.goto(site)
    assert computed(page, "html", "direction") == "ltr"
    sidebar, main = box(page, ".sidebar"), box(page, ".main")
    assert sidebar["x"] + sidebar["width"] <= main["x"] + 1


def test_the_drawer_opens_from_the_right_on_a_phone(site: str, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 800})
    phone = context.new_page()
    try:
        phone.goto(site + "ar/")
        assert not phone.locator(".sidebar").is_visible()
        phone.click(".menu-button")
        phone.wait_for_function("getComputedStyle(document.querySelector('.sidebar')).transform === 'none'")
        drawer = box(phone, ".sidebar")
        assert drawer["x"] + drawer["width"] == pytest.approx(390, abs=1)
        assert drawer["x"] > 0
    finally:
        context.close()


def test_frame_mode_keeps_the_sidebar_and_gives_the_rest_to_the_page(
    make_project: Callable[..., Path], static_server: Callable[[Path], str], page: Any
) -> None:
    pages = {
        "intro.mdx": "---\ntitle: Intro\n---\n\n## One\n\nText.\n",
        "landing.mdx": "---\ntitle: Landing\nmode: frame\n---\n\n<div className=\"hero\">Grow faster</div>\n\n## Two\n\nText.\n",
        "guide.mdx": "---\ntitle: Guide\n---\n\nA guide.\n",
    }
    base = serve_project(make_project({"name": "Acme", "navigation": [
        {"group": "Start", "pages": ["intro", "landing", "guide"]}]}, pages), static_server)
    page.goto(base + "landing/")
    assert page.locator(".sidebar").is_visible()
    assert page.locator(".sidebar-nav a", has_text="Guide").is_visible()
    assert page.locator(".page-title").count() == 0  # the page draws its own top
    assert not page.locator(".toc").is_visible()
    assert not page.locator(".pager").is_visible()
    assert page.locator(".hero").inner_text() == "Grow faster"
    sidebar, main = box(page, ".sidebar"), box(page, ".main")
    viewport = page.viewport_size
    # The content takes everything right of the sidebar (no table of contents column).
    assert main["x"] + main["width"] > viewport["width"] - 80
    assert main["x"] >= sidebar["x"] + sidebar["width"] - 1


@pytest.mark.parametrize("drilldown", [True, False])
def test_interaction_drilldown_opens_a_groups_first_page(
    make_project: Callable[..., Path], static_server: Callable[[Path], str], page: Any, drilldown: bool
) -> None:
    config = {"theme": "mint", "name": "Orchard", "colors": {"primary": "#2F6B3A"},
              "interaction": {"drilldown": drilldown},
              "navigation": {"groups": [{"group": "Start", "pages": [
                  "index", {"group": "Pruning", "pages": ["pruning/winter", "pruning/summer"]}]}]}}
    pages = {"/index.mdx": "---\ntitle: Orchard\n---\n\nHi.\n",
             "/pruning/winter.mdx": "---\ntitle: Winter pruning\n---\n\nCold.\n",
             "/pruning/summer.mdx": "---\ntitle: Summer pruning\n---\n\nWarm.\n"}
    base = serve_project(make_project(config, pages, name=f"drill-{drilldown}"), static_server)
    page.goto(base)
    page.click(".sidebar-nav .nav-group.nested summary")
    if drilldown:
        page.wait_for_url(base + "pruning/winter/")
        assert page.locator(".page-title").inner_text() == "Winter pruning"
    else:
        assert page.locator(".sidebar-nav .nav-group.nested details").get_attribute("open") == ""
        assert page.locator(".sidebar-nav a", has_text="Summer pruning").is_visible()
        assert page.url == base
