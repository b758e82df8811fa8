"""<GitHub.Repo> in real Chromium: the card built offline is a link with the repository's
name; its description, stars and forks come from GitHub's API in the reader's browser, and a
failed request leaves the card as it was built. (GitHub's API answers through Playwright's
routing: the tests never go online.)"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from test_components_interactive import NAV, open_page

from chrome_support import build

pytestmark = pytest.mark.browser

CARDS = """
<GitHub.Repo repo="https://github.com/acme/orchard" />

<GitHub.Repo repo="acme/orchard" variant="flat" />
"""


def test_the_card_fills_in_description_stars_and_forks(make_project: Callable[..., Path], page: Any,
                                                      static_server: Callable[[Path], str]) -> None:
    requested: list[str] = []

    def answer(route: Any) -> None:
        requested.append(route.request.url)
        route.fulfill(json={"full_name": "acme/orchard", "description": "Apples, pears & <b>plums</b>",
                            "stargazers_count": 15420, "forks_count": 312})

    page.route("https://api.github.com/**", answer)
    open_page(make_project, page, static_server, CARDS)
    cards = page.locator(".github-repo")
    expect(cards).to_have_count(2)
    for index in range(2):
        card = cards.nth(index)
        expect(card).to_have_attribute("href", "https://github.com/acme/orchard")
        expect(card.locator(".github-repo-description")).to_have_text("Apples, pears & <b>plums</b>")  # text, not HTML
        expect(card.locator(".github-repo-stats")).to_have_text("15.4k stars312 forks")
        expect(card.locator(".github-repo-stats")).to_be_visible()
    assert requested == ["https://api.github.com/repos/acme/orchard"]  # one request for both cards
    expect(cards.nth(1)).to_have_class("github-repo github-repo-flat")


def test_a_failed_request_leaves_the_built_card(make_project: Callable[..., Path], page: Any,
                                               static_server: Callable[[Path], str]) -> None:
    page.route("https://api.github.com/**", lambda route: route.fulfill(status=403, json={"message": "rate limited"}))
    open_page(make_project, page, static_server, '<GitHub.Repo repo="acme/orchard" />')
    card = page.locator(".github-repo")
    expect(card).to_have_attribute("data-failed", "")
    expect(card).to_have_accessible_name("acme/orchard")  # hidden parts are not read out
    expect(card.locator(".github-repo-stats")).to_be_hidden()
    expect(card.locator(".github-repo-description")).to_be_hidden()
    page.route("https://github.com/**", lambda route: route.fulfill(body="<title>acme/orchard</title>",
                                                                    content_type="text/html"))
    card.click()
    expect(page).to_have_title("acme/orchard")
    assert page.url == "https://github.com/acme/orchard"


def test_the_top_bars_button_and_a_card_of_one_repository_ask_github_once(
        make_project: Callable[..., Path], page: Any, static_server: Callable[[Path], str]) -> None:
    requested: list[str] = []

    def answer(route: Any) -> None:
        requested.append(route.request.url)
        route.fulfill(json={"description": "Apples and pears", "stargazers_count": 2_400_000, "forks_count": 999})

    page.route("https://api.github.com/**", answer)
    project = make_project({"name": "Acme", "navigation": NAV,
                            "topbarCtaButton": {"type": "github", "url": "https://github.com/acme/orchard"}},
                           {"demo.mdx": '---\ntitle: Demo\n---\n\n<GitHub.Repo repo="acme/orchard" />\n'})
    assert build(project) == []
    page.goto(static_server(project / "site") + "demo/")
    expect(page.locator(".github-repo .github-repo-stats")).to_have_text("2.4M stars999 forks")
    expect(page.locator(".github-button .github-stars-count")).to_have_text("2.4M")
    assert requested == ["https://api.github.com/repos/acme/orchard"]
    page.reload()  # kept in the tab: no request at all
    expect(page.locator(".github-repo .github-repo-stats")).to_have_text("2.4M stars999 forks")
    expect(page.locator(".github-button .github-stars-count")).to_have_text("2.4M")
    assert requested == ["https://api.github.com/repos/acme/orchard"]
