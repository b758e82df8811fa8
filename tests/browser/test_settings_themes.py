"""docs.json v2 `theme` in real Chromium: each named theme looks different from the default
one where Mintlify's description says it does (luma's calm header and dotted current link,
linden's monospace, almond's page card, sequoia's serif headings), and docs.json `fonts`
still win over a theme's; and the banner's `type` and `color` as painted."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from chrome_support import computed, serve_project

pytestmark = pytest.mark.browser

PAGES = {
    "intro.mdx": "---\ntitle: Intro\n---\n\n## Sowing\n\nText.\n",
    "guide.mdx": "---\ntitle: Guide\n---\n\n## Watering\n\nText.\n",
}


def site(make_project: Callable[..., Path], static_server: Callable[[Path], str], theme: str, name: str,
         **more: Any) -> str:
    config = {"theme": theme, "name": "Acme", "colors": {"primary": "#2F6B3A"},
              "navigation": {"groups": [{"group": "Start", "pages": ["intro", "guide"]}]}, **more}
    return serve_project(make_project(config, {"/" + path: text for path, text in PAGES.items()}, name=name),
                         static_server)


def current_link_marker(page: Any) -> str:
    return page.eval_on_selector('.nav-link[aria-current="page"]', "a => getComputedStyle(a, '::before').content")


def test_luma_is_calmer_than_mint(make_project: Callable[..., Path], static_server: Callable[[Path], str],
                                  page: Any) -> None:
    mint = site(make_project, static_server, "mint", "mint")
    luma = site(make_project, static_server, "luma", "luma")
    page.goto(mint + "guide/")
    assert page.evaluate("document.documentElement.dataset.siteTheme") == "mint"
    mint_border = computed(page, ".topbar", "borderBottomColor")
    mint_weight = computed(page, ".page-title", "fontWeight")
    mint_current = computed(page, '.nav-link[aria-current="page"]', "backgroundColor")
    assert current_link_marker(page) == "none"
    page.goto(luma + "guide/")
    assert page.evaluate("document.documentElement.dataset.siteTheme") == "luma"
    assert computed(page, ".topbar", "borderBottomColor") != mint_border
    assert computed(page, ".topbar", "borderBottomColor") == "rgba(0, 0, 0, 0)"
    assert int(computed(page, ".page-title", "fontWeight")) < int(mint_weight)
    # The current page is marked by a dot in the accent colour, not a tinted background.
    assert computed(page, '.nav-link[aria-current="page"]', "backgroundColor") == "rgba(0, 0, 0, 0)" != mint_current
    assert current_link_marker(page) == '""'
    dot = page.eval_on_selector('.nav-link[aria-current="page"]',
                                "a => getComputedStyle(a, '::before').backgroundColor")
    assert dot == "rgb(47, 107, 58)"


def test_linden_is_monospace_and_almond_puts_the_page_in_a_card(
    make_project: Callable[..., Path], static_server: Callable[[Path], str], page: Any
) -> None:
    linden = site(make_project, static_server, "linden", "linden")
    page.goto(linden)
    assert "monospace" in computed(page, "body", "fontFamily")
    assert "monospace" in computed(page, ".page-title", "fontFamily")
    almond = site(make_project, static_server, "almond", "almond")
    page.goto(almond)
    assert "monospace" not in computed(page, "body", "fontFamily")
    assert computed(page, ".main", "borderTopWidth") == "1px"
    assert computed(page, ".main", "borderTopLeftRadius") == "16px"


def test_sequoia_headings_are_serif_unless_docs_json_sets_a_font(
    make_project: Callable[..., Path], static_server: Callable[[Path], str], page: Any
) -> None:
    page.goto(site(make_project, static_server, "sequoia", "sequoia"))
    assert "serif" in computed(page, ".page-title", "fontFamily")
    assert "Georgia" in computed(page, ".page-title", "fontFamily")
    own = site(make_project, static_server, "sequoia", "sequoia-fonts", fonts={"family": "Inter"})
    page.goto(own)
    assert computed(page, ".page-title", "fontFamily").startswith("Inter")


def test_banner_type_and_color_paint_the_banner_in_each_mode(
    make_project: Callable[..., Path], static_server: Callable[[Path], str], page: Any
) -> None:
    critical = site(make_project, static_server, "mint", "critical", banner={"content": "Vault closed", "type": "critical"})
    page.goto(critical)
    assert computed(page, ".site-banner", "backgroundColor") == "rgb(185, 28, 28)"
    assert computed(page, ".site-banner", "color") == "rgb(255, 255, 255)"
    own = site(make_project, static_server, "mint", "own-color",
               banner={"content": "Harvest", "type": "warning", "color": {"light": "#FDE68A", "dark": "#1E3A8A"}})
    page.goto(own)
    assert computed(page, ".site-banner", "backgroundColor") == "rgb(253, 230, 138)"
    assert computed(page, ".site-banner", "color") == "rgb(11, 11, 11)"  # dark text on a light colour
    page.evaluate("localStorage.setItem('sitegen-mode', 'dark')")
    page.reload()
    assert computed(page, ".site-banner", "backgroundColor") == "rgb(30, 58, 138)"
    assert computed(page, ".site-banner", "color") == "rgb(255, 255, 255)"
