"""The "Copy page" button in real Chromium: over HTTP it puts the page's Markdown on the
clipboard; from file:// (where a page cannot fetch its neighbour) it opens the Markdown file."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from chrome_support import build, text_contrast
from conftest import run_sitegen

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
    expect(link).to_have_text("View as Markdown")  # the page menu's words (ui.view_markdown)
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


# --- v2 `contextual.options`: the page menu beside the Copy page button --------------------

SITE = "https://docs.example.com/"
V2 = {"theme": "mint", "name": "Acme", "colors": {"primary": "#0D9373"},
      "navigation": {"groups": [{"group": "Start", "pages": ["intro", "guide"]}]},
      "contextual": {"options": ["copy", "view", "chatgpt", "claude", "perplexity"]}}
PROMPT = "Read%20https%3A%2F%2Fdocs.example.com%2Fguide%2Findex.md%20so%20I%20can%20ask%20questions%20about%20it."


def test_contextual_options_make_a_page_menu(
    make_project: Callable[..., Path], page: Any, static_server: Callable[[Path], str]
) -> None:
    project = make_project(V2, PAGES)
    result = run_sitegen("build", project, "--site-url", SITE)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    base = static_server(project / "site")
    page.goto(base + "guide/")
    expect(page.get_by_role("button", name="Copy page as Markdown")).to_be_visible()
    toggle = page.get_by_role("group").locator("summary[aria-label='More ways to use this page']")
    entries = page.locator(".page-menu-list a")
    expect(entries.first).to_be_hidden()  # closed until asked
    toggle.click()
    expect(entries).to_have_text(["View as Markdown", "Open in ChatGPT", "Open in Claude", "Open in Perplexity"])
    assert [entries.nth(i).get_attribute("href") for i in range(4)] == [
        "index.md",
        "https://chatgpt.com/?hints=search&q=" + PROMPT,
        "https://claude.ai/new?q=" + PROMPT,
        "https://www.perplexity.ai/search/new?q=" + PROMPT,
    ]
    assert all(entries.nth(i).get_attribute("target") == "_blank" for i in range(1, 4))
    # "View as Markdown" opens the page's Markdown.
    page.get_by_role("link", name="View as Markdown").click()
    page.wait_for_url(base + "guide/index.md")
    assert page.locator("body").inner_text().strip() == GUIDE_MARKDOWN.strip()


def test_the_page_menu_works_from_the_keyboard(
    make_project: Callable[..., Path], page: Any, static_server: Callable[[Path], str]
) -> None:
    project = make_project(V2, PAGES)
    assert run_sitegen("build", project, "--site-url", SITE).returncode == 0
    page.goto(static_server(project / "site") + "guide/")
    page.get_by_role("button", name="Copy page as Markdown").focus()
    page.keyboard.press("Tab")
    toggle = page.locator("summary[aria-label='More ways to use this page']")
    expect(toggle).to_be_focused()
    page.keyboard.press("Enter")
    view = page.get_by_role("link", name="View as Markdown")
    expect(view).to_be_visible()
    page.keyboard.press("Tab")
    expect(view).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.get_by_role("link", name="Open in ChatGPT")).to_be_focused()
    page.keyboard.press("Escape")  # closes the menu, focus back on its toggle
    expect(view).to_be_hidden()
    expect(toggle).to_be_focused()
    page.keyboard.press("Space")
    expect(view).to_be_visible()


def test_without_a_site_url_the_menu_has_no_assistants(
    make_project: Callable[..., Path], page: Any, static_server: Callable[[Path], str]
) -> None:
    project = make_project(V2, PAGES)
    result = run_sitegen("build", project)
    assert result.returncode == 0, result.stderr
    assert ("no site URL: the page menu leaves out ChatGPT, Claude, Perplexity (contextual.options): "
            "they are given the page's Markdown by its absolute URL") in result.stdout.splitlines()
    page.goto(static_server(project / "site") + "guide/")
    page.locator("summary[aria-label='More ways to use this page']").click()
    expect(page.locator(".page-menu-list a")).to_have_text(["View as Markdown"])


def test_a_v2_site_without_contextual_has_the_copy_button_alone(
    make_project: Callable[..., Path], page: Any, static_server: Callable[[Path], str]
) -> None:
    project = make_project({key: value for key, value in V2.items() if key != "contextual"}, PAGES)
    result = run_sitegen("build", project, "--site-url", SITE)
    assert result.returncode == 0, result.stderr
    page.goto(static_server(project / "site") + "guide/")
    expect(page.get_by_role("button", name="Copy page as Markdown")).to_be_visible()
    expect(page.locator(".page-menu")).to_have_count(0)
    # Options without "copy": the menu alone.
    project = make_project({**V2, "contextual": {"options": ["view", "mcp"]}}, PAGES, name="menu-only")
    result = run_sitegen("build", project)
    assert ("warning: docs.json: contextual.options: 'mcp' needs an MCP server of the docs, which sitegen "
            "does not make; left out") in result.stderr.splitlines()
    page.goto(static_server(project / "site") + "guide/")
    expect(page.locator(".copy-page")).to_have_count(0)
    expect(page.locator(".page-menu > summary")).to_be_visible()
