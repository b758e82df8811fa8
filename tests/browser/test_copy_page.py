"""The "Copy page" button in real Chromium: over HTTP it puts the page's Markdown on the
clipboard; from file:// (where a page cannot fetch its neighbour) it opens the Markdown file."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from chrome_support import build, text_contrast

pytestmark = pytest.mark.browser

CONFIG = {"name": "Acme", "navigation": [{"group": "Start", "pages": ["intro", "guide"]}]}
PAGES = {
    "intro.md": "---\ntitle: Intro\n---\n\nWelcome.\n",
    "guide.mdx": "---\ntitle: Guide\ndescription: Planting, step by step.\n---\n\n"
                 "<Tip>Use a **trowel**.</Tip>\n\nSee the [intro](/intro).\n",
}
GUIDE_MARKDOWN = ("# Guide\n\n> Planting, step by step.\n\n> **Tip**\n>\n> Use a **trowel**.\n\n"
                  "See the [intro](../intro/).\n")


def test_copy_page_puts_the_markdown_on_the_clipboard(
    make_project: Callable[..., Path], browser: Any, static_server: Callable[[Path], str]
) -> None:
    project = make_project(CONFIG, PAGES)
    build(project)
    base = static_server(project / "site")
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base.rstrip("/"))
    try:
        tab = context.new_page()
        tab.goto(base + "guide/")
        button = tab.get_by_role("button", name="Copy page as Markdown")
        expect(button).to_be_visible()
        expect(button).to_have_text("Copy page")
        button.click()
        expect(button).to_have_text("Copied")
        assert tab.evaluate("navigator.clipboard.readText()") == GUIDE_MARKDOWN
        assert tab.url == base + "guide/"  # copied, not navigated
        expect(button).to_have_text("Copy page", timeout=5000)  # the feedback goes away
        # The keyboard works too: focus and Space.
        tab.evaluate("navigator.clipboard.writeText('')")
        button.focus()
        tab.keyboard.press("Space")
        expect(button).to_have_text("Copied")
        assert tab.evaluate("navigator.clipboard.readText()") == GUIDE_MARKDOWN
    finally:
        context.close()


def test_copy_page_is_readable_in_light_and_dark_mode(
    make_project: Callable[..., Path], page: Any, static_server: Callable[[Path], str]
) -> None:
    project = make_project(CONFIG, PAGES)
    build(project)
    page.goto(static_server(project / "site") + "guide/")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.evaluate("(scheme) => localStorage.setItem('sitegen-mode', scheme)", scheme)
        page.reload()
        assert page.evaluate("document.documentElement.getAttribute('data-theme')") == scheme
        assert text_contrast(page, ".copy-page") >= 4.5, scheme
        box = page.locator(".copy-page").bounding_box()
        title = page.locator(".page-title").bounding_box()
        assert box is not None and title is not None
        assert box["y"] < title["y"] + title["height"]  # beside the title, not below the text


def test_copy_page_opens_the_markdown_from_file_urls(make_project: Callable[..., Path], page: Any) -> None:
    project = make_project(CONFIG, PAGES)
    build(project)
    page.goto((project / "site/guide/index.html").as_uri())
    link = page.get_by_role("link", name="View Markdown of this page")
    expect(link).to_have_text("View Markdown")
    target = link.evaluate("a => a.href")
    assert target == (project / "site/guide/index.md").as_uri()
    assert (project / "site/guide/index.md").read_text() == GUIDE_MARKDOWN


def test_no_copy_button_without_markdown(make_project: Callable[..., Path], page: Any,
                                         static_server: Callable[[Path], str]) -> None:
    project = make_project(CONFIG, PAGES)
    build(project)
    page.goto(static_server(project / "site") + "404.html")
    expect(page.locator(".copy-page")).to_have_count(0)
    assert not (project / "site/404.md").exists()
