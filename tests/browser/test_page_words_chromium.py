"""What the scripts say after a click on a German page: Show more / Show less, the copy
buttons' feedback, the prompt's, a colour swatch's, the mode toggle's and the GitHub
button's title, all from the page's language; and search's message on a Japanese page
opened from a file."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from page_words_support import CONFIG, PAGES
from playwright.sync_api import expect

from chrome_support import build, serve_project

pytestmark = pytest.mark.browser


def test_the_scripts_speak_the_pages_language(make_project: Callable[..., Path],
                                              static_server: Callable[[Path], str], page: Any) -> None:
    site = serve_project(make_project(CONFIG, PAGES), static_server)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.route("https://api.github.com/**", lambda route: route.fulfill(json={"stargazers_count": 1234}))
    page.goto(site + "de/")
    page.bring_to_front()  # the async clipboard API needs a focused document

    block = page.locator(".code-block.expandable")
    more = block.locator(".code-expand")
    expect(more).to_have_text("Mehr anzeigen (20 Zeilen)")  # components.js collapsed the block
    assert more.get_attribute("aria-expanded") == "false"
    more.click()
    expect(more).to_have_text("Weniger anzeigen (20 Zeilen)")
    assert more.get_attribute("aria-expanded") == "true"
    more.click()
    expect(more).to_have_text("Mehr anzeigen (20 Zeilen)")

    copy = block.locator(".copy-code")
    block.hover()
    expect(copy).to_have_text("Kopieren")
    copy.click()
    expect(copy).to_have_text("Kopiert")  # until it says "Kopieren" again
    assert page.evaluate("navigator.clipboard.readText()").startswith("print(1)\nprint(2)\n")

    prompt = page.locator(".prompt-copy")
    expect(prompt).to_have_text("Prompt kopieren")
    prompt.click()
    expect(prompt).to_have_text("Kopiert")
    expect(prompt).to_have_text("Prompt kopieren")  # and back
    assert page.evaluate("navigator.clipboard.readText()") == "Tief graben.\n"

    swatch = page.locator(".color-item")
    swatch.click()
    # What the swatch says while it shows it has copied (CSS, from the name's data-copied).
    page.wait_for_function("""() => getComputedStyle(document.querySelector('.color-item .color-name'), '::after')
                                      .content === '" · Kopiert"'""")
    assert page.evaluate("navigator.clipboard.readText()") == "#2F6B3A"

    toggle = page.locator(".mode-toggle")
    before = page.evaluate("document.documentElement.getAttribute('data-theme')")
    toggle.click()
    expected = "Zum hellen Modus wechseln" if before == "light" else "Zum dunklen Modus wechseln"
    expect(toggle).to_have_attribute("aria-label", expected)

    # The GitHub button's title once the count has come, in German words and digits.
    expect(page.locator(".github-button")).to_have_attribute("title", "1.234 Sterne auf GitHub")


def test_search_from_disk_explains_in_the_pages_language(make_project: Callable[..., Path], page: Any) -> None:
    project = make_project(CONFIG, PAGES)
    build(project)
    page.goto((project / "site" / "ja" / "index.html").as_uri())
    page.click(".search-button")
    expect(page.locator(".search-status")).to_have_text(
        "検索にはサイトを HTTP で配信する必要があります。サイトのフォルダーで「python -m http.server」"
        "（または「sitegen serve」）を実行し、そこから開いてください。")
