"""modeToggle and colors in real Chromium: the mode before paint, after a click and a reload,
forced modes, and colours (accents, backgrounds, readable text, code) in both modes."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from chrome_support import PAGES, computed, hex_rgb, rgb, serve_project, text_contrast

pytestmark = pytest.mark.browser

NAV = [{"group": "Start", "pages": ["intro", "guide"]}]
CODE_PAGE = "---\ntitle: Code\n---\n\n## First\n\n```python app.py\ndef hello():\n    return 'hi'\n```\n"


@pytest.fixture
def dark_system(browser: Any) -> Iterator[Any]:
    """A visitor whose operating system prefers dark mode."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, color_scheme="dark")
    yield context.new_page()
    context.close()


def mode(page: Any) -> str:
    return page.evaluate("document.documentElement.getAttribute('data-theme')")


def test_system_preference_rules_without_default(make_project: Callable[..., Path], page: Any, dark_system: Any,
                                                 static_server: Callable[[Path], str]) -> None:
    base = serve_project(make_project({"name": "Acme", "navigation": NAV}, PAGES), static_server)
    page.emulate_media(color_scheme="light")
    page.goto(base)
    assert mode(page) == "light"
    dark_system.goto(base)
    assert mode(dark_system) == "dark"


def test_mode_is_set_before_first_paint(make_project: Callable[..., Path], dark_system: Any,
                                        static_server: Callable[[Path], str]) -> None:
    base = serve_project(make_project({"name": "Acme", "navigation": NAV}, PAGES), static_server)
    # Block the stylesheet-independent script: the mode must come from the inline <head> script alone.
    dark_system.route("**/site.js", lambda route: route.abort())
    dark_system.goto(base)
    assert mode(dark_system) == "dark"
    assert computed(dark_system, "body", "backgroundColor") == "rgb(13, 17, 23)"  # theme default dark


def test_default_applies_to_new_visitors_and_choice_survives_reload(
    make_project: Callable[..., Path], dark_system: Any, static_server: Callable[[Path], str]
) -> None:
    config = {"name": "Acme", "navigation": NAV, "modeToggle": {"default": "light"},
              "colors": {"primary": "#0A66C2", "background": {"light": "#FAFAF7", "dark": "#101418"}}}
    base = serve_project(make_project(config, PAGES), static_server)
    dark_system.goto(base + "guide/")
    assert mode(dark_system) == "light"  # default beats the system for a new visitor
    assert computed(dark_system, "body", "backgroundColor") == "rgb(250, 250, 247)"
    toggle = dark_system.locator(".mode-toggle")
    assert toggle.get_attribute("aria-label") == "Switch to dark mode"
    toggle.click()
    assert mode(dark_system) == "dark"
    assert computed(dark_system, "body", "backgroundColor") == "rgb(16, 20, 24)"
    assert toggle.get_attribute("aria-label") == "Switch to light mode"
    dark_system.reload()
    assert mode(dark_system) == "dark"  # the visitor's own choice wins on reload
    dark_system.goto(base + "intro/")
    assert mode(dark_system) == "dark"  # and on every page
    dark_system.locator(".mode-toggle").click()
    dark_system.reload()
    assert mode(dark_system) == "light"


def test_hidden_toggle_with_default_forces_the_mode(make_project: Callable[..., Path], dark_system: Any,
                                                   static_server: Callable[[Path], str]) -> None:
    config = {"name": "Acme", "navigation": NAV, "modeToggle": {"default": "light", "isHidden": True}}
    base = serve_project(make_project(config, PAGES), static_server)
    dark_system.goto(base)
    dark_system.evaluate("localStorage.setItem('sitegen-mode', 'dark')")  # an earlier choice
    dark_system.reload()
    assert dark_system.locator(".mode-toggle").count() == 0
    assert mode(dark_system) == "light"


def test_hidden_toggle_without_default_follows_the_system(make_project: Callable[..., Path], dark_system: Any,
                                                          static_server: Callable[[Path], str]) -> None:
    config = {"name": "Acme", "navigation": NAV, "modeToggle": {"isHidden": True}}
    base = serve_project(make_project(config, PAGES), static_server)
    dark_system.goto(base)
    assert dark_system.locator(".mode-toggle").count() == 0
    assert mode(dark_system) == "dark"


def test_colors_drive_accents_buttons_and_backgrounds_in_both_modes(
    make_project: Callable[..., Path], page: Any, static_server: Callable[[Path], str]
) -> None:
    colors = {"primary": "#0A66C2", "light": "#7DD3FC", "dark": "#14532D",
              "background": {"light": "#FFFDF5", "dark": "#0A0F1C"}}
    config = {"name": "Acme", "navigation": NAV, "colors": colors,
              "topbarCtaButton": {"name": "Sign up", "url": "https://acme.example"}}
    base = serve_project(make_project(config, {**PAGES, "intro.md": "# Intro\n\nSee the [guide](guide).\n"}), static_server)
    page.emulate_media(color_scheme="light")
    page.goto(base + "intro/")
    current = ".nav-link[aria-current='page']"
    assert computed(page, "body", "backgroundColor") == "rgb(255, 253, 245)"
    assert computed(page, ".cta-button", "backgroundColor") == "rgb(20, 83, 45)"
    # The active item's tint is derived from the primary colour.
    tint = rgb(computed(page, current, "backgroundColor"))
    assert tint[2] > tint[0]  # bluish, from #0A66C2
    assert rgb(computed(page, ".prose p a", "color"))[2] > 150  # links use the primary accent
    page.click(".mode-toggle")
    assert computed(page, "body", "backgroundColor") == "rgb(10, 15, 28)"
    assert rgb(computed(page, ".prose p a", "color")) == hex_rgb("#7DD3FC")  # `light` is the dark-mode accent


@pytest.mark.parametrize("colors", [
    {"primary": "#FACC15", "background": {"light": "#FFFFFF", "dark": "#000000"}},  # pale accent on white
    {"primary": "#1E3A8A", "background": {"light": "#D1D5DB", "dark": "#374151"}},  # grey backgrounds
    {"primary": "#16A34A", "background": {"light": "#0F172A", "dark": "#F8FAFC"}},  # swapped backgrounds
])
def test_text_meets_wcag_aa_on_both_backgrounds(make_project: Callable[..., Path], page: Any,
                                                static_server: Callable[[Path], str], colors: dict[str, Any]) -> None:
    pages = {**PAGES, "intro.md": "# Intro\n\nBody text with a [link](guide).\n\n## Part\n"}
    base = serve_project(make_project({"name": "Acme", "navigation": NAV, "colors": colors}, pages), static_server)
    page.emulate_media(color_scheme="light")
    page.goto(base + "intro/")
    for _ in ("light", "dark"):
        for selector in (".prose p", ".prose p a", ".page-title", ".nav-link:not([aria-current])", ".toc-nav a",
                         ".nav-link[aria-current='page']"):
            ratio = text_contrast(page, selector)
            assert ratio >= 4.5, f"{mode(page)} mode: {selector} has contrast {ratio:.2f}"
        page.click(".mode-toggle")


def test_code_highlighting_follows_the_mode(make_project: Callable[..., Path], page: Any,
                                            static_server: Callable[[Path], str]) -> None:
    base = serve_project(make_project({"name": "Acme", "navigation": NAV}, {**PAGES, "intro.md": CODE_PAGE}), static_server)
    page.emulate_media(color_scheme="light")
    page.goto(base + "intro/")
    keyword = ".highlight .k"
    light = computed(page, keyword, "color")
    page.click(".mode-toggle")
    dark = computed(page, keyword, "color")
    assert light != dark
    assert text_contrast(page, keyword) >= 4.5  # dark style's keywords read on the dark page
